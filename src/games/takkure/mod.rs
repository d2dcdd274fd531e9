//! Takkure: a rugby game for two coaches, four players a side, D12 rolls,
//! played on a grid as settled by `RULINGS.md` (Takkure 1-12).
//!
//! A pure rules engine: no I/O, no clock, no global state, no panic on any
//! input. The dice come from a generator seeded per match and kept in the
//! state, so replaying a match's inputs reproduces every roll. The game
//! says at every moment whose input it awaits and of what kind
//! ([`Game::awaiting`], [`Game::step`], [`Game::prompt`]); `docs/takkure.md`
//! describes the notation, the position format and the readings made.
//!
//! ```
//! use taktable::games::takkure::{Game, Input, Squad, Step};
//!
//! let mut game = Game::new(Squad::Yamato, Squad::Teriomorph, 42);
//! assert!(matches!(game.step(), Step::Choose { .. }));
//! let kick: Input = "kick".parse().unwrap();
//! game.play(&kick).unwrap();
//! assert!(matches!(game.step(), Step::Place { .. }));
//! // A kicking player stands just inside its line of 10.
//! let wrong: Input = "runner F3".parse().unwrap();
//! assert!(game.check(&wrong).is_err());
//! ```

pub mod activation;
pub mod computer;
pub mod dice;
pub mod effects;
pub mod error;
pub mod example;
pub mod game;
pub mod hosted;
pub mod input;
pub mod kickoff;
pub mod legal;
pub mod notation;
pub mod perft;
pub mod player;
pub mod position;
pub mod resolve;
pub mod side;
pub mod squad;
pub mod square;
pub mod summary;
pub mod time;

pub use dice::{Dice, Roll};
pub use error::InputError;
pub use game::{Activation, Ball, Game, KickOff, Outcome, Step, TryResult};
pub use input::{Action, Input, Second};
pub use notation::ParseInputError;
pub use perft::{divide, perft};
pub use player::{Absence, Player, PlayerId};
pub use position::ParsePositionError;
pub use side::Side;
pub use squad::{Role, Skill, Squad, Stats};
pub use square::{ParseSquareError, Square};
pub use time::Time;
