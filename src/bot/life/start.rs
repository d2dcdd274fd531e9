//! A game's start: a challenge taken, the colours drawn, the game stored,
//! and the replies that open it (who plays whom, who is to move, the board).

use chrono::Duration;

use super::threads::note_start;
use crate::bot::ground::announce::{player_label, to_move_line};
use crate::bot::ground::blind;
use crate::bot::ground::board::board_image;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::notify::your_move_dm;
use crate::bot::ground::reply::{mention, Reply};
use crate::games::options::challenge::seat_of_color;
use crate::games::{GameState, Seat};
use crate::store::{Challenge, NewGame, StoreError, UserId};

/// How long a challenge waits for an answer.
pub fn challenge_lifetime() -> Duration {
    Duration::hours(24)
}

pub fn rated_word(rated: bool) -> &'static str {
    if rated {
        "rated"
    } else {
        "unrated"
    }
}

/// A stable, fair coin for `color:random`: derived from the challenge and
/// the two players, so a transcript replays identically.
fn challenger_gets_white(c: &Challenge, acceptor: UserId) -> bool {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in format!("{}:{}:{}", c.id, c.challenger, acceptor).bytes() {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash >> 32) & 1 == 0
}

/// Takes challenge `c` as the invoking user: the game starts here.
pub fn accept_challenge(ctx: &Ctx<'_>, c: Challenge) -> Outcome {
    if c.challenger == ctx.user.id {
        return refuse("You can't accept your own challenge. /cancel withdraws it.");
    }
    if let Some(opponent) = c.opponent {
        if opponent != ctx.user.id {
            return refuse(format!(
                "This challenge is for {}, not for you.",
                mention(opponent)
            ));
        }
    }
    let challenger_white = match seat_of_color(&c.color) {
        Some(seat) => seat == Seat::Player1,
        None => challenger_gets_white(&c, ctx.user.id),
    };
    let players = if challenger_white {
        [c.challenger, ctx.user.id]
    } else {
        [ctx.user.id, c.challenger]
    };
    let state = GameState::new(&c.settings).map_err(|e| Failure::User(e.to_string()))?;
    let new = NewGame {
        guild: c.guild.clone(),
        channel: c.channel.clone(),
        settings: c.settings.clone(),
        players,
        rated: crate::store::ratings::counts_for_rating(&c.settings, players, c.rated),
        snapshot: state.snapshot(),
        created_at: ctx.now,
        blind: c.blind,
    };
    let id = match ctx.store().accept_challenge(c.id, &new) {
        Err(StoreError::Stale) => {
            return refuse("Someone else answered that challenge first; it is no longer open.")
        }
        other => other?,
    };
    let game = ctx
        .store()
        .game(id)?
        .ok_or_else(|| Failure::User("The new game could not be found.".into()))?;
    let accepts = format!("{} accepts.", mention(ctx.user.id));
    if let Some(thread) = note_start(ctx, &c, &game)? {
        // The game starts in its thread, once the adapter has opened it.
        let text = format!(
            "{accepts} Game #{id}: {} vs {}, {}, {}. It is played in a thread of its own, \"{}\".",
            player_label(&game, Seat::Player1),
            player_label(&game, Seat::Player2),
            game.settings.describe(),
            rated_word(game.rated),
            thread.name,
        );
        return Ok(vec![Reply::public(ctx.place, text).with_thread(thread)]);
    }
    start_replies(ctx, &game, &state, accepts)
}

/// The start of a game, at `ctx.place`: `lead`, then who plays whom and
/// how, who is to move, the board, and the player to move's direct message.
pub fn start_replies(
    ctx: &Ctx<'_>,
    game: &crate::store::GameRow,
    state: &GameState,
    lead: String,
) -> Outcome {
    let to_move = state.awaiting().unwrap_or(Seat::Player1);
    let computer_opens = ctx
        .core
        .computer()
        .is_some_and(|c| c.id == game.player(to_move));
    // The example is a legal action of this very position (a game from a
    // position may have its usual example taken); none when the computer
    // opens (issue 42: its opponent was told to move while it was not
    // their turn).
    let how = if computer_opens {
        format!(
            "The computer moves first; {} answers with /move.",
            mention(game.player(to_move.other()))
        )
    } else {
        let example = state
            .example_action()
            .map(|action| format!(", e.g. /move notation:{action}"))
            .unwrap_or_default();
        format!("Move with /move{example}.")
    };
    let mentioned = if computer_opens {
        to_move.other()
    } else {
        to_move
    };
    let text = format!(
        "{lead} Game #{}: {} vs {}, {}, {}.{}\n{} {how}",
        game.id,
        player_label(game, Seat::Player1),
        player_label(game, Seat::Player2),
        game.settings.describe(),
        rated_word(game.rated),
        blind::words(game.blind),
        to_move_line(game, state),
    );
    let dm = your_move_dm(ctx, game, state, "the game has started.")?;
    let reply = Reply::public(ctx.place, text)
        .mention([game.player(mentioned)])
        .with_image(board_image(ctx, game, state));
    Ok(std::iter::once(reply).chain(dm).collect())
}
