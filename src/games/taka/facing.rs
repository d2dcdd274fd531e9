//! Facing: the side of its carrier the ball sits on (RULINGS Taka 3).

use std::fmt;

use super::square::Direction;

/// Which way a carrier faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Facing {
    N,
    E,
    S,
    W,
}

impl Facing {
    pub const ALL: [Facing; 4] = [Facing::N, Facing::E, Facing::S, Facing::W];

    pub const fn char(self) -> char {
        match self {
            Facing::N => 'N',
            Facing::E => 'E',
            Facing::S => 'S',
            Facing::W => 'W',
        }
    }

    /// The facing for a letter `N`/`E`/`S`/`W` in either case.
    pub const fn from_char(c: char) -> Option<Facing> {
        match c {
            'n' | 'N' => Some(Facing::N),
            'e' | 'E' => Some(Facing::E),
            's' | 'S' => Some(Facing::S),
            'w' | 'W' => Some(Facing::W),
            _ => None,
        }
    }

    pub const fn direction(self) -> Direction {
        match self {
            Facing::N => Direction::N,
            Facing::E => Direction::E,
            Facing::S => Direction::S,
            Facing::W => Direction::W,
        }
    }

    /// Whether `dir` is one of the five open directions: the facing, its two
    /// perpendiculars and the two diagonals between them. The back and the
    /// two back diagonals are closed (RULINGS Taka 3).
    pub const fn is_open(self, dir: Direction) -> bool {
        let (fr, fc) = self.direction().delta();
        let (dr, dc) = dir.delta();
        fr * dr + fc * dc >= 0
    }

    /// The facing of the middle piece of a consecutive pass: towards where
    /// the ball came from, the north/south part for a diagonal
    /// (RULINGS Taka 9). `arrival` is the direction the ball travelled.
    pub const fn towards_origin(arrival: Direction) -> Facing {
        match arrival.reverse().delta() {
            (-1, _) => Facing::N,
            (1, _) => Facing::S,
            (_, 1) => Facing::E,
            _ => Facing::W,
        }
    }
}

impl fmt::Display for Facing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_open_three_closed() {
        // RULINGS Taka 3
        for facing in Facing::ALL {
            let open: Vec<_> = Direction::ALL
                .into_iter()
                .filter(|&d| facing.is_open(d))
                .collect();
            assert_eq!(open.len(), 5, "{facing}");
            assert!(!facing.is_open(facing.direction().reverse()));
        }
        assert!(Facing::S.is_open(Direction::E));
        assert!(Facing::S.is_open(Direction::SW));
        assert!(!Facing::S.is_open(Direction::NE));
    }

    #[test]
    fn middle_piece_faces_where_the_ball_came_from() {
        // RULINGS Taka 9: a ball travelling south came from the north.
        assert_eq!(Facing::towards_origin(Direction::S), Facing::N);
        assert_eq!(Facing::towards_origin(Direction::SE), Facing::N);
        assert_eq!(Facing::towards_origin(Direction::NW), Facing::S);
        assert_eq!(Facing::towards_origin(Direction::E), Facing::W);
    }
}
