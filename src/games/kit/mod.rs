//! The ground floor of `games/`: what every game stands on and what the
//! enums over the games (`crate::games::GameState` and its kin) hand out.
//! Nothing here names a game, and every game imports from here, never from
//! the module that lists the games nor from another game.
//!
//! - [`in_play`]: a game in progress ([`InPlay`], object safe), what a
//!   played action, an outcome and an export are.
//! - [`hosted`]: a game's settings, texts and start ([`HostedGame`]), and
//!   those texts as an object ([`Facts`]).
//! - [`turns`]: a game kept as a list of turns ([`Turns`]), the
//!   [`InPlay`] of every game played turn by turn.
//! - [`options`]: a challenge's options as data; [`seat`]: the two seats;
//!   [`error`]: why a game refused something.
//! - [`record`]: the plain game record; [`judged`]: every position of a
//!   game judged alike for `/analyze`.
//! - [`search`]: the words every engine's search shares.

pub mod error;
pub mod hosted;
pub mod in_play;
pub mod judged;
pub mod options;
pub mod record;
pub mod search;
pub mod seat;
pub mod turns;

pub use error::GameError;
pub use hosted::{
    example_action, plural, rank_actions, resignation_result, Completion, Facts, FactsOf,
    HostedGame, Typed, DRAW_RESULT,
};
pub use in_play::{Export, ExportMeta, GameOutcome, InPlay, Played};
pub use judged::{Evaluations, PositionEvaluation, DECIDED_EVALUATION};
pub use options::{Chosen, OptionKind, OptionSpec, OptionValue, UserRef};
pub use seat::Seat;
pub use turns::{TurnGame, Turns};
