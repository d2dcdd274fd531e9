//! `/theme` and `/themes`: the colours of the board pictures, per user.

use super::board::theme_of;
use super::reply::Reply;
use super::{refuse, Ctx, Outcome};
use crate::render::Theme;

/// `/theme name:<theme>`: stores the user's choice (their board pictures
/// from now on use it).
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
            "Your boards now use the {} theme: {}",
            theme.name(),
            theme.description()
        ),
    )])
}

/// `/themes`: every theme with a line about it, the user's marked.
pub fn list(ctx: &Ctx<'_>) -> Outcome {
    let mine = theme_of(ctx);
    let lines: Vec<String> = Theme::ALL
        .iter()
        .map(|t| {
            let marker = if *t == mine { " (yours)" } else { "" };
            format!("- {}{marker}: {}", t.name(), t.description())
        })
        .collect();
    Ok(vec![Reply::ephemeral(
        ctx.place,
        format!(
            "Board themes (choose one with /theme name:<theme>):\n{}",
            lines.join("\n")
        ),
    )])
}
