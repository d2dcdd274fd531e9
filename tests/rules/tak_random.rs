//! Random Tak games played to the end: the engine never panics, pieces are
//! conserved, undo restores every position, and every legal move's
//! notation round-trips (RULINGS Tak 7).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::games::tak::{Color, Komi, Move, Opening, Position, PtnGame, Role, Rules, Square};

/// Every piece of a game is on the board or in a reserve.
fn assert_pieces_conserved(p: &Position) {
    let rules = *p.rules();
    let mut stones = [0usize; 2];
    let mut caps = [0usize; 2];
    for sq in Square::all(p.size()) {
        let stack = p.stack(sq);
        for (i, piece) in stack.pieces().enumerate() {
            if i + 1 < stack.height() {
                assert_eq!(
                    piece.role,
                    Role::Flat,
                    "only a top piece may stand or be a capstone"
                );
            }
            match piece.role {
                Role::Cap => caps[piece.color.index()] += 1,
                _ => stones[piece.color.index()] += 1,
            }
        }
    }
    for c in Color::ALL {
        assert_eq!(
            stones[c.index()] + p.stones_left(c) as usize,
            rules.stones[c.index()] as usize
        );
        assert_eq!(
            caps[c.index()] + p.caps_left(c) as usize,
            rules.caps[c.index()] as usize
        );
    }
}

fn random_rules(rng: &mut SmallRng) -> Rules {
    let size = rng.random_range(3..=8);
    let mut rules = Rules::standard(size)
        .unwrap()
        .with_komi(Komi::from_halves(rng.random_range(-9..=9)).unwrap());
    if rng.random_bool(0.2) {
        rules = rules.with_opening(Opening::NoSwap);
    }
    if rng.random_bool(0.2) {
        for c in Color::ALL {
            rules = rules
                .with_reserves(c, rng.random_range(1..=80), rng.random_range(0..=5))
                .unwrap();
        }
    }
    rules
}

#[test]
fn random_games_end_by_rule_and_conserve_pieces() {
    let mut rng = SmallRng::seed_from_u64(0x7a6b);
    let mut ended = 0;
    for _ in 0..300 {
        let rules = random_rules(&mut rng);
        let mut p = Position::new(rules);
        let mut plies = 0;
        while !p.is_over() && plies < 400 {
            let moves = p.legal_moves();
            assert!(
                !moves.is_empty(),
                "a live game always has a move: {}",
                p.tps()
            );
            // Prefer stack moves now and then so tall stacks appear.
            let mv = moves[rng.random_range(0..moves.len())];
            p.play(mv)
                .unwrap_or_else(|e| panic!("generated move {mv} refused: {e}"));
            assert_pieces_conserved(&p);
            plies += 1;
        }
        if p.is_over() {
            ended += 1;
            assert!(p.legal_moves().is_empty());
            assert_eq!(p.count_legal_moves(), 0);
        }
    }
    assert!(ended > 250, "most random games end by rule: {ended}");
}

#[test]
fn every_legal_move_round_trips_through_ptn_and_undo() {
    let mut rng = SmallRng::seed_from_u64(42);
    let mut checked = 0usize;
    for _ in 0..60 {
        let mut p = Position::new(random_rules(&mut rng));
        let mut history = Vec::new();
        while !p.is_over() && history.len() < 120 {
            let before = p.clone();
            // TPS round trip (RULINGS Tak 7).
            let again = Position::from_tps(&p.tps(), *p.rules()).unwrap();
            assert_eq!(again.tps(), p.tps());
            assert_eq!(again.outcome(), p.outcome());
            let moves = p.legal_moves();
            assert_eq!(moves.len() as u64, p.count_legal_moves());
            for &mv in &moves {
                // parse(format(m)) == m, and the canonical form is stable.
                let canonical = p.ptn(mv);
                let parsed: Move = canonical.parse().unwrap();
                assert_eq!(parsed, mv, "{canonical}");
                assert_eq!(p.ptn(parsed), canonical);
                assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
                assert_eq!(canonical.ends_with('*'), p.flattens(mv));
                assert!(p.check(mv).is_ok());
                // Playing then undoing restores the position exactly.
                let undo = p.play_unchecked(mv);
                p.undo(mv, undo);
                assert_eq!(p, before, "undo of {canonical}");
                checked += 1;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            p.play(mv).unwrap();
            history.push(mv);
        }
        // The game written as PTN replays to the same position.
        let text = taktable::games::tak::write_ptn(
            &ptn_tags(p.rules()),
            &Position::new(*p.rules()),
            &history,
            "*",
        );
        let game = PtnGame::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(game.replay().unwrap().position, p, "{text}");
    }
    assert!(checked > 10_000, "{checked}");
}

fn ptn_tags(rules: &Rules) -> Vec<(&'static str, String)> {
    vec![
        ("Size", rules.size.to_string()),
        ("Komi", rules.komi.to_string()),
        ("Flats1", rules.stones[0].to_string()),
        ("Caps1", rules.caps[0].to_string()),
        ("Flats2", rules.stones[1].to_string()),
        ("Caps2", rules.caps[1].to_string()),
        ("Opening", rules.opening.to_string()),
    ]
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    // Every placement and spread shape on every square: each is either legal
    // (and generated) or refused with a reason, leaving the position as it was.
    let mut rng = SmallRng::seed_from_u64(7);
    for _ in 0..40 {
        let mut p = Position::new(random_rules(&mut rng));
        for _ in 0..rng.random_range(0..60) {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        let legal = p.legal_moves();
        for _ in 0..500 {
            let text = random_move_text(&mut rng);
            let Ok(mv) = text.parse::<Move>() else {
                continue;
            };
            let before = p.clone();
            let mut q = p.clone();
            match q.play(mv) {
                Ok(()) => assert!(
                    legal.contains(&mv),
                    "{text} accepted but not generated in {}",
                    p.tps()
                ),
                Err(e) => {
                    assert!(!legal.contains(&mv), "{text} generated but refused: {e}");
                    assert!(!e.to_string().is_empty());
                    assert_eq!(q, before);
                }
            }
        }
    }
}

fn random_move_text(rng: &mut SmallRng) -> String {
    let file = (b'a' + rng.random_range(0..8)) as char;
    let rank = rng.random_range(1..=8);
    if rng.random_bool(0.3) {
        let prefix = ["", "S", "C"][rng.random_range(0..3)];
        return format!("{prefix}{file}{rank}");
    }
    let dir = ['+', '-', '<', '>'][rng.random_range(0..4)];
    let mut drops = String::new();
    let mut total = 0;
    for _ in 0..rng.random_range(1..=4) {
        let d = rng.random_range(1..=3);
        total += d;
        drops.push(char::from(b'0' + d));
    }
    format!("{total}{file}{rank}{dir}{drops}")
}

#[test]
fn no_input_makes_the_parsers_panic() {
    let mut rng = SmallRng::seed_from_u64(99);
    let alphabet: Vec<char> = "abcdefghx12345678900+-<>*'\"?!CSF/,[] {}.\n\"TPSize\\é"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let len = rng.random_range(0..40);
        let s: String = (0..len)
            .map(|_| alphabet[rng.random_range(0..alphabet.len())])
            .collect();
        let _ = s.parse::<Move>();
        let _ = Position::from_tps_standard(&s);
        let _ = Position::from_tps(&format!("{s} 1 1"), Rules::standard(5).unwrap());
        if let Ok(game) = PtnGame::parse(&s) {
            let _ = game.replay();
        }
        let _ = s.parse::<Komi>();
    }
}
