//! One group of tests per Takat ruling (`RULINGS.md`, section Takat), each
//! with turns the ruling allows and turns it forbids.
//!
//! Positions are written in the position format (`docs/takat.md`): the
//! stacks of C/N/NE/SE/S/SW/NW bottom to top (`x` empty), the side to move,
//! the cell whose top piece the opponent just moved or entered (`-` none).

use taktable::games::takat::{
    Cell, Color, Outcome, ParsePositionError, Position, Safety, Turn, TurnError, WinReason,
};

fn pos(s: &str) -> Position {
    s.parse()
        .unwrap_or_else(|e| panic!("test position {s:?} is invalid: {e}"))
}

fn turn(s: &str) -> Turn {
    s.parse()
        .unwrap_or_else(|e| panic!("test turn {s:?} is invalid: {e}"))
}

/// Plays `t`, failing the test if it is illegal, and returns the result.
fn after(p: &Position, t: &str) -> Position {
    let mut next = p.clone();
    next.play(turn(t))
        .unwrap_or_else(|e| panic!("{t} should be legal in {p}: {e}"));
    next
}

/// Asserts that `t` is refused with `err`, is not listed among the legal
/// turns, and that trying it changes nothing.
fn refused(p: &Position, t: &str, err: TurnError) {
    let t = turn(t);
    assert_eq!(p.check(t), Err(err), "{t} in {p}");
    assert!(!p.legal_turns().contains(&t), "{t} listed in {p}");
    let mut copy = p.clone();
    assert_eq!(copy.play(t), Err(err), "{t} in {p}");
    assert_eq!(&copy, p, "a refused turn changed the position");
}

/// Asserts that `t` is legal and listed.
fn allowed(p: &Position, t: &str) {
    let t = turn(t);
    assert_eq!(p.check(t), Ok(()), "{t} in {p}");
    assert!(p.legal_turns().contains(&t), "{t} not listed in {p}");
}

fn turns(p: &Position) -> Vec<String> {
    p.legal_turns().iter().map(|t| t.to_string()).collect()
}

const W: Color = Color::White;
const B: Color = Color::Black;

// ------------------------------------------------------------- ruling 1

#[test]
fn cells_and_red_cells() {
    // RULINGS Takat 1
    let names: Vec<String> = Cell::ALL.iter().map(|c| c.to_string()).collect();
    assert_eq!(names, ["C", "N", "NE", "SE", "S", "SW", "NW"]);
    let red: Vec<Cell> = Cell::ALL.into_iter().filter(|c| c.is_red()).collect();
    assert_eq!(red, [Cell::N, Cell::SE, Cell::SW]);
    for c in Cell::ALL {
        assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
        assert_eq!(c.to_string().to_lowercase().parse::<Cell>(), Ok(c));
    }
}

#[test]
fn adjacency() {
    // RULINGS Takat 1: the centre touches all six; a ring cell touches the
    // centre and its two ring neighbours.
    assert_eq!(Cell::C.neighbours(), &Cell::RING);
    assert_eq!(Cell::N.neighbours(), &[Cell::C, Cell::NE, Cell::NW]);
    assert_eq!(Cell::NE.neighbours(), &[Cell::C, Cell::N, Cell::SE]);
    assert_eq!(Cell::SE.neighbours(), &[Cell::C, Cell::NE, Cell::S]);
    assert_eq!(Cell::S.neighbours(), &[Cell::C, Cell::SE, Cell::SW]);
    assert_eq!(Cell::SW.neighbours(), &[Cell::C, Cell::S, Cell::NW]);
    assert_eq!(Cell::NW.neighbours(), &[Cell::C, Cell::N, Cell::SW]);
    let edges: usize = Cell::ALL.iter().map(|c| c.neighbours().len()).sum();
    assert_eq!(edges, 2 * 12);
}

