//! TPS, the one-line position format (RULINGS Tak 7):
//! `x5/x5/x5/x5/x5 1 1` — rows from the top rank down, squares separated by
//! `,`, `x`/`xN` for empty squares, stacks as `1`/`2` digits bottom to top
//! with an optional final `S` or `C`, then the player to move and the move
//! number.

use std::fmt::Write;

use super::piece::{Color, Piece, Role};
use super::position::Position;
use super::rules::Rules;
use super::square::{Square, MAX_SIZE, MIN_SIZE};
use super::stack::{Stack, MAX_HEIGHT};

/// Why a string is not a TPS for this game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad TPS: {0}")]
pub struct TpsError(pub String);

fn err<T>(message: impl Into<String>) -> Result<T, TpsError> {
    Err(TpsError(message.into()))
}

/// A TPS split into its parts, before the rules are known.
struct RawTps<'a> {
    rows: Vec<&'a str>,
    to_move: Color,
    move_number: u32,
}

fn split(tps: &str) -> Result<RawTps<'_>, TpsError> {
    let mut text = tps.trim();
    // Accept the PTN tag form `[TPS "..."]` too.
    if let Some(inner) = text.strip_prefix("[TPS").and_then(|t| t.strip_suffix(']')) {
        text = inner.trim().trim_matches('"').trim();
    }
    let parts: Vec<&str> = text.split_whitespace().collect();
    let [board, player, number] = parts[..] else {
        return err(
            "expected three parts: the board, the player to move (1 or 2) and the move number",
        );
    };
    let to_move = match player {
        "1" => Color::White,
        "2" => Color::Black,
        _ => return err(format!("the player to move is 1 or 2, not `{player}`")),
    };
    let move_number = match number.parse::<u32>() {
        Ok(n) if (1..=100_000).contains(&n) => n,
        _ => {
            return err(format!(
                "the move number is a whole number from 1, not `{number}`"
            ))
        }
    };
    let rows: Vec<&str> = board.split('/').collect();
    if !(MIN_SIZE as usize..=MAX_SIZE as usize).contains(&rows.len()) {
        return err(format!("a board has 3 to 8 rows, not {}", rows.len()));
    }
    Ok(RawTps {
        rows,
        to_move,
        move_number,
    })
}

/// The board size a TPS describes.
pub fn tps_size(tps: &str) -> Result<u8, TpsError> {
    Ok(split(tps)?.rows.len() as u8)
}

fn parse_stack(token: &str) -> Result<Stack, TpsError> {
    let bytes = token.as_bytes();
    if bytes.len() > MAX_HEIGHT + 1 {
        return err(format!(
            "a stack of {} pieces is taller than any game allows",
            bytes.len()
        ));
    }
    let (digits, role) = match bytes.last() {
        Some(b'S') => (&bytes[..bytes.len() - 1], Role::Wall),
        Some(b'C') => (&bytes[..bytes.len() - 1], Role::Cap),
        _ => (bytes, Role::Flat),
    };
    if digits.is_empty() {
        return err(format!(
            "`{token}` has no pieces: a stack is digits 1 and 2, then S or C for its top"
        ));
    }
    let mut stack = Stack::EMPTY;
    for (i, d) in digits.iter().enumerate() {
        let color = match d {
            b'1' => Color::White,
            b'2' => Color::Black,
            _ => {
                return err(format!(
                    "`{token}` is not a square: use x for empty, digits 1 and 2 for a stack, S or C only at its end"
                ))
            }
        };
        let role = if i + 1 == digits.len() {
            role
        } else {
            Role::Flat
        };
        stack.push_piece(Piece::new(color, role));
    }
    Ok(stack)
}

impl Position {
    /// The position a TPS describes, in a game with these rules. The TPS
    /// must describe a board of the rules' size, and hold no more pieces
    /// than the reserves allow.
    pub fn from_tps(tps: &str, rules: Rules) -> Result<Position, TpsError> {
        let raw = split(tps)?;
        let size = raw.rows.len();
        if size != rules.size as usize {
            return err(format!(
                "it describes a {size}x{size} board but the game is {0}x{0}",
                rules.size
            ));
        }
        let mut stacks = [Stack::EMPTY; 64];
        for (row_index, row) in raw.rows.iter().enumerate() {
            let rank = (size - 1 - row_index) as u8;
            let mut file = 0usize;
            for token in row.split(',') {
                let token = token.trim();
                if let Some(n) = token.strip_prefix('x') {
                    let n = if n.is_empty() {
                        1
                    } else {
                        match n.parse::<usize>() {
                            Ok(n) if (1..=size).contains(&n) => n,
                            _ => {
                                return err(format!(
                                    "`{token}` is not a run of empty squares (x or x2..x{size})"
                                ))
                            }
                        }
                    };
                    file += n;
                } else {
                    if file < size {
                        let square = Square::new(file as u8, rank).expect("file and rank below 8");
                        stacks[square.index()] = parse_stack(token)?;
                    }
                    file += 1;
                }
                if file > size {
                    return err(format!("rank {} has more than {size} squares", rank + 1));
                }
            }
            if file != size {
                return err(format!("rank {} has {file} squares, not {size}", rank + 1));
            }
        }
        let ply = (raw.move_number - 1) * 2 + (raw.to_move == Color::Black) as u32;
        Position::from_parts(rules, stacks, raw.to_move, ply).map_err(TpsError)
    }

