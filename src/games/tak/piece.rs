//! Colours, piece roles and pieces.

use std::fmt;

/// A player's colour. Player 1 is White and moves first (RULINGS Tak 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-player arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The player number used by TPS and PTN: 1 for White, 2 for Black.
    pub fn player_number(self) -> u8 {
        self as u8 + 1
    }

    pub fn from_player_number(n: u8) -> Option<Color> {
        match n {
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a piece is. Only the top piece of a stack can be a wall or a capstone:
/// nothing is ever stacked on those.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Role {
    #[default]
    Flat,
    /// A standing stone.
    Wall,
    Cap,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Flat, Role::Wall, Role::Cap];

    /// 0 for a flat, 1 for a wall, 2 for a capstone (the order of
    /// [`Role::ALL`]): an index into per-role arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The PTN letter: none for a flat, `S` for a wall, `C` for a capstone.
    pub fn ptn_prefix(self) -> &'static str {
        match self {
            Role::Flat => "",
            Role::Wall => "S",
            Role::Cap => "C",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Role::Flat => "flat",
            Role::Wall => "wall",
            Role::Cap => "capstone",
        }
    }

    /// Whether a piece of this role can be part of a road (RULINGS Tak 5).
    pub fn is_road(self) -> bool {
        self != Role::Wall
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_indices_follow_the_order_of_all() {
        // Per-role arrays (the zobrist keys, the history table, tally's
        // move kinds) rely on these three indices being 0, 1 and 2.
        for (i, role) in Role::ALL.into_iter().enumerate() {
            assert_eq!(role.index(), i);
        }
        assert_eq!(Role::Wall.index(), 1);
    }
}
