//! Correspondence play: reminders to the player to move (in the game's
//! channel, and by direct message for those who opted in with `/notify`),
//! the server's timeout and `/claim`, `/remind`, `/settings` and `/games`.
//!
//! The scheduler side is [`run_reminders`]: it takes what the store says is
//! due, one game at a time under that game's channel lock, and the store
//! marks each event as sent in the transaction that computes the next due
//! time, so nothing is announced twice and, after a restart, nothing due
//! is lost.

use chrono::{DateTime, Duration, Utc};
use tracing::error;

use super::announce::game_over_reply;
use super::interval::{self, span};
use super::reply::{channel_mention, mention, time, Reply};
use super::{player_label, refuse, Bot, Ctx, Failure, Outcome, Place};
use crate::games::{resignation_result, GameState, Seat};
use crate::store::{DueGame, Finish, GameRow, GameStatus, StoreError, TurnClock, UserId};

/// "Tak 5x5": the first part of a game's description.
fn short_name(game: &GameRow) -> String {
    let description = game.settings.describe();
    description
        .split(',')
        .next()
        .unwrap_or(&description)
        .to_string()
}

fn place_of(game: &GameRow) -> Place {
    Place {
        guild: game.guild.clone(),
        channel: game.channel.clone(),
    }
}

/// "the last move was 1 day ago" / "the game started 3 hours ago".
fn since_text(state: &GameState, since: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let ago = span(now - since);
    if state.action_count() == 0 {
        format!("the game started {ago} ago")
    } else {
        format!("the last move was {ago} ago")
    }
}

/// The direct message telling a player it is their move, if they opted in
/// (and did not make the move themselves). `what`: what just happened.
pub fn your_move_dm(
    ctx: &Ctx<'_>,
    game: &GameRow,
    state: &GameState,
    what: &str,
) -> Result<Option<Reply>, Failure> {
    let Some(seat) = state.awaiting() else {
        return Ok(None);
    };
    let player = game.player(seat);
    if player == ctx.user.id || !ctx.store().dm_enabled(player)? {
        return Ok(None);
    }
    Ok(Some(Reply::direct(
        player,
        format!(
            "It's your move in {} (game #{} against {}, {}): {what}",
            channel_mention(ctx.place),
            game.id,
            mention(game.player(seat.other())),
            short_name(game)
        ),
    )))
}

/// Whether both players have made at least two moves (a claimed game then
/// counts as a win by forfeit; before, it is aborted).
pub(super) fn two_moves_each(
    store: &crate::store::Store,
    game_id: i64,
) -> Result<bool, StoreError> {
    let mut moves = [0; 2];
    for m in store.moves(game_id)? {
        moves[m.seat.index()] += 1;
    }
    Ok(moves.iter().all(|&n| n >= 2))
}

/// Sends what has fallen due by `now`: reminders and passed deadlines.
pub fn run_reminders(bot: &Bot, now: DateTime<Utc>) -> Result<Vec<Reply>, StoreError> {
    let mut replies = Vec::new();
    for id in bot.store().due_game_ids(now)? {
        let Some(game) = bot.store().game(id)? else {
            continue;
        };
        let place = place_of(&game);
        let mut more = bot.in_channel(&place, || -> Result<Vec<Reply>, StoreError> {
            let Some(due) = bot.store().take_due(id, now)? else {
                return Ok(Vec::new());
            };
            match announce(bot, &place, &due, now) {
                Ok(more) => Ok(more),
                Err(e) => {
                    error!("reminder for game {id}: {e}");
                    bot.store().postpone_due(id, now + Duration::hours(1))?;
                    Ok(Vec::new())
                }
            }
        })?;
        replies.append(&mut more);
    }
    replies.append(&mut run_personal_reminders(bot, now)?);
    Ok(replies)
}

