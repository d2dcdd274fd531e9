//! A game kept as a list of turns: its settings, the position it started
//! from, the position now and the turns between ([`Turns`]). Tak, Takat and
//! Taka are such games; each says in a [`TurnGame`] how its turns read,
//! write and play and what its outcome, board and file look like, and the
//! list of turns is an [`InPlay`] for all of them.

use std::fmt::{Debug, Display};
use std::str::FromStr;

use super::error::GameError;
use super::in_play::{Export, ExportMeta, GameOutcome, InPlay, Played};
use super::judged::Evaluations;
use super::seat::Seat;
use crate::budget::Budget;

/// What a game played turn by turn adds to its list of turns ([`Turns`]).
/// Implemented by a marker type in the game's `hosted.rs`.
pub trait TurnGame: Clone + Debug + 'static {
    /// The hosting's settings ([`super::HostedGame::Settings`]).
    type Settings: Clone + Debug;
    /// The engine's position.
    type Position: Clone + Debug;
    /// One turn, read by its `FromStr` unless [`TurnGame::read`] says
    /// otherwise, written by its `Display` unless [`TurnGame::write`] does.
    type Turn: Copy + Debug + Display + FromStr<Err: Display>;

    /// A turn from text; [`GameError::Parse`] with the parser's words for
    /// text that is not one.
    fn read(text: &str) -> Result<Self::Turn, GameError> {
        text.parse()
            .map_err(|e: <Self::Turn as FromStr>::Err| GameError::Parse(e.to_string()))
    }
    /// The seat to move, `None` once the game is over.
    fn awaiting(position: &Self::Position) -> Option<Seat>;
    /// Every legal turn here.
    fn legal_turns(position: &Self::Position) -> Vec<Self::Turn>;
    /// Plays `turn` if it is legal here ([`GameError::Illegal`] with the
    /// engine's reason, the position unchanged, if not): the turn in
    /// canonical notation and the note said after it (its outcome is
    /// filled in by [`Turns`]).
    fn play(position: &mut Self::Position, turn: Self::Turn) -> Result<Played, GameError>;
    /// `turn` in canonical notation, played from `position`.
    fn write(_position: &Self::Position, turn: Self::Turn) -> String {
        turn.to_string()
    }
    /// The turns played from `start`, in canonical notation (a notation
    /// that needs each turn's position overrides this with a replay).
    fn write_all(_start: &Self::Position, turns: &[Self::Turn]) -> Vec<String> {
        turns.iter().map(ToString::to_string).collect()
    }

    /// The end of `game` by rule, in the game's words.
    fn outcome(game: &Turns<Self>) -> Option<GameOutcome>;
    /// [`InPlay::turn_note`].
    fn turn_note(_position: &Self::Position) -> Option<String> {
        None
    }
    /// [`InPlay::move_number`]; by default one turn of each seat a move.
    fn move_number(game: &Turns<Self>) -> u32 {
        u32::try_from(game.turns.len() / 2 + 1).unwrap_or(u32::MAX)
    }
    /// [`InPlay::snapshot`].
    fn snapshot(position: &Self::Position) -> String;
    /// [`InPlay::text_board`].
    fn text_board(position: &Self::Position) -> String;
    /// [`InPlay::perft`], by the engine.
    fn perft(position: &Self::Position, depth: u32) -> u64;
    /// [`InPlay::export`].
    fn export(game: &Turns<Self>, meta: &ExportMeta) -> Export;
    /// [`InPlay::mark_last`]: by default any turn that reads.
    fn mark_last(game: &mut Turns<Self>, action: &str) -> Result<(), GameError> {
        let turn = Self::read(action)?;
        game.turns.push(turn);
        Ok(())
    }

    /// [`InPlay::computer_move`].
    fn computer_move(position: &Self::Position, level: u8, seed: u64) -> Option<String>;
    /// [`InPlay::computer_judgement`].
    fn computer_judgement(position: &Self::Position, seat: Seat) -> Option<i32>;
    /// [`InPlay::computer_evaluation`].
    fn computer_evaluation(game: &Turns<Self>, budget: &Budget) -> Option<Evaluations>;
}

/// A game of `G` kept as the turns played from its start.
#[derive(Clone, Debug)]
pub struct Turns<G: TurnGame> {
    pub settings: G::Settings,
    pub start: G::Position,
    pub position: G::Position,
    pub turns: Vec<G::Turn>,
}

impl<G: TurnGame> Turns<G> {
    /// A game starting at `start`, no turn played.
    pub fn from_start(settings: &G::Settings, start: G::Position) -> Turns<G> {
        Turns {
            settings: settings.clone(),
            position: start.clone(),
            start,
            turns: Vec::new(),
        }
    }
}

impl<G: TurnGame> InPlay for Turns<G> {
    fn awaiting(&self) -> Option<Seat> {
        G::awaiting(&self.position)
    }

    fn play(&mut self, text: &str) -> Result<Played, GameError> {
        let turn = G::read(text)?;
        let mut played = G::play(&mut self.position, turn)?;
        self.turns.push(turn);
        played.outcome = self.outcome();
        Ok(played)
    }

    fn legal_actions(&self) -> Vec<String> {
        G::legal_turns(&self.position)
            .into_iter()
            .map(|turn| G::write(&self.position, turn))
            .collect()
    }

    fn outcome(&self) -> Option<GameOutcome> {
        G::outcome(self)
    }

    fn turn_note(&self) -> Option<String> {
        G::turn_note(&self.position)
    }

    fn action_count(&self) -> usize {
        self.turns.len()
    }

    fn move_number(&self) -> u32 {
        G::move_number(self)
    }

    fn actions(&self) -> Vec<String> {
        G::write_all(&self.start, &self.turns)
    }

    fn snapshot(&self) -> String {
        G::snapshot(&self.position)
    }

    fn text_board(&self) -> String {
        G::text_board(&self.position)
    }

    fn export(&self, meta: &ExportMeta) -> Export {
        G::export(self, meta)
    }

    fn perft(&self, depth: u32) -> u64 {
        G::perft(&self.position, depth)
    }

    fn mark_last(&mut self, action: &str) -> Result<(), GameError> {
        G::mark_last(self, action)
    }

    fn computer_move(&self, level: u8, seed: u64) -> Option<String> {
        G::computer_move(&self.position, level, seed)
    }

    fn computer_judgement(&self, seat: Seat) -> Option<i32> {
        G::computer_judgement(&self.position, seat)
    }

    fn computer_evaluation(&self, budget: &Budget) -> Option<Evaluations> {
        G::computer_evaluation(self, budget)
    }
}
