//! What a Tak picture shows, as plain data ([`TakBoardView`]), and how it
//! is read from the rules engine's position.

use crate::games::tak::{self, Color, Move, Role, Square};
use crate::render::Side;

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneKind {
    Flat,
    /// A standing stone.
    Wall,
    Cap,
}

/// One piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stone {
    pub side: Side,
    pub kind: StoneKind,
}

impl Stone {
    pub const fn new(side: Side, kind: StoneKind) -> Stone {
        Stone { side, kind }
    }
}

/// Pieces a player has not placed yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reserve {
    pub stones: u32,
    pub caps: u32,
}

impl Reserve {
    /// The standard reserve for a board of `size` (RULINGS Tak 1).
    pub fn standard(size: usize) -> Reserve {
        let (stones, caps) = match size {
            0..=3 => (10, 0),
            4 => (15, 0),
            5 => (21, 1),
            6 => (30, 1),
            7 => (40, 2),
            _ => (50, 2),
        };
        Reserve { stones, caps }
    }

    /// Stones and capstones together.
    pub fn total(self) -> u32 {
        self.stones.saturating_add(self.caps)
    }
}

/// Everything the picture of a Tak position shows, as plain data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TakBoardView {
    /// Squares per side, 3..=8 (others are clamped).
    pub size: usize,
    /// Stacks by square, index = rank * size + file (a1 = 0, bottom left),
    /// each bottom to top. Missing entries are empty squares; extra ones
    /// are ignored.
    pub stacks: Vec<Vec<Stone>>,
    /// Squares the last move left or entered.
    pub last_move: Vec<usize>,
    /// Squares of the winning road, edge to edge; empty if none.
    pub road: Vec<usize>,
    /// Whether each player (white, black) could complete a road with their
    /// next ply: a "Tak!" chip on their card (RULINGS Tak 8).
    pub threats: [bool; 2],
    /// White's name, black's name.
    pub players: [String; 2],
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Side>,
    /// The move number (PTN: a move is a white ply and a black ply).
    pub move_number: u32,
    /// Pieces left in reserve, white then black.
    pub reserves: [Reserve; 2],
    /// Top flats on the board, white then black.
    pub flats: [u32; 2],
    /// Komi in half points (5 = 2.5), added to Black.
    pub komi_half: i8,
    /// The result in PTN (`R-0`, `0-F`, `1/2-1/2`, ...) once the game is over.
    pub result: Option<String>,
    /// The position as TPS, for the alt text (empty: none).
    pub tps: String,
    /// The last move in PTN, for the alt text.
    pub last_notation: Option<String>,
}

impl TakBoardView {
    /// An empty board of `size` with standard reserves, White to move at
    /// move 1.
    pub fn new(size: usize) -> TakBoardView {
        TakBoardView {
            size,
            stacks: vec![Vec::new(); size.saturating_mul(size).min(64)],
            players: ["White".into(), "Black".into()],
            to_move: Some(Side::White),
            move_number: 1,
            reserves: [Reserve::standard(size); 2],
            ..TakBoardView::default()
        }
    }

    /// The stack on square `sq` (empty if none).
    pub fn stack(&self, sq: usize) -> &[Stone] {
        self.stacks.get(sq).map_or(&[], Vec::as_slice)
    }

    /// The picture of a game: `position`, reached from `start` by `moves`
    /// (the last one highlighted), with the players' names.
    pub fn of_game(
        start: &tak::Position,
        position: &tak::Position,
        moves: &[Move],
        players: [String; 2],
    ) -> TakBoardView {
        let last = moves.last().copied();
        let mut view = TakBoardView::from_position(position, players, last);
        view.last_notation = last.map(|mv| last_move_ptn(start, position, moves, mv));
        view
    }

    /// The picture's data for `position`: its stacks, reserves, flats,
    /// komi, road threats and result, the road if one won, with the
    /// players' names and the squares of `last_move` (the move that led
    /// here) highlighted.
    pub fn from_position(
        position: &tak::Position,
        players: [String; 2],
        last_move: Option<Move>,
    ) -> TakBoardView {
        let size = position.size();
        let mut view = TakBoardView::new(size as usize);
        for square in Square::all(size) {
            view.stacks[view_index(square, size)] = position
                .stack(square)
                .pieces()
                .map(|p| Stone::new(side(p.color), kind(p.role)))
                .collect();
        }
        view.players = players;
        view.last_move = last_move
            .map(|mv| {
                mv.touched_squares(size)
                    .into_iter()
                    .filter(|s| s.is_on(size))
                    .map(|s| view_index(s, size))
                    .collect()
            })
            .unwrap_or_default();
        view.last_notation = last_move.map(|mv| mv.to_string());
        view.road = position
            .winning_road()
            .into_iter()
            .map(|s| view_index(s, size))
            .collect();
        view.threats = Color::ALL.map(|c| !position.road_wins_for(c).is_empty());
        view.to_move = (!position.is_over()).then(|| side(position.to_move()));
        // The move number of the last ply once the game is over.
        view.move_number = if position.is_over() && position.to_move() == Color::White {
            position.move_number().saturating_sub(1).max(1)
        } else {
            position.move_number()
        };
        view.reserves = Color::ALL.map(|c| Reserve {
            stones: position.stones_left(c) as u32,
            caps: position.caps_left(c) as u32,
        });
        view.flats = position.flat_counts();
        view.komi_half = position.rules().komi.halves();
        view.result = position.outcome().map(|o| o.result_string().to_string());
        view.tps = position.tps();
        view
    }
}

