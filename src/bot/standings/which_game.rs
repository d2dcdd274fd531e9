//! The game a `/leaderboard` or `/rating` without `game:` is about.

use crate::bot::ground::context::{refuse, Ctx, Failure};
use crate::games::GameKind;

/// The game a `/leaderboard` or `/rating` without `game:` is about: the
/// one played in this channel (in progress, else the last one), else the
/// one last played in this server. In a server without games the user is
/// asked which game they mean, unless there is only one.
pub fn chosen_game(
    ctx: &Ctx<'_>,
    game: Option<GameKind>,
    command: &str,
) -> Result<GameKind, Failure> {
    if let Some(kind) = game {
        return Ok(kind);
    }
    let place = ctx.place;
    let store = ctx.store();
    let last = match store.latest_game(&place.guild, &place.channel)? {
        Some(row) => Some(row),
        None => store.latest_game_in(&place.guild)?,
    };
    if let Some(row) = last {
        return Ok(row.settings.kind());
    }
    match GameKind::ALL {
        [only] => Ok(*only),
        kinds => {
            let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            refuse(format!(
                "Which game? No game has been played in this server yet; say game:{}, e.g. /{command} game:{}.",
                names.join(" or game:"),
                names[0]
            ))
        }
    }
}
