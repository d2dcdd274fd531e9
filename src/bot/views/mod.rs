//! What the bot shows of games without changing them: `/board` (the
//! summary), `/info`, `/export`, `/replay`, `/analyze`, `/games all:true`
//! (spectating), `/help`, `/rules` and `/theme`.

pub mod analyze;
pub mod export;
pub mod help;
pub mod info;
pub mod kept_analysis;
pub mod replay;
pub mod rules;
pub mod spectate;
pub mod summary;
pub mod themes;
