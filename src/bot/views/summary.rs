//! `/board`: the game of this channel (or the last one played here) in one
//! short block, the picture under it: who plays whom, the settings (komi,
//! rated or not), the move number as players count it and who is to play,
//! and the reminder and timeout deadlines (issue 13 item 6). After a game,
//! a rematch offer waiting here is said with how to take it.

use crate::bot::ground::announce::result_line;
use crate::bot::ground::announce::{player_label, to_move_line};
use crate::bot::ground::board::board_image;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::interval::{self, span};
use crate::bot::ground::reply::{mention, time, Reply};
use crate::bot::life::computer::is_computer;
use crate::bot::life::here::{no_game_here, waiting_challenge};
use crate::games::{GameState, Seat};
use crate::store::ratings::counts_for_rating;
use crate::store::{GameRow, GameStatus};

/// `/board`: the game in progress here, else the last one played here.
pub fn board(ctx: &Ctx<'_>) -> Outcome {
    let place = ctx.place;
    let game = match ctx.store().active_game(&place.guild, &place.channel)? {
        Some(game) => game,
        None => match ctx.store().latest_game(&place.guild, &place.channel)? {
            Some(game) => game,
            None => return refuse(no_game_here(ctx)?),
        },
    };
    let state = ctx.core.position(&game)?;
    let mut lines = vec![format!(
        "Game #{}: {} vs {}. {}, {}.",
        game.id,
        player_label(&game, Seat::Player1),
        player_label(&game, Seat::Player2),
        game.settings.describe(),
        if counts_for_rating(&game.settings, game.players, game.rated) {
            "rated"
        } else {
            "unrated"
        }
    )];
    match game.status {
        GameStatus::Active => {
            if crate::bot::ground::blind::hides_board(&game) {
                let moves: Vec<String> = ctx
                    .store()
                    .moves(game.id)?
                    .into_iter()
                    .map(|m| m.notation)
                    .collect();
                lines.extend(crate::bot::ground::blind::board_lines(&game, &moves));
            }
            lines.push(turn_line(&game, &state));
            lines.extend(deadline_lines(ctx, &game, &state)?);
        }
        GameStatus::Finished => {
            let reason = game
                .end_reason
                .as_deref()
                .map(|r| format!(" by {r}"))
                .unwrap_or_default();
            lines.push(format!(
                "Game over{reason}. {}",
                result_line(&game, game.winner, game.result.as_deref().unwrap_or("*"))
            ));
            lines.extend(rematch_line(ctx, &game)?);
        }
        GameStatus::Aborted => {
            lines.push("The game was aborted: no result, unrated.".to_string());
            lines.extend(rematch_line(ctx, &game)?);
        }
    }
    Ok(vec![
        Reply::public(place, lines.join("\n")).with_image(board_image(ctx, &game, &state))
    ])
}

/// "Move 7, White to play: @alice (white) to move (a note)"; a game that
/// does not count moves says where it stands instead (Takkure: "Half 1,
/// time box 5, home 0 - away 0: the defence's declarations, Home to play").
fn turn_line(game: &GameRow, state: &GameState) -> String {
    let Some(seat) = state.awaiting() else {
        return String::new();
    };
    let name = game.settings.seat_name(seat);
    let mut chars = name.chars();
    let title: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    format!(
        "{}, {title} to play: {}",
        state.step_line(),
        to_move_line(game, state)
    )
}

/// When the player to move is next reminded, and when the opponent may claim.
fn deadline_lines(
    ctx: &Ctx<'_>,
    game: &GameRow,
    state: &GameState,
) -> Result<Vec<String>, Failure> {
    let Some(seat) = state.awaiting() else {
        return Ok(Vec::new());
    };
    let (mover, opponent) = (
        mention(game.player(seat)),
        mention(game.player(seat.other())),
    );
    let clock = ctx.store().turn_clock(game.id)?;
    let reminder = match clock.turn.next_reminder(&clock.timing) {
        Some(next) => format!(
            "Reminders {}: the next at {}, if {mover} hasn't moved.",
            interval::every(clock.timing.every),
            time(next.max(ctx.now))
        ),
        // Issue 29: the timeout's notice is the last reminder.
        None if clock.turn.reminders_ended(&clock.timing) => format!(
            "Reminders {}: none left before the timeout.",
            interval::every(clock.timing.every)
        ),
        None => "Reminders are off.".to_string(),
    };
    // The computer claims at the timeout itself (issue 29).
    let claims = if is_computer(ctx, game.player(seat.other())) {
        "claims the win"
    } else {
        "may /claim"
    };
    let timeout = match clock.turn.deadline(&clock.timing) {
        Some(deadline) if deadline > ctx.now => format!(
            "Timeout {}: if {mover} hasn't moved by {}, {opponent} {claims}.",
            interval::timeout(clock.timing.timeout),
            time(deadline)
        ),
        Some(deadline) => format!(
            "The timeout passed at {}: {opponent} {claims}.",
            time(deadline)
        ),
        None => "No timeout on this server.".to_string(),
    };
    Ok(vec![format!("{reminder} {timeout}")])
}

/// The rematch of `game` offered here and not yet answered, and how to take it.
fn rematch_line(ctx: &Ctx<'_>, game: &GameRow) -> Result<Option<String>, Failure> {
    let Some(c) = waiting_challenge(ctx)? else {
        return Ok(None);
    };
    if c.rematch_of != Some(game.id) {
        return Ok(None);
    }
    let Some(opponent) = c.opponent else {
        return Ok(None);
    };
    let left = span(c.expires_at - ctx.now);
    let how = if opponent == ctx.user.id {
        "/accept (or /rematch) starts it, /decline refuses it".to_string()
    } else if c.challenger == ctx.user.id {
        "/cancel withdraws it".to_string()
    } else {
        format!("{}: /accept or /decline", mention(opponent))
    };
    Ok(Some(format!(
        "{} offers {} a rematch, colours swapped: {how}. It expires in {left}.",
        mention(c.challenger),
        mention(opponent)
    )))
}