fn announce(
    bot: &Bot,
    place: &Place,
    due: &DueGame,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, StoreError> {
    let game = &due.game;
    let state = bot.position(game)?;
    let Some(seat) = state.awaiting() else {
        return Ok(Vec::new());
    };
    let (mover, opponent) = (game.player(seat), game.player(seat.other()));
    if bot.computer().is_some_and(|c| c.id == mover) {
        // The computer moves as soon as it runs: a reminder would ping the
        // bot's own user, and a deadline would offer a claim it refuses.
        return Ok(Vec::new());
    }
    let turn = due.due.after;
    let since = since_text(&state, turn.since, now);
    let (claim, claim_dm) = if two_moves_each(bot.store(), game.id)? {
        ("/claim the win", "claim the win")
    } else {
        (
            "/claim the game (aborted and unrated: fewer than two moves each)",
            "claim the game (aborted and unrated: fewer than two moves each)",
        )
    };
    let deadline = turn.deadline(&due.timing);
    let mut replies = Vec::new();
    if due.due.deadline {
        let text = format!(
            "{} has not moved in game #{} for {}, past this server's timeout of {}: {} may now {claim}, or keep waiting for the move.",
            mention(mover),
            game.id,
            span(now - turn.since),
            interval::timeout(due.timing.timeout),
            mention(opponent)
        );
        replies.push(Reply::public(place, text).mention([mover, opponent]));
    } else {
        let deadline_text = match deadline {
            Some(t) if t > now => format!(
                " If you haven't moved by {} (the timeout), {} may {claim}.",
                time(t),
                mention(opponent)
            ),
            Some(t) => format!(
                " The timeout passed on {}: {} may {claim}.",
                time(t),
                mention(opponent)
            ),
            None => String::new(),
        };
        let text = format!(
            "{}, it's your move in game #{} against {} ({since}).{deadline_text}",
            mention(mover),
            game.id,
            mention(opponent),
        );
        replies.push(Reply::public(place, text).mention([mover]));
    }
    if bot.store().dm_enabled(mover)? {
        let deadline_text = match deadline {
            Some(t) if t > now => format!(
                " If you haven't moved by {} (the timeout), your opponent may {claim_dm}.",
                time(t)
            ),
            Some(t) => format!(
                " The timeout passed on {}: your opponent may {claim_dm}.",
                time(t)
            ),
            None => String::new(),
        };
        replies.push(Reply::direct(
            mover,
            format!(
                "Reminder: it's your move in {} (game #{} against {}, {}); {since}.{deadline_text}",
                channel_mention(place),
                game.id,
                mention(opponent),
                short_name(game)
            ),
        ));
    }
    Ok(replies)
}

/// `/claim`: the opponent of a player who has not moved within the
/// server's timeout ends the game. A win by forfeit when both have made
/// at least two moves (rated as usual), otherwise the game is aborted and
/// unrated.
pub fn claim(ctx: &Ctx<'_>) -> Outcome {
    let (game, state) = ctx.active_game()?;
    let seat = ctx.seat_in(&game)?;
    let Some(awaiting) = state.awaiting() else {
        return refuse("This game is already over.");
    };
    if awaiting == seat {
        return refuse(
            "It's your move: /claim is for when your opponent has not moved within the timeout.",
        );
    }
    let mover = game.player(awaiting);
    if ctx.bot.computer().is_some_and(|c| c.id == mover) {
        // Only a bot that was down keeps its opponent waiting; the move
        // follows as soon as it runs (now), so nobody wins on its time.
        return refuse(format!(
            "{} is the computer: it never loses on time. It moves as soon as it's running, so its move is on its way.",
            mention(mover)
        ));
    }
    let clock = ctx.store().turn_clock(game.id)?;
    let Some(timeout) = clock.timing.timeout else {
        return refuse(
            "This server has no timeout, so there's no win to claim. A server admin can set one with /settings timeout:<1d|2d|3d|1w|2w>.",
        );
    };
    let deadline = clock.turn.since + timeout;
    if ctx.now < deadline {
        return refuse(format!(
            "{} still has {} before the timeout (deadline {}).",
            mention(mover),
            span(deadline - ctx.now),
            time(deadline)
        ));
    }
    let waited = format!(
        "{} has not moved for {}, past this server's timeout of {}.",
        mention(mover),
        span(ctx.now - clock.turn.since),
        interval::timeout(Some(timeout))
    );
    let me = mention(ctx.user.id);
    if two_moves_each(ctx.store(), game.id)? {
        let result = resignation_result(seat);
        let finish = Finish {
            status: GameStatus::Finished,
            result: result.to_string(),
            winner: Some(seat),
            reason: "timeout".to_string(),
        };
        ctx.store()
            .end_game(game.id, game.version, &finish, ctx.now)?;
        let text = format!(
            "{me} claims the win: {waited} {} wins by forfeit, {result}.",
            player_label(&game, seat)
        );
        return Ok(vec![game_over_reply(ctx, &game, text)]);
    }
    let finish = Finish {
        status: GameStatus::Aborted,
        result: "*".to_string(),
        winner: None,
        reason: "timeout before two moves each".to_string(),
    };
    ctx.store()
        .end_game(game.id, game.version, &finish, ctx.now)?;
    Ok(vec![Reply::public(
        ctx.place,
        format!(
            "{me} claims the game: {waited} With fewer than two moves each, game #{} is aborted and unrated.",
            game.id
        ),
    )
    .mention(game.players)])
}

/// `/remind every:`: either player sets this game's reminder interval.
pub fn remind(ctx: &Ctx<'_>, every: Option<Duration>) -> Outcome {
    let (game, state) = ctx.active_game()?;
    ctx.seat_in(&game)?;
    ctx.store().set_game_reminder(game.id, every, ctx.now)?;
    let clock = ctx.store().turn_clock(game.id)?;
    let server = ctx.store().guild_settings(&ctx.place.guild)?;
    let mut text = match every {
        Some(_) => format!(
            "{} set the reminders of game #{} to {} (this server's default: {}).",
            mention(ctx.user.id),
            game.id,
            interval::every(every),
            interval::every(server.reminder)
        ),
        None => format!(
            "{} turned the reminders of game #{} off (this server's default: {}).",
            mention(ctx.user.id),
            game.id,
            interval::every(server.reminder)
        ),
    };
    if let (Some(next), Some(seat)) = (clock.turn.next_reminder(&clock.timing), state.awaiting()) {
        text.push_str(&format!(
            " The next one: {}, if {} hasn't moved by then.",
            time(next),
            mention(game.player(seat))
        ));
    }
    Ok(vec![Reply::public(ctx.place, text)])
}

/// `/remind in:`: one reminder for the user, a player of this channel's
/// game, after `after` (issue 15). Asking again moves it; it goes if the
/// game ends first.
pub fn remind_in(ctx: &Ctx<'_>, after: Duration) -> Outcome {
    let (game, _) = ctx.active_game()?;
    ctx.seat_in(&game)?;
    let due = ctx.now + after;
    ctx.store()
        .set_personal_reminder(game.id, ctx.user.id, due, ctx.now)?;
    Ok(vec![Reply::ephemeral(
        ctx.place,
        format!(
            "I'll remind you about game #{} here at {} (in {}), whatever the game's reminders do. /remind in: again moves it; it's dropped if the game ends first.",
            game.id,
            time(due),
            span(after)
        ),
    )])
}

/// `/remind` alone: when this channel's game next reminds its player to
/// move, and the user's own reminder, if any.
pub fn remind_status(ctx: &Ctx<'_>) -> Outcome {
    let (game, state) = ctx.active_game()?;
    let clock = ctx.store().turn_clock(game.id)?;
    let mut text = format!(
        "Game #{}: reminders {}",
        game.id,
        interval::every(clock.timing.every)
    );
    match (clock.turn.next_reminder(&clock.timing), state.awaiting()) {
        (Some(next), Some(seat)) => text.push_str(&format!(
            ", the next at {}, if {} hasn't moved.",
            time(next),
            mention(game.player(seat))
        )),
        _ => text.push('.'),
    }
    match ctx.store().personal_reminder(game.id, ctx.user.id)? {
        Some(due) => text.push_str(&format!(" Your own reminder: at {}.", time(due))),
        None => {
            text.push_str(" /remind every: changes them; /remind in:2h reminds only you, once.")
        }
    }
    Ok(vec![Reply::ephemeral(ctx.place, text)])
}

/// The personal reminders fallen due by `now`, each posted in its game's
/// channel, mentioning only its player.
fn run_personal_reminders(bot: &Bot, now: DateTime<Utc>) -> Result<Vec<Reply>, StoreError> {
    let mut replies = Vec::new();
    for due in bot.store().take_due_personal_reminders(now)? {
        let Some(game) = bot.store().game(due.game_id)? else {
            continue;
        };
        let state = bot.store().replay(&game)?;
        let whose = match state.awaiting() {
            Some(seat) if game.player(seat) == due.user => "it's your move".to_string(),
            Some(seat) => format!("it's {}'s move", mention(game.player(seat))),
            None => "nobody is to move".to_string(),
        };
        let text = format!(
            "{}, the reminder you asked for {} ago: game #{} ({} vs {}), {whose}.",
            mention(due.user),
            span(now - due.created_at),
            game.id,
            mention(game.players[0]),
            mention(game.players[1]),
        );
        replies.push(Reply::public(&place_of(&game), text).mention([due.user]));
    }
    Ok(replies)
}

/// `/notify dm:`: whether "your move" and reminders also come by direct message.
pub fn notify(ctx: &Ctx<'_>, dm: bool) -> Outcome {
    ctx.store().set_dm_enabled(ctx.user.id, dm, ctx.now)?;
    let text = if dm {
        "Direct messages on: \"your move\" and reminders also come to you by direct message, from every server. /notify dm:false turns them off."
    } else {
        "Direct messages off: \"your move\" and reminders come only in the game's channel."
    };
    Ok(vec![Reply::ephemeral(ctx.place, text)])
}

fn settings_text(s: &crate::store::GuildSettings) -> String {
    format!(
        "reminders {}, timeout {}, {}",
        interval::every(s.reminder),
        interval::timeout(s.timeout),
        if s.threads {
            "games in a thread of their own"
        } else {
            "games in the challenge's channel"
        }
    )
}

/// `/settings`: shows the server's settings; server admins change them.
pub fn settings(ctx: &Ctx<'_>, change: &crate::store::SettingsChange) -> Outcome {
    if *change == crate::store::SettingsChange::default() {
        let s = ctx.store().guild_settings(&ctx.place.guild)?;
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!(
                "This server's settings: {}. Server admins change them with /settings reminder:<{}> timeout:<{}> thread:<true|false>.",
                settings_text(&s),
                interval::REMINDER_CHOICES.join("|"),
                interval::TIMEOUT_CHOICES.join("|")
            ),
        )]);
    }
    if !ctx.user.is_admin {
        return refuse("Only server admins can change settings.");
    }
    let s = ctx
        .store()
        .set_guild_settings(&ctx.place.guild, change, ctx.now)?;
    Ok(vec![Reply::public(
        ctx.place,
        format!(
            "{} changed this server's settings: {}. Games in progress follow them from now on (a game's own /remind interval still applies).",
            mention(ctx.user.id),
            settings_text(&s)
        ),
    )])
}

