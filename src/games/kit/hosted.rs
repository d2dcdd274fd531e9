//! What the bot needs of a game besides a game in progress ([`InPlay`]):
//! its settings, texts, options and how a game of it starts, as one trait
//! each game implements in its own folder (`tak/hosted.rs`, ...). The bot
//! never sees a game directly: it holds the enums over every game
//! (`crate::games::GameKind`, `GameSettings`, `GameState`), which hand out
//! a `&dyn Facts` and a `&dyn InPlay`.

use std::marker::PhantomData;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::error::GameError;
use super::in_play::InPlay;
use super::options::{Chosen, OptionSpec, OptionValue};
use super::record::Record;
use super::seat::Seat;

/// How autocomplete reads one action: the text matched against what a
/// player types, and whether the action puts a new piece on the board
/// (placements are suggested first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub key: String,
    pub placement: bool,
}

/// How autocomplete reads what a player typed: the text to match, and
/// whether only placements are wanted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub key: String,
    pub placements_only: bool,
}

/// One game, as the bot hosts it: its settings, its texts and options,
/// and how a game of it starts. A game in progress is an [`InPlay`]; what
/// is true of the game whatever its state is read through [`Facts`].
pub trait HostedGame: InPlay + Clone + std::fmt::Debug + Sized + 'static {
    /// The options of a challenge, stored as JSON with the game's name.
    type Settings: Clone + std::fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned;

    /// The name used in commands (`/tak challenge`) and in the store.
    const NAME: &'static str;
    /// The name shown to people.
    const TITLE: &'static str;
    /// The description of `/<name> challenge`.
    const CHALLENGE_DESCRIPTION: &'static str;
    /// Every option of `/<name> challenge`, in the order shown, the shared
    /// ones ([`super::options::challenge`]) included.
    const CHALLENGE_OPTIONS: &'static [OptionSpec];
    /// The rules in short and the notation, for `/rules` (under Discord's
    /// 2000 characters).
    const RULES: &'static str;
    /// What `/help` says about this game: its challenge defaults and how
    /// actions are written.
    const HELP: &'static str;
    /// An action to show as an example ("Move with /move, e.g. a1").
    const EXAMPLE_ACTION: &'static str;
    /// How moves are written, after the title in `/move`'s description:
    /// "in PTN (c3, Sd4, 3c3>12)".
    const MOVE_HINT: &'static str;
    /// Examples of actions, after the title in `/move notation`'s help:
    /// "c3, Sc3 (wall), Cc3 (capstone), 3c3>12".
    const NOTATION_EXAMPLES: &'static str;
    /// The format `/export` gives, before "for <title>": "PTN with a ptn.ninja link".
    const EXPORT_FORMAT: &'static str;
    /// The result strings only the rules give, besides the shared `1-0`,
    /// `0-1` and [`DRAW_RESULT`] (Tak: `R-0`, `F-0`, ...). A game file
    /// claiming one of them must agree with the rules.
    const RULE_RESULTS: &'static [&'static str] = &[];
    /// Why moves of this game can't be taken back, if they can't: a game
    /// whose dice come from a seed would show the coach who takes a move
    /// back the rolls that come next.
    const NO_TAKEBACK: Option<&'static str> = None;
    /// Whether [`InPlay::computer_evaluation`] gives an analysis, so
    /// that `/analyze` of another game can name the games it analyzes.
    const ANALYZED: bool = false;

    /// The settings from the challenge's own options (the shared ones are
    /// read by the bot), already checked against their specs.
    fn settings_from_options(chosen: Chosen<'_>) -> Result<Self::Settings, GameError>;
    /// Checks that settings (perhaps read from the store) describe a playable game.
    fn check_settings(settings: &Self::Settings) -> Result<(), GameError>;
    /// One line for people: "Tak 6x6, komi 2, swap opening, ...".
    fn describe(settings: &Self::Settings) -> String;
    /// Whether a game with these settings may count for ratings.
    fn can_be_rated(_settings: &Self::Settings) -> bool {
        true
    }
    /// Whether the bot itself plays this game against a challenger
    /// (issue 14). A game without a computer opponent keeps the default.
    fn has_computer(_settings: &Self::Settings) -> bool {
        false
    }
    /// What each seat is called in this game.
    fn seat_name(seat: Seat) -> &'static str {
        match seat {
            Seat::Player1 => "white",
            Seat::Player2 => "black",
        }
    }

    /// The start of a game.
    fn new(settings: &Self::Settings) -> Result<Self, GameError>;
    /// A game starting from a position written as an [`InPlay::snapshot`].
    fn from_snapshot(settings: &Self::Settings, snapshot: &str) -> Result<Self, GameError>;
    fn settings(&self) -> &Self::Settings;

    /// Whether `text` is written as an action of this game, legal or not.
    fn parses(text: &str) -> bool;
    /// How autocomplete reads an action of [`InPlay::legal_actions`].
    fn completion(action: &str) -> Completion;
    /// How autocomplete reads what a player typed.
    fn typed(text: &str) -> Typed {
        Typed {
            key: text.to_lowercase(),
            placements_only: false,
        }
    }

    // What the command line (`taktable perft|legal|replay|render`) needs.
    // Every item has a default; a game overrides what its engine does better.

    /// A game for the command line: its settings from `chosen` (the game's
    /// own challenge options, given as `--name value`), starting from
    /// `position` (the game's position format, as [`InPlay::snapshot`]
    /// writes it) or else the start. A game whose position text fixes some
    /// settings (Tak's size, Taka's goals) overrides this so that they are
    /// read from the position when not given.
    fn from_command_line(chosen: Chosen<'_>, position: Option<&str>) -> Result<Self, GameError> {
        let settings = Self::settings_from_options(chosen)?;
        match position {
            Some(text) => Self::from_snapshot(&settings, text),
            None => Self::new(&settings),
        }
    }

    /// A game file as [`InPlay::export`] writes it, every action
    /// played, and the result the file claims (if any). The default reads
    /// a record ([`Record`]): a `[Game "..."]` tag naming this game if
    /// present, tags named like the game's options (`[Goals "2"]`), a
    /// `[Position "..."]` start, `[Result "..."]`, then one action a line.
    fn read_file(text: &str) -> Result<(Self, Option<String>), GameError> {
        let record = Record::parse(text)?;
        if let Some(game) = record.tag("Game") {
            if !game.trim().eq_ignore_ascii_case(Self::TITLE) {
                return Err(GameError::Parse(format!(
                    "the file is a game of {game}, not {}",
                    Self::TITLE
                )));
            }
        }
        let mut chosen: Vec<(String, OptionValue)> = Vec::new();
        for spec in super::options::own_options(Self::CHALLENGE_OPTIONS) {
            if let Some(value) = record.tag(spec.name) {
                let value = spec
                    .read(value)
                    .map_err(|e| GameError::Settings(format!("the tag {}: {e}", spec.name)))?;
                chosen.push((spec.name.to_string(), value));
            }
        }
        let mut game = Self::from_command_line(Chosen(&chosen), record.tag("Position"))?;
        for (i, (line, action)) in record.actions.iter().enumerate() {
            game.play(action).map_err(|e| {
                GameError::Illegal(format!("line {line}, action {} `{action}`: {e}", i + 1))
            })?;
        }
        let claimed = record.tag("Result").map(|r| r.trim().to_string());
        Ok((game, claimed))
    }
}

