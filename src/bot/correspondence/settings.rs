//! `/settings` (the server's reminder interval, timeout, threads and who
//! creates tournaments) and
//! `/notify` (a player's direct messages).

use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::interval;
use crate::bot::ground::reply::{mention, Reply};

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
        "reminders {}, timeout {}, {}, {}",
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
    if *change == crate::store::SettingsChange::default() {
        let s = ctx.store().guild_settings(&ctx.place.guild)?;
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!(
                "This server's settings: {}. Server admins change them with /settings reminder:<{}> timeout:<{}> thread:<true|false> tournaments:<true|false>.",
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
