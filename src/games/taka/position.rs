//! A Taka position: the board, whose turn it is, the turn number, the score,
//! the settings and the earlier positions (for repetition); playing turns
//! and the outcome.

use super::board::Board;
use super::error::TurnError;
use super::key;
use super::movegen;
use super::outcome::{DrawReason, Outcome, WinReason};
use super::rules;
use super::settings::Settings;
use super::side::Side;
use super::turn::Turn;

/// A position. Build one with [`Position::start`] or from the position
/// format ([`super::tps`]); change it only with [`Position::play`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    to_move: Side,
    /// 1 at the start; goes up after each Black turn.
    turn_number: u16,
    score: [u8; 2],
    settings: Settings,
    /// The positions before this one, as stable hashes of their repetition
    /// key with how often each occurred, sorted by hash.
    history: Vec<(u64, u8)>,
    /// The hash of this position's repetition key.
    key: u64,
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl Position {
    /// The standard formation, White to move, first goal wins, 75 turns
    /// each (RULINGS Taka 2, 15, 16).
    pub fn start() -> Position {
        Position::start_with(Settings::default())
    }

    /// The standard formation with other settings.
    pub fn start_with(settings: Settings) -> Position {
        Position::from_parts(
            Board::standard(),
            Side::White,
            1,
            [0, 0],
            settings,
            Vec::new(),
        )
    }

    /// A position from parts the position format has validated.
    pub(super) fn from_parts(
        board: Board,
        to_move: Side,
        turn_number: u16,
        score: [u8; 2],
        settings: Settings,
        history: Vec<(u64, u8)>,
    ) -> Position {
        Position {
            key: key::repetition_hash(&board, to_move),
            board,
            to_move,
            turn_number,
            score,
            settings,
            history,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// The turn number: 1 at the start, up by one after each Black turn.
    pub fn turn_number(&self) -> u16 {
        self.turn_number
    }

    pub fn score(&self, side: Side) -> u8 {
        self.score[side.index()]
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The earlier positions as (hash, times seen), sorted by hash.
    pub fn history(&self) -> &[(u64, u8)] {
        &self.history
    }

    /// The stable hash of what repetition compares: pieces, balls,
    /// facings, goalies and the side to move (RULINGS Taka 16).
    pub fn repetition_key(&self) -> u64 {
        self.key
    }

    /// How many times this position has occurred, this time included.
    pub fn occurrences(&self) -> u8 {
        let earlier = self
            .history
            .binary_search_by_key(&self.key, |&(h, _)| h)
            .map_or(0, |i| self.history[i].1);
        earlier + 1
    }

    /// The outcome once the game is over: a side reaching the goals it
    /// plays to wins; the third occurrence of a position draws; when the
    /// turn limit runs out the higher score wins and equal scores draw
    /// (RULINGS Taka 15, 16).
    pub fn outcome(&self) -> Option<Outcome> {
        for side in Side::ALL {
            if self.score(side) >= self.settings.goals {
                return Some(Outcome::Win {
                    winner: side,
                    reason: WinReason::Goals,
                });
            }
        }
        if self.occurrences() >= 3 {
            return Some(Outcome::Draw(DrawReason::Repetition));
        }
        if self.turn_number > self.settings.turn_limit {
            let (w, b) = (self.score(Side::White), self.score(Side::Black));
            return Some(match w.cmp(&b) {
                std::cmp::Ordering::Greater => Outcome::Win {
                    winner: Side::White,
                    reason: WinReason::TurnLimit,
                },
                std::cmp::Ordering::Less => Outcome::Win {
                    winner: Side::Black,
                    reason: WinReason::TurnLimit,
                },
                std::cmp::Ordering::Equal => Outcome::Draw(DrawReason::TurnLimit),
            });
        }
        None
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whether a goal by the side to move would end the game.
    pub(super) fn goal_wins(&self) -> bool {
        self.score(self.to_move) + 1 >= self.settings.goals
    }

    /// The position after `turn`, or why it is illegal.
    pub fn after(&self, turn: &Turn) -> Result<Position, TurnError> {
        if self.is_over() {
            return Err(TurnError::GameOver);
        }
        let done = rules::execute(&self.board, self.to_move, self.goal_wins(), turn)?;
        Ok(self.advance(done.board, done.goal))
    }

    /// The next position once a turn known to be legal has produced `board`.
    pub(super) fn advance(&self, board: Board, goal: bool) -> Position {
        let mover = self.to_move;
        let mut score = self.score;
        if goal {
            score[mover.index()] += 1;
        }
        let mut history = self.history.clone();
        match history.binary_search_by_key(&self.key, |&(h, _)| h) {
            Ok(i) => history[i].1 = history[i].1.saturating_add(1),
            Err(i) => history.insert(i, (self.key, 1)),
        }
        let turn_number = match mover {
            Side::White => self.turn_number,
            Side::Black => self.turn_number.saturating_add(1),
        };
        Position::from_parts(
            board,
            mover.other(),
            turn_number,
            score,
            self.settings,
            history,
        )
    }

    /// Whether `turn` is legal here, and if not, why.
    pub fn check(&self, turn: &Turn) -> Result<(), TurnError> {
        self.after(turn).map(|_| ())
    }

    /// Plays `turn` if it is legal; on error the position is unchanged.
    pub fn play(&mut self, turn: &Turn) -> Result<(), TurnError> {
        *self = self.after(turn)?;
        Ok(())
    }

    /// Every legal turn, sorted; empty exactly when the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        if self.is_over() {
            return Vec::new();
        }
        movegen::legal_turns(&self.board, self.to_move, self.goal_wins())
    }
}
