//! `/claim`: the server's timeout, claimed by the player kept waiting.

use crate::bot::ground::announce::{game_over_reply, player_label};
use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::interval::{self, span};
use crate::bot::ground::reply::{mention, time, Reply};
use crate::bot::life::here::{chosen_game, seat_in};
use crate::games::resignation_result;
use crate::store::Finish;

/// `/claim`: the opponent of a player who has not moved within the
/// server's timeout ends the game. A win by forfeit when both have made
/// at least two moves (rated as usual), otherwise the game is aborted and
/// unrated; in a tournament game, always a win.
pub fn claim(ctx: &Ctx<'_>, number: Option<i64>) -> Outcome {
    let (game, state) = chosen_game(ctx, number)?;
    let seat = seat_in(ctx, &game)?;
    let Some(awaiting) = state.awaiting() else {
        return refuse("This game is already over.");
    };
    if awaiting == seat {
        return refuse(
            "It's your move: /claim is for when your opponent has not moved within the timeout.",
        );
    }
    let mover = game.player(awaiting);
    if ctx.core.computer().is_some_and(|c| c.id == mover) {
        // Only a bot that was down keeps its opponent waiting; the move
        // follows as soon as it runs (now), so nobody wins on its time.
        return refuse(format!(
            "{} is the computer: it never loses on time. It moves as soon as it's running, so its move is on its way.",
            mention(mover)
        ));
    }
    let clock = ctx.store().turn_clock(game.id)?;
    // A tournament game (issue 32) may also be claimed at its round's
    // deadline, and a claim there always wins: the round needs a result.
    let round_deadline = ctx.store().round_deadline_of_game(game.id)?;
    let timeout_deadline = clock.timing.timeout.map(|t| clock.turn.since + t);
    let Some(deadline) = timeout_deadline.into_iter().chain(round_deadline).min() else {
        return refuse(
            "This server has no timeout, so there's no win to claim. A server admin can set one with /settings timeout:<1d|2d|3d|1w|2w>.",
        );
    };
    if ctx.now < deadline {
        return refuse(format!(
            "{} still has {} before the {} (deadline {}).",
            mention(mover),
            span(deadline - ctx.now),
            if Some(deadline) == round_deadline {
                "round's deadline"
            } else {
                "timeout"
            },
            time(deadline)
        ));
    }
    let waited = if Some(deadline) == timeout_deadline {
        format!(
            "{} has not moved for {}, past this server's timeout of {}.",
            mention(mover),
            span(ctx.now - clock.turn.since),
            interval::timeout(clock.timing.timeout)
        )
    } else {
        format!("{} has not moved by the round's deadline.", mention(mover))
    };
    let me = mention(ctx.user.id);
    if round_deadline.is_some() || ctx.store().two_moves_each(game.id)? {
        let result = resignation_result(seat);
        let finish = Finish::forfeit(seat, "timeout");
        ctx.store()
            .end_game(game.id, game.version, &finish, ctx.now)?;
        let text = format!(
            "{me} claims the win: {waited} {} wins by forfeit, {result}.",
            player_label(&game, seat)
        );
        return Ok(vec![game_over_reply(ctx, &game, text)]);
    }
    let finish = Finish::aborted("timeout before two moves each");
    ctx.store()
        .end_game(game.id, game.version, &finish, ctx.now)?;
    Ok(vec![Reply::public(
        ctx.place,
        format!(
            "{me} claims the game: {waited} With fewer than two moves each, game #{} is aborted and unrated.",
            game.id
        ),
    )
    .mention(game.players)])
}
