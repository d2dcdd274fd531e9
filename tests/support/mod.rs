//! Shared helpers of the Discord end-to-end tests: the Discord stand-in, a multipart reader and
//! a harness that runs the real bot against the stand-in.

pub mod discord_standin;
pub mod harness;
pub mod multipart;
