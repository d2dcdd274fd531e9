//! The ground floor of `games/`: what every game stands on and what the
//! enum over the games ([`super::GameState`]) forwards to. Nothing here
//! names a game, and every game imports from here, never from the module
//! that lists the games nor from another game.
//!
//! - [`hosted`]: the [`HostedGame`] trait, what a played action, an
//!   outcome, an export and an evaluation are.
//! - [`options`]: a challenge's options as data; [`seat`]: the two seats;
//!   [`error`]: why a game refused something.
//! - [`record`]: the plain game record; [`judged`]: every position of a
//!   game judged alike for `/analyze`.
//! - [`search`]: the words every engine's search shares.

pub mod error;
pub mod hosted;
pub mod judged;
pub mod options;
pub mod record;
pub mod search;
pub mod seat;

pub use error::GameError;
pub use hosted::{
    plural, resignation_result, Completion, Evaluations, Export, ExportMeta, GameOutcome,
    HostedGame, Played, PositionEvaluation, Typed, DECIDED_EVALUATION, DRAW_RESULT,
};
pub use options::{Chosen, OptionKind, OptionSpec, OptionValue, UserRef};
pub use seat::Seat;
