//! The game a `/leaderboard` or `/rating` without `game:` is about.
//!
//! Issue 29: a channel that never had a game must not be shown another
//! game's table. Without `game:` the game is the channel's (in progress,
//! else the last one), or its tournament's (issue 42: a tournament's
//! games are played in threads); in a channel with neither, the bot asks which game,
//! naming the server's games that have ratings (for `/rating`, those its
//! player has a rating in), one button each (every
//! button is also written as the command it stands for). When only one
//! game has ratings in the server it is shown, saying which game it is
//! and how to pick another; when none has, the bot says so.

use crate::bot::ground::button_ids;
use crate::bot::ground::context::{Ctx, Failure};
use crate::bot::ground::reply::{mention, ButtonStyle, Reply};
use crate::games::GameKind;
use crate::store::UserId;

/// Which standings command asks, and about whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asking {
    Leaderboard,
    /// `/rating`, with the `user:` it was given (`None`: the caller).
    Rating(Option<UserId>),
}

impl Asking {
    /// The command with `game:` as typed, e.g. `/rating user:@carol game:tak`.
    fn command(self, game: &str) -> String {
        match self {
            Asking::Leaderboard => format!("/leaderboard game:{game}"),
            Asking::Rating(None) => format!("/rating game:{game}"),
            Asking::Rating(Some(user)) => format!("/rating user:{} game:{game}", mention(user)),
        }
    }

    fn what(self) -> &'static str {
        match self {
            Asking::Leaderboard => "leaderboard",
            Asking::Rating(_) => "rating",
        }
    }

    /// The button that runs this command for `kind`.
    fn button_id(self, kind: GameKind, caller: UserId) -> String {
        match self {
            Asking::Leaderboard => button_ids::leaderboard_id(kind),
            Asking::Rating(user) => button_ids::rating_id(user.unwrap_or(caller), kind),
        }
    }
}

/// What a standings command without `game:` goes on with.
#[derive(Debug)]
pub enum Chosen {
    /// Show this game; `note` (if any) says which game it is and how to
    /// pick another, to be added under the answer.
    Game {
        kind: GameKind,
        note: Option<String>,
    },
    /// Nothing to show yet: the question (or the word that no game has
    /// ratings here) is the answer.
    Ask(Vec<Reply>),
}

/// The game a standings command is about; see the module's text.
pub fn chosen_game(
    ctx: &Ctx<'_>,
    game: Option<GameKind>,
    asking: Asking,
) -> Result<Chosen, Failure> {
    if let Some(kind) = game {
        return Ok(Chosen::Game { kind, note: None });
    }
    let place = ctx.place;
    let store = ctx.store();
    if let Some(row) = store.latest_game(&place.guild, &place.channel)? {
        return Ok(Chosen::Game {
            kind: row.settings.kind(),
            note: None,
        });
    }
    // Issue 42: a tournament's channel has no game of its own (each is
    // played in a thread), but its game is the tournament's.
    if let Some(row) = store.latest_tournament(&place.guild, &place.channel)? {
        return Ok(Chosen::Game {
            kind: row.settings.kind(),
            note: None,
        });
    }
    // /rating asks about the games its player has a rating in.
    let (rated, whose) = match asking {
        Asking::Leaderboard => (store.rated_kinds(&place.guild, None)?, String::new()),
        Asking::Rating(user) => {
            let user = user.unwrap_or(ctx.user.id);
            let rated = store.rated_kinds(&place.guild, Some(user))?;
            (rated, format!(" for {}", mention(user)))
        }
    };
    let others = |shown: &[GameKind]| -> String {
        let names: Vec<&str> = GameKind::ALL
            .iter()
            .filter(|k| !shown.contains(k))
            .map(|k| k.name())
            .collect();
        asking.command(&format!("<{}>", names.join("|")))
    };
    match rated[..] {
        [] => Ok(Chosen::Ask(vec![Reply::ephemeral(
            place,
            format!(
                "No game has been played in this channel, and no game has ratings{whose} in this server yet: rated games played here make its leaderboards (everyone starts at 1500). {} names a game.",
                others(&[])
            ),
        )])),
        [only] => Ok(Chosen::Game {
            kind: only,
            note: Some(format!(
                "No game has been played in this channel, so this is {}, the only game with ratings{whose} in this server; another game: {}.",
                only.title(),
                others(&[only])
            )),
        }),
        ref several => {
            let titles: Vec<&str> = several.iter().map(|k| k.title()).collect();
            let commands: Vec<String> = several.iter().map(|k| asking.command(k.name())).collect();
            let mut reply = Reply::ephemeral(
                place,
                format!(
                    "Which game's {}? No game has been played in this channel; these games have ratings{whose} in this server: {}. Choose one: {}.",
                    asking.what(),
                    titles.join(", "),
                    commands.join(", ")
                ),
            );
            for kind in several {
                reply = reply.button(
                    kind.title(),
                    asking.button_id(*kind, ctx.user.id),
                    ButtonStyle::Secondary,
                );
            }
            Ok(Chosen::Ask(vec![reply]))
        }
    }
}