/// What is true of a game whatever its state: [`HostedGame`]'s texts and
/// readings, object safe, so that the enum naming the games hands out a
/// `&dyn Facts` instead of forwarding each one ([`FactsOf`] reads them).
pub trait Facts {
    /// [`HostedGame::NAME`].
    fn name(&self) -> &'static str;
    /// [`HostedGame::TITLE`].
    fn title(&self) -> &'static str;
    /// [`HostedGame::CHALLENGE_DESCRIPTION`].
    fn challenge_description(&self) -> &'static str;
    /// [`HostedGame::CHALLENGE_OPTIONS`].
    fn challenge_options(&self) -> &'static [OptionSpec];
    /// [`HostedGame::RULES`].
    fn rules(&self) -> &'static str;
    /// [`HostedGame::HELP`].
    fn help(&self) -> &'static str;
    /// [`HostedGame::EXAMPLE_ACTION`].
    fn example_action(&self) -> &'static str;
    /// [`HostedGame::MOVE_HINT`].
    fn move_hint(&self) -> &'static str;
    /// [`HostedGame::NOTATION_EXAMPLES`].
    fn notation_examples(&self) -> &'static str;
    /// [`HostedGame::EXPORT_FORMAT`].
    fn export_format(&self) -> &'static str;
    /// [`HostedGame::RULE_RESULTS`].
    fn rule_results(&self) -> &'static [&'static str];
    /// [`HostedGame::NO_TAKEBACK`].
    fn no_takeback(&self) -> Option<&'static str>;
    /// [`HostedGame::ANALYZED`].
    fn analyzed(&self) -> bool;
    /// [`HostedGame::seat_name`].
    fn seat_name(&self, seat: Seat) -> &'static str;
    /// [`HostedGame::parses`].
    fn parses(&self, text: &str) -> bool;
    /// [`HostedGame::completion`].
    fn completion(&self, action: &str) -> Completion;
    /// [`HostedGame::typed`].
    fn typed(&self, text: &str) -> Typed;
}