/// One line of `/games`.
struct Listed {
    my_move: bool,
    since: DateTime<Utc>,
    id: i64,
    line: String,
}

/// `/games`: the caller's games in progress in this server, the ones
/// waiting for their move first (longest waiting first), and the
/// challenges addressed to them and the ones they made.
pub fn games(ctx: &Ctx<'_>) -> Outcome {
    let me = ctx.user.id;
    let mut listed = Vec::new();
    for (game, clock) in ctx.store().active_games_of(&ctx.place.guild, me)? {
        listed.push(list_line(ctx, &game, &clock, me)?);
    }
    listed.sort_by_key(|l| (!l.my_move, l.since, l.id));
    let challenges = ctx.store().challenges_for(&ctx.place.guild, me, ctx.now)?;
    let mut text = String::new();
    if listed.is_empty() {
        text.push_str("You have no games in progress in this server.");
    } else {
        text.push_str("Your games in progress in this server:");
        let (mine, theirs): (Vec<&Listed>, Vec<&Listed>) = listed.iter().partition(|l| l.my_move);
        for (title, group) in [("Your move:", mine), ("Their move:", theirs)] {
            if !group.is_empty() {
                text.push('\n');
                text.push_str(title);
                for l in group {
                    text.push_str("\n- ");
                    text.push_str(&l.line);
                }
            }
        }
    }
    if !challenges.is_empty() {
        text.push_str("\nChallenges waiting for you:");
        for c in &challenges {
            let place = Place {
                guild: c.guild.clone(),
                channel: c.channel.clone(),
            };
            text.push_str(&format!(
                "\n- {}: {} challenges you to {}; /accept there within {}.",
                channel_mention(&place),
                mention(c.challenger),
                short_challenge(c),
                span(c.expires_at - ctx.now)
            ));
        }
    }
    let made = ctx.store().challenges_by(&ctx.place.guild, me, ctx.now)?;
    if !made.is_empty() {
        text.push_str("\nYour challenges waiting for an answer:");
        for c in &made {
            let place = Place {
                guild: c.guild.clone(),
                channel: c.channel.clone(),
            };
            let what = match c.opponent {
                Some(opponent) => {
                    format!(
                        "you challenge {} to {}",
                        mention(opponent),
                        short_challenge(c)
                    )
                }
                None => format!("your open challenge, {}", short_challenge(c)),
            };
            text.push_str(&format!(
                "\n- {}: {what}; it expires in {}, /cancel there withdraws it.",
                channel_mention(&place),
                span(c.expires_at - ctx.now)
            ));
        }
    }
    if listed.is_empty() && challenges.is_empty() && made.is_empty() {
        text.push_str(&format!(" {}", super::start_hint()));
    }
    Ok(vec![Reply::ephemeral(ctx.place, text)])
}

