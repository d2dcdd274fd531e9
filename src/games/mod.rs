//! The games taktable hosts. Each game implements [`HostedGame`] and
//! [`InPlay`] in its own folder, on the kit of [`kit`]; the one list in
//! [`games!`] below turns them into three enums (not trait objects) the bot
//! stores, replays, describes and shows: [`GameKind`] (which game: it
//! dereferences to the game's [`Facts`]), [`GameSettings`] (a challenge's
//! options) and [`GameState`] (a game in progress: it dereferences to the
//! game's [`InPlay`]). Adding a game is its folder plus one line in that
//! list. The bot never assumes that players simply alternate: it asks
//! [`InPlay::awaiting`] whose input comes next.

pub mod kit;
pub mod tak;
pub mod taka;
pub mod takat;
pub mod takkure;

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Serialize};

pub use kit::{error, hosted, judged, options, record, seat};
pub use kit::{
    plural, resignation_result, Chosen, Completion, Evaluations, Export, ExportMeta, Facts,
    FactsOf, GameError, GameOutcome, HostedGame, InPlay, OptionKind, OptionSpec, OptionValue,
    Played, PositionEvaluation, Seat, Typed, UserRef, DECIDED_EVALUATION, DRAW_RESULT,
};
pub use tak::hosted::{TakGame, TakSettings};
pub use takat::hosted::{TakatGame, TakatSettings};

/// Declares every hosted game, one line each: `Variant => its HostedGame`.
/// The variant's lowercase name is the game's name in stored settings.
/// What only a game's own type can do (start a game, read its settings)
/// is matched here; everything else goes through [`GameKind::facts`] and
/// [`GameState::in_play`].
macro_rules! games {
    ($($variant:ident => $game:ty),+ $(,)?) => {
        /// Which game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameKind {
            $($variant),+
        }

        /// The options of one game, as chosen in a challenge. Serialised
        /// (JSON, tagged with the game's name) into the store, so every
        /// field of every game's settings is part of the stored format.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(tag = "game", rename_all = "lowercase")]
        pub enum GameSettings {
            $($variant(<$game as HostedGame>::Settings)),+
        }

        /// A game in progress (or finished): settings, the actions so far,
        /// and the state.
        // A Tak position holds 64 stacks inline (4 KB); a game state is
        // built once per command and rarely moved, so boxing would buy nothing.
        #[allow(clippy::large_enum_variant)]
        #[derive(Clone, Debug)]
        pub enum GameState {
            $($variant($game)),+
        }

        impl GameKind {
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// What is true of this game whatever its state: its name,
            /// texts, options and how its notation reads.
            pub fn facts(self) -> &'static dyn Facts {
                match self { $(GameKind::$variant => &FactsOf::<$game>(PhantomData)),+ }
            }

            /// The settings from a challenge's options.
            pub fn settings_from_options(self, chosen: Chosen<'_>) -> Result<GameSettings, GameError> {
                match self {
                    $(GameKind::$variant => {
                        <$game as HostedGame>::settings_from_options(chosen).map(GameSettings::$variant)
                    })+
                }
            }

            /// A game from the command line's options, from `position` or the start.
            pub fn from_command_line(
                self,
                chosen: Chosen<'_>,
                position: Option<&str>,
            ) -> Result<GameState, GameError> {
                match self {
                    $(GameKind::$variant => {
                        <$game as HostedGame>::from_command_line(chosen, position).map(GameState::$variant)
                    })+
                }
            }

            /// A game file, played through, and the result it claims.
            pub fn read_file(self, text: &str) -> Result<(GameState, Option<String>), GameError> {
                match self {
                    $(GameKind::$variant => {
                        <$game as HostedGame>::read_file(text).map(|(g, r)| (GameState::$variant(g), r))
                    })+
                }
            }
        }

        impl GameSettings {
            pub fn kind(&self) -> GameKind {
                match self { $(GameSettings::$variant(_) => GameKind::$variant),+ }
            }

            /// Checks that the settings describe a playable game.
            pub fn check(&self) -> Result<(), GameError> {
                match self { $(GameSettings::$variant(s) => <$game as HostedGame>::check_settings(s)),+ }
            }

            /// One line for people: "Tak 6x6, komi 2, swap opening, ...".
            pub fn describe(&self) -> String {
                match self { $(GameSettings::$variant(s) => <$game as HostedGame>::describe(s)),+ }
            }

            /// Whether a game with these settings may count for ratings.
            pub fn can_be_rated(&self) -> bool {
                match self { $(GameSettings::$variant(s) => <$game as HostedGame>::can_be_rated(s)),+ }
            }

            /// Whether the bot plays this game itself ([`HostedGame::has_computer`]).
            pub fn has_computer(&self) -> bool {
                match self { $(GameSettings::$variant(s) => <$game as HostedGame>::has_computer(s)),+ }
            }
        }

        impl GameState {
            /// The start of a game.
            pub fn new(settings: &GameSettings) -> Result<GameState, GameError> {
                match settings {
                    $(GameSettings::$variant(s) => <$game as HostedGame>::new(s).map(GameState::$variant)),+
                }
            }

            /// A game starting from a position written as an [`InPlay::snapshot`].
            pub fn from_snapshot(settings: &GameSettings, snapshot: &str) -> Result<GameState, GameError> {
                match settings {
                    $(GameSettings::$variant(s) => {
                        <$game as HostedGame>::from_snapshot(s, snapshot).map(GameState::$variant)
                    })+
                }
            }

            pub fn kind(&self) -> GameKind {
                match self { $(GameState::$variant(_) => GameKind::$variant),+ }
            }

            pub fn settings(&self) -> GameSettings {
                match self { $(GameState::$variant(g) => GameSettings::$variant(g.settings().clone())),+ }
            }

            /// The game in progress, whichever game it is.
            pub fn in_play(&self) -> &(dyn InPlay + 'static) {
                match self { $(GameState::$variant(g) => g),+ }
            }

            /// [`GameState::in_play`], to play on.
            pub fn in_play_mut(&mut self) -> &mut (dyn InPlay + 'static) {
                match self { $(GameState::$variant(g) => g),+ }
            }
        }
    };
}

