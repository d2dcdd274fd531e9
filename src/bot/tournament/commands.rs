//! The `/tournament` subcommands, each to its handler.

use super::{exit, show, signup};
use crate::bot::commands::TournamentCommand;
use crate::bot::ground::context::{Ctx, Outcome};

pub fn handle(ctx: &Ctx<'_>, command: &TournamentCommand) -> Outcome {
    match command {
        TournamentCommand::Create(request) => signup::create(ctx, request),
        TournamentCommand::Join => signup::join(ctx, None),
        TournamentCommand::Leave => signup::leave(ctx, None),
        TournamentCommand::Start => signup::start(ctx),
        TournamentCommand::Standings => show::show_standings(ctx),
        TournamentCommand::Pairings => show::show_pairings(ctx),
        TournamentCommand::Withdraw => exit::withdraw(ctx),
        TournamentCommand::Cancel => exit::cancel(ctx),
    }
}
