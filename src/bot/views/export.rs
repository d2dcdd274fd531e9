//! `/export`: the channel's game (in progress, else the last one) as a game
//! file (PTN for Tak) with a viewer link (ptn.ninja).

use crate::bot::ground::announce::start_hint;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::reply::{mention, Reply, MESSAGE_LIMIT};
use crate::bot::life::computer::export_name;
use crate::games::{ExportMeta, Seat};
use crate::store::{GameRow, GameStatus};

/// `/export [game]`: `game` names a game of this server that is over (or
/// this channel's game); without it, this channel's game.
pub fn export(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let place = ctx.place;
    let game = game_to_show(ctx, id, "export")?;
    let state = ctx.core.position(&game)?;
    let name = |seat: Seat| -> Result<String, Failure> {
        let id = game.player(seat);
        let name = ctx
            .store()
            .user_name(id)?
            .unwrap_or_else(|| format!("user {id}"));
        Ok(export_name(ctx, &game, id, name))
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
        plies(state.action_count()),
        meta.result
    );
    let mut link_file = None;
    if let Some(link) = export.viewer_link {
        let line = format!(" Replay it on ptn.ninja: {link}");
        if text.chars().count() + line.chars().count() <= MESSAGE_LIMIT {
            text.push_str(&line);
        } else {
            // Cut across messages, a link no longer works: it goes whole as a file.
            let name = format!("taktable-game-{}-ptn-ninja-link.txt", game.id);
            text.push_str(&format!(
                " Its ptn.ninja link ({} characters) is longer than a message: it is in the attached {name}.",
                link.chars().count()
            ));
            link_file = Some((name, link));
        }
    }
    if let Some(link) = crate::bot::ground::web_links::game_link(ctx.core, &game, ctx.now) {
        let line = format!(" Step through it: {link}");
        if text.chars().count() + line.chars().count() <= MESSAGE_LIMIT {
            text.push_str(&line);
        }
    }
    let mut reply = Reply::public(place, text).with_file(file_name, export.text.into_bytes());
    if let Some((name, link)) = link_file {
        reply = reply.with_file(name, format!("{link}\n").into_bytes());
    }
    Ok(vec![reply])
}

/// The game a command shows (`/export`, `/replay`): `id` names a game of
/// this server that is over (or this channel's game); without it, this
/// channel's game in progress, else the last one played here. `verb` says
/// what was wanted of it in the refusal. A blind game in progress is
/// refused (issue 15).
pub fn game_to_show(ctx: &Ctx<'_>, id: Option<i64>, verb: &str) -> Result<GameRow, Failure> {
    let game = any_game_to_show(ctx, id, verb)?;
    crate::bot::ground::blind::refuse_while_hidden(&game, verb)?;
    Ok(game)
}

fn any_game_to_show(ctx: &Ctx<'_>, id: Option<i64>, verb: &str) -> Result<GameRow, Failure> {
    let place = ctx.place;
    if let Some(id) = id {
        return match ctx.store().game(id)? {
            Some(game)
                if game.guild == place.guild
                    && (game.status != GameStatus::Active || game.channel == place.channel) =>
            {
                Ok(game)
            }
            _ => refuse(format!(
                "There's no finished game #{id} in this server. /history lists the finished games."
            )),
        };
    }
    if let Some(game) = ctx.store().active_game(&place.guild, &place.channel)? {
        return Ok(game);
    }
    match ctx.store().latest_game(&place.guild, &place.channel)? {
        Some(game) => Ok(game),
        None => refuse(format!(
            "There's no game in this channel to {verb}. {}",
            start_hint()
        )),
    }
}

/// "1 ply", "15 plies".
pub fn plies(n: usize) -> String {
    crate::games::plural(u32::try_from(n).unwrap_or(u32::MAX), "ply").replace("plys", "plies")
}