#[test]
fn moves_only_to_adjacent_cells() {
    // RULINGS Takat 1, 3
    let p = pos("x/w/x/b/x/x/x w -");
    allowed(&p, "N-NE");
    allowed(&p, "N-NW");
    allowed(&p, "N-C");
    let not_next = |from, to| TurnError::NotAdjacent { from, to };
    refused(&p, "N-SE", not_next(Cell::N, Cell::SE));
    refused(&p, "N-S", not_next(Cell::N, Cell::S));
    refused(&p, "N-SW", not_next(Cell::N, Cell::SW));
    refused(&p, "N-N", TurnError::SameCell(Cell::N));
    assert_eq!(
        not_next(Cell::S, Cell::NE).to_string(),
        "NE is not next to S"
    );
}

// ------------------------------------------------------------- ruling 2

#[test]
fn start_position() {
    // RULINGS Takat 2: 6 White, 15 Black, all off the board, White first.
    let p = Position::start();
    assert_eq!(p.to_move(), W);
    assert_eq!((p.in_hand(W), p.in_hand(B)), (6, 15));
    assert_eq!((p.on_board(W), p.on_board(B)), (0, 0));
    assert_eq!(p.last_touched(), None);
    assert!(Cell::ALL.iter().all(|&c| p.stack(c).is_empty()));
    assert_eq!(p.outcome(), None);
    assert_eq!(turns(&p), ["+N", "+NE", "+SE", "+S", "+SW", "+NW"]);
    let q = after(&p, "+N");
    assert_eq!(q.stack(Cell::N), &[W]);
    assert_eq!((q.in_hand(W), q.on_board(W)), (5, 1));
    assert_eq!(q.to_move(), B);
}

#[test]
fn pieces_in_hand_run_out() {
    // RULINGS Takat 2: White has only 6 pieces, Black 15.
    let p = pos("ww/w/w/w/w/x/b w -");
    assert_eq!(p.in_hand(W), 0);
    refused(&p, "+SW", TurnError::NoPieceInHand(W));
    allowed(&p, "S-SW");
    let q = pos("x/x/x/x/w/x/x b S");
    allowed(&q, "+SW");
    let full = pos("bbb/bbb/bbb/bbb/bbb/x/w b -");
    assert_eq!(full.in_hand(B), 0);
    refused(&full, "+SW", TurnError::NoPieceInHand(B));
    allowed(&full, "C-SW");
}

// ------------------------------------------------------------- ruling 3

#[test]
fn entering() {
    // RULINGS Takat 3: enter on an empty cell other than the centre.
    let p = pos("x/w/w/b/x/x/x b NE");
    refused(&p, "+C", TurnError::EnterOnCentre);
    refused(&p, "+N", TurnError::Occupied(Cell::N));
    refused(&p, "+SE", TurnError::Occupied(Cell::SE));
    allowed(&p, "+S");
    allowed(&p, "+NW");
    let q = after(&p, "+S");
    assert_eq!(q.stack(Cell::S), &[B], "the entered piece is the mover's");
    assert_eq!(q.last_touched(), Some(Cell::S));
}

/// C bbw (3), N b (1), NE bw (2), SE wb (2), S w (1), SW empty, NW bbbw (4).
const LEVELS: &str = "bbw/b/bw/wb/w/x/bbbw w -";

#[test]
fn level_rule_down_level_and_one_up() {
    // RULINGS Takat 3: onto a stack whose height is at most the height of
    // the stack left, counting the piece.
    let p = pos(LEVELS);
    allowed(&p, "C-N"); // 3 onto 1: down
    allowed(&p, "C-NE"); // 3 onto 2: down
    allowed(&p, "C-SW"); // onto an empty cell
    allowed(&p, "S-SW"); // 1 onto empty
    allowed(&p, "NE-SE"); // 2 onto 2: one level up
    allowed(&p, "NE-N"); // 2 onto 1: level
    allowed(&p, "NW-C"); // 4 onto 3: level
    allowed(&p, "NW-SW");
    let too_high = |from, to, from_height, to_height| TurnError::TooHigh {
        from,
        to,
        from_height,
        to_height,
    };
    refused(&p, "C-NW", too_high(Cell::C, Cell::NW, 3, 4));
    refused(&p, "N-C", too_high(Cell::N, Cell::C, 1, 3));
    refused(&p, "N-NE", too_high(Cell::N, Cell::NE, 1, 2));
    refused(&p, "N-NW", too_high(Cell::N, Cell::NW, 1, 4));
    refused(&p, "S-C", too_high(Cell::S, Cell::C, 1, 3));
    refused(&p, "NE-C", too_high(Cell::NE, Cell::C, 2, 3));
}

