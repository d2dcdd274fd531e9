//! `/export`: the channel's game (in progress, else the last one) as a game
//! file (PTN for Tak) with a viewer link (ptn.ninja).

use super::reply::{mention, Reply};
use super::{refuse, Ctx, Outcome};
use crate::games::{ExportMeta, Seat};
use crate::store::GameStatus;

/// `/export [game]`: `game` names a game of this server that is over (or
/// this channel's game); without it, this channel's game.
pub fn export(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let place = ctx.place;
    let named = match id {
        Some(id) => match ctx.store().game(id)? {
            Some(game)
                if game.guild == place.guild
                    && (game.status != GameStatus::Active || game.channel == place.channel) =>
            {
                Some(game)
            }
            _ => {
                return refuse(format!(
                "There's no finished game #{id} in this server. /history lists the finished games."
            ))
            }
        },
        None => None,
    };
    let game = match named {
        Some(game) => game,
        None => match ctx.store().active_game(&place.guild, &place.channel)? {
            Some(game) => game,
            None => match ctx.store().latest_game(&place.guild, &place.channel)? {
                Some(game) => game,
                None => {
                    return refuse(format!(
                        "There's no game in this channel to export. {}",
                        super::start_hint()
                    ))
                }
            },
        },
    };
    let state = ctx.bot.position(&game)?;
    let name = |seat: Seat| -> Result<String, super::Failure> {
        let id = game.player(seat);
        let name = ctx
            .store()
            .user_name(id)?
            .unwrap_or_else(|| format!("user {id}"));
        Ok(super::computer::export_name(ctx, &game, id, name))
    };
    let meta = ExportMeta {
        players: [name(Seat::Player1)?, name(Seat::Player2)?],
        date: game.created_at.format("%Y.%m.%d").to_string(),
        site: "taktable".to_string(),
        result: game.result.clone().unwrap_or_else(|| "*".to_string()),
    };
    let export = state.export(&meta);
    let file_name = format!("taktable-game-{}.{}", game.id, export.extension);
    let mut text = format!(
        "Game #{} ({} vs {}), {}, result {}.",
        game.id,
        mention(game.players[0]),
        mention(game.players[1]),
        crate::games::plural(state.action_count() as u32, "ply").replace("plys", "plies"),
        meta.result
    );
    if let Some(link) = &export.viewer_link {
        text.push_str(&format!(" Replay it on ptn.ninja: {link}"));
    }
    Ok(vec![
        Reply::public(place, text).with_file(file_name, export.text.into_bytes())
    ])
}
