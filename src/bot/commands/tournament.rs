//! The registry's `/tournament` subcommands (issue 32): a tournament's
//! options as the registry describes them, and the typed command each
//! makes. The texts (settings, round time, start) are read by
//! `bot::tournament::options`, which knows the games' option specs.

use super::command::{Command, TournamentCommand as T, TournamentRequest};
use super::spec::{game_choice, game_names, plain, CommandSpec};
use crate::games::options::{opt, OptionKind};
use crate::games::Chosen;

/// The round times a tournament offers, from a day to two weeks.
pub const ROUND_TIME_CHOICES: &[&str] = &["1d", "2d", "3d", "5d", "1w", "2w"];

/// The tournament formats.
const FORMAT_CHOICES: &[&str] = &["swiss", "round-robin"];

/// `/tournament create|join|leave|start|standings|pairings|withdraw|cancel` (issue 32).
pub(super) fn tournament_commands() -> Vec<CommandSpec> {
    let simple = |name: &str,
                  description: &'static str,
                  build: fn(Chosen<'_>) -> Result<Command, String>| {
        plain(&format!("tournament {name}"), description, vec![], build)
    };
    vec![
        plain(
            "tournament create",
            "Create a Swiss or round robin of a game here, with a sign-up list (server admins)",
            vec![
                opt("game", "Which game", OptionKind::String)
                    .choices(game_names())
                    .required(),
                opt(
                    "format",
                    "swiss (players by score, no pair twice) or round-robin (every pair once)",
                    OptionKind::String,
                )
                .choices(FORMAT_CHOICES)
                .required(),
                opt(
                    "rounds",
                    "A Swiss's rounds (default 3); a round robin plays every pair once",
                    OptionKind::Integer,
                )
                .bounds(1.0, 20.0)
                .default("3"),
                opt(
                    "round-time",
                    "How long each round's games may take (default 3d)",
                    OptionKind::String,
                )
                .choices(ROUND_TIME_CHOICES)
                .default("3d"),
                opt(
                    "settings",
                    "The game's challenge options, e.g. size:6 komi:2 (default: the game's defaults)",
                    OptionKind::String,
                ),
                opt(
                    "rated",
                    "Whether its games count for the server's ratings (default true)",
                    OptionKind::Boolean,
                )
                .default("true"),
                opt(
                    "starts",
                    "Start by itself after this long, e.g. 2h or 1d (default: at /tournament start)",
                    OptionKind::String,
                ),
            ],
            |chosen| {
                let game = game_choice(chosen)?.ok_or("tournament create needs a game")?;
                Ok(Command::Tournament(T::Create(TournamentRequest {
                    game,
                    format: chosen.string("format").unwrap_or_default(),
                    rounds: chosen
                        .integer("rounds")
                        .and_then(|n| u32::try_from(n).ok())
                        .unwrap_or(3),
                    round_time: chosen.string("round-time").unwrap_or_else(|| "3d".into()),
                    settings: chosen.string("settings").unwrap_or_default(),
                    rated: chosen.boolean("rated") != Some(false),
                    starts: chosen.string("starts"),
                })))
            },
        ),
        simple("join", "Sign up for the tournament of this channel", |_| {
            Ok(Command::Tournament(T::Join))
        }),
        simple("leave", "Take your name off this channel's tournament's sign-up list", |_| {
            Ok(Command::Tournament(T::Leave))
        }),
        simple(
            "start",
            "Close the sign-ups and pair the first round (the creator or a server admin)",
            |_| Ok(Command::Tournament(T::Start)),
        ),
        simple(
            "standings",
            "This channel's tournament's standings, as text and as a crosstable",
            |_| Ok(Command::Tournament(T::Standings)),
        ),
        simple(
            "pairings",
            "The current round's pairings and their games",
            |_| Ok(Command::Tournament(T::Pairings)),
        ),
        simple(
            "withdraw",
            "Leave the running tournament: your remaining games are forfeited",
            |_| Ok(Command::Tournament(T::Withdraw)),
        ),
        simple(
            "cancel",
            "Cancel this channel's tournament; its games in progress are aborted (server admins)",
            |_| Ok(Command::Tournament(T::Cancel)),
        ),
    ]
}