games! {
    Tak => tak::hosted::TakGame,
    Takat => takat::hosted::TakatGame,
    Taka => taka::hosted::TakaGame,
    Takkure => takkure::hosted::TakkureGame,
}

/// `kind.name()`, `kind.rules()`: a game's [`Facts`] are read on its kind.
impl Deref for GameKind {
    type Target = dyn Facts;
    fn deref(&self) -> &(dyn Facts + 'static) {
        self.facts()
    }
}

/// `state.play(..)`, `state.snapshot()`: every method of a game in
/// progress is its [`InPlay`]'s.
impl Deref for GameState {
    type Target = dyn InPlay;
    fn deref(&self) -> &(dyn InPlay + 'static) {
        self.in_play()
    }
}

impl DerefMut for GameState {
    fn deref_mut(&mut self) -> &mut (dyn InPlay + 'static) {
        self.in_play_mut()
    }
}

impl GameKind {
    pub fn parse(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl GameSettings {
    /// Why this game refuses takebacks ([`HostedGame::NO_TAKEBACK`]).
    pub fn no_takeback(&self) -> Option<&'static str> {
        self.kind().no_takeback()
    }

    /// What each seat is called in this game ("white", "black").
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        self.kind().seat_name(seat)
    }

    /// The stored form. Settings are plain data, so this cannot fail; an
    /// error would be a bug worth stopping for, not an empty string to store.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("game settings are plain data")
    }

    pub fn from_json(text: &str) -> Result<GameSettings, GameError> {
        let settings: GameSettings = serde_json::from_str(text)
            .map_err(|e| GameError::Settings(format!("bad game settings: {e}")))?;
        settings.check()?;
        Ok(settings)
    }
}

impl GameState {
    /// Whether `text` is written as an action of this game (legal here
    /// or not): adapters use it to tell a typed move from other chat.
    pub fn parses(&self, text: &str) -> bool {
        self.kind().parses(text)
    }

    /// A legal action to show as an example ([`kit::example_action`]).
    pub fn example_action(&self) -> Option<String> {
        kit::example_action(self.kind().facts(), self.in_play())
    }

    /// The game after these actions, played from the start.
    pub fn replay<S: AsRef<str>>(
        settings: &GameSettings,
        actions: &[S],
    ) -> Result<GameState, GameError> {
        let mut state = GameState::new(settings)?;
        for (i, action) in actions.iter().enumerate() {
            state.play(action.as_ref()).map_err(|e| GameError::Replay {
                number: i + 1,
                action: action.as_ref().to_string(),
                reason: Box::new(e),
            })?;
        }
        Ok(state)
    }

    /// The legal actions to suggest while a player types `typed`, at most
    /// `limit`, the most natural first: actions equal to what was typed,
    /// then actions starting with it, then actions containing it (ignoring
    /// case and spaces); within each group placements before other
    /// actions, shorter before longer, then alphabetically.
    pub fn suggestions(&self, typed: &str, limit: usize) -> Vec<String> {
        kit::rank_actions(self.kind().facts(), self.legal_actions(), typed, limit)
    }
}

#[cfg(test)]
mod tests {
    //! Properties of every game, through the enums; each game's own facts
    //! are tested in its folder.
    use super::*;

    /// A game of every kind, from the command line's defaults (the
    /// challenge's, with fixed dice).
    fn every_game() -> Vec<GameState> {
        GameKind::ALL
            .iter()
            .map(|kind| kind.from_command_line(Chosen(&[]), None).unwrap())
            .collect()
    }

