//! What a Takat picture shows, as plain data ([`TakatBoardView`]), and how
//! it is read from the rules engine's position.

use crate::games::takat::{self, Cell, Safety};
use crate::render::Side;

/// The cells in view order (the engine's [`Cell::ALL`]): the centre, then
/// the ring clockwise from the top.
pub const CELL_NAMES: [&str; 7] = ["C", "N", "NE", "SE", "S", "SW", "NW"];

/// Whether each cell (view order) is red: `N`, `SE` and `SW`.
pub const RED: [bool; 7] = [false, true, false, true, false, true, false];

/// How many discs of a stack are drawn; a taller stack (only an odd view
/// has one: a stack of six ends the game) shows its top six and its height.
pub const MAX_DRAWN: usize = 6;

/// The marking of a stack's top piece (RULINGS Takat 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SafeMark {
    /// Either player may move it.
    #[default]
    None,
    /// Only its owner may move it: one ring.
    Safe,
    /// No one may move it: two rings.
    Permanent,
}

/// Everything the picture of a Takat position shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakatBoardView {
    /// Stacks by cell in view order (`C`, `N`, `NE`, `SE`, `S`, `SW`,
    /// `NW`), each bottom to top. Missing entries are empty cells; extra
    /// ones are ignored.
    pub stacks: Vec<Vec<Side>>,
    /// The marking of each cell's top piece (view order; missing: none).
    pub safe: Vec<SafeMark>,
    /// Cells (view order) the last turn left or entered.
    pub last_turn: Vec<usize>,
    /// The last turn in notation (`C-NE`), if any.
    pub last_notation: Option<String>,
    /// White's name, black's name.
    pub players: [String; 2],
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Side>,
    /// Turns played so far.
    pub turns_played: u32,
    /// Pieces in hand, white then black.
    pub in_hand: [u32; 2],
    /// Black must enter a piece this turn (RULINGS Takat 4).
    pub must_enter: bool,
    /// `1-0` or `0-1` once the game is over.
    pub result: Option<String>,
    /// What decided it: "a stack of six", "black has no legal turn".
    pub reason: Option<String>,
    /// The position in Takat's notation, for the alt text (empty: none).
    pub position: String,
}

impl Default for TakatBoardView {
    /// The start: an empty board, all pieces in hand, White to move.
    fn default() -> Self {
        TakatBoardView {
            stacks: vec![Vec::new(); 7],
            safe: vec![SafeMark::None; 7],
            last_turn: Vec::new(),
            last_notation: None,
            players: ["White".into(), "Black".into()],
            to_move: Some(Side::White),
            turns_played: 0,
            in_hand: [6, 15],
            must_enter: false,
            result: None,
            reason: None,
            position: String::new(),
        }
    }
}

fn side(color: takat::Color) -> Side {
    match color {
        takat::Color::White => Side::White,
        takat::Color::Black => Side::Black,
    }
}

impl TakatBoardView {
    /// The picture of a game: `position` after `turns` (the last one
    /// highlighted), with the players' names.
    pub fn of_game(
        position: &takat::Position,
        turns: &[takat::Turn],
        players: [String; 2],
    ) -> TakatBoardView {
        TakatBoardView::from_position(position, players, turns.last().copied())
            .with_turns_played(turns.len())
    }

