//! Playing: `/move`, `/resign`, `/abort`.

use super::offers::lapsing;
use super::spelling;
use crate::bot::ground::announce::{game_over_reply, result_line, to_move_line};
use crate::bot::ground::board::board_image;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome, POSITION_CHANGED};
use crate::bot::ground::notify::your_move_dm;
use crate::bot::ground::reply::{mention, word_list, Reply};
use crate::bot::life::here::{active_game, chosen_game, seat_in};
use crate::games::{resignation_result, GameOutcome};
use crate::store::{Finish, GameStatus};

/// `/move`: only the player whose input the game awaits; an illegal move
/// changes nothing and the reply gives the engine's reason.
pub fn play_move(ctx: &Ctx<'_>, notation: &str, version: Option<i64>) -> Outcome {
    let (game, mut state) = active_game(ctx)?;
    let seat = seat_in(ctx, &game)?;
    if version.is_some_and(|v| v != game.version) {
        return refuse(POSITION_CHANGED);
    }
    let Some(awaiting) = state.awaiting() else {
        return refuse("This game is already over.");
    };
    if awaiting != seat {
        return refuse(format!("It's {}'s move.", mention(game.player(awaiting))));
    }
    // A move number in front and spaces inside are read as meant (issue 29).
    let notation = &spelling::reading(&state, notation);
    let played = match state.play(notation) {
        Ok(played) => played,
        Err(e) if state.parses(notation) => return Err(cant_play(e, Vec::new())),
        // A move written in another case (`sf3` for `Sf3`) is the one legal
        // action it spells, when only one does (issue 13 item 2).
        Err(e) => match spelling::unambiguous(&state, notation) {
            Some(action) => state.play(&action).map_err(|e| cant_play(e, Vec::new()))?,
            None => return Err(cant_play(e, spelling::nearest(&state, notation))),
        },
    };
    let finish = played.outcome.as_ref().map(|o: &GameOutcome| Finish {
        status: GameStatus::Finished,
        result: o.result.clone(),
        winner: o.winner,
        reason: o.reason.clone(),
    });
    // Said after the move: the offers it cancels (issue 13 item 3).
    let lapsed = lapsing(ctx, &game)?;
    let version = ctx.store().record_move(
        game.id,
        game.version,
        &played.notation,
        seat,
        ctx.user.id,
        &state.snapshot(),
        finish.as_ref(),
        ctx.now,
    )?;
    ctx.core.keep_position(game.id, version, &state);
    let me = mention(ctx.user.id);
    let image = board_image(ctx, &game, &state);
    let dm = your_move_dm(
        ctx,
        &game,
        &state,
        &format!("{me} played {}.", played.notation),
    )?;
    let reply = match &played.outcome {
        None => {
            let note = played
                .note
                .as_deref()
                .map(|n| format!(" {n}"))
                .unwrap_or_default();
            let next = state.awaiting().unwrap_or(seat.other());
            Reply::public(
                ctx.place,
                format!(
                    "{me} played {}.{note}{lapsed} {}",
                    played.notation,
                    to_move_line(&game, &state),
                ),
            )
            .mention([game.player(next)])
        }
        Some(outcome) => {
            // The last action's own words (a goal, the rolls) come before why the game ended.
            let told = match played.note.as_deref() {
                Some(note) => format!(
                    "{me} played {}. {note} Game over: {}.",
                    played.notation, outcome.reason
                ),
                None => format!("{me} played {}: {}.", played.notation, outcome.reason),
            };
            game_over_reply(
                ctx,
                &game,
                format!(
                    "{told} {}",
                    result_line(&game, outcome.winner, &outcome.result)
                ),
            )
        }
    };
    Ok(std::iter::once(reply.with_image(image)).chain(dm).collect())
}

/// The refusal of a move, with the legal moves nearest to what was typed.
fn cant_play(e: crate::games::GameError, near: Vec<String>) -> Failure {
    let hint = if near.is_empty() {
        String::new()
    } else {
        let near: Vec<&str> = near.iter().map(String::as_str).collect();
        format!(" Did you mean {}?", word_list(&near, "or"))
    };
    Failure::User(format!("Can't play that: {e}.{hint} Nothing changed."))
}

/// `/resign`: a player gives up; the opponent wins (`1-0` or `0-1`, RULINGS Tak 6).
pub fn resign(ctx: &Ctx<'_>, number: Option<i64>) -> Outcome {
    let (game, _state) = chosen_game(ctx, number)?;
    let seat = seat_in(ctx, &game)?;
    let winner = seat.other();
    let result = resignation_result(winner);
    let finish = Finish::forfeit(winner, "resignation");
    ctx.store()
        .end_game(game.id, game.version, &finish, ctx.now)?;
    Ok(vec![game_over_reply(
        ctx,
        &game,
        format!(
            "{} resigns. {}",
            mention(ctx.user.id),
            result_line(&game, Some(winner), result)
        ),
    )])
}

/// `/abort`: ends the game here without a result and unrated: either
/// player may until both have made two moves (a game started by mistake,
/// issue 13 item 1), a server admin at any time. Moves are counted per
/// seat from the move list, whatever the game. A game set aside (its
/// channel lost) may be aborted by either player at any time.
pub fn abort(ctx: &Ctx<'_>, number: Option<i64>) -> Outcome {
    let (game, _state) = chosen_game(ctx, number)?;
    // A tournament needs every game's result (issue 32).
    if let Some((tournament, round, _)) = ctx.store().tournament_of_game(game.id)? {
        return refuse(format!(
            "Game #{} is a game of tournament #{tournament} (round {round}), so it can't be aborted: /resign it, or leave the tournament with /tournament withdraw (a server admin may /tournament cancel it).",
            game.id
        ));
    }
    let early = !ctx.store().two_moves_each(game.id)?;
    let player = game.seat_of(ctx.user.id).is_some();
    // A game set aside when its channel was lost (issue 40) can't be
    // played on where it was: either player may end it unrated, as their
    // direct message said.
    let set_aside = ctx.store().set_aside_reason(game.id)?.is_some();
    let (who, reason) = if player && early {
        ("aborted", "by a player before two moves each")
    } else if player && set_aside {
        ("aborted", "by a player after its channel was lost")
    } else if ctx.user.is_admin {
        ("(server admin) aborted", "abort")
    } else if player {
        return refuse(
            "Both players have made two moves, so the game can no longer be aborted: /resign, offer a /draw, or /claim it if your opponent lets the timeout pass.",
        );
    } else {
        return refuse(
            "Only the players (until both have made two moves) or a server admin can abort a game.",
        );
    };
    let finish = Finish::aborted(reason);
    ctx.store()
        .end_game(game.id, game.version, &finish, ctx.now)?;
    Ok(vec![Reply::public(
        ctx.place,
        format!(
            "{} {who} game #{} ({} vs {}). It has no result and is unrated.",
            mention(ctx.user.id),
            game.id,
            mention(game.players[0]),
            mention(game.players[1])
        ),
    )
    .mention(game.players)])
}
