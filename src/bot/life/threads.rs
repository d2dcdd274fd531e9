//! A thread per game (issue 15): `thread:true` on a challenge (or the
//! server's `/settings thread:true` for challenges that leave it out).
//!
//! A thread is a channel: when the challenge is accepted the game starts in
//! the challenge's channel, the reply asks the adapter to open a public
//! thread named after the game ([`ThreadStart`]), and
//! [`crate::bot::Bot::thread_opened`] moves the game into it, where it is played. The
//! parent channel is then free for other challenges; a command there that
//! needs a game points its player to the thread. When the game ends, the
//! result is posted in the parent channel too, with a link to the thread.
//! A rematch in the thread is played in the same thread.
//!
//! The computer waits for a game's thread ([`crate::bot::ground::openings`]): it does not move
//! in a game from its acceptance until the adapter has posted the game's
//! start in the thread ([`crate::bot::Bot::thread_start_posted`]), so even when it has
//! the first move, every move of its is posted in the thread, after the
//! thread's opening message.

use tracing::error;

use crate::bot::ground::announce::result_line;
use crate::bot::ground::board::player_names;
use crate::bot::ground::context::{refuse, Ctx, Failure};
use crate::bot::ground::core::Core;
use crate::bot::ground::escape;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, mention, Reply, ThreadStart};
use crate::store::{Challenge, GameRow, GameStatus, StoreError};

/// Discord's limit on a thread's name.
const MAX_NAME: usize = 100;

/// Whether a challenge made here opens a thread: `asked` (its `thread:`),
/// else the server's default. In a thread the bot opened for a game, games
/// are played where they are.
pub fn wanted(ctx: &Ctx<'_>, asked: Option<bool>) -> Result<bool, Failure> {
    let place = ctx.place;
    let in_thread = ctx
        .store()
        .thread_parent(&place.guild, &place.channel)?
        .is_some();
    match asked {
        Some(true) if in_thread => refuse(
            "This is already a game's thread: a game challenged here is played here, so leave out thread:true (or challenge in a channel).",
        ),
        Some(asked) => Ok(asked),
        None => Ok(!in_thread && ctx.store().guild_settings(&place.guild)?.threads),
    }
}

/// What a challenge says about its thread ("" without one).
pub fn words(thread: bool) -> &'static str {
    if thread {
        " The game is played in a thread of its own."
    } else {
        ""
    }
}

/// "Tak #12: alice v bob", cut to Discord's limit; the names without
/// anything Discord would read as a link, formatting or a mention (issue 27,
/// [`escape::title`]; a name with nothing left is "player ID").
pub fn thread_name(ctx: &Ctx<'_>, game: &GameRow) -> String {
    let names = player_names(ctx, game);
    let [first, second] = [0, 1].map(|i| {
        let name = escape::title(&names[i]);
        if name.trim().is_empty() {
            format!("player {}", game.players[i])
        } else {
            name
        }
    });
    let name = format!(
        "{} #{}: {first} v {second}",
        game.settings.kind().title(),
        game.id
    );
    name.chars().take(MAX_NAME).collect()
}

/// Notes where a game just started from `challenge` is played: in a thread
/// to open (returned: the adapter opens it), or in the thread it was
/// challenged in (a rematch there: its result goes to the parent channel
/// too), or simply here.
pub fn note_start(
    ctx: &Ctx<'_>,
    challenge: &Challenge,
    game: &GameRow,
) -> Result<Option<ThreadStart>, Failure> {
    let store = ctx.store();
    if challenge.thread {
        let name = thread_name(ctx, game);
        store.add_game_thread(game, &challenge.channel, None, &name, ctx.now)?;
        ctx.core.thread_openings.hold(game.id);
        return Ok(Some(ThreadStart {
            game: game.id,
            name,
        }));
    }
    if let Some(parent) = store.thread_parent(&game.guild, &game.channel)? {
        let name = thread_name(ctx, game);
        store.add_game_thread(game, &parent, Some(&game.channel), &name, ctx.now)?;
    }
    Ok(None)
}

/// Where the games started from a channel are, for a command there that needs a game.
pub enum Pointer {
    /// The user plays one: where.
    Mine(String),
    /// The threads of the games started here.
    Others(String),
}

