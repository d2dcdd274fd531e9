//! What a Takkure picture shows, as plain data built from the match: every
//! player on the field with its marks, the ball, the path and the
//! defensive declarations of the activation under way (read from the
//! position, so a picture of a position shows them) or else of the last
//! one, score, half, the time dashboard, the activation tokens left, the
//! step, the last input, who has the ball and how a loose ball got there.

use crate::games::takkure::hosted::TakkureGame;
use crate::games::takkure::{Action, Activation, Ball, Game, PlayerId, Side as TeamSide, Step};
use crate::games::InPlay;
use crate::render::Side;

/// Columns and rows of the field (RULINGS Takkure 1).
pub const COLUMNS: usize = 16;
pub const ROWS: usize = 28;

/// A player on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Man {
    /// White is home, black away.
    pub side: Side,
    /// The role's initial ("R" for the Runner, "Bt" for the Beast).
    pub label: &'static str,
    /// Oni and Beast are large players (RULINGS Takkure 3): a bigger disc.
    pub large: bool,
    /// A GROUND token: drawn lying down.
    pub ground: bool,
    pub carrier: bool,
    pub wounds: u8,
    /// Fatigue tokens showing their active side, then the rested ones.
    pub fatigue: u8,
    pub rested: u8,
}

/// A defensive declaration (activation step 2), drawn on the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declared {
    /// TACKLE aimed at the square `point`: an arrow to it.
    Tackle { point: usize },
    /// PRESSURE: a ring of radius 2 around the presser.
    Pressure,
    /// BALL STEAL: a marker on the stealer.
    Steal,
}

/// A defender's declaration, where the defender stands after its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    pub at: usize,
    pub side: Side,
    pub kind: Declared,
}

/// One moment of a match to draw. Squares are indexed row by row from A1
/// = 0, as the engine does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakkureView {
    pub men: Vec<(usize, Man)>,
    /// The square of a ball on the ground.
    pub loose: Option<usize>,
    /// The marked path and executed path of the activation under way, or
    /// of the last one.
    pub path: Vec<usize>,
    /// The defence's declarations of that activation.
    pub declarations: Vec<Declaration>,
    /// The active player's square.
    pub active: Option<usize>,
    /// The step in words ("the defence's declarations").
    pub step: &'static str,
    pub squads: [&'static str; 2],
    pub players: [String; 2],
    pub score: [u32; 2],
    pub half: u8,
    /// The time box both tokens stand on, and whether each is turned.
    pub clock: u8,
    pub turned: [bool; 2],
    pub attacker: Side,
    pub tokens: u8,
    pub awaiting: Option<Side>,
    /// "1-0", "0-1", "1/2-1/2" once over, with the reason.
    pub result: Option<(String, String)>,
    /// The last input (its rolls are in the message's text).
    pub last: Option<String>,
    /// Who has the ball, or where it lies: "Yamato Runner, H13",
    /// "loose on H13"; `None` while it is out of play.
    pub ball: Option<String>,
    /// The ball's last scatters, from and to, while it lies where they
    /// left it (RULINGS Takkure 8).
    pub scatters: Vec<(usize, usize)>,
}

fn side(s: TeamSide) -> Side {
    match s {
        TeamSide::Home => Side::White,
        TeamSide::Away => Side::Black,
    }
}

fn label(game: &Game, id: PlayerId) -> &'static str {
    use crate::games::takkure::Role::*;
    match game.role(id) {
        Runner => "R",
        Playmaker => "P",
        Guard => "G",
        Oni => "O",
        Stalker => "S",
        Thrower => "T",
        Brute => "Br",
        Beast => "Be",
    }
}

/// The declarations of `a` that show on the field, by defenders (of
/// `defence`) still on it.
fn declarations(game: &Game, defence: TeamSide, a: &Activation) -> Vec<Declaration> {
    a.declared
        .iter()
        .filter_map(|(slot, action)| {
            let id = PlayerId {
                side: defence,
                slot: *slot,
            };
            let at = game.player(id).square?.index();
            let kind = match action {
                Action::Tackle(point) => Declared::Tackle {
                    point: point.index(),
                },
                Action::Pressure(_) => Declared::Pressure,
                Action::Steal(_) => Declared::Steal,
                _ => return None,
            };
            Some(Declaration {
                at,
                side: side(defence),
                kind,
            })
        })
        .collect()
}

