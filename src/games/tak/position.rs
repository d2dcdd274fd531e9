//! A Tak position: the board, the reserves, whose turn it is, and how the
//! game stands. Moves are checked against the rules (texts 001, 002 and
//! RULINGS Tak 1-9) and applied here.

use super::bitboard::Geometry;
use super::error::{DirectionName, MoveError};
use super::moves::Move;
use super::piece::{Color, Piece, Role};
use super::rules::{Opening, Rules};
use super::square::Square;
use super::stack::Stack;

/// How a game ended by rule (RULINGS Tak 4, 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A road for this colour.
    Road(Color),
    /// More flats (with komi) for this colour.
    Flats(Color),
    /// Equal flats (with komi).
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Road(c) | Outcome::Flats(c) => Some(c),
            Outcome::Draw => None,
        }
    }

    /// The PTN result string: `R-0`, `0-R`, `F-0`, `0-F` or `1/2-1/2`.
    pub fn result_string(self) -> &'static str {
        match self {
            Outcome::Road(Color::White) => "R-0",
            Outcome::Road(Color::Black) => "0-R",
            Outcome::Flats(Color::White) => "F-0",
            Outcome::Flats(Color::Black) => "0-F",
            Outcome::Draw => "1/2-1/2",
        }
    }

    pub fn from_result_string(s: &str) -> Option<Outcome> {
        match s {
            "R-0" => Some(Outcome::Road(Color::White)),
            "0-R" => Some(Outcome::Road(Color::Black)),
            "F-0" => Some(Outcome::Flats(Color::White)),
            "0-F" => Some(Outcome::Flats(Color::Black)),
            "1/2-1/2" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

/// What `play_unchecked` needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    flattened: bool,
    outcome: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    rules: Rules,
    stacks: [Stack; 64],
    /// Squares whose top piece is white / black.
    white: u64,
    black: u64,
    /// Squares whose top piece is a wall / a capstone.
    walls: u64,
    caps: u64,
    stones_left: [u8; 2],
    caps_left: [u8; 2],
    to_move: Color,
    /// Plies played since move 1 (the start of the game).
    ply: u32,
    outcome: Option<Outcome>,
}

impl Position {
    /// The empty board of a game with these rules, White to move.
    pub fn new(rules: Rules) -> Position {
        Position {
            rules,
            stacks: [Stack::EMPTY; 64],
            white: 0,
            black: 0,
            walls: 0,
            caps: 0,
            stones_left: rules.stones,
            caps_left: rules.caps,
            to_move: Color::White,
            ply: 0,
            outcome: None,
        }
    }

    /// Builds a position from its parts. Checks nothing but the counts; used
    /// by the TPS parser, which validates.
    pub(crate) fn from_parts(
        rules: Rules,
        stacks: [Stack; 64],
        to_move: Color,
        ply: u32,
    ) -> Result<Position, String> {
        let mut position = Position::new(rules);
        position.stacks = stacks;
        position.to_move = to_move;
        position.ply = ply;
        let mut used_stones = [0usize; 2];
        let mut used_caps = [0usize; 2];
        for sq in Square::all(rules.size) {
            let stack = &position.stacks[sq.index()];
            if let Some(top) = stack.top() {
                let (white, black) = stack.count_by_color();
                used_stones[0] += white;
                used_stones[1] += black;
                if top.role == Role::Cap {
                    used_stones[top.color.index()] -= 1;
                    used_caps[top.color.index()] += 1;
                }
            }
            position.refresh(sq);
        }
        for color in Color::ALL {
            let i = color.index();
            if used_stones[i] > rules.stones[i] as usize {
                return Err(format!(
                    "{color} has {} stones on the board but only {} in the game",
                    used_stones[i], rules.stones[i]
                ));
            }
            if used_caps[i] > rules.caps[i] as usize {
                return Err(format!(
                    "{color} has {} capstones on the board but only {} in the game",
                    used_caps[i], rules.caps[i]
                ));
            }
            position.stones_left[i] = rules.stones[i] - used_stones[i] as u8;
            position.caps_left[i] = rules.caps[i] - used_caps[i] as u8;
        }
        position.outcome = position.rule_outcome(to_move.opponent(), true);
        Ok(position)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn size(&self) -> u8 {
        self.rules.size
    }

    pub(crate) fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.rules.size)
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Plies played since the start of the game.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The PTN move number (a move is a White ply and a Black ply).
    pub fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }

    /// Whether the next ply is one of the two opening plies that place the
    /// opponent's flat (RULINGS Tak 2).
    pub fn in_swap_opening(&self) -> bool {
        self.rules.opening == Opening::Swap && self.ply < 2
    }

    /// The colour of the piece the player to move places: the opponent's in
    /// the swap opening.
    pub fn placing_color(&self) -> Color {
        if self.in_swap_opening() {
            self.to_move.opponent()
        } else {
            self.to_move
        }
    }

    pub fn stack(&self, sq: Square) -> &Stack {
        &self.stacks[sq.index()]
    }

    pub fn top(&self, sq: Square) -> Option<Piece> {
        self.stacks[sq.index()].top()
    }

    pub fn stones_left(&self, color: Color) -> u8 {
        self.stones_left[color.index()]
    }

    pub fn caps_left(&self, color: Color) -> u8 {
        self.caps_left[color.index()]
    }

    /// The game's end by rule, if it has ended.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Squares whose top piece is this colour.
    pub fn controlled(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    pub(crate) fn walls(&self) -> u64 {
        self.walls
    }

    pub(crate) fn caps(&self) -> u64 {
        self.caps
    }

    /// Squares with nothing on them.
    pub fn empty_squares(&self) -> u64 {
        self.geometry().board & !(self.white | self.black)
    }

    /// Squares whose top piece counts for this colour's road.
    pub fn road_pieces(&self, color: Color) -> u64 {
        self.controlled(color) & !self.walls
    }

    /// Top flats of each colour (walls and capstones don't count).
    pub fn flat_counts(&self) -> [u32; 2] {
        let flats = !(self.walls | self.caps);
        [
            (self.white & flats).count_ones(),
            (self.black & flats).count_ones(),
        ]
    }

    /// The squares of the winning road, or nothing if there is none.
    pub fn road_squares(&self) -> Vec<Square> {
        let color = match self.outcome {
            Some(Outcome::Road(c)) => c,
            _ => return Vec::new(),
        };
        let road = self.geometry().road(self.road_pieces(color));
        super::bitboard::Bitboard(road).squares().collect()
    }

    /// Checks a move without playing it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let size = self.size();
        let square = mv.square();
        if !square.is_on(size) {
            return Err(MoveError::OffBoard { square, size });
        }
        match mv {
            Move::Place { square, role } => {
                if !self.stacks[square.index()].is_empty() {
                    return Err(MoveError::Occupied { square });
                }
                let color = self.placing_color();
                if self.in_swap_opening() && role != Role::Flat {
                    return Err(MoveError::OpeningFlatOnly);
                }
                match role {
                    Role::Cap if self.caps_left[color.index()] == 0 => {
                        Err(MoveError::NoCaps { color })
                    }
                    Role::Flat | Role::Wall if self.stones_left[color.index()] == 0 => {
                        Err(MoveError::NoStones { color })
                    }
                    _ => Ok(()),
                }
            }
            Move::Spread {
                square,
                direction,
                drops,
            } => {
                if self.in_swap_opening() {
                    return Err(MoveError::OpeningNoSpread);
                }
                let stack = &self.stacks[square.index()];
                let top = stack.top().ok_or(MoveError::EmptySquare { square })?;
                if top.color != self.to_move {
                    return Err(MoveError::NotYourStack {
                        square,
                        owner: top.color,
                    });
                }
                let count = drops.count();
                if count > self.rules.carry_limit() {
                    return Err(MoveError::CarryLimit {
                        limit: self.rules.carry_limit(),
                        tried: count,
                    });
                }
                if count as usize > stack.height() {
                    return Err(MoveError::NotEnoughPieces {
                        square,
                        height: stack.height(),
                        tried: count,
                    });
                }
                let steps = drops.squares();
                let mut at = square;
                for (i, dropped) in drops.amounts().enumerate() {
                    let next = at.step(direction, size).ok_or(MoveError::RunsOffBoard {
                        from: square,
                        direction: DirectionName(direction),
                        on_board: i as u8,
                    })?;
                    match self.stacks[next.index()].top_role() {
                        Some(Role::Cap) => return Err(MoveError::BlockedByCap { square: next }),
                        Some(Role::Wall) => {
                            let last = i + 1 == steps as usize;
                            if !last || top.role != Role::Cap {
                                return Err(MoveError::BlockedByWall { square: next });
                            }
                            if dropped != 1 {
                                return Err(MoveError::FlattenNotAlone {
                                    square: next,
                                    dropped,
                                });
                            }
                        }
                        _ => {}
                    }
                    at = next;
                }
                Ok(())
            }
        }
    }

    /// Plays a move after checking it; on error nothing changes.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move known to be legal (from `legal_moves` or `check`).
    pub fn play_unchecked(&mut self, mv: Move) -> Undo {
        let mover = self.to_move;
        let previous = self.outcome;
        let mut flattened = false;
        let spread = match mv {
            Move::Place { square, role } => {
                let color = self.placing_color();
                if role == Role::Cap {
                    self.caps_left[color.index()] -= 1;
                } else {
                    self.stones_left[color.index()] -= 1;
                }
                self.stacks[square.index()] = Stack::single(Piece::new(color, role));
                self.refresh(square);
                false
            }
            Move::Spread {
                square,
                direction,
                drops,
            } => {
                let size = self.size();
                let mut carried = self.stacks[square.index()].take(drops.count() as usize);
                self.refresh(square);
                let mut at = square;
                for amount in drops.amounts() {
                    at = at
                        .step(direction, size)
                        .expect("checked move stays on the board");
                    let target = &mut self.stacks[at.index()];
                    if target.top_role() == Some(Role::Wall) {
                        target.flatten_top();
                        flattened = true;
                    }
                    carried = target.drop_from(carried, amount as usize);
                    self.refresh(at);
                }
                true
            }
        };
        self.to_move = mover.opponent();
        self.ply += 1;
        self.outcome = self.rule_outcome(mover, spread);
        Undo {
            flattened,
            outcome: previous,
        }
    }

    /// Takes back a move played with `play_unchecked`.
    pub fn undo(&mut self, mv: Move, undo: Undo) {
        self.ply -= 1;
        self.to_move = self.to_move.opponent();
        self.outcome = undo.outcome;
        match mv {
            Move::Place { square, role } => {
                let color = self.placing_color();
                if role == Role::Cap {
                    self.caps_left[color.index()] += 1;
                } else {
                    self.stones_left[color.index()] += 1;
                }
                self.stacks[square.index()] = Stack::EMPTY;
                self.refresh(square);
            }
            Move::Spread {
                square,
                direction,
                drops,
            } => {
                let size = self.size();
                let steps = drops.squares() as usize;
                let mut at = square;
                for (i, amount) in drops.amounts().enumerate() {
                    at = at.step(direction, size).expect("undoing a played move");
                    let target = &mut self.stacks[at.index()];
                    let back = target.take(amount as usize);
                    if i + 1 == steps && undo.flattened {
                        target.set_top_role(Role::Wall);
                    }
                    self.refresh(at);
                    self.stacks[square.index()].drop_from(back, amount as usize);
                }
                self.refresh(square);
            }
        }
    }

    /// Hands the turn to the opponent without a ply (to ask what the player
    /// who just moved could do next, RULINGS Tak 8).
    pub(crate) fn pass_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.ply += 1;
    }

    /// Updates the bitboards of one square from its stack.
    fn refresh(&mut self, sq: Square) {
        let bit = 1u64 << sq.index();
        self.white &= !bit;
        self.black &= !bit;
        self.walls &= !bit;
        self.caps &= !bit;
        if let Some(top) = self.stacks[sq.index()].top() {
            match top.color {
                Color::White => self.white |= bit,
                Color::Black => self.black |= bit,
            }
            match top.role {
                Role::Wall => self.walls |= bit,
                Role::Cap => self.caps |= bit,
                Role::Flat => {}
            }
        }
    }

    /// The end of the game after `mover`'s ply, by RULINGS Tak 4: the
    /// mover's road, else the opponent's road (only a spread can make one),
    /// else a full board or an empty reserve ends the game on flats.
    fn rule_outcome(&self, mover: Color, check_opponent_road: bool) -> Option<Outcome> {
        let g = self.geometry();
        if g.has_road(self.road_pieces(mover)) {
            return Some(Outcome::Road(mover));
        }
        let opponent = mover.opponent();
        if check_opponent_road && g.has_road(self.road_pieces(opponent)) {
            return Some(Outcome::Road(opponent));
        }
        let full = (self.white | self.black) == g.board;
        let out_of_pieces = Color::ALL
            .iter()
            .any(|c| self.stones_left[c.index()] == 0 && self.caps_left[c.index()] == 0);
        if !(full || out_of_pieces) {
            return None;
        }
        let [white, black] = self.flat_counts();
        let white_halves = white as i32 * 2;
        let black_halves = black as i32 * 2 + self.rules.komi.halves() as i32;
        Some(match white_halves.cmp(&black_halves) {
            std::cmp::Ordering::Greater => Outcome::Flats(Color::White),
            std::cmp::Ordering::Less => Outcome::Flats(Color::Black),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}