    /// The position a TPS describes, with the standard rules of its size.
    pub fn from_tps_standard(tps: &str) -> Result<Position, TpsError> {
        let size = tps_size(tps)?;
        let rules = Rules::standard(size).map_err(|e| TpsError(e.to_string()))?;
        Position::from_tps(tps, rules)
    }

    /// The TPS of this position.
    pub fn tps(&self) -> String {
        let size = self.size();
        let mut out = String::new();
        for rank in (0..size).rev() {
            let mut empty_run = 0;
            let mut first = true;
            let mut separator = |out: &mut String| {
                if !first {
                    out.push(',');
                }
                first = false;
            };
            for file in 0..size {
                let square = Square::new(file, rank).expect("on the board");
                let stack = self.stack(square);
                if stack.is_empty() {
                    empty_run += 1;
                    continue;
                }
                if empty_run > 0 {
                    separator(&mut out);
                    write_empty_run(&mut out, empty_run);
                    empty_run = 0;
                }
                separator(&mut out);
                for piece in stack.pieces() {
                    out.push(if piece.color == Color::White {
                        '1'
                    } else {
                        '2'
                    });
                }
                match stack.top_role() {
                    Some(Role::Wall) => out.push('S'),
                    Some(Role::Cap) => out.push('C'),
                    _ => {}
                }
            }
            if empty_run > 0 {
                separator(&mut out);
                write_empty_run(&mut out, empty_run);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let _ = write!(
            out,
            " {} {}",
            self.to_move().player_number(),
            self.move_number()
        );
        out
    }
}

fn write_empty_run(out: &mut String, run: u8) {
    out.push('x');
    if run > 1 {
        let _ = write!(out, "{run}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_round_trips() {
        // RULINGS Tak 7: `x5/x5/x5/x5/x5 1 1` is the empty 5x5 board, White to move.
        let p = Position::from_tps_standard("x5/x5/x5/x5/x5 1 1").unwrap();
        assert_eq!(p, Position::new(Rules::standard(5).unwrap()));
        assert_eq!(p.tps(), "x5/x5/x5/x5/x5 1 1");
        let tagged = Position::from_tps_standard("[TPS \"x3/x3/x3 1 1\"]").unwrap();
        assert_eq!(tagged.tps(), "x3/x3/x3 1 1");
    }

    #[test]
    fn stacks_read_bottom_to_top_with_the_top_role_last() {
        let p = Position::from_tps_standard("x4,12C/x5/x,21S,x3/x5/1,x4 2 9").unwrap();
        let e5 = p.stack("e5".parse().unwrap());
        assert_eq!(e5.height(), 2);
        assert_eq!(e5.top(), Some(Piece::new(Color::Black, Role::Cap)));
        assert_eq!(e5.color_at(0), Color::White);
        let b3 = p.top("b3".parse().unwrap()).unwrap();
        assert_eq!(b3, Piece::new(Color::White, Role::Wall));
        assert_eq!(p.top("a1".parse().unwrap()).unwrap().color, Color::White);
        assert_eq!(p.to_move(), Color::Black);
        assert_eq!(p.move_number(), 9);
        assert_eq!(p.ply(), 17);
        assert_eq!(p.tps(), "x4,12C/x5/x,21S,x3/x5/1,x4 2 9");
        // Reserves are what the board leaves: White used 3 stones, Black 1 stone and the capstone.
        assert_eq!(p.stones_left(Color::White), 18);
        assert_eq!(p.stones_left(Color::Black), 20);
        assert_eq!(p.caps_left(Color::Black), 0);
        assert_eq!(p.caps_left(Color::White), 1);
    }

    #[test]
    fn empty_runs_are_merged_in_canonical_output() {
        let p = Position::from_tps_standard("x,x,x,x,x/x5/x5/x5/x,x,1,x,x 2 1").unwrap();
        assert_eq!(p.tps(), "x5/x5/x5/x5/x2,1,x2 2 1");
    }

    #[test]
    fn malformed_tps_is_rejected_with_a_reason() {
        for (tps, reason) in [
            ("", "three parts"),
            ("x5/x5/x5/x5/x5 1", "three parts"),
            ("x5/x5/x5/x5/x5 3 1", "1 or 2"),
            ("x5/x5/x5/x5/x5 1 0", "move number"),
            ("x5/x5/x5/x5/x5 1 -2", "move number"),
            ("x2/x2 1 1", "3 to 8 rows"),
            ("x5/x5/x5/x5/x4 1 1", "4 squares"),
            ("x5/x5/x5/x5/x6 1 1", "x2..x5"),
            ("x5/x5/x5/x5/1,x5 1 1", "more than 5"),
            ("x5/x5/x5/x5/3,x4 1 1", "not a square"),
            ("x5/x5/x5/x5/S,x4 1 1", "no pieces"),
            ("x5/x5/x5/x5/1S2,x4 1 1", "not a square"),
            ("x5/x5/x5/x5/1C,2C,1C,x2 1 1", "capstones"),
            ("x3/x3/111111111111,x2 1 1", "stones on the board"),
        ] {
            let e = Position::from_tps_standard(tps).unwrap_err();
            assert!(e.to_string().contains(reason), "{tps}: {e}");
        }
        let e = Position::from_tps("x3/x3/x3 1 1", Rules::standard(5).unwrap()).unwrap_err();
        assert!(
            e.to_string().contains("3x3 board but the game is 5x5"),
            "{e}"
        );
    }
}
