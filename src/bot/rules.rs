//! `/rules game:tak|takat`: a game's rules in short and its move notation.

use super::reply::Reply;
use super::Place;
use crate::games::GameKind;

/// Tak in short (RULINGS Tak 1-8) and PTN.
const TAK: &str = "\
Tak: make a road of your flats and capstones joining two opposite edges of the board.
- A turn places a stone from your reserve on an empty square (a flat, a wall standing up, or a capstone), or moves a stack you control (your piece on top).
- A stack moves in a straight line, carrying at most as many pieces as the board is wide and dropping at least one on each square.
- Walls block roads and moves; a capstone moving alone can flatten a wall.
- In the swap opening each player's first turn places a flat of the opponent's colour.
- When the board is full or either player's reserve is empty, the most top flats wins (komi added to black); equal is a draw.
Notation (PTN): c3 places a flat on c3, Sc3 a wall, Cc3 a capstone; 3c3>12 carries 3 pieces from c3 to the right (> right, < left, + up, - down), dropping 1 then 2.";

/// Takat (RULINGS Takat 1-8) and its turn notation (docs/takat.md).
const TAKAT: &str = "\
Takat: 6 white pieces against 15 black on seven circles: the centre C and the ring N, NE, SE, S, SW, NW; N, SE and SW are red.
- White moves first. A turn enters one of your pieces on an empty ring cell (never the centre), or moves the top piece of any stack, of either colour, to a neighbouring cell whose stack is no taller than the one it leaves, counting the piece (so the piece lands on an empty cell, goes down, stays level or climbs one level).
- Black must enter when it has fewer pieces on the board than White.
- A top piece resting on one of its own colour is safe: only its owner may move it. Three of a colour in a row on a red cell: no one may move the top one.
- No move may leave two neighbouring stacks of four or more capped by safe pieces of the same colour.
- You may not move the piece your opponent just moved or entered.
- White wins as soon as any stack reaches six, whoever builds it. A player with no legal turn loses: White wins by leaving Black none, Black by leaving White none.
Notation: +NE enters a piece on NE; C-NE moves the top piece of C to NE. Case doesn't matter (c-ne, +ne); a bare cell (ne) is an entry.";

/// The rules of `kind`, for the user who asked (well under Discord's
/// 2000 characters).
pub fn rules(place: &Place, kind: GameKind) -> Reply {
    let text = match kind {
        GameKind::Tak => TAK,
        GameKind::Takat => TAKAT,
    };
    Reply::ephemeral(place, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_fit_in_one_discord_message() {
        let place = Place {
            guild: "g".into(),
            channel: "c".into(),
        };
        for kind in crate::games::GameKind::ALL {
            let reply = rules(&place, *kind);
            assert!(reply.text.chars().count() < 2000, "{kind:?}");
            assert!(reply.is_ephemeral());
        }
        assert!(rules(&place, GameKind::Takat).text.contains("C-NE"));
    }
}