#[test]
fn only_the_top_piece_moves_and_either_colour() {
    // RULINGS Takat 3: the top piece of any stack, either colour.
    let p = pos(LEVELS);
    let q = after(&p, "C-SE"); // White moves its own piece
    assert_eq!(q.stack(Cell::C), &[B, B]);
    assert_eq!(q.stack(Cell::SE), &[W, B, W]);
    let r = after(&p, "SE-S"); // White moves a Black piece
    assert_eq!(r.stack(Cell::SE), &[W]);
    assert_eq!(r.stack(Cell::S), &[W, B]);
    assert_eq!(r.last_touched(), Some(Cell::S));
}

#[test]
fn centre_may_be_entered_by_moving() {
    // RULINGS Takat 3
    let p = pos("x/w/b/x/x/x/x w NE");
    let q = after(&p, "N-C");
    assert_eq!(q.stack(Cell::C), &[W]);
    assert!(q.stack(Cell::N).is_empty());
}

#[test]
fn moving_from_an_empty_cell() {
    // RULINGS Takat 3: there must be a piece to move.
    let p = pos("x/w/b/x/x/x/x w NE");
    refused(&p, "C-N", TurnError::EmptyCell(Cell::C));
    refused(&p, "S-SE", TurnError::EmptyCell(Cell::S));
}

// ------------------------------------------------------------- ruling 4

#[test]
fn black_must_enter_when_behind() {
    // RULINGS Takat 4: fewer on the board, a piece in hand, an empty ring
    // cell: Black must enter.
    let p = pos("x/w/w/b/x/x/x b NE");
    assert!(p.must_enter());
    refused(&p, "SE-S", TurnError::MustEnter);
    refused(&p, "SE-C", TurnError::MustEnter);
    assert_eq!(turns(&p), ["+S", "+SW", "+NW"]);
    assert_eq!(
        TurnError::MustEnter.to_string(),
        "Black must enter a piece (Black has fewer pieces on the board than White)"
    );
    // From the start: White enters, Black must answer with an entry.
    let q = after(&Position::start(), "+N");
    assert_eq!(turns(&q), ["+NE", "+SE", "+S", "+SW", "+NW"]);
}

#[test]
fn black_may_move_when_level() {
    // RULINGS Takat 4: equal numbers on the board: no duty.
    let p = pos("x/w/x/b/x/x/x b N");
    assert!(!p.must_enter());
    allowed(&p, "SE-S");
    allowed(&p, "SE-C");
    allowed(&p, "+S");
}

#[test]
fn black_may_move_when_no_ring_cell_is_empty() {
    // RULINGS Takat 4: an empty cell other than the centre must exist.
    let p = pos("x/w/w/w/w/wb/b b -");
    assert!(p.on_board(B) < p.on_board(W));
    assert!(!p.must_enter());
    refused(&p, "+C", TurnError::EnterOnCentre);
    allowed(&p, "SW-C");
    allowed(&p, "NW-C");
    assert!(turns(&p).iter().all(|t| t.contains('-')));
}

#[test]
fn white_is_never_bound_to_enter() {
    // RULINGS Takat 4 binds Black only.
    let p = pos("x/w/b/b/x/x/x w SE");
    assert!(p.on_board(W) < p.on_board(B));
    assert!(!p.must_enter());
    allowed(&p, "N-C");
    allowed(&p, "+S");
}

