//! A Taka turn: one action with its follow-ups and facing choices, as one
//! value (the text form lives in [`super::notation`]).
//!
//! A turn is a chain: the spot of the acting piece, then up to two legs,
//! each a link and a spot. What a leg means depends on the position, as in
//! chess notation: `-` moves the piece (a move without the ball, a dribble,
//! a goalie activation from its circle or return to it), `x` tackles the
//! carrier on the square named, `>` passes the ball to the spot named. A
//! second leg is a follow-up (after a pick-up or a tackle) or a consecutive
//! pass. Then come the teammate who moves to receive, the facing of the
//! piece that ends up holding the ball, and, after a goal in a "first to N"
//! game, where the scored ball is put back.
//!
//! Facings that a later leg makes irrelevant are not part of a turn: after
//! a pick-up or a tackle the player chooses a facing and may then dribble,
//! turn or pass; turning is the same as choosing that facing at once, and a
//! dribble or pass chooses anew (or releases the ball), so the turn records
//! only the facing the ball finally has. Hence a follow-up pass may go in any
//! direction (RULINGS Taka 5, 12; see docs/taka.md).

use super::facing::Facing;
use super::square::{Spot, Square};

/// How a leg goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Link {
    /// `-`: the piece itself goes there.
    Go,
    /// `x`: the piece tackles the carrier there and takes its place.
    Tackle,
    /// `>`: the ball is passed there.
    Pass,
}

impl Link {
    pub const fn char(self) -> char {
        match self {
            Link::Go => '-',
            Link::Tackle => 'x',
            Link::Pass => '>',
        }
    }
}

/// One leg of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Leg {
    pub link: Link,
    pub to: Spot,
}

/// Where the scorer puts the scored ball back in a "first to N" game:
/// on its own piece in its own shooting zone (with a facing) or on an empty
/// square there (RULINGS Taka 15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Placement {
    pub at: Square,
    pub facing: Option<Facing>,
}

/// A whole turn. Build one with the constructors or by parsing notation;
/// [`super::Position::play`] decides whether it is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Turn {
    /// Where the acting piece stands (`Circle`: the mover's goalie circle).
    pub from: Spot,
    /// The first leg; `None` for a turn that only changes facing.
    pub first: Option<Leg>,
    /// The follow-up or the second pass.
    pub second: Option<Leg>,
    /// The teammate who steps onto the square a pass ends on to receive it.
    pub runner: Option<Square>,
    /// The facing of the piece that ends the turn holding the ball.
    pub facing: Option<Facing>,
    /// The re-placement after a goal that does not end the game.
    pub placement: Option<Placement>,
}

impl Turn {
    /// A turn of one leg and nothing more.
    pub const fn leg(from: Spot, link: Link, to: Spot) -> Turn {
        Turn {
            from,
            first: Some(Leg { link, to }),
            second: None,
            runner: None,
            facing: None,
            placement: None,
        }
    }

    /// A carrier on `at` turning to face `facing`.
    pub const fn face(at: Square, facing: Facing) -> Turn {
        Turn {
            from: Spot::Square(at),
            first: None,
            second: None,
            runner: None,
            facing: Some(facing),
            placement: None,
        }
    }

    /// The same turn with a second leg.
    pub const fn then(mut self, link: Link, to: Spot) -> Turn {
        self.second = Some(Leg { link, to });
        self
    }

    /// The same turn with the final facing set.
    pub const fn facing(mut self, facing: Facing) -> Turn {
        self.facing = Some(facing);
        self
    }

    /// The same turn with a teammate moving to receive.
    pub const fn runner(mut self, runner: Square) -> Turn {
        self.runner = Some(runner);
        self
    }

    /// The same turn with a re-placement.
    pub const fn placement(mut self, at: Square, facing: Option<Facing>) -> Turn {
        self.placement = Some(Placement { at, facing });
        self
    }
}
