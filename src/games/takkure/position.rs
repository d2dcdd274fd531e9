//! The position format: everything a match is, as one line of JSON (the
//! squads, every player's square and tokens, the ball, score, half, time,
//! the step awaited, the kick-off or activation under way, the seed and the
//! generator's state), so that a position read back plays on exactly as the
//! original, rolls included. Reading checks the rules' invariants, so a
//! position read is one the engine can play from.

use std::fmt;
use std::str::FromStr;

use super::game::{Ball, Game, Step};
use super::player::{PlayerId, MAX_FATIGUE};
use super::side::Side;
use super::time::START;

/// Text that is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError(pub String);

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a Takkure position: {}", self.0)
    }
}

impl std::error::Error for ParsePositionError {}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_string(self) {
            Ok(text) => f.write_str(&text),
            Err(_) => Err(fmt::Error),
        }
    }
}

impl FromStr for Game {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Game, ParsePositionError> {
        let game: Game =
            serde_json::from_str(s.trim()).map_err(|e| ParsePositionError(e.to_string()))?;
        game.validate().map_err(ParsePositionError)?;
        Ok(game)
    }
}

impl Game {
    /// The invariants every reachable position keeps.
    fn validate(&self) -> Result<(), String> {
        let mut squares = Vec::new();
        for side in Side::BOTH {
            for id in Game::ids(side) {
                let p = self.player(id);
                let name = self.name(id);
                if let Some(sq) = p.square {
                    if squares.contains(&sq) {
                        return Err(format!("two players on {sq}"));
                    }
                    squares.push(sq);
                    if p.out.is_some() {
                        return Err(format!("the injured {name} is on the field"));
                    }
                }
                if i32::from(p.wounds) >= self.stats(id).bod {
                    return Err(format!("the {name} has too many wounds to be playing"));
                }
                if p.fatigue > MAX_FATIGUE || p.rested > p.fatigue || p.rested > 1 {
                    return Err(format!("the {name}'s fatigue tokens are impossible"));
                }
                if p.activations > 4 {
                    return Err(format!("the {name} has more than 4 activation tokens"));
                }
            }
        }
        match self.ball {
            Ball::Held(id) => {
                if id.slot > 3 || !self.player(id).on_field() {
                    return Err("the ball is held by a player not on the field".into());
                }
            }
            Ball::Loose(sq) => {
                if squares.contains(&sq) {
                    return Err(format!("the loose ball and a player share {sq}"));
                }
            }
            Ball::Out => {}
        }
        if !(1..=2).contains(&self.half) {
            return Err("the half is 1 or 2".into());
        }
        if self.time.clock > START || (self.time.clock == 0 && self.step != Step::Over) {
            return Err("the time box is 1 to 5 while the match goes on".into());
        }
        if self.tokens > 4 {
            return Err("at most 4 activation tokens".into());
        }
        if !self.dice_valid() {
            return Err("the generator's increment must be odd".into());
        }
        let needs_activation = matches!(
            self.step,
            Step::Defence | Step::Second | Step::DodgeTo | Step::ReceiverTo
        );
        match (&self.activation, needs_activation) {
            (None, true) => return Err("this step needs an activation under way".into()),
            (Some(_), false) => return Err("an activation is under way only in its steps".into()),
            (Some(act), true) => {
                let active = PlayerId {
                    side: self.attack,
                    slot: act.slot,
                };
                if act.slot > 3 || !self.player(active).on_field() {
                    return Err("the active player is not on the field".into());
                }
                if act.marked.is_empty() || act.declared.iter().any(|&(slot, _)| slot > 3) {
                    return Err("the activation's path or declarations are impossible".into());
                }
                if act.receiver.is_some_and(|r| r > 3) {
                    return Err("no such receiver".into());
                }
            }
            (None, false) => {}
        }
        if self.step == Step::First && self.tokens == 0 {
            return Err("an activation needs a token".into());
        }
        if self.step == Step::First && !Game::ids(self.attack).any(|id| self.player(id).on_field())
        {
            return Err("the attacking team has nobody on the field to activate".into());
        }
        let needs_kickoff = matches!(
            self.step,
            Step::Place { .. } | Step::Target | Step::KickMoves { .. } | Step::BallLands
        );
        if needs_kickoff && self.kickoff.kicker.is_none() {
            return Err("this step needs a kick-off under way".into());
        }
        if matches!(self.step, Step::KickMoves { .. } | Step::BallLands)
            && (self.kickoff.target.is_none() || !matches!(self.kickoff.by, Some(b) if b <= 3))
        {
            return Err("the kick-off has no target or kicker".into());
        }
        Ok(())
    }
}
