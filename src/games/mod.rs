//! The games taktable hosts. Each game implements [`HostedGame`] in its own
//! folder; the one list in [`games!`] below turns them into three enums (not
//! trait objects) the bot stores, replays, describes and shows: [`GameKind`]
//! (which game), [`GameSettings`] (a challenge's options) and [`GameState`]
//! (a game in progress). Adding a game is its folder plus one line in that
//! list. The bot never assumes that players simply alternate: it asks
//! [`GameState::awaiting`] whose input comes next.

pub mod kit;
pub mod tak;
pub mod taka;
pub mod takat;
pub mod takkure;

use serde::{Deserialize, Serialize};

use crate::budget::Budget;

pub use kit::{error, hosted, judged, options, record, seat};
pub use kit::{
    plural, resignation_result, Chosen, Completion, Evaluations, Export, ExportMeta, GameError,
    GameOutcome, HostedGame, OptionKind, OptionSpec, OptionValue, Played, PositionEvaluation, Seat,
    Typed, UserRef, DECIDED_EVALUATION, DRAW_RESULT,
};
pub use tak::hosted::{TakGame, TakSettings};
pub use takat::hosted::{TakatGame, TakatSettings};

/// Declares every hosted game, one line each: `Variant => its HostedGame`.
/// The variant's lowercase name is the game's name in stored settings.
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

            /// The name used in commands (`/tak challenge`) and in the store.
            pub fn name(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::NAME),+ }
            }

            /// The name shown to people.
            pub fn title(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::TITLE),+ }
            }

            /// The description of `/<name> challenge`.
            pub fn challenge_description(self) -> &'static str {
                match self {
                    $(GameKind::$variant => <$game as HostedGame>::CHALLENGE_DESCRIPTION),+
                }
            }

            /// Every option of `/<name> challenge`, in the order shown.
            pub fn challenge_options(self) -> &'static [OptionSpec] {
                match self {
                    $(GameKind::$variant => <$game as HostedGame>::CHALLENGE_OPTIONS),+
                }
            }

            /// The rules and notation, for `/rules`.
            pub fn rules(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::RULES),+ }
            }

            /// How moves are written ("in PTN (c3, Sd4, 3c3>12)").
            pub fn move_hint(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::MOVE_HINT),+ }
            }

            /// Examples of actions ("c3, Sc3 (wall), ...").
            pub fn notation_examples(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::NOTATION_EXAMPLES),+ }
            }

            /// The format `/export` gives ("PTN with a ptn.ninja link").
            pub fn export_format(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::EXPORT_FORMAT),+ }
            }

            /// What `/help` says about the game.
            pub fn help(self) -> &'static str {
                match self { $(GameKind::$variant => <$game as HostedGame>::HELP),+ }
            }

            /// The settings from a challenge's options.
            pub fn settings_from_options(self, chosen: Chosen<'_>) -> Result<GameSettings, GameError> {
                match self {
                    $(GameKind::$variant => {
                        <$game as HostedGame>::settings_from_options(chosen).map(GameSettings::$variant)
                    })+
                }
            }

            /// How autocomplete reads an action of this game.
            pub fn completion(self, action: &str) -> Completion {
                match self { $(GameKind::$variant => <$game as HostedGame>::completion(action)),+ }
            }

            /// How autocomplete reads what a player typed.
            pub fn typed(self, text: &str) -> Typed {
                match self { $(GameKind::$variant => <$game as HostedGame>::typed(text)),+ }
            }

            /// Whether the computer analyzes this game ([`HostedGame::ANALYZED`]).
            pub fn analyzed(self) -> bool {
                match self { $(GameKind::$variant => <$game as HostedGame>::ANALYZED),+ }
            }

            /// The result strings only the rules give (besides 1-0, 0-1 and a draw).
            pub fn rule_results(self) -> &'static [&'static str] {
                match self { $(GameKind::$variant => <$game as HostedGame>::RULE_RESULTS),+ }
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

            /// Why this game refuses takebacks ([`HostedGame::NO_TAKEBACK`]).
            pub fn no_takeback(&self) -> Option<&'static str> {
                match self { $(GameSettings::$variant(_) => <$game as HostedGame>::NO_TAKEBACK),+ }
            }

            /// What each seat is called in this game ("white", "black").
            pub fn seat_name(&self, seat: Seat) -> &'static str {
                match self { $(GameSettings::$variant(_) => <$game as HostedGame>::seat_name(seat)),+ }
            }
        }

        impl GameState {
            /// The start of a game.
            pub fn new(settings: &GameSettings) -> Result<GameState, GameError> {
                match settings {
                    $(GameSettings::$variant(s) => <$game as HostedGame>::new(s).map(GameState::$variant)),+
                }
            }

            /// A game starting from a position written as a [`GameState::snapshot`].
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

            /// The number of action sequences of `depth` actions from here.
            pub fn perft(&self, depth: u32) -> u64 {
                match self { $(GameState::$variant(g) => g.perft(depth)),+ }
            }

            /// Marks `action` as the one that led here, for a picture only.
            pub fn mark_last(&mut self, action: &str) -> Result<(), GameError> {
                match self { $(GameState::$variant(g) => g.mark_last(action)),+ }
            }

            pub fn settings(&self) -> GameSettings {
                match self { $(GameState::$variant(g) => GameSettings::$variant(g.settings().clone())),+ }
            }

            /// The seat whose input the game awaits, or `None` once it is over.
            pub fn awaiting(&self) -> Option<Seat> {
                match self { $(GameState::$variant(g) => g.awaiting()),+ }
            }

            /// Plays one action written in the game's notation. Changes nothing
            /// and says why when the action is malformed or illegal.
            pub fn play(&mut self, text: &str) -> Result<Played, GameError> {
                match self { $(GameState::$variant(g) => g.play(text)),+ }
            }

            /// Whether `text` is written as an action of this game (legal here
            /// or not): adapters use it to tell a typed move from other chat.
            pub fn parses(&self, text: &str) -> bool {
                match self { $(GameState::$variant(_) => <$game as HostedGame>::parses(text)),+ }
            }

            /// A legal action to show as an example ([`HostedGame::example_action`]).
            pub fn example_action(&self) -> Option<String> {
                match self { $(GameState::$variant(g) => g.example_action()),+ }
            }

            /// Every legal action, in canonical notation.
            pub fn legal_actions(&self) -> Vec<String> {
                match self { $(GameState::$variant(g) => g.legal_actions()),+ }
            }

            /// The end of the game by rule, if it has ended.
            pub fn outcome(&self) -> Option<GameOutcome> {
                match self { $(GameState::$variant(g) => g.outcome()),+ }
            }

            /// Actions played so far.
            pub fn action_count(&self) -> usize {
                match self { $(GameState::$variant(g) => g.action_count()),+ }
            }

            /// The move number as players count it ("Move 7").
            pub fn move_number(&self) -> u32 {
                match self { $(GameState::$variant(g) => g.move_number()),+ }
            }

            /// Where the game stands instead of a bare move number ("Move 7";
            /// Takkure: "Half 1, time box 4, home 0 - away 1: the second action").
            pub fn step_line(&self) -> String {
                match self { $(GameState::$variant(g) => g.step_line()),+ }
            }

            /// The actions so far, in canonical notation.
            pub fn actions(&self) -> Vec<String> {
                match self { $(GameState::$variant(g) => g.actions()),+ }
            }

            /// The state in one line (TPS for Tak), stored beside the move list.
            pub fn snapshot(&self) -> String {
                match self { $(GameState::$variant(g) => g.snapshot()),+ }
            }

            /// A note for the player to move, if the next action is unusual
            /// (the swap opening, RULINGS Tak 2).
            pub fn turn_note(&self) -> Option<String> {
                match self { $(GameState::$variant(g) => g.turn_note()),+ }
            }

            /// The board as text.
            pub fn text_board(&self) -> String {
                match self { $(GameState::$variant(g) => g.text_board()),+ }
            }

            /// The computer's action ([`HostedGame::computer_move`]); blocking.
            pub fn computer_move(&self, level: u8, seed: u64) -> Option<String> {
                match self { $(GameState::$variant(g) => g.computer_move(level, seed)),+ }
            }

            /// The computer's judgement for `seat` ([`HostedGame::computer_judgement`]).
            pub fn computer_judgement(&self, seat: Seat) -> Option<i32> {
                match self { $(GameState::$variant(g) => g.computer_judgement(seat)),+ }
            }

            /// The computer's view of every position ([`HostedGame::computer_evaluation`]); blocking.
            pub fn computer_evaluation(&self, budget: &Budget) -> Option<Evaluations> {
                match self { $(GameState::$variant(g) => g.computer_evaluation(budget)),+ }
            }

            /// The game as a file in its notation.
            pub fn export(&self, meta: &ExportMeta) -> Export {
                match self { $(GameState::$variant(g) => g.export(meta)),+ }
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

impl GameKind {
    pub fn parse(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl GameSettings {
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
        rank_actions(self.kind(), self.legal_actions(), typed, limit)
    }
}

/// Orders and filters `actions` as [`GameState::suggestions`] describes.
pub fn rank_actions(
    kind: GameKind,
    actions: Vec<String>,
    typed: &str,
    limit: usize,
) -> Vec<String> {
    let typed: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    let typed = kind.typed(&typed);
    let mut ranked: Vec<((u8, bool, usize), String)> = actions
        .into_iter()
        .filter_map(|action| {
            let completion = kind.completion(&action);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn tak(size: u8) -> GameSettings {
        GameSettings::Tak(TakSettings::standard(size).unwrap())
    }

    #[test]
    fn settings_round_trip_through_json() {
        let mut s = TakSettings::standard(6).unwrap();
        s.komi_halves = 4;
        s.swap = false;
        let settings = GameSettings::Tak(s);
        let json = settings.to_json();
        assert!(json.contains("\"game\":\"tak\""), "{json}");
        assert_eq!(GameSettings::from_json(&json).unwrap(), settings);
        assert_eq!(
            settings.describe(),
            "Tak 6x6, komi 2, no swap, 30 stones and 1 capstone each"
        );
        // A stored size out of range is refused (RULINGS Tak 1).
        let bad = json.replace("\"size\":6", "\"size\":9");
        assert!(GameSettings::from_json(&bad).is_err());
    }

    #[test]
    fn awaiting_follows_the_engine_and_ends_with_the_game() {
        // RULINGS Tak 2, 4a: Player 1 (White) first; a road ends the game.
        let mut game = GameState::new(&tak(3)).unwrap();
        assert_eq!(game.awaiting(), Some(Seat::Player1));
        assert!(game.turn_note().is_some());
        for mv in ["a3", "a1", "b1", "b3"] {
            let played = game.play(mv).unwrap();
            assert!(played.outcome.is_none());
        }
        let played = game.play("c1").unwrap();
        assert_eq!(played.notation, "c1");
        let outcome = played.outcome.unwrap();
        assert_eq!(outcome.result, "R-0");
        assert_eq!(outcome.winner, Some(Seat::Player1));
        assert_eq!(game.awaiting(), None);
        assert!(game.legal_actions().is_empty());
    }

    #[test]
    fn illegal_actions_change_nothing_and_say_why() {
        let mut game = GameState::new(&tak(5)).unwrap();
        let before = game.snapshot();
        assert!(game
            .play("Sa1")
            .unwrap_err()
            .to_string()
            .contains("opening"));
        assert!(matches!(game.play("z9"), Err(GameError::Parse(e)) if e.contains("not a move")));
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 0);
    }

    #[test]
    fn tak_is_flagged_after_a_road_threat() {
        // RULINGS Tak 8: on 4x4, White flats on a1, b1 and c1 threaten d1.
        let mut game = GameState::new(&tak(4)).unwrap();
        for mv in ["d4", "a1", "b1", "d3"] {
            assert_eq!(game.play(mv).unwrap().note, None, "{mv}");
        }
        assert_eq!(game.play("c1").unwrap().note.as_deref(), Some("Tak!"));
    }

    #[test]
    fn replay_reproduces_the_snapshot() {
        let mut game = GameState::new(&tak(5)).unwrap();
        for mv in ["a1", "e5", "c3", "Cc2", "Sb3", "1c2+1"] {
            game.play(mv).unwrap();
        }
        let again = GameState::replay(&game.settings(), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
        // Canonical notation (RULINGS Tak 7): count 1 and a single drop omitted.
        assert_eq!(game.actions()[5], "c2+");
    }

    #[test]
    fn text_board_shows_tops_heights_and_labels() {
        let mut game = GameState::new(&tak(3)).unwrap();
        for mv in ["a1", "c3", "b1", "b2", "b1<", "Sb1"] {
            game.play(mv).unwrap();
        }
        let board = game.text_board();
        assert_eq!(
            board,
            "3  .   .   W\n2  .   B   .\n1  W2  BS  .\n   a   b   c\nin reserve: white 8 stones; black 7 stones"
        );
    }

    fn takat() -> GameSettings {
        GameSettings::Takat(TakatSettings::default())
    }

    #[test]
    fn takat_settings_are_stored_by_kind_name() {
        let json = takat().to_json();
        assert_eq!(json, r#"{"game":"takat"}"#);
        assert_eq!(GameSettings::from_json(&json).unwrap(), takat());
        assert_eq!(takat().kind(), GameKind::Takat);
        assert_eq!(GameKind::parse("TAKAT"), Some(GameKind::Takat));
        assert_eq!(takat().seat_name(Seat::Player1), "white");
        assert_eq!(takat().describe(), "Takat, 6 white pieces against 15 black");
    }

    #[test]
    fn takat_plays_through_the_enum() {
        // RULINGS Takat 2, 4: White (Player 1) first; Black must then enter.
        let mut game = GameState::new(&takat()).unwrap();
        assert_eq!(game.awaiting(), Some(Seat::Player1));
        assert_eq!(game.snapshot(), "x/x/x/x/x/x/x w -");
        assert_eq!(
            game.legal_actions(),
            ["+N", "+NE", "+SE", "+S", "+SW", "+NW"]
        );
        let played = game.play(" n ").unwrap();
        assert_eq!(played.notation, "+N");
        assert!(played.note.is_none() && played.outcome.is_none());
        assert_eq!(game.awaiting(), Some(Seat::Player2));
        assert!(game.turn_note().unwrap().contains("must enter"));
        let before = game.snapshot();
        for (bad, why) in [
            ("N-C", "Black must enter"),
            ("+C", "centre"),
            ("+N", "occupied"),
            ("E", "not a cell"),
            ("", "no turn given"),
            ("C--N", "cannot read"),
        ] {
            let err = game.play(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 1);
        game.play("+ne").unwrap();
        // RULINGS Takat 7: the piece just entered may not be moved.
        assert!(game
            .play("NE-C")
            .unwrap_err()
            .to_string()
            .contains("just moved"));
        assert_eq!(game.actions(), ["+N", "+NE"]);
        let again = GameState::replay(&takat(), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
    }

    #[test]
    fn takat_ends_with_result_strings_and_reasons() {
        // RULINGS Takat 8: a player with no legal turn loses.
        let black_wins =
            "+N +NE +S +SE NE-SE +NW +SW N-NW S-SW NW-SW +S +N NW-C N-C +NE +N +NW NE-N";
        let moves: Vec<&str> = black_wins.split(' ').collect();
        let mut game = GameState::replay(&takat(), &moves[..moves.len() - 1]).unwrap();
        let outcome = game.play("ne-n").unwrap().outcome.unwrap();
        assert_eq!(outcome.result, "0-1");
        assert_eq!(outcome.winner, Some(Seat::Player2));
        assert_eq!(outcome.reason, "white has no legal turn");
        assert_eq!(game.awaiting(), None);
        assert!(game.legal_actions().is_empty());
        assert!(game.turn_note().is_none());
        assert_eq!(
            game.play("+S").unwrap_err(),
            GameError::Illegal("the game is over".into())
        );
    }

    #[test]
    fn takat_export_is_a_record_that_replays() {
        let mut game = GameState::new(&takat()).unwrap();
        for turn in ["+N", "+S", "N-C"] {
            game.play(turn).unwrap();
        }
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob \"b\"".into()],
            date: "2026.01.31".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        assert_eq!(export.extension, "takat");
        assert!(export.viewer_link.is_none());
        assert_eq!(
            export.text,
            "[Game \"Takat\"]\n[White \"alice\"]\n[Black \"bob \\\"b\\\"\"]\n[Date \"2026-01-31\"]\n[Result \"*\"]\n[Site \"taktable\"]\n\n+N\n+S\nN-C\n"
        );
        let record = takat::parse_record(&export.text).unwrap();
        assert_eq!(record.tag("Black"), Some("bob \"b\""));
        assert_eq!(
            record.final_position().unwrap().to_string(),
            game.snapshot()
        );
    }

    #[test]
    fn takat_text_board_is_the_hexagon() {
        let mut game = GameState::new(&takat()).unwrap();
        for turn in ["+N", "+NE", "N-C", "NE-C", "+SW"] {
            game.play(turn).unwrap();
        }
        assert_eq!(
            game.text_board(),
            "         N*  .\n\
             NW  .              NE  .\n\
             \x20        C   wb\n\
             SW* w              SE* .\n\
             \x20        S   .\n\
             in hand: white 4; black 14 (stacks bottom to top, * red cell)"
        );
    }

    #[test]
    fn export_has_the_required_tags_and_a_viewer_link() {
        let mut game = GameState::new(&tak(5)).unwrap();
        game.play("a1").unwrap();
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.01".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        for tag in [
            "[Player1 \"alice\"]",
            "[Player2 \"bob\"]",
            "[Date \"2026.01.01\"]",
            "[Size \"5\"]",
            "[Komi \"0\"]",
            "[Flats \"21\"]",
            "[Caps \"1\"]",
            "[Result \"*\"]",
            "[Site \"taktable\"]",
        ] {
            assert!(export.text.contains(tag), "{tag} in {}", export.text);
        }
        let link = export.viewer_link.unwrap();
        let compressed = link.strip_prefix("https://ptn.ninja/").unwrap();
        let back = lz_str::decompress_from_encoded_uri_component(compressed).unwrap();
        assert_eq!(String::from_utf16(&back).unwrap(), export.text);
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn suggestions_are_exact_then_prefix_then_contains_placements_first_shorter_first() {
        let moves = strings(&["2a1>11", "a1>", "Sa1", "a1", "Ca1", "a2", "b1", "a1+"]);
        assert_eq!(
            rank_actions(GameKind::Tak, moves.clone(), "a1", 25),
            strings(&["a1", "a1+", "a1>", "Ca1", "Sa1", "2a1>11"])
        );
        assert_eq!(
            rank_actions(GameKind::Tak, moves.clone(), "", 4),
            strings(&["a1", "a2", "b1", "Ca1"])
        );
        assert_eq!(
            rank_actions(GameKind::Tak, moves, " S A", 25),
            strings(&["Sa1"])
        );
        // Takat: `ne` is typed for the entry `+NE`; a typed `+` asks for entries only.
        let takat = strings(&["C-NE", "+NE", "+N", "NE-C", "N-C"]);
        assert_eq!(
            rank_actions(GameKind::Takat, takat.clone(), "ne", 25),
            strings(&["+NE", "NE-C", "C-NE"])
        );
        assert_eq!(
            rank_actions(GameKind::Takat, takat.clone(), "+n", 25),
            strings(&["+N", "+NE"])
        );
        assert_eq!(
            rank_actions(GameKind::Takat, takat, "n", 25),
            strings(&["+N", "+NE", "N-C", "NE-C", "C-NE"])
        );
    }

    #[test]
    fn a_game_starts_from_its_snapshot() {
        let mut tak = GameState::new(&tak(5)).unwrap();
        for mv in ["a1", "e5", "c3"] {
            tak.play(mv).unwrap();
        }
        let again = GameState::from_snapshot(&tak.settings(), &tak.snapshot()).unwrap();
        assert_eq!(again.snapshot(), tak.snapshot());
        assert_eq!(again.awaiting(), tak.awaiting());
        assert!(matches!(
            GameState::from_snapshot(&takat(), "x/x"),
            Err(GameError::Settings(_))
        ));
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
        }
    }
}
