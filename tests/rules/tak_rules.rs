//! Tak, rule by rule: texts 001 (concise rules) and 002 (rulebook) and
//! RULINGS Tak 1-9. Each test names the rule it checks.

use taktable::games::tak::{
    Color, Komi, Move, MoveError, Opening, Outcome, Position, Role, Rules, Square,
};

fn rules(size: u8) -> Rules {
    Rules::standard(size).unwrap()
}

fn at(tps: &str) -> Position {
    Position::from_tps_standard(tps).unwrap_or_else(|e| panic!("{tps}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// Plays moves that must be legal.
fn play(position: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        position
            .play(mv(m))
            .unwrap_or_else(|e| panic!("{m} in {}: {e}", position.tps()));
    }
}

/// A move that must be refused: the error's message, and nothing changed.
fn refused(position: &Position, text: &str) -> String {
    let mut copy = position.clone();
    let err = copy.play(mv(text)).expect_err(text);
    assert_eq!(&copy, position, "a refused move changed the position");
    err.to_string()
}

// ---- Setup and the opening ------------------------------------------------

#[test]
fn the_board_starts_empty_with_white_to_move() {
    // Text 001 1.1 and RULINGS Tak 2: the board starts empty; Player 1 (White) moves first.
    let p = Position::new(rules(5));
    assert_eq!(p.tps(), "x5/x5/x5/x5/x5 1 1");
    assert_eq!(p.to_move(), Color::White);
    assert_eq!(p.stones_left(Color::White), 21);
    assert_eq!(p.caps_left(Color::Black), 1);
}

#[test]
fn swap_opening_places_the_opponents_flat() {
    // Text 001 1.2, RULINGS Tak 2: White places a Black flat, then Black a White flat.
    let mut p = Position::new(rules(5));
    play(&mut p, "a1");
    assert_eq!(p.top(sq("a1")).unwrap().color, Color::Black);
    assert_eq!(p.stones_left(Color::Black), 20);
    assert_eq!(p.stones_left(Color::White), 21);
    play(&mut p, "e5");
    assert_eq!(p.top(sq("e5")).unwrap().color, Color::White);
    // Then normal play: White places its own piece.
    play(&mut p, "c3");
    assert_eq!(p.top(sq("c3")).unwrap().color, Color::White);
}

#[test]
fn no_walls_capstones_or_moves_in_the_swap_opening() {
    // Text 001 1.2: walls and capstones may not be played in the first turns.
    let p = Position::new(rules(5));
    assert!(refused(&p, "Sa1").contains("no walls or capstones"));
    assert!(refused(&p, "Ca1").contains("no walls or capstones"));
    let mut p = p;
    play(&mut p, "a1");
    assert!(refused(&p, "Sb1").contains("no walls or capstones"));
    // Black could otherwise move the black flat White placed on a1.
    assert!(refused(&p, "a1>").contains("stacks can't move yet"));
    assert_eq!(p.legal_moves().len(), 24);
}

#[test]
fn no_swap_opening_plays_normally_from_the_first_ply() {
    // RULINGS Tak 2: the option turns the swap off.
    let mut p = Position::new(rules(5).with_opening(Opening::NoSwap));
    play(&mut p, "Ca1");
    assert_eq!(p.top(sq("a1")).unwrap().color, Color::White);
    assert_eq!(p.top(sq("a1")).unwrap().role, Role::Cap);
    play(&mut p, "Sb1");
    assert_eq!(p.top(sq("b1")).unwrap().color, Color::Black);
}

// ---- Placing ------------------------------------------------------------------

#[test]
fn pieces_are_placed_only_on_empty_squares() {
    // Text 001 2.1.2: place on any empty space, never onto other pieces.
    let p = at("x5/x5/x2,1,x2/x5/2,x4 1 2");
    assert!(refused(&p, "c3").contains("c3 is occupied"));
    assert!(refused(&p, "Ca1").contains("a1 is occupied"));
    assert!(refused(&p, "f1").contains("f1 is off the 5x5 board"));
}

#[test]
fn reserves_limit_stones_and_capstones() {
    // RULINGS Tak 1: 5x5 has one capstone each; 3x3 and 4x4 none.
    let mut p = at("x5/x5/x2,1C,x2/x5/2,x4 2 2");
    play(&mut p, "Ce5");
    assert!(refused(&p, "Ce1").contains("white has no capstones left"));
    let p3 = Position::from_tps("x3/x,1,x/2,x2 1 2", rules(3)).unwrap();
    assert!(refused(&p3, "Cc3").contains("no capstones"));
    // Custom reserves (RULINGS Tak 1): give White 2 capstones on 5x5.
    let custom = rules(5).with_reserves(Color::White, 21, 2).unwrap();
    let mut p = Position::from_tps("x5/x5/x2,1C,x2/x5/2,x4 1 2", custom).unwrap();
    play(&mut p, "Ce1");
    assert_eq!(p.caps_left(Color::White), 0);
}

// ---- Moving stacks ---------------------------------------------------------------

#[test]
fn only_the_controller_moves_a_stack() {
    // Text 001 2.2.1: only the player whose piece is on top may move it.
    let p = at("x5/x5/x2,21,x2/x5/x5 2 3");
    assert!(refused(&p, "c3>").contains("controlled by white"));
    assert!(refused(&p, "d3<").contains("nothing on d3 to move"));
}

#[test]
fn stacks_move_in_a_straight_line_dropping_from_the_bottom() {
    // Text 001 2.2.2 / text 002 "Moving a Taller Stack": at least one piece per
    // square, dropped from the bottom of the carried stack.
    let mut p = at("x5/x5/x5/x5/21211S,x4 1 10");
    play(&mut p, "5a1>221");
    assert_eq!(p.tps(), "x5/x5/x5/x5/x,21,21,1S,x 2 10");
    // Text 002: that single move leaves White in control of all three squares.
    assert_eq!(p.controlled(Color::Black), 0);
}

#[test]
fn carry_limit_is_the_board_width() {
    // Text 002 "Carry Limit": at most the board's width; the rest stays.
    let p = at("x5/x5/x5/x5/1212121,x4 1 10");
    assert_eq!(
        refused(&p, "6a1>"),
        "carry limit is 5; you tried to carry 6"
    );
    let mut q = p.clone();
    play(&mut q, "5a1>");
    assert_eq!(q.stack(sq("a1")).height(), 2);
    assert_eq!(q.stack(sq("b1")).height(), 5);
    let short = at("x5/x5/x5/x5/21,x4 1 10");
    assert!(refused(&short, "3a1>").contains("has only 2 piece(s); you tried to carry 3"));
}

#[test]
fn moves_stay_on_the_board() {
    // Text 001 2.2.1: a straight line on the board.
    let p = at("x5/x5/x5/x5/x3,2121,x 1 10");
    assert!(refused(&p, "4d1>22").contains("runs off the board"));
    assert!(refused(&p, "d1-").contains("runs off the board"));
}

#[test]
fn walls_and_capstones_block_movement() {
    // Text 001 2.2.2: nothing is dropped onto walls or capstones.
    let p = at("x5/x5/x5/x5/1,2S,1,2C,x 1 10");
    assert_eq!(refused(&p, "a1>"), "a wall on b1 blocks that move");
    assert!(refused(&p, "c1>").contains("a capstone on d1 blocks that move"));
    // A wall blocks a longer move part way, too.
    let q = at("x5/x5/x5/x5/121,x,2S,x2 1 10");
    assert_eq!(refused(&q, "3a1>21"), "a wall on c1 blocks that move");
}

#[test]
fn walls_and_capstones_move_like_flats() {
    // Text 002 "Moving One Piece": standing stones and capstones move the same way.
    let mut p = at("x5/x5/x5/x5/1S,2,x3 1 10");
    play(&mut p, "a1>");
    assert_eq!(p.tps(), "x5/x5/x5/x5/x,21S,x3 2 10");
    let mut q = at("x5/x5/x5/x5/1C,2,x3 1 10");
    play(&mut q, "a1>");
    assert_eq!(q.tps(), "x5/x5/x5/x5/x,21C,x3 2 10");
}

#[test]
fn a_capstone_alone_flattens_a_wall_as_the_last_step() {
    // Text 001 2.2.3 and text 002 "Moving Capstones": Black carries three
    // (the capstone and two beneath), leaves two, and the capstone alone flattens.
    let mut p = at("x5/x5/x5/x5/21212C,x,1S,x2 2 10");
    let before = p.clone();
    assert!(p.flattens(mv("3a1>21")));
    assert_eq!(before.ptn(mv("3a1>21")), "3a1>21*");
    play(&mut p, "3a1>21*");
    assert_eq!(p.tps(), "x5/x5/x5/x5/21,21,12C,x2 1 11");
    // The wall became a flat under the capstone; White now controls the middle stack.
    assert_eq!(p.top(sq("b1")).unwrap().color, Color::White);
}

#[test]
fn flattening_needs_the_capstone_alone() {
    // Text 002 "Flattening Stones": not by a taller stack with the capstone on top.
    let p = at("x5/x5/x5/x5/12C,1S,x3 2 10");
    assert_eq!(
        refused(&p, "2a1>"),
        "a capstone flattens the wall on b1 only by moving onto it alone: drop 1 piece there, not 2"
    );
    // A flat or a wall can't flatten at all.
    let q = at("x5/x5/x5/x5/2,1S,x3 2 10");
    assert_eq!(refused(&q, "a1>"), "a wall on b1 blocks that move");
    // A capstone can't flatten a wall that is not the last square of its path.
    let r = at("x5/x5/x5/x5/112C,1S,x3 2 10");
    assert_eq!(refused(&r, "3a1>21"), "a wall on b1 blocks that move");
}

#[test]
fn a_capstone_flattens_walls_of_either_colour_on_top_of_stacks() {
    // Text 001 2.2.3: the wall becomes a flat, the stack beneath unchanged;
    // text 002: either colour.
    let mut p = at("x5/x5/x5/x5/1C,2121S,x3 1 10");
    play(&mut p, "a1>");
    assert_eq!(p.tps(), "x5/x5/x5/x5/x,21211C,x3 2 10");
    let mut q = at("x5/x5/x5/x5/1C,1S,x3 1 10");
    play(&mut q, "a1>*");
    assert_eq!(q.tps(), "x5/x5/x5/x5/x,11C,x3 2 10");
}

#[test]
fn walls_and_capstones_are_never_made_by_moving() {
    // Text 001 2.1.2: walls and capstones come only from the reserve; a
    // flattened wall stays flat when the capstone moves on.
    let mut p = at("x5/x5/x5/x5/x,12C,x3 2 10");
    play(&mut p, "b1>");
    assert_eq!(p.top(sq("b1")).unwrap().role, Role::Flat);
    assert_eq!(p.top(sq("c1")).unwrap().role, Role::Cap);
}

// ---- Winning ---------------------------------------------------------------------

#[test]
fn a_road_wins_at_once() {
    // Text 001 3.1, RULINGS Tak 4a and 6: R-0 for a White road.
    let mut p = at("x5/x5/2,2,2,2,x/1,1,1,1,x/x5 1 5");
    play(&mut p, "e2");
    assert_eq!(p.outcome(), Some(Outcome::Road(Color::White)));
    assert_eq!(p.outcome().unwrap().result_string(), "R-0");
    let mut road = p.road_squares();
    road.sort();
    assert_eq!(road.len(), 5);
    assert!(road.iter().all(|s| s.rank() == 1));
    // Nothing more can be played (RULINGS Tak 9).
    assert_eq!(refused(&p, "e3"), "the game is over");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(1), 0);
    assert_eq!(p.perft(2), 0);
}

#[test]
fn roads_run_over_stack_tops_and_capstones_but_not_walls() {
    // Text 001 3.1 and RULINGS Tak 5.
    let mut p = at("x5/x5/x5/2121,21C,121,1S,x/x5 1 8");
    play(&mut p, "e2");
    assert!(p.outcome().is_none(), "d2 is a wall");
    let mut q = at("x5/x5/x5/2121,21C,121,x2/x5 1 8");
    play(&mut q, "d2");
    assert!(q.outcome().is_none());
    let mut r = at("x5/x5/x5/2121,21C,121,1,x/x5 1 8");
    play(&mut r, "e2");
    assert_eq!(r.outcome(), Some(Outcome::Road(Color::White)));
}

#[test]
fn black_roads_win_for_black() {
    // RULINGS Tak 6: 0-R.
    let mut p = at("x,2,x3/x,2,x3/x,2,x3/1,2,1,x2/1,x,1,1,x 2 5");
    play(&mut p, "b1");
    assert_eq!(p.outcome().unwrap().result_string(), "0-R");
}

#[test]
fn diagonal_lines_are_not_roads() {
    // Text 001 3.1: orthogonal only.
    let mut p = at("x4,1/x3,1,x/x2,1,x2/x,1,x3/x5 1 6");
    play(&mut p, "a1");
    assert!(p.outcome().is_none());
}

#[test]
fn a_move_completing_both_roads_wins_for_the_mover() {
    // Text 001 3.3, RULINGS Tak 4a: a double road goes to the active player.
    // White lifts two White flats off c3 (uncovering Black's flat, which
    // completes Black's column c) and drops one on d3 and one on e3, which
    // completes White's column e.
    let mut p = at("x2,2,x,1/x2,2,x,1/x2,211,x2/x2,2,x,1/x2,2,x,1 1 10");
    play(&mut p, "2c3>11");
    assert_eq!(p.top(sq("c3")).unwrap().color, Color::Black);
    assert_eq!(p.top(sq("e3")).unwrap().color, Color::White);
    assert_eq!(p.outcome(), Some(Outcome::Road(Color::White)));
    assert_eq!(p.outcome().unwrap().result_string(), "R-0");
}

#[test]
fn a_move_completing_only_the_opponents_road_loses() {
    // RULINGS Tak 4b: uncovering the opponent's road gives it the win.
    let mut p = at("x2,2,x2/x2,2,x2/x2,21,x2/x2,2,x2/x2,2,x2 1 10");
    play(&mut p, "c3>");
    assert_eq!(p.outcome(), Some(Outcome::Road(Color::Black)));
    assert_eq!(p.outcome().unwrap().result_string(), "0-R");
}

#[test]
fn a_full_board_ends_the_game_on_flats() {
    // Text 001 3.2 and RULINGS Tak 4c: top flats only; walls and capstones don't count.
    let mut p = Position::from_tps("2,1,2/1S,2,1S/2,1,x 1 6", rules(3)).unwrap();
    play(&mut p, "c1");
    // White flats: b3, b1, c1 = 3; Black flats: a3, c3, b2, a1 = 4.
    assert_eq!(p.flat_counts(), [3, 4]);
    assert_eq!(p.outcome(), Some(Outcome::Flats(Color::Black)));
    assert_eq!(p.outcome().unwrap().result_string(), "0-F");
}

#[test]
fn komi_is_added_to_player_two_and_equal_counts_draw() {
    // RULINGS Tak 3 and 4c.
    let tps = "2,1,2/1,2,1/2,1,x 2 5";
    // Black fills the last square: 4 white, 5 black flats.
    let board_after = |komi: i8| {
        let mut p =
            Position::from_tps(tps, rules(3).with_komi(Komi::from_halves(komi).unwrap())).unwrap();
        play(&mut p, "Sc1");
        p
    };
    assert_eq!(board_after(0).flat_counts(), [4, 4]);
    assert_eq!(board_after(0).outcome(), Some(Outcome::Draw));
    assert_eq!(board_after(0).outcome().unwrap().result_string(), "1/2-1/2");
    assert_eq!(board_after(1).outcome(), Some(Outcome::Flats(Color::Black)));
    assert_eq!(
        board_after(-1).outcome(),
        Some(Outcome::Flats(Color::White))
    );
    assert_eq!(board_after(-1).outcome().unwrap().result_string(), "F-0");
}

#[test]
fn placing_the_last_piece_ends_the_game() {
    // Text 001 2.1.2 and RULINGS Tak 4c: a player with no stones and no capstones left.
    let few = rules(5).with_reserves(Color::White, 3, 0).unwrap();
    let mut p = Position::new(few);
    play(&mut p, "a5 e1 c3 d4");
    assert!(p.outcome().is_none());
    play(&mut p, "b2");
    // White's reserve is empty: flats decide. White c3, e1, b2 = 3; Black a5, d4 = 2.
    assert_eq!(p.outcome(), Some(Outcome::Flats(Color::White)));
}

#[test]
fn running_out_of_stones_with_a_capstone_left_does_not_end_the_game() {
    // RULINGS Tak 4c: no stones *and* no capstones.
    let custom = rules(5).with_reserves(Color::White, 3, 1).unwrap();
    let mut p = Position::new(custom);
    play(&mut p, "a5 e1 c3 d4 b2");
    assert_eq!(p.stones_left(Color::White), 0);
    assert!(p.outcome().is_none());
    play(&mut p, "a1");
    assert!(refused(&p, "b1").contains("white has no stones left"));
    play(&mut p, "Cb1");
    assert!(p.outcome().is_some());
}

#[test]
fn nothing_else_ends_a_game() {
    // RULINGS Tak 4: no repetition draw. Shuffle a capstone back and forth.
    let mut p = at("x5/x5/x2,1C,x2/x5/x2,2C,x2 1 10");
    for _ in 0..6 {
        play(&mut p, "c3> c1> d3< d1<");
    }
    assert!(p.outcome().is_none());
    assert_eq!(p.tps(), "x5/x5/x2,1C,x2/x5/x2,2C,x2 1 22");
}

#[test]
fn road_threats_are_announced() {
    // RULINGS Tak 8: "Tak!" after a ply that leaves the mover a road-completing ply.
    let mut p = at("x5/x5/2,2,2,x2/1,1,1,x2/x5 1 5");
    play(&mut p, "d2");
    assert!(p.is_tak());
    play(&mut p, "Se2");
    assert!(
        !p.is_tak(),
        "Black's wall answers the threat and makes none"
    );
}

#[test]
fn parsed_moves_are_checked_against_the_board_size() {
    // RULINGS Tak 7: files a-h parse, but must be on this board.
    let p = Position::new(rules(3));
    assert_eq!(refused(&p, "d1"), "d1 is off the 3x3 board");
    let err: MoveError = Position::new(rules(3)).check(mv("h8")).unwrap_err();
    assert!(matches!(err, MoveError::OffBoard { .. }));
}
