//! `/theme` and `/themes`: the colours of the board pictures. A user's
//! theme is the one the games they challenge to start with; a game keeps
//! its theme to the end (issue 13 item 10).

use crate::bot::ground::board::{game_theme, theme_of};
use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::reply::Reply;
use crate::render::Theme;

/// `/theme name:<theme>`: stores the user's choice, for the games they
/// challenge to from now on (a game under way keeps its theme).
pub fn set_theme(ctx: &Ctx<'_>, name: &str) -> Outcome {
    let Some(theme) = Theme::from_name(name) else {
        return refuse(format!(
            "There's no theme `{name}`. The themes are {}.",
            Theme::NAMES.join(", ")
        ));
    };
    ctx.store().set_user_theme(ctx.user.id, theme.name())?;
    Ok(vec![Reply::ephemeral(
        ctx.place,
        format!(
            "From now on, games started by your challenges use the {} theme: {} A game keeps its theme to the end, so games under way keep theirs.",
            theme.name(),
            theme.description()
        ),
    )])
}

/// `/themes`: every theme with a line about it, the user's marked, and the
/// theme of the game under way here.
pub fn list(ctx: &Ctx<'_>) -> Outcome {
    let mine = theme_of(ctx);
    let here = ctx
        .store()
        .active_game(&ctx.place.guild, &ctx.place.channel)?
        .map(|game| game_theme(ctx, &game));
    let lines: Vec<String> = Theme::ALL
        .iter()
        .map(|t| {
            let marks: Vec<&str> = [(*t == mine, "yours"), (Some(*t) == here, "this game's")]
                .into_iter()
                .filter_map(|(holds, mark)| holds.then_some(mark))
                .collect();
            let marker = if marks.is_empty() {
                String::new()
            } else {
                format!(" ({})", marks.join(", "))
            };
            format!("- {}{marker}: {}", t.name(), t.description())
        })
        .collect();
    Ok(vec![Reply::ephemeral(
        ctx.place,
        format!(
            "Board themes (choose one with /theme name:<theme>; a game keeps its challenger's theme to the end):\n{}",
            lines.join("\n")
        ),
    )])
}
