//! The options that pick a game and a position, shared by `perft`,
//! `legal`, `replay` and `render`: `--game`, the game's own options,
//! `--position` (alias `--tps`) and `--moves`.
//!
//! These commands name no game: everything goes through [`GameKind`] and
//! [`GameState`], which forward to each game's [`HostedGame`]. What a game
//! must provide for the command line, beyond what the bot uses (each item
//! has a default in [`HostedGame`]; override what the engine does better):
//!
//! - its own challenge options ([`HostedGame::CHALLENGE_OPTIONS`], less the
//!   shared opponent, colour and rated): each becomes `--name value` here,
//!   read and checked as its spec says (Tak's `--size`, Taka's `--goals`);
//! - [`HostedGame::from_command_line`]: the game from those options and an
//!   optional position in its position format (the text
//!   [`HostedGame::snapshot`] writes, which `legal --after` prints);
//! - [`HostedGame::perft`], [`HostedGame::read_file`] (what `replay` reads:
//!   the format [`HostedGame::export`] writes) and
//!   [`HostedGame::RULE_RESULTS`];
//! - [`HostedGame::mark_last`] for `render --last`, and its picture in
//!   [`crate::render::picture`].

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};

use crate::games::error::quoted;
use crate::games::options::own_options;
use crate::games::{Chosen, GameError, GameKind, GameState, OptionKind, OptionSpec};

/// `--game NAME`, any case.
pub fn parse_game(text: &str) -> Result<GameKind, String> {
    GameKind::parse(text).ok_or_else(|| {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        format!("no game `{text}`; games: {}", names.join(", "))
    })
}

/// The help of `--game`: every game's name.
fn game_help() -> String {
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    format!("The game: {}", names.join(", "))
}

/// `--game` and the game's own options.
#[derive(Args)]
pub struct GameArgs {
    #[arg(long, default_value = "tak", value_parser = parse_game, help = game_help())]
    pub game: GameKind,
    #[command(flatten)]
    pub options: GameOptions,
}

/// Every game's own options, given as `--name value`, unread: which of
/// them apply depends on `--game`.
#[derive(Clone, Debug, Default)]
pub struct GameOptions(Vec<(&'static OptionSpec, String)>);

/// Each option name once, with the games that have it, in game order.
fn option_specs() -> Vec<(&'static OptionSpec, Vec<&'static str>)> {
    let mut specs: Vec<(&'static OptionSpec, Vec<&'static str>)> = Vec::new();
    for kind in GameKind::ALL {
        for spec in own_options(kind.challenge_options()) {
            match specs.iter_mut().find(|(s, _)| s.name == spec.name) {
                Some((_, games)) => games.push(kind.name()),
                None => specs.push((spec, vec![kind.name()])),
            }
        }
    }
    specs
}

impl FromArgMatches for GameOptions {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut given = Vec::new();
        for (spec, _) in option_specs() {
            if let Some(value) = matches.get_one::<String>(spec.name) {
                given.push((spec, value.clone()));
            }
        }
        Ok(GameOptions(given))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = GameOptions::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for GameOptions {
    fn augment_args(mut cmd: Command) -> Command {
        for (spec, games) in option_specs() {
            cmd = cmd.arg(
                Arg::new(spec.name)
                    .long(spec.name)
                    .value_name(match spec.kind {
                        OptionKind::Integer => "N",
                        OptionKind::Number => "NUMBER",
                        OptionKind::Boolean => "true|false",
                        OptionKind::String | OptionKind::User => "TEXT",
                    })
                    .allow_hyphen_values(true)
                    .help(format!("{} [{}]", spec.description, games.join(", "))),
            );
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        GameOptions::augment_args(cmd)
    }
}

impl GameArgs {
    /// The options given, read for the chosen game; an option of another
    /// game is refused, naming the chosen game's own.
    pub fn chosen(&self) -> Result<Vec<(String, crate::games::OptionValue)>, String> {
        let kind = self.game;
        let own: Vec<&OptionSpec> = own_options(kind.challenge_options()).collect();
        let mut chosen = Vec::new();
        for (spec, raw) in &self.options.0 {
            if !own.iter().any(|o| o.name == spec.name) {
                let names: Vec<String> = own.iter().map(|o| format!("--{}", o.name)).collect();
                let options = if names.is_empty() {
                    format!("{} has none", kind.title())
                } else {
                    format!("its options: {}", names.join(", "))
                };
                return Err(format!(
                    "--{} is not an option of {} ({options})",
                    spec.name,
                    kind.title()
                ));
            }
            let value = spec.read(raw).map_err(|e| format!("--{e}"))?;
            chosen.push((spec.name.to_string(), value));
        }
        Ok(chosen)
    }

    /// The game from its options, starting from `position` or the start.
    pub fn game(&self, position: Option<&str>) -> Result<GameState, String> {
        let chosen = self.chosen()?;
        self.game
            .from_command_line(Chosen(&chosen), position)
            .map_err(|e| e.to_string())
    }
}

#[derive(Args)]
pub struct PositionArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Start from this position, in the game's position format (Tak: TPS);
    /// the game's start when left out.
    #[arg(long, visible_alias = "tps", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Then play these turns, separated by `;` (e.g. "a1; e5; c3").
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl PositionArgs {
    /// The game after `--moves` from `--position`.
    pub fn start(&self) -> Result<GameState, String> {
        let mut game = self.game.game(self.position.as_deref())?;
        let turns = self.moves.as_deref().unwrap_or("").split(';');
        for (i, text) in turns.map(str::trim).filter(|t| !t.is_empty()).enumerate() {
            game.play(text).map_err(|e| match e {
                // A notation error quotes the turn itself (cut if long).
                GameError::Parse(_) => format!("turn {} of --moves: {e}", i + 1),
                _ => format!("turn {} of --moves {}: {e}", i + 1, quoted(text)),
            })?;
        }
        Ok(game)
    }
}
