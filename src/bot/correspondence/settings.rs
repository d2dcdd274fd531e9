//! `/settings` (the server's reminder interval, timeout, threads, who
//! creates tournaments and whether it has web pages) and
//! `/notify` (a player's direct messages).

use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::interval;
use crate::bot::ground::reply::{mention, Reply};
use crate::bot::ground::web_links;

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

/// The settings in words; the web pages are named when they are on or when
/// the bot serves pages (`served`), so a bot without them says what it said.
fn settings_text(s: &crate::store::GuildSettings, served: bool) -> String {
    let web = match (s.web, served) {
        (true, true) => ", web pages on",
        (true, false) => ", web pages on (this bot serves no pages: its host has not set them up)",
        (false, true) => ", web pages off",
        (false, false) => "",
    };
    format!(
        "reminders {}, timeout {}, {}, {}{web}",
        interval::every(s.reminder),
        interval::timeout(s.timeout),
        if s.threads {
            "games in a thread of their own"
        } else {
            "games in the challenge's channel"
        },
        if s.tournaments_by_anyone {
            "tournaments created by anyone"
        } else {
            "tournaments created by admins"
        }
    )
}

/// `/settings`: shows the server's settings; server admins change them.
pub fn settings(ctx: &Ctx<'_>, change: &crate::store::SettingsChange) -> Outcome {
    let served = ctx.core.web_base().is_some();
    if *change == crate::store::SettingsChange::default() {
        let s = ctx.store().guild_settings(&ctx.place.guild)?;
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!(
                "This server's settings: {}. Server admins change them with /settings reminder:<{}> timeout:<{}> thread:<true|false> tournaments:<true|false>{}.",
                settings_text(&s, served),
                interval::REMINDER_CHOICES.join("|"),
                interval::TIMEOUT_CHOICES.join("|"),
                if served { " web:<true|false>" } else { "" }
            ),
        )]);
    }
    if !ctx.user.is_admin {
        return refuse("Only server admins can change settings.");
    }
    let s = ctx
        .store()
        .set_guild_settings(&ctx.place.guild, change, ctx.now)?;
    let mut text = format!(
        "{} changed this server's settings: {}. Games in progress follow them from now on (a game's own /remind interval still applies).",
        mention(ctx.user.id),
        settings_text(&s, served)
    );
    if change.web == Some(true) {
        let page = crate::store::web_pages::Page::Server;
        if let Some(link) = web_links::link(ctx.core, &ctx.place.guild, page, ctx.now) {
            text.push_str(&format!(
                " This server's page (leaderboards, games, tournaments): {link}"
            ));
        }
    }
    Ok(vec![Reply::public(ctx.place, text)])
}
