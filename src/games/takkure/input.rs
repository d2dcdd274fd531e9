//! What a coach can type: every declaration of the game, as data. The text
//! form is in [`super::notation`]; which inputs the current step accepts is
//! decided by [`super::game::Game::check`].

use super::squad::Role;
use serde::{Deserialize, Serialize};

use super::square::Square;

/// One input from a coach.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// After a referee roll or a try: the deciding coach's team kicks off.
    Kick,
    /// The deciding coach's team receives.
    Receive,
    /// Kick-off: place a player (`runner F12`), or make its move while the
    /// ball is in the air.
    Place { role: Role, square: Square },
    /// Kick-off: the target square and the kicker who rolls (`kick H20 guard`).
    KickAt { target: Square, kicker: Role },
    /// Kick-off after a successful kick: where the ball lands (`ball H21`).
    Ball(Square),
    /// No more kick-off moves, or no more defensive declarations: the
    /// players not named do nothing.
    Done,
    /// A player's first action (attack) or defensive action (defence).
    Act { role: Role, action: Action },
    /// The active player's second action.
    Second(Second),
    /// After a successful dodge, or a critical pass for the receiver: where
    /// the player moves (`to F12`).
    To(Square),
    /// The trailing team attacking on time box 1 puts the ball out and ends
    /// the half (rulebook 6.04).
    EndHalf,
}

/// A first action (activation step 1) or a defensive action (step 2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// MOVE as first action to a marked square, optionally via one turn
    /// square: `move F12`, `move F12 via G10`.
    Move { to: Square, via: Option<Square> },
    /// STAND UP (attack or defence).
    Stand,
    /// PASS FROM THE GROUND to a teammate: `pass playmaker`.
    Pass { to: Role },
    /// No first action: the player is activated only for its second action.
    Hold,
    /// TACKLE the ball carrier, aiming at a square of its marked path (or
    /// at the carrier): `tackle F12`.
    Tackle(Square),
    /// PRESSURE, moving to the named square: `pressure F12`.
    Pressure(Square),
    /// BALL STEAL, moving to the named square: `steal F12`.
    Steal(Square),
    /// REST.
    Rest,
}

/// A second action (activation step 4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Second {
    /// MOVE as second action, around the other players: `move F12`.
    Move(Square),
    /// PASS to a teammate, from a square of the executed path (`from`, when
    /// not where the passer stopped): `pass runner`, `pass runner from F10`.
    Pass { to: Role, from: Option<Square> },
    /// BALL PICK UP.
    PickUp,
    /// DODGE the declared tackles, facing the tacklers in the given order
    /// (empty: the order they were declared in): `dodge`, `dodge brute guard`.
    Dodge(Vec<Role>),
    /// BREAK THROUGH, the same way: `break`, `break brute guard`.
    Break(Vec<Role>),
    /// TRY.
    Try,
    /// No second action.
    None,
}
