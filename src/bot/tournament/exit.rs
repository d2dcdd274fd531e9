//! Leaving a tournament under way: `/tournament withdraw` (a player: the
//! game in progress is lost, the games of later rounds are forfeits, the
//! games played stand) and `/tournament cancel` (its creator or a server
//! admin: the games in progress are aborted, no result).

use super::here::{place_of, tournament_here};
use super::runner::{abort, forfeit};
use super::signup;
use crate::bot::ground::announce::game_over_reply;
use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{mention, Reply};
use crate::store::tournaments::TournamentStatus;
use crate::store::{GameRow, GameStatus};

/// The games of tournament `id` still in progress.
fn games_in_progress(ctx: &Ctx<'_>, id: i64) -> Result<Vec<GameRow>, crate::store::StoreError> {
    let mut games = Vec::new();
    for pairing in ctx.store().tournament_pairings(id)? {
        if pairing.game_status != Some(GameStatus::Active) {
            continue;
        }
        if let Some(game) = pairing.game_id.map(|g| ctx.store().game(g)).transpose()? {
            games.extend(game);
        }
    }
    Ok(games)
}

/// `/tournament withdraw`: before the start, the same as leaving the list.
pub fn withdraw(ctx: &Ctx<'_>) -> Outcome {
    let row = tournament_here(ctx)?;
    match row.status {
        TournamentStatus::SignUp => return signup::leave(ctx, Some(row.id)),
        TournamentStatus::Running => {}
        _ => return refuse(format!("Tournament #{} is over.", row.id)),
    }
    let me = ctx.user.id;
    let Some(entrant) = ctx
        .store()
        .entrants(row.id)?
        .into_iter()
        .find(|e| e.user == me)
    else {
        return refuse(format!("You're not playing in tournament #{}.", row.id));
    };
    if entrant.withdrawn_after.is_some() {
        return refuse(format!(
            "You have already withdrawn from tournament #{}.",
            row.id
        ));
    }
    let current = ctx
        .store()
        .tournament_rounds(row.id)?
        .last()
        .map_or(0, |r| r.number);
    if !ctx.store().withdraw_from_tournament(row.id, me, current)? {
        return refuse(format!(
            "You have already withdrawn from tournament #{}.",
            row.id
        ));
    }
    let mut replies = vec![Reply::public(
        &place_of(&row),
        format!(
            "{} withdraws from tournament #{}: their remaining games are lost by forfeit; the games they played stand.",
            mention(me),
            row.id
        ),
    )];
    // The game of the current round, if it still runs, is lost now.
    for game in games_in_progress(ctx, row.id)? {
        let Some(seat) = game.seat_of(me) else {
            continue;
        };
        let winner = seat.other();
        let result = forfeit(
            ctx.store(),
            &game,
            winner,
            "forfeit (a withdrawal from the tournament)",
            ctx.now,
        )?;
        let place = Place::of(&game);
        let in_game = Ctx {
            place: &place,
            ..*ctx
        };
        replies.push(game_over_reply(
            &in_game,
            &game,
            format!(
                "{} withdrew from the tournament: {} wins game #{} by forfeit, {result}.",
                mention(me),
                mention(game.player(winner)),
                game.id
            ),
        ));
    }
    Ok(replies)
}

/// `/tournament cancel`.
pub fn cancel(ctx: &Ctx<'_>) -> Outcome {
    let row = tournament_here(ctx)?;
    if !matches!(
        row.status,
        TournamentStatus::SignUp | TournamentStatus::Running
    ) {
        return refuse(format!("Tournament #{} is already over.", row.id));
    }
    if row.creator != ctx.user.id && !ctx.user.is_admin {
        return refuse(format!(
            "Only {} (who created it) or a server admin can cancel tournament #{}.",
            mention(row.creator),
            row.id
        ));
    }
    let games = games_in_progress(ctx, row.id)?;
    if !ctx
        .store()
        .end_tournament(row.id, TournamentStatus::Cancelled, ctx.now)?
    {
        return refuse(format!("Tournament #{} is already over.", row.id));
    }
    let mut replies = vec![Reply::public(
        &place_of(&row),
        format!(
            "{} cancelled tournament #{}.{}",
            mention(ctx.user.id),
            row.id,
            match games.len() {
                0 => String::new(),
                1 => " Its game in progress is aborted.".to_string(),
                n => format!(" Its {n} games in progress are aborted."),
            }
        ),
    )];
    for game in games {
        abort(ctx.store(), &game, "tournament cancelled", ctx.now)?;
        replies.push(
            Reply::public(
                &Place::of(&game),
                format!(
                    "Tournament #{} was cancelled: game #{} is aborted, with no result.",
                    row.id, game.id
                ),
            )
            .mention(game.players),
        );
    }
    Ok(replies)
}