// ------------------------------------------------------------- ruling 5
// The rules text shows safe pieces in diagrams that did not survive
// extraction; its captions are checked here with the stacks they describe.

#[test]
fn two_of_a_colour_on_top_only_the_owner_moves() {
    // RULINGS Takat 5. Text: "Any two pieces of the same colour stacked
    // directly on top of one another are safe, and the top piece can only be
    // moved by the player whose coloured pieces they are."
    // "The top piece can only be moved by white": two White on NE (not red).
    let w = pos("x/x/ww/x/b/b/b w -");
    assert_eq!(w.safety(Cell::NE), Safety::Safe);
    allowed(&w, "NE-C");
    let b = pos("x/x/ww/x/b/b/b b -");
    refused(
        &b,
        "NE-C",
        TurnError::Safe {
            cell: Cell::NE,
            owner: W,
        },
    );
    assert_eq!(
        TurnError::Safe {
            cell: Cell::NE,
            owner: W
        }
        .to_string(),
        "the piece on NE is safe (it rests on a White piece): only White may move it"
    );
    // "The top piece can only be moved by black": Black on NE.
    let w = pos("x/x/bbb/x/w/x/x w -");
    refused(
        &w,
        "NE-C",
        TurnError::Safe {
            cell: Cell::NE,
            owner: B,
        },
    );
    let b = pos("x/x/bbb/x/w/x/x b S");
    allowed(&b, "NE-C");
}

#[test]
fn three_of_a_colour_on_red_nobody_moves() {
    // RULINGS Takat 5. Text: "If the second stack is on a red circle then
    // neither black or white can move the top piece": the Black stack of the
    // previous test, on the red SE instead of NE.
    for side in ["w", "b"] {
        let p = pos(&format!("x/x/x/bbb/w/x/x {side} -"));
        assert_eq!(p.safety(Cell::SE), Safety::PermanentlySafe);
        refused(
            &p,
            "SE-C",
            TurnError::PermanentlySafe {
                cell: Cell::SE,
                color: B,
            },
        );
        refused(
            &p,
            "SE-NE",
            TurnError::PermanentlySafe {
                cell: Cell::SE,
                color: B,
            },
        );
    }
    // "the piece on N is permanently safe"
    let msg = TurnError::PermanentlySafe {
        cell: Cell::N,
        color: W,
    }
    .to_string();
    assert!(
        msg.starts_with("the piece on N is permanently safe"),
        "{msg}"
    );
}

#[test]
fn text_examples_of_permanently_safe_pieces() {
    // RULINGS Takat 5. Text: "The examples below all assume that the stacks
    // are on red circles": "moved by neither player" (twice), then "moved by
    // either player" once the safe pieces are covered.
    for (stack, movers) in [
        ("www", "neither"),
        ("bwww", "neither"),
        ("wwww", "neither"),
        ("bbbb", "neither"),
        ("wwwb", "either"),
        ("bbbw", "either"),
        ("bww", "white"),  // two of a colour, even on red: safe only
        ("wbb", "black"),  // likewise
        ("wbw", "either"), // no two alike on top
    ] {
        for side in ["w", "b"] {
            // the stack on the red N; a few pieces elsewhere so that Black
            // is not bound to enter
            let p = pos(&format!("x/{stack}/x/x/bb/b/x {side} -"));
            let mover = if side == "w" { W } else { B };
            let expected = match movers {
                "neither" => false,
                "either" => true,
                "white" => mover == W,
                _ => mover == B,
            };
            assert_eq!(
                p.check(turn("N-C")).is_ok(),
                expected,
                "{stack} on N, {mover} to move"
            );
            // The same stack on the ring cell NE, which is not red, is never
            // permanently safe.
            let q = pos(&format!("x/x/{stack}/x/bb/b/x {side} -"));
            assert_ne!(q.safety(Cell::NE), Safety::PermanentlySafe, "{stack}");
        }
    }
}