pub(super) fn short_challenge(c: &crate::store::Challenge) -> String {
    let description = c.settings.describe();
    let name = description.split(',').next().unwrap_or(&description);
    let rated = c.rated && c.settings.can_be_rated();
    format!("{name}, {}", if rated { "rated" } else { "unrated" })
}

fn list_line(
    ctx: &Ctx<'_>,
    game: &GameRow,
    clock: &TurnClock,
    me: UserId,
) -> Result<Listed, Failure> {
    let state = ctx.bot.position(game)?;
    let my_seat = game.seat_of(me).unwrap_or(Seat::Player1);
    let opponent = game.player(my_seat.other());
    let awaiting = state.awaiting();
    let my_move = awaiting.is_some_and(|s| game.player(s) == me);
    let whose = match awaiting {
        Some(_) if my_move => "your move".to_string(),
        Some(s) => format!("{} to move", mention(game.player(s))),
        None => "over".to_string(),
    };
    let line = format!(
        "{}: game #{}, {} against {}, {whose}; {}.",
        channel_mention(&place_of(game)),
        game.id,
        short_name(game),
        mention(opponent),
        since_text(&state, clock.turn.since, ctx.now)
    );
    Ok(Listed {
        my_move,
        since: clock.turn.since,
        id: game.id,
        line,
    })
}