    /// The picture's data for `position`, with the players' names and the
    /// cells of the turn that led here highlighted. `turns_played` is left
    /// at 0: the position does not know it (see [`TakatBoardView::with_turns_played`]).
    pub fn from_position(
        position: &takat::Position,
        players: [String; 2],
        last_turn: Option<takat::Turn>,
    ) -> TakatBoardView {
        let outcome = position.outcome();
        TakatBoardView {
            stacks: Cell::ALL
                .iter()
                .map(|&c| position.stack(c).iter().map(|&p| side(p)).collect())
                .collect(),
            safe: Cell::ALL
                .iter()
                .map(|&c| match position.safety(c) {
                    Safety::Unsafe => SafeMark::None,
                    Safety::Safe => SafeMark::Safe,
                    Safety::PermanentlySafe => SafeMark::Permanent,
                })
                .collect(),
            last_turn: match last_turn {
                Some(takat::Turn::Enter(c)) => vec![c.index()],
                Some(takat::Turn::Move { from, to }) => vec![from.index(), to.index()],
                None => Vec::new(),
            },
            last_notation: last_turn.map(|t| t.to_string()),
            players,
            to_move: outcome.is_none().then(|| side(position.to_move())),
            turns_played: 0,
            in_hand: takat::Color::ALL.map(|c| position.in_hand(c) as u32),
            must_enter: outcome.is_none() && position.must_enter(),
            result: outcome.map(|o| {
                match o.winner {
                    takat::Color::White => "1-0",
                    takat::Color::Black => "0-1",
                }
                .to_string()
            }),
            reason: outcome.map(|o| match o.reason {
                takat::WinReason::StackOfSix => "a stack of six".to_string(),
                takat::WinReason::NoLegalTurn => format!(
                    "{} has no legal turn",
                    o.winner.other().name().to_lowercase()
                ),
            }),
            position: position.to_string(),
        }
    }

    /// The same view, saying that `n` turns have been played.
    pub fn with_turns_played(mut self, n: usize) -> TakatBoardView {
        self.turns_played = n.min(u32::MAX as usize) as u32;
        self
    }

    /// The stack on cell `i` (view order; empty if none).
    pub fn stack(&self, i: usize) -> &[Side] {
        self.stacks.get(i).map_or(&[], Vec::as_slice)
    }

    /// The marking of cell `i`'s top piece.
    pub fn mark(&self, i: usize) -> SafeMark {
        if self.stack(i).is_empty() {
            SafeMark::None
        } else {
            self.safe.get(i).copied().unwrap_or_default()
        }
    }
}

/// A mid-game view for previews, docs and benchmarks: stacks of one to
/// five, safe and permanently safe tops, the last turn `C-NE`.
pub fn sample_midgame() -> TakatBoardView {
    let pos: takat::Position = "bwb/bbb/wbw/ww/x/bw/b w NE"
        .parse()
        .unwrap_or_else(|_| takat::Position::start());
    let last = Some(takat::Turn::Move {
        from: Cell::C,
        to: Cell::NE,
    });
    TakatBoardView::from_position(&pos, ["Alice".into(), "Bob".into()], last).with_turns_played(17)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Picture;

    #[test]
    fn the_view_mirrors_the_position() {
        let pos: takat::Position = "bbw/www/x/bb/x/x/b b C".parse().unwrap();
        let last = Some(takat::Turn::Move {
            from: Cell::NE,
            to: Cell::C,
        });
        let view = TakatBoardView::from_position(&pos, ["a".into(), "b".into()], last);
        assert_eq!(view.stack(0), &[Side::Black, Side::Black, Side::White]);
        assert_eq!(view.mark(0), SafeMark::None);
        // N is red: three White in a row there are permanently safe.
        assert_eq!(view.mark(1), SafeMark::Permanent);
        assert_eq!(view.mark(3), SafeMark::Safe);
        assert_eq!(view.last_turn, vec![2, 0]);
        assert_eq!(view.last_notation.as_deref(), Some("NE-C"));
        assert_eq!(view.in_hand, [2, 10]);
        assert_eq!(view.to_move, Some(Side::Black));
        // Black has five on the board against White's four: not bound.
        assert!(!view.must_enter);
        assert!(view.result.is_none());
        let entered: takat::Position = "x/w/x/x/x/x/x b N".parse().unwrap();
        let view = TakatBoardView::from_position(&entered, ["a".into(), "b".into()], None);
        assert!(view.must_enter);
        let view = TakatBoardView::from_position(&pos, ["a".into(), "b".into()], last);
        assert_eq!(
            view.alt_text(),
            "Takat board, position bbw/www/x/bb/x/x/b b C (last turn NE-C)"
        );
    }
}
