//! Playing: `/move`, `/resign`, `/abort`.

use super::offers::lapsing;
use super::spelling;
use crate::bot::ground::announce::{game_over_reply, result_line, to_move_line};
use crate::bot::ground::board::board_image;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome, POSITION_CHANGED};
use crate::bot::ground::notify::your_move_dm;
use crate::bot::ground::reply::{mention, word_list, Reply};
use crate::bot::life::here::{active_game, chosen_game, seat_in};
use crate::games::{resignation_result, GameOutcome, GameState, Played};
use crate::store::{Finish, GameStatus};

/// `/move`: only the player whose input the game awaits; an illegal move
/// changes nothing and the reply gives the engine's reason.
///
/// Several `notations` are a run of one seat's inputs (the computer's,
/// [`crate::bot::commands::Command::MoveRun`]): each is played and
/// committed in turn, and the run is announced in one message, the inputs
/// and their notes in order. The run stops early, keeping what was played,
/// at an input refused or once the game awaits someone else.
///
/// The board picture goes with the input that hands the game to the other
/// seat (or ends it): a game whose turn is several inputs of one seat (a
/// Takkure kick-off set-up, a defence's declarations) shows one picture a
/// turn, not one an input, and a game whose seats take turns one input
/// each shows one a move as before (issue 42).
pub fn play_moves(ctx: &Ctx<'_>, notations: &[String], version: Option<i64>) -> Outcome {
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
    // Said after the move: the offers it cancels (issue 13 item 3).
    let lapsed = lapsing(ctx, &game)?;
    let mut version = game.version;
    let mut moves: Vec<Played> = Vec::new();
    for notation in notations {
        if state.awaiting() != Some(seat) {
            break;
        }
        let played = match play_one(&mut state, notation) {
            Ok(played) => played,
            Err(failure) if moves.is_empty() => return Err(failure),
            Err(_) => break,
        };
        let finish = played.outcome.as_ref().map(|o: &GameOutcome| Finish {
            status: GameStatus::Finished,
            result: o.result.clone(),
            winner: o.winner,
            reason: o.reason.clone(),
        });
        version = ctx.store().record_move(
            game.id,
            version,
            &played.notation,
            seat,
            ctx.user.id,
            &state.snapshot(),
            finish.as_ref(),
            ctx.now,
        )?;
        moves.push(played);
    }
    ctx.core.keep_position(game.id, version, &state);
    let me = mention(ctx.user.id);
    let handed_over = state.awaiting() != Some(seat);
    let image = if handed_over {
        board_image(ctx, &game, &state)
    } else {
        None
    };
    let Some(last) = moves.last() else {
        return refuse("There is no move to play.");
    };
    let names: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    let dm = your_move_dm(
        ctx,
        &game,
        &state,
        &format!("{me} played {}.", word_list(&names, "and")),
    )?;
    // Every input but the last with its note, one a line: "played kick. ...".
    let mut told = String::new();
    for played in &moves[..moves.len() - 1] {
        let note = played
            .note
            .as_deref()
            .map(|n| format!(" {n}"))
            .unwrap_or_default();
        told.push_str(&format!("{me} played {}.{note}\n", played.notation));
    }
    let reply = match &last.outcome {
        None => {
            let note = last
                .note
                .as_deref()
                .map(|n| format!(" {n}"))
                .unwrap_or_default();
            let reply = Reply::public(
                ctx.place,
                format!(
                    "{told}{me} played {}.{note}{lapsed} {}",
                    last.notation,
                    to_move_line(&game, &state),
                ),
            );
            // The next player is called when the game turns to them.
            match state.awaiting().filter(|_| handed_over) {
                Some(next) => reply.mention([game.player(next)]),
                None => reply,
            }
        }
        Some(outcome) => {
            // The last action's own words (a goal, the rolls) come before why the game ended.
            let ended = match last.note.as_deref() {
                Some(note) => format!(
                    "{told}{me} played {}. {note} Game over: {}.",
                    last.notation, outcome.reason
                ),
                None => format!("{told}{me} played {}: {}.", last.notation, outcome.reason),
            };
            game_over_reply(
                ctx,
                &game,
                format!(
                    "{ended} {}",
                    result_line(&game, outcome.winner, &outcome.result)
                ),
            )
        }
    };
    Ok(std::iter::once(reply.with_image(image)).chain(dm).collect())
}

/// Plays one input on `state`: as written, or read as meant (a move number
/// in front, spaces inside, issue 29; another case, issue 13 item 2).
fn play_one(state: &mut GameState, notation: &str) -> Result<Played, Failure> {
    let notation = &spelling::reading(state, notation);
    match state.play(notation) {
        Ok(played) => Ok(played),
        Err(e) if state.parses(notation) => Err(cant_play(e, String::new())),
        // A move written in another case (`sf3` for `Sf3`) is the one legal
        // action it spells, when only one does (issue 13 item 2).
        Err(e) => match spelling::unambiguous(state, notation) {
            Some(action) => state.play(&action).map_err(|e| cant_play(e, String::new())),
            None => Err(cant_play(e, spelling::hint(state, notation))),
        },
    }
}

/// The refusal of a move, with `hint` (see [`spelling::hint`]).
fn cant_play(e: crate::games::GameError, hint: String) -> Failure {
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