/// The canonical PTN of `last`, the move that led from the position before
/// to `position`. The position after a move shows all of it but one thing:
/// whether a capstone dropped alone on the last square flattened a wall
/// (`*`). Only then is the game replayed from `start` to find out.
fn last_move_ptn(
    start: &tak::Position,
    position: &tak::Position,
    moves: &[Move],
    last: Move,
) -> String {
    let ambiguous = match last {
        Move::Place { .. } => false,
        Move::Spread { drops, .. } => {
            let size = position.size();
            let end = last.touched_squares(size).last().copied();
            let stack = end.map(|sq| position.stack(sq));
            drops.last() == 1
                && stack.is_some_and(|s| s.top_role() == Some(Role::Cap) && s.height() >= 2)
        }
    };
    if !ambiguous {
        return last.to_string();
    }
    let mut before = start.clone();
    for &mv in &moves[..moves.len() - 1] {
        if before.play(mv).is_err() {
            return last.to_string();
        }
    }
    before.ptn(last)
}

fn side(color: Color) -> Side {
    match color {
        Color::White => Side::White,
        Color::Black => Side::Black,
    }
}

fn kind(role: Role) -> StoneKind {
    match role {
        Role::Flat => StoneKind::Flat,
        Role::Wall => StoneKind::Wall,
        Role::Cap => StoneKind::Cap,
    }
}

/// The view's index of an engine square (the view numbers squares
/// `rank * size + file`, the engine `rank * 8 + file`).
fn view_index(square: Square, size: u8) -> usize {
    square.rank() as usize * size as usize + square.file() as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::Position;
    use crate::render::Picture;

    #[test]
    fn the_view_mirrors_the_position() {
        let p = Position::from_tps_standard("x5/x5/x2,12C,x2/x5/1,x4 2 3").unwrap();
        let mv: Move = "c3-".parse().unwrap();
        let view = TakBoardView::from_position(&p, ["al".into(), "bo".into()], Some(mv));
        assert_eq!(view.size, 5);
        assert_eq!(
            view.stack(12),
            &[
                Stone::new(Side::White, StoneKind::Flat),
                Stone::new(Side::Black, StoneKind::Cap)
            ]
        );
        assert_eq!(view.stack(0), &[Stone::new(Side::White, StoneKind::Flat)]);
        assert_eq!(view.last_move, vec![12, 7]);
        assert_eq!(view.to_move, Some(Side::Black));
        assert_eq!(
            view.reserves[1],
            Reserve {
                stones: 21,
                caps: 0
            }
        );
        assert_eq!(
            view.reserves[0],
            Reserve {
                stones: 19,
                caps: 1
            }
        );
        assert_eq!(view.flats, [1, 0]);
        assert_eq!(view.threats, [false, false]);
        assert!(view.result.is_none());
        assert_eq!(
            view.alt_text(),
            "Tak board, TPS x5/x5/x2,12C,x2/x5/1,x4 2 3 (last move c3-)"
        );
    }

    #[test]
    fn a_won_game_shows_its_road_and_result() {
        // RULINGS Tak 5: the road along rank 2 alone is framed, not the
        // branch c3-c4 that touches it.
        let mut p =
            Position::from_tps_standard("x5/x2,1,x2/2,2,1,2,x/1,1,1,1,x/2,2,x3 1 6").unwrap();
        p.play("e2".parse().unwrap()).unwrap();
        let view = TakBoardView::from_position(&p, ["a".into(), "b".into()], None);
        assert_eq!(view.result.as_deref(), Some("R-0"));
        assert_eq!(view.to_move, None);
        assert_eq!(view.road, vec![5, 6, 7, 8, 9]);
    }

    #[test]
    fn a_road_threat_is_seen_for_either_player() {
        // RULINGS Tak 8: White has a1-d1 and e1 is free: White threatens a
        // road, Black (three in a row) does not.
        let p = Position::from_tps_standard("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5").unwrap();
        let view = TakBoardView::from_position(&p, ["a".into(), "b".into()], None);
        assert_eq!(view.threats, [true, false]);
        // A black wall on e1 removes it.
        let p = Position::from_tps_standard("x5/x5/x5/2,2,2,x2/1,1,1,1,2S 1 6").unwrap();
        let view = TakBoardView::from_position(&p, ["a".into(), "b".into()], None);
        assert_eq!(view.threats, [false, false]);
    }

    #[test]
    fn the_last_move_is_written_as_canonical_ptn() {
        // RULINGS Tak 7: `*` marks a capstone flattening a wall, which the
        // position after the move cannot show by itself.
        let start = Position::from_tps_standard("x5/x5/x2,2S,x2/x2,1C,x2/x5 1 4").unwrap();
        let mut game = start.clone();
        let moves: Vec<Move> = ["c2+"].iter().map(|m| m.parse().unwrap()).collect();
        game.play(moves[0]).unwrap();
        let view = TakBoardView::of_game(&start, &game, &moves, ["a".into(), "b".into()]);
        assert_eq!(view.last_notation.as_deref(), Some("c2+*"));
        // The same move onto a flat: no mark.
        let start = Position::from_tps_standard("x5/x5/x2,2,x2/x2,1C,x2/x5 1 4").unwrap();
        let mut game = start.clone();
        game.play(moves[0]).unwrap();
        let view = TakBoardView::of_game(&start, &game, &moves, ["a".into(), "b".into()]);
        assert_eq!(view.last_notation.as_deref(), Some("c2+"));
        let view = TakBoardView::of_game(&start, &start, &[], ["a".into(), "b".into()]);
        assert_eq!(view.alt_text(), format!("Tak board, TPS {}", start.tps()));
    }
}