#[test]
fn either_player_moves_a_piece_on_another_colour() {
    // RULINGS Takat 5. Text: "The top piece can be moved by either player."
    for stack in ["bw", "wb", "bbw", "wwb"] {
        for side in ["w", "b"] {
            let p = pos(&format!("x/x/{stack}/x/b/b/x {side} -"));
            assert_eq!(p.safety(Cell::NE), Safety::Unsafe);
            allowed(&p, "NE-C");
        }
    }
}

#[test]
fn safe_stacks_may_be_covered_and_uncovered() {
    // RULINGS Takat 5. Text: "Additional pieces can still be placed on top
    // of the safe pieces."
    let p = pos("ww/www/bwb/x/bb/bb/x b -");
    allowed(&p, "NE-N"); // Black covers White's permanently safe three
    let q = after(&p, "NE-N");
    assert_eq!(q.stack(Cell::N), &[W, W, W, B]);
    assert_eq!(q.safety(Cell::N), Safety::Unsafe);
    // Later White takes the cover off: the three are permanently safe again.
    let r = after(&q, "NE-SE");
    let s = after(&r, "SW-NW");
    let t = after(&s, "N-NE");
    assert_eq!(t.stack(Cell::N), &[W, W, W]);
    assert_eq!(t.safety(Cell::N), Safety::PermanentlySafe);
    // Black covers a temporarily safe pair too.
    let u = pos("ww/x/bwb/x/b/b/x b -");
    let v = after(&u, "NE-C");
    assert_eq!(v.stack(Cell::C), &[W, W, B]);
}

// ------------------------------------------------------------- ruling 6

#[test]
fn text_diagram_stack_of_five_next_to_four() {
    // RULINGS Takat 6. Text: "there would be a stack of five next to stack
    // of four, both with the same coloured safe pieces capping them."
    // C bbww (4, White safe), NE bbbw, SE bbbbw; White moves SE's top piece
    // onto NE: NE becomes bbbww (5, White safe) next to C.
    let p = pos("bbww/x/bbbw/bbbbw/x/x/x w -");
    let err = TurnError::TallSafeStacks {
        a: Cell::C,
        b: Cell::NE,
        color: W,
    };
    refused(&p, "SE-NE", err);
    assert!(err
        .to_string()
        .contains("two adjacent stacks of four or more"));
    // Black may not make it either (the piece moved is White's, not safe).
    let q = pos("bbww/x/bbbw/bbbbw/x/x/x b -");
    refused(&q, "SE-NE", err);
    // The same move capping NE with a Black piece is fine.
    let r = pos("bbww/x/bbbw/bbbwb/x/x/x w -");
    allowed(&r, "SE-NE");
    // And so it is when C is not capped by safe pieces.
    let s = pos("bwbw/x/bbbw/bbbbw/x/x/x w -");
    allowed(&s, "SE-NE");
}

#[test]
fn text_diagram_stack_of_four_next_to_four() {
    // RULINGS Takat 6. Text: "there would be a stack of four next to stack
    // of four, both with the same coloured safe pieces capping them."
    // C bbww (4, White safe); White moves NW's top onto N bbw.
    let p = pos("bbww/bbw/x/x/x/x/bbw w -");
    refused(
        &p,
        "NW-N",
        TurnError::TallSafeStacks {
            a: Cell::C,
            b: Cell::N,
            color: W,
        },
    );
    // Safe caps of different colours may stand side by side.
    let q = pos("wwbb/bbw/x/x/x/x/bbw w -");
    allowed(&q, "NW-N");
    // A stack of three is not tall.
    let r = pos("bww/bbw/x/x/x/x/bbw w -");
    allowed(&r, "NW-N");
    // N and S are not adjacent.
    let s = pos("x/bbw/x/x/bbww/x/bbw w -");
    allowed(&s, "NW-N");
    // Both tall and capped by the same colour, but one cap is not safe.
    let t = pos("bbww/bbb/x/x/x/x/bbw w -");
    let u = after(&t, "NW-N"); // N bbbw: White on Black
    assert_eq!(u.stack(Cell::N), &[B, B, B, W]);
}