/// For a command in the parent channel of games played in threads: where
/// the user's game is, else the threads of the games from here.
pub fn pointer(ctx: &Ctx<'_>) -> Result<Option<Pointer>, Failure> {
    let place = ctx.place;
    let games = ctx
        .store()
        .games_in_threads_of(&place.guild, &place.channel)?;
    let link = |game: &GameRow| {
        channel_mention(&Place {
            guild: game.guild.clone(),
            channel: game.channel.clone(),
        })
    };
    if let Some(mine) = games.iter().find(|g| g.seat_of(ctx.user.id).is_some()) {
        return Ok(Some(Pointer::Mine(format!(
            "Your game #{} is played in its thread, {}: move (and use every game command) there.",
            mine.id,
            link(mine)
        ))));
    }
    if games.is_empty() {
        return Ok(None);
    }
    let links: Vec<String> = games.iter().take(5).map(link).collect();
    Ok(Some(Pointer::Others(format!(
        "The games started here are played in their threads: {}.",
        links.join(", ")
    ))))
}

/// A game in progress in a thread the bot opened, watched while a command
/// runs there: its id and the parent channel.
pub struct Watched {
    game: i64,
    thread: Place,
    parent: Place,
}

/// The game in progress at `place` when it is a game's thread.
pub fn watch(core: &Core, place: &Place) -> Option<Watched> {
    let found = (|| {
        let Some(parent) = core.store().thread_parent(&place.guild, &place.channel)? else {
            return Ok(None);
        };
        let game = core.store().active_game(&place.guild, &place.channel)?;
        Ok::<_, StoreError>(game.map(|game| Watched {
            game: game.id,
            thread: place.clone(),
            parent: Place {
                guild: place.guild.clone(),
                channel: parent,
            },
        }))
    })();
    found.unwrap_or_else(|e| {
        error!("threads: {e}");
        None
    })
}

/// The result of a watched game, for its parent channel, once it is over.
pub fn result_for_parent(core: &Core, watched: Option<Watched>) -> Option<Reply> {
    let watched = watched?;
    let game = match core.store().game(watched.game) {
        Ok(Some(game)) if game.status != GameStatus::Active => game,
        Ok(_) => return None,
        Err(e) => {
            error!("threads: {e}");
            return None;
        }
    };
    let players = format!(
        "{} vs {}",
        mention(game.players[0]),
        mention(game.players[1])
    );
    let link = channel_mention(&watched.thread);
    let text = match game.status {
        GameStatus::Aborted => {
            format!(
                "Game #{} ({players}) in {link} was aborted: no result.",
                game.id
            )
        }
        _ => {
            let reason = game
                .end_reason
                .as_deref()
                .map(|r| format!(" by {r}"))
                .unwrap_or_default();
            format!(
                "Game #{} ({players}) in {link} is over{reason}: {}",
                game.id,
                result_line(&game, game.winner, game.result.as_deref().unwrap_or("*"))
            )
        }
    };
    Some(Reply::public(&watched.parent, text))
}

#[cfg(test)]
mod tests {
    use crate::bot::commands::{self, OptionValue, UserRef};
    use crate::bot::tests::support::{clock, place, BOB};
    use crate::bot::{Bot, Command, Invocation, User};
    use crate::store::{Store, UserId};

    const NITRO: &str = "[Claim Nitro](https://evil.io) @everyone <@&1>";

    fn as_user(bot: &Bot, id: UserId, name: &str, command: Command) -> String {
        let replies = bot.handle(&Invocation {
            place: place("general"),
            user: User {
                id,
                name: name.into(),
                is_admin: false,
            },
            command,
        });
        replies
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Issue 27: a member named like a masked link, `@everyone` and a role mention starts a
    /// game in a thread; neither the thread's name nor the accept message holds a link,
    /// formatting or mention syntax from the name.
    #[test]
    fn a_thread_named_after_players_holds_no_link_or_mention() {
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
        let challenge = commands::build(
            "tak challenge",
            vec![
                (
                    "opponent".into(),
                    OptionValue::User(UserRef {
                        id: BOB,
                        name: "bob".into(),
                    }),
                ),
                ("size".into(), OptionValue::Integer(3)),
                ("color".into(), OptionValue::String("white".into())),
                ("thread".into(), OptionValue::Boolean(true)),
            ],
        )
        .unwrap();
        as_user(&bot, 7, NITRO, challenge);
        let accepted = bot.handle(&Invocation {
            place: place("general"),
            user: User {
                id: BOB,
                name: "bob".into(),
                is_admin: false,
            },
            command: Command::Accept,
        });
        let thread = accepted
            .iter()
            .find_map(|r| r.thread.clone())
            .expect("a thread to open");
        assert_eq!(
            thread.name,
            "Tak #1: Claim Nitro(https//evil.io) @\u{200B}everyone @\u{200B}&1 v bob"
        );
        let text = &accepted[0].text;
        for raw in ["](", "https://", "@everyone", "<@&"] {
            assert!(!text.contains(raw), "{raw} in {text}");
        }
        assert!(text.contains(&format!("\"{}\"", thread.name)), "{text}");
    }
}
