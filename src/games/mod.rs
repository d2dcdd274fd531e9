pub mod tak;
pub mod takat;