#[test]
fn tall_safe_black_stacks() {
    // RULINGS Takat 6 holds for Black's caps as for White's.
    let p = pos("wwbb/wwb/x/bb/bb/x/wwb b -");
    refused(
        &p,
        "NW-N",
        TurnError::TallSafeStacks {
            a: Cell::C,
            b: Cell::N,
            color: B,
        },
    );
    allowed(&p, "NW-SW");
}

#[test]
fn uncovering_a_safe_cap_counts_too() {
    // RULINGS Takat 6: "no move may leave" such stacks; moving a piece off
    // C uncovers bbww next to N bbww.
    let p = pos("bbwwb/bbww/x/x/x/x/x w -");
    let err = TurnError::TallSafeStacks {
        a: Cell::C,
        b: Cell::N,
        color: W,
    };
    refused(&p, "C-NE", err);
    refused(&p, "C-NW", err);
    refused(&p, "C-S", err);
    allowed(&p, "N-NE"); // White takes its own cap off N instead
                         // With a Black cap the pair is allowed.
    let q = pos("bbbbw/bbww/x/x/x/x/x w -");
    allowed(&q, "C-NE");
}

#[test]
fn positions_with_tall_safe_neighbours_are_rejected() {
    // RULINGS Takat 6: no legal move leaves them, so the position format
    // refuses them.
    assert_eq!(
        "bbww/wwww/x/x/x/x/x w -".parse::<Position>(),
        Err(ParsePositionError::TallSafeStacks {
            a: Cell::C,
            b: Cell::N,
            color: W
        })
    );
    // N and S are not adjacent.
    assert!("x/bbww/x/x/wwww/x/x w -".parse::<Position>().is_ok());
}

// ------------------------------------------------------------- ruling 7

#[test]
fn no_moving_the_piece_just_entered() {
    // RULINGS Takat 7
    let p = pos("x/w/b/x/x/x/x w NE");
    refused(&p, "NE-C", TurnError::JustMoved(Cell::NE));
    refused(&p, "NE-SE", TurnError::JustMoved(Cell::NE));
    allowed(&p, "N-C");
    let msg = TurnError::JustMoved(Cell::NE).to_string();
    assert!(msg.starts_with("you may not move the piece your opponent just moved"));
}

#[test]
fn the_piece_just_moved_is_the_one_on_top_of_its_destination() {
    // RULINGS Takat 7: after White's N-C the White piece is on top of C;
    // Black may not move it, but may move the Black piece it uncovered on N.
    let p = pos("b/bw/x/x/x/x/b w -");
    let q = after(&p, "N-C");
    assert_eq!(q.last_touched(), Some(Cell::C));
    assert_eq!(q.stack(Cell::C), &[B, W]);
    refused(&q, "C-S", TurnError::JustMoved(Cell::C));
    refused(&q, "C-N", TurnError::JustMoved(Cell::C));
    allowed(&q, "N-NE");
    // The ban lasts one turn: after Black's turn White may move it again,
    // and now Black's piece is the one White may not move.
    let r = after(&q, "N-NE");
    allowed(&r, "C-N");
    refused(&r, "NE-N", TurnError::JustMoved(Cell::NE));
}

#[test]
fn the_ban_covers_pieces_of_either_colour() {
    // RULINGS Takat 7: Black moves White's piece; White may not move it.
    let p = pos("x/w/x/x/b/b/x b -");
    let q = after(&p, "N-C");
    assert_eq!(q.stack(Cell::C), &[W]);
    refused(&q, "C-N", TurnError::JustMoved(Cell::C));
    assert!(turns(&q).iter().all(|t| !t.starts_with("C-")));
}

// ------------------------------------------------------------- ruling 8