/// The [`Facts`] of the hosted game `G`.
pub struct FactsOf<G>(pub PhantomData<G>);

impl<G: HostedGame> Facts for FactsOf<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn challenge_description(&self) -> &'static str {
        G::CHALLENGE_DESCRIPTION
    }
    fn challenge_options(&self) -> &'static [OptionSpec] {
        G::CHALLENGE_OPTIONS
    }
    fn rules(&self) -> &'static str {
        G::RULES
    }
    fn help(&self) -> &'static str {
        G::HELP
    }
    fn example_action(&self) -> &'static str {
        G::EXAMPLE_ACTION
    }
    fn move_hint(&self) -> &'static str {
        G::MOVE_HINT
    }
    fn notation_examples(&self) -> &'static str {
        G::NOTATION_EXAMPLES
    }
    fn export_format(&self) -> &'static str {
        G::EXPORT_FORMAT
    }
    fn rule_results(&self) -> &'static [&'static str] {
        G::RULE_RESULTS
    }
    fn no_takeback(&self) -> Option<&'static str> {
        G::NO_TAKEBACK
    }
    fn analyzed(&self) -> bool {
        G::ANALYZED
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        G::seat_name(seat)
    }
    fn parses(&self, text: &str) -> bool {
        G::parses(text)
    }
    fn completion(&self, action: &str) -> Completion {
        G::completion(action)
    }
    fn typed(&self, text: &str) -> Typed {
        G::typed(text)
    }
}

/// A legal action to show as an example ("Move with /move, e.g. a1"):
/// the game's [`Facts::example_action`] when it is legal in `game`, else
/// the shortest legal placement (alphabetically first among those), else
/// the shortest legal action; `None` when there is none. Never the
/// engine's choice: a puzzle's example must not give its answer away.
pub fn example_action(facts: &dyn Facts, game: &dyn InPlay) -> Option<String> {
    let legal = game.legal_actions();
    if legal.iter().any(|action| action == facts.example_action()) {
        return Some(facts.example_action().to_string());
    }
    let plainest = |actions: &mut dyn Iterator<Item = &String>| {
        actions
            .min_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)))
            .cloned()
    };
    plainest(&mut legal.iter().filter(|a| facts.completion(a).placement))
        .or_else(|| plainest(&mut legal.iter()))
}

/// The legal `actions` to suggest while a player types `typed`, at most
/// `limit`, the most natural first: actions equal to what was typed, then
/// actions starting with it, then actions containing it (ignoring case
/// and spaces, as the game's [`Facts::completion`] and [`Facts::typed`]
/// read them); within each group placements before other actions, shorter
/// before longer, then alphabetically.
pub fn rank_actions(
    facts: &dyn Facts,
    actions: Vec<String>,
    typed: &str,
    limit: usize,
) -> Vec<String> {
    let typed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    let typed = facts.typed(&typed);
    let mut ranked: Vec<((u8, bool, usize), String)> = actions
        .into_iter()
        .filter_map(|action| {
            let completion = facts.completion(&action);
            if typed.placements_only && !completion.placement {
                return None;
            }
            let key = &completion.key;
            let class = if *key == typed.key {
                0
            } else if key.starts_with(&typed.key) {
                1
            } else if key.contains(&typed.key) {
                2
            } else {
                return None;
            };
            Some((
                (class, !completion.placement, action.chars().count()),
                action,
            ))
        })
        .collect();
    ranked.sort();
    ranked
        .into_iter()
        .take(limit)
        .map(|(_, action)| action)
        .collect()
}

/// "1 stone", "2 stones".
pub fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The result string for a game won by resignation, forfeit or timeout (RULINGS Tak 6).
pub fn resignation_result(winner: Seat) -> &'static str {
    match winner {
        Seat::Player1 => "1-0",
        Seat::Player2 => "0-1",
    }
}

/// The result string of a draw (RULINGS Tak 6).
pub const DRAW_RESULT: &str = "1/2-1/2";
