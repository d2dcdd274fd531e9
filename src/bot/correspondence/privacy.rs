//! `/privacy` (issue 43): what the bot keeps about the player asking, and
//! `/privacy delete:true`, its deletion (see [`crate::store::privacy`] for
//! what is removed and what is kept for the other players' records).

use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::escape;
use crate::bot::ground::reply::Reply;
use crate::store::privacy::{Kept, Refusal};

/// `/privacy`, and `/privacy delete:true`.
pub fn privacy(ctx: &Ctx<'_>, delete: bool) -> Outcome {
    if delete {
        return forget(ctx);
    }
    let kept = ctx.store().kept_about(ctx.user.id)?;
    Ok(vec![Reply::ephemeral(ctx.place, kept_text(ctx, &kept))])
}

fn count(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// What `/privacy` says: what is kept, why, and how to delete it.
fn kept_text(ctx: &Ctx<'_>, kept: &Kept) -> String {
    let name = kept
        .name
        .as_deref()
        .map_or_else(|| "none".to_string(), escape::markdown);
    let theme = kept.theme.as_deref().unwrap_or("the default");
    format!(
        "What this bot keeps about you:\n\
         - your Discord id and display name ({name}), to show who plays;\n\
         - your settings: theme {theme}, \"your move\" by direct message {dm};\n\
         - {games} in progress and {finished} over (with {moves}), {ratings}, {challenges}, \
         {reminders} and {tournaments}: each game is your opponent's record too.\n\
         Nothing else: no messages, no server memberships. A server that removes the bot has its \
         data deleted {days} days later.\n\
         /privacy delete:true deletes your name, settings, ratings and reminders, and puts an \
         anonymous \"former player\" in your place in your finished games; your opponents' \
         records and ratings stay as they are. It cannot be undone.",
        dm = if kept.dm { "on" } else { "off" },
        games = count(kept.active_games, "game", "games"),
        finished = kept.finished_games,
        moves = count(kept.moves, "move of yours", "moves of yours"),
        ratings = count(kept.ratings, "rating", "ratings"),
        challenges = count(kept.challenges, "challenge", "challenges"),
        reminders = count(kept.reminders, "personal reminder", "personal reminders"),
        tournaments = count(kept.tournaments, "tournament entry", "tournament entries"),
        days = ctx.core.data_grace().num_days(),
    )
}

/// `/privacy delete:true`.
fn forget(ctx: &Ctx<'_>) -> Outcome {
    let kept = ctx.store().kept_about(ctx.user.id)?;
    match ctx.store().forget_user(ctx.user.id, ctx.now)? {
        Err(Refusal::ActiveGames(n)) => refuse(format!(
            "You are playing {} in progress, which {} you: finish or resign {} first (/games \
             lists them). Nothing was deleted.",
            count(n, "game", "games"),
            if n == 1 { "needs" } else { "need" },
            if n == 1 { "it" } else { "them" },
        )),
        Err(Refusal::Tournaments(n)) => refuse(format!(
            "You are in {} not over yet: leave {} or let {} end first. Nothing was deleted.",
            count(n, "tournament", "tournaments"),
            if n == 1 { "it" } else { "them" },
            if n == 1 { "it" } else { "them" },
        )),
        Ok(forgotten) => Ok(vec![Reply::ephemeral(
            ctx.place,
            format!(
                "Deleted: your name, your settings, {} and {}. In your {} you are now \
                 \"{}\"; your opponents' records and ratings are as they were. If you use the bot \
                 again, it knows your name again from then on.",
                count(kept.ratings, "rating", "ratings"),
                count(kept.reminders, "personal reminder", "personal reminders"),
                count(kept.finished_games, "finished game", "finished games"),
                forgotten.anonymous_name,
            ),
        )]),
    }
}
