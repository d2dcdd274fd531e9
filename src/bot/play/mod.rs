//! Play in a game in progress: moves (`/move`, with spelling help, and
//! the suggestions adapters offer while one is typed), `/resign`, `/abort`,
//! the offers (`/draw`, `/undo`), and `/accept`, `/decline`, `/cancel`,
//! which answer a challenge or an offer.

pub mod answers;
pub mod moves;
pub mod offers;
pub mod spelling;
pub mod suggest;