impl TakkureView {
    /// The view of `g` after its last input, with the players' names,
    /// home's first.
    pub fn of_game(g: &TakkureGame, players: [String; 2]) -> TakkureView {
        let game = &g.game;
        let mut men = Vec::new();
        for team in TeamSide::BOTH {
            for id in Game::ids(team) {
                let p = game.player(id);
                let Some(sq) = p.square else { continue };
                let role = game.role(id);
                men.push((
                    sq.index(),
                    Man {
                        side: side(team),
                        label: label(game, id),
                        large: matches!(
                            role,
                            crate::games::takkure::Role::Oni | crate::games::takkure::Role::Beast
                        ),
                        ground: p.ground,
                        carrier: game.carrier() == Some(id),
                        wounds: p.wounds,
                        fatigue: p.active_fatigue(),
                        rested: p.rested,
                    },
                ));
            }
        }
        let loose = match game.ball() {
            Ball::Loose(sq) => Some(sq.index()),
            _ => None,
        };
        // The activation under way is part of the position; once it is
        // over, its path stays drawn until the next one.
        let activation = game.activation().or(g.last_activation.as_ref());
        let path = activation.map_or(Vec::new(), |a| {
            let mut path: Vec<usize> = a.marked.iter().map(|sq| sq.index()).collect();
            for sq in &a.executed {
                if !path.contains(&sq.index()) {
                    path.push(sq.index());
                }
            }
            path
        });
        // Declarations are drawn only while they are in force.
        let declarations = game.activation().map_or(Vec::new(), |a| {
            declarations(game, game.attacker().other(), a)
        });
        let active = game
            .active()
            .and_then(|id| game.player(id).square)
            .map(|sq| sq.index());
        let result = g.outcome().map(|o| (o.result, o.reason));
        TakkureView {
            men,
            loose,
            path,
            declarations,
            active,
            step: game.step_name(),
            squads: [TeamSide::Home, TeamSide::Away].map(|s| game.squad(s).title()),
            players,
            score: [TeamSide::Home, TeamSide::Away].map(|s| u32::from(game.score(s))),
            half: game.half(),
            clock: game.time().clock,
            turned: game.time().turned,
            attacker: side(game.attacker()),
            tokens: if matches!(
                game.step(),
                Step::First | Step::Defence | Step::Second | Step::DodgeTo | Step::ReceiverTo
            ) {
                game.tokens()
            } else {
                0
            },
            awaiting: game.awaiting().map(side),
            result,
            last: g.inputs.last().map(ToString::to_string),
            ball: match game.ball() {
                Ball::Held(id) => Some(format!(
                    "{}{}",
                    game.name(id),
                    game.player(id)
                        .square
                        .map_or(String::new(), |sq| format!(", {sq}"))
                )),
                Ball::Loose(sq) => Some(format!("loose on {sq}")),
                Ball::Out => None,
            },
            // The arrows explain where a loose ball lies; once it moves on,
            // they would mislead.
            scatters: match (game.ball(), g.last_scatters.last()) {
                (Ball::Loose(at), Some(&(_, landed))) if at == landed => g
                    .last_scatters
                    .iter()
                    .map(|(a, b)| (a.index(), b.index()))
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    /// "Takkure field, half 1, home 0 - away 0, ... (last input runner move F12)".
    pub fn alt_text(&self) -> String {
        let mut alt = format!(
            "Takkure field, {} (home) {} - {} {} (away), half {}, time box {}",
            self.squads[0], self.score[0], self.score[1], self.squads[1], self.half, self.clock
        );
        if let Some(last) = &self.last {
            alt.push_str(&format!(" (last input {last})"));
        }
        alt
    }
}