#[test]
fn stack_of_six_wins_for_white_whoever_builds_it() {
    // RULINGS Takat 8. Text: "Even if the black player makes the stack, it
    // still counts."
    let white_win = Outcome {
        winner: W,
        reason: WinReason::StackOfSix,
    };
    for (side, t) in [("b", "NE-C"), ("w", "NE-C"), ("w", "C-NE"), ("b", "C-NE")] {
        let p = pos(&format!("wbwbw/x/bwbwb/x/x/x/x {side} -"));
        assert_eq!(p.outcome(), None);
        let q = after(&p, t);
        assert_eq!(q.outcome(), Some(white_win), "{t} by {side}");
        assert!(q.legal_turns().is_empty());
        assert_eq!(q.check(turn("+N")), Err(TurnError::GameOver));
        let mut r = q.clone();
        assert_eq!(r.play(turn("C-N")), Err(TurnError::GameOver));
        assert_eq!(r, q);
    }
}

#[test]
fn a_stack_of_six_that_breaks_ruling_6_is_not_built() {
    // RULINGS Takat 6 and 8: ruling 6 forbids the move, so it cannot win.
    // SE's White piece onto C makes six (bbbbww) next to N (bbww).
    let p = pos("bbbbw/bbww/x/bbbww/x/x/x w -");
    refused(
        &p,
        "SE-C",
        TurnError::TallSafeStacks {
            a: Cell::C,
            b: Cell::N,
            color: W,
        },
    );
    let q = pos("bbbbw/bbwb/x/bbbww/x/x/x w -");
    let r = after(&q, "SE-C");
    assert_eq!(r.outcome().map(|o| o.reason), Some(WinReason::StackOfSix));
}

#[test]
fn black_wins_when_white_has_no_legal_turn() {
    // RULINGS Takat 8: White has no piece in hand and every top piece is a
    // safe Black one.
    let p = pos("wbb/wbb/wbb/wbb/wbb/wbb/x w -");
    assert!(p.legal_turns().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: B,
            reason: WinReason::NoLegalTurn
        })
    );
    assert_eq!(p.check(turn("+NW")), Err(TurnError::GameOver));
    assert_eq!(p.check(turn("C-NW")), Err(TurnError::GameOver));
    // With one piece in hand White could enter.
    let q = pos("bb/wbb/wbb/wbb/wbb/wbb/x w -");
    assert_eq!(turns(&q), ["+NW"]);
    assert_eq!(q.outcome(), None);
}

#[test]
fn white_wins_when_black_has_no_legal_turn() {
    // RULINGS Takat 8: no empty ring cell; Black's tops are permanently
    // safe, White's are safe, and NW's piece cannot climb.
    let p = pos("ww/bbb/ww/bbb/ww/bbb/b b NW");
    assert!(p.in_hand(B) > 0);
    assert!(p.legal_turns().is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: W,
            reason: WinReason::NoLegalTurn
        })
    );
    let text = p.outcome().map(|o| o.to_string());
    assert_eq!(text.as_deref(), Some("White wins: Black has no legal turn"));
}

#[test]
fn immobilised_by_the_ban_on_the_piece_just_moved() {
    // RULINGS Takat 7 and 8: Black's only movable piece is on NW.
    let p = pos("ww/bbb/ww/bbb/ww/bbb/bb b -");
    assert_eq!(turns(&p), ["NW-C"]);
    let q = pos("ww/bbb/ww/bbb/ww/bbb/bb b NW");
    assert_eq!(
        q.outcome(),
        Some(Outcome {
            winner: W,
            reason: WinReason::NoLegalTurn
        })
    );
}

#[test]
fn legal_turns_are_sorted() {
    // The list is entries by cell, then moves by cell left and cell reached.
    let p = pos(LEVELS);
    let list = p.legal_turns();
    let mut sorted = list.clone();
    sorted.sort();
    assert_eq!(list, sorted);
    assert_eq!(
        turns(&p),
        [
            "+SW", "C-N", "C-NE", "C-SE", "C-S", "C-SW", "NE-N", "NE-SE", "SE-NE", "SE-S", "S-SW",
            "NW-C", "NW-N", "NW-SW"
        ]
    );
}
