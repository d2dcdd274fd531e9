pub mod tak;
