//! A turn in words, for the reply after it is played: "E7 passes to F9,
//! F9 shoots into F14: goal!".

use super::error::TurnError;
use super::position::Position;
use super::rules::is_goal_square;
use super::side::Side;
use super::square::{Spot, Square};
use super::turn::{Leg, Link, Turn};

/// Says what `turn` does in `pos` (checking it first). How the game ends,
/// if it does, is the outcome's to say (the bot adds "Game over: ...").
pub fn describe(pos: &Position, turn: &Turn) -> Result<String, TurnError> {
    let next = pos.after(turn)?;
    let side = pos.to_move();
    let name = |spot: Spot| match spot {
        Spot::Square(sq) => sq.to_string(),
        Spot::Circle => format!("{side}'s goalie"),
    };
    let facing = || {
        turn.facing
            .map(|f| format!(", facing {f}"))
            .unwrap_or_default()
    };
    let text = match turn.first {
        None => format!("{} turns to face {}", name(turn.from), facing_word(turn)),
        Some(Leg { link: Link::Go, to }) => match (turn.from, to) {
            (Spot::Circle, _) => format!(
                "{side}'s goalie comes out of its circle to {}{}",
                name(to),
                facing()
            ),
            (_, Spot::Circle) => format!("{} returns to the circle", name(turn.from)),
            (Spot::Square(from), Spot::Square(sq)) if pos.board().carried(from).is_some() => {
                format!("{from} dribbles to {sq}{}", facing())
            }
            (Spot::Square(from), Spot::Square(sq)) if pos.board().loose_at(sq) => format!(
                "{from} moves to {sq} and picks up the ball{}",
                follow_up(&next, side, turn, sq)
            ),
            (from, to) => format!("{} moves to {}", name(from), name(to)),
        },
        Some(Leg {
            link: Link::Tackle,
            to,
        }) => {
            let at = to.square().unwrap_or(Square::known(0, 1));
            format!(
                "{} tackles {at} and takes the ball{}",
                name(turn.from),
                follow_up(&next, side, turn, at)
            )
        }
        Some(Leg {
            link: Link::Pass,
            to,
        }) => {
            let mut s = pass_words(&next, side, turn, turn.from, to, turn.second.is_none());
            if let Some(Leg { to: to2, .. }) = turn.second {
                s.push_str(", ");
                s.push_str(&pass_words(&next, side, turn, to, to2, true));
            }
            s
        }
    };
    Ok(text)
}

fn facing_word(turn: &Turn) -> String {
    turn.facing.map(|f| f.to_string()).unwrap_or_default()
}

/// The follow-up after a pick-up or tackle that left the piece on `at`.
fn follow_up(next: &Position, side: Side, turn: &Turn, at: Square) -> String {
    match turn.second {
        None => format!(", facing {}", facing_word(turn)),
        Some(Leg { link: Link::Go, to }) => {
            format!(", then dribbles to {to}, facing {}", facing_word(turn))
        }
        Some(Leg { to, .. }) => format!(
            ", then {}",
            pass_words(next, side, turn, Spot::Square(at), to, true)
                .split_once(' ')
                .map_or(String::new(), |(_, rest)| rest.to_string())
        ),
    }
}

/// One pass, "F9 passes to G12, facing S" or "F9 shoots into F14: goal!";
/// `last`: whether it ends the turn (the receiver's facing is told then).
fn pass_words(
    next: &Position,
    side: Side,
    turn: &Turn,
    from: Spot,
    to: Spot,
    last: bool,
) -> String {
    let passer = match from {
        Spot::Square(sq) => sq.to_string(),
        Spot::Circle => format!("{side}'s goalie"),
    };
    let facing = turn
        .facing
        .filter(|_| last)
        .map(|f| format!(", facing {f}"))
        .unwrap_or_default();
    match to {
        Spot::Circle => format!("{passer} passes to the goalie in its circle"),
        Spot::Square(sq) if is_goal_square(sq) => {
            let mut s = format!("{passer} shoots into {sq}: goal!");
            if let Some(p) = turn.placement {
                s.push_str(&format!(" The ball goes back to {}", p.at));
                if let Some(f) = p.facing {
                    s.push_str(&format!(", facing {f}"));
                }
            }
            s
        }
        Spot::Square(sq) => match turn.runner {
            Some(r) if last => format!("{passer} passes to {sq}, where {r} runs onto it{facing}"),
            _ if next.board().piece(sq).is_some() || !last => {
                format!("{passer} passes to {sq}{facing}")
            }
            _ => format!("{passer} passes into space at {sq}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn says(pos: &Position, turn: &str) -> String {
        describe(pos, &turn.parse().unwrap()).unwrap()
    }

    #[test]
    fn turns_in_words() {
        let p = Position::start();
        assert_eq!(says(&p, "F3>E3 S"), "F3 passes to E3, facing S");
        assert_eq!(
            says(&p, "F3>F7>E7 S"),
            "F3 passes to F7, F7 passes to E7, facing S"
        );
        assert_eq!(
            says(&p, "F3>F7>H7"),
            "F3 passes to F7, F7 passes into space at H7"
        );
        assert_eq!(says(&p, "F3>J3"), "F3 passes into space at J3");
        assert_eq!(
            says(&p, "F3>G4<H4 S"),
            "F3 passes to G4, where H4 runs onto it, facing S"
        );
        assert_eq!(says(&p, "F3-F4 E"), "F3 dribbles to F4, facing E");
        assert_eq!(says(&p, "F3 W"), "F3 turns to face W");
        assert_eq!(says(&p, "E7-E6"), "E7 moves to E6");
        assert_eq!(
            says(&p, "O-E2"),
            "White's goalie comes out of its circle to E2"
        );
        assert!(describe(&p, &"F3>F2".parse().unwrap()).is_err());
    }

    #[test]
    fn goals_and_pick_ups_in_words() {
        let p: Position = "w,x9/x10/x10/x10/x4,*,x5/w,w,w,w,x2,w,w,w,w/x10/x10/x10/x10/x4,w*S,x5/\
                           b,b,b,b,x2,b,b,b,b/b,b,x8/x10 W,B w"
            .parse()
            .unwrap();
        assert_eq!(says(&p, "E11>E14"), "E11 shoots into E14: goal!");
        assert_eq!(
            says(&p, "D6-E5>E3"),
            "D6 moves to E5 and picks up the ball, then passes into space at E3"
        );
    }
}
