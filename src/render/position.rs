//! Views of the rules engine's positions: what the bot hands the renderer.

use super::tak::{Reserve, Side, Stone, StoneKind, TakBoardView};
use crate::games::tak::{self, Color, Move, Role, Square};

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

impl TakBoardView {
    /// The picture's data for `position`: its stacks, reserves, flats,
    /// komi and result, the road if one won, with the players' names and
    /// the squares of the move that led here highlighted.
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
        view.road = position
            .road_squares()
            .into_iter()
            .map(|s| view_index(s, size))
            .collect();
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
        view
    }
}

/// The alt text of a board picture: the position's TPS and the last move.
pub fn alt_text(position: &tak::Position, last_move: Option<&str>) -> String {
    match last_move {
        Some(mv) => format!("Tak board, TPS {} (last move {mv})", position.tps()),
        None => format!("Tak board, TPS {}", position.tps()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::Position;

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
        assert!(view.result.is_none());
        assert_eq!(
            alt_text(&p, Some("c3-")),
            "Tak board, TPS x5/x5/x2,12C,x2/x5/1,x4 2 3 (last move c3-)"
        );
    }

    #[test]
    fn a_won_game_shows_its_road_and_result() {
        let mut p = Position::from_tps_standard("x5/x5/x5/2,2,2,2,x/1,1,1,1,x 1 5").unwrap();
        p.play("e1".parse().unwrap()).unwrap();
        let view = TakBoardView::from_position(&p, ["a".into(), "b".into()], None);
        assert_eq!(view.result.as_deref(), Some("R-0"));
        assert_eq!(view.to_move, None);
        let mut road = view.road.clone();
        road.sort();
        assert_eq!(road, vec![0, 1, 2, 3, 4]);
    }
}