    #[test]
    fn settings_are_stored_as_json_tagged_with_the_games_name() {
        for game in every_game() {
            let kind = game.kind();
            let settings = game.settings();
            assert_eq!(settings.kind(), kind);
            let json = settings.to_json();
            let tag = format!("\"game\":\"{}\"", kind.name());
            assert!(json.contains(&tag), "{json}");
            assert_eq!(GameSettings::from_json(&json).unwrap(), settings);
            assert_eq!(GameKind::parse(&kind.name().to_uppercase()), Some(kind));
            assert!(settings.describe().starts_with(kind.title()));
        }
        assert_eq!(GameKind::parse("chess"), None);
        assert!(GameSettings::from_json(r#"{"game":"chess"}"#).is_err());
    }

    #[test]
    fn bad_input_changes_nothing_and_says_why() {
        for mut game in every_game() {
            let before = game.snapshot();
            for bad in ["", "z9 z9 z9 ~", "\u{1F600}"] {
                let err = game.play(bad).unwrap_err();
                assert!(
                    matches!(err, GameError::Parse(_)),
                    "{:?} {bad:?}",
                    game.kind()
                );
                assert!(!err.to_string().is_empty());
                assert!(!game.parses(bad));
            }
            assert_eq!(game.snapshot(), before, "{:?}", game.kind());
            assert_eq!(game.action_count(), 0);
        }
    }

    #[test]
    fn a_game_replays_and_restarts_from_its_snapshot() {
        for mut game in every_game() {
            let kind = game.kind();
            // RULINGS Tak 2, Takat 2, Taka 2, Takkure 1: Player 1 is awaited
            // first in every game but Takkure, whose kick-off goes to the
            // winner of the referee's roll.
            assert!(game.awaiting().is_some(), "{kind:?}");
            for _ in 0..6 {
                let Some(action) = game.legal_actions().into_iter().next() else {
                    break;
                };
                assert!(game.parses(&action), "{kind:?} {action}");
                let played = game.play(&action).unwrap();
                assert_eq!(played.notation, action, "{kind:?}");
            }
            assert_eq!(game.actions().len(), game.action_count());
            let again = GameState::replay(&game.settings(), &game.actions()).unwrap();
            assert_eq!(again.snapshot(), game.snapshot(), "{kind:?}");
            assert_eq!(again.actions(), game.actions(), "{kind:?}");
            let resumed = GameState::from_snapshot(&game.settings(), &game.snapshot()).unwrap();
            assert_eq!(resumed.snapshot(), game.snapshot(), "{kind:?}");
            assert_eq!(resumed.awaiting(), game.awaiting(), "{kind:?}");
            assert_eq!(resumed.legal_actions(), game.legal_actions(), "{kind:?}");
        }
    }

    #[test]
    fn every_game_exports_a_file_it_reads_back() {
        for mut game in every_game() {
            let kind = game.kind();
            for _ in 0..3 {
                let action = game.legal_actions().into_iter().next().unwrap();
                game.play(&action).unwrap();
            }
            let export = game.export(&ExportMeta {
                players: ["alice".into(), "bob".into()],
                date: "2026.01.31".into(),
                site: "taktable".into(),
                result: "*".into(),
            });
            assert!(!export.extension.is_empty());
            let (read, claimed) = kind.read_file(&export.text).unwrap();
            assert_eq!(read.snapshot(), game.snapshot(), "{kind:?}");
            assert_eq!(claimed.as_deref(), Some("*"), "{kind:?}");
        }
    }

    #[test]
    fn suggestions_come_from_the_legal_actions_exact_first() {
        for game in every_game() {
            let legal = game.legal_actions();
            let all = game.suggestions("", 10_000);
            assert_eq!(all.len(), legal.len(), "{:?}", game.kind());
            assert!(all.iter().all(|a| legal.contains(a)));
            assert_eq!(game.suggestions("", 3).len(), 3.min(legal.len()));
            for action in legal.iter().take(20) {
                let shown = game.suggestions(action, 25);
                assert_eq!(shown.first(), Some(action), "{:?}", game.kind());
            }
            let example = game.example_action().unwrap();
            assert!(legal.contains(&example), "{:?} {example}", game.kind());
        }
    }

    #[test]
    fn every_game_declares_the_shared_challenge_options_and_its_defaults() {
        for kind in GameKind::ALL {
            let options = kind.challenge_options();
            for shared in ["opponent", "color", "rated"] {
                assert!(
                    options.iter().any(|o| o.name == shared),
                    "{kind:?} {shared}"
                );
            }
            for o in options {
                if let Some(default) = o.default {
                    assert!(o.description.contains(default), "{kind:?} {}", o.name);
                }
            }
            // Discord's limit on a message: `/rules` is one.
            assert!(kind.rules().chars().count() < 2000, "{kind:?}");
        }
    }
}
