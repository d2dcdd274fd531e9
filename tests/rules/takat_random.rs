//! Random games played to the end, checked against invariants and against
//! a small reference model written here independently of the engine (its
//! own board geometry from hex coordinates, its own stacks as strings).

use std::collections::BTreeSet;

use taktable::games::takat::{parse_record, perft, Cell, Color, Position, Record, Turn, WinReason};

/// xorshift64*: tiny, seeded, good enough to pick turns.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ------------------------------------------------------- reference model

const NAMES: [&str; 7] = ["C", "N", "NE", "SE", "S", "SW", "NW"];
/// Axial hex coordinates of C, N, NE, SE, S, SW, NW.
const COORDS: [(i32, i32); 7] = [(0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];

fn adjacent(a: usize, b: usize) -> bool {
    let (dq, dr) = (COORDS[a].0 - COORDS[b].0, COORDS[a].1 - COORDS[b].1);
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2 == 1
}

fn red(a: usize) -> bool {
    matches!(NAMES[a], "N" | "SE" | "SW")
}

#[derive(Clone, Debug)]
struct Model {
    stacks: [String; 7],
    mover: char,
    last: Option<usize>,
}

impl Model {
    fn start() -> Model {
        Model {
            stacks: Default::default(),
            mover: 'w',
            last: None,
        }
    }

    /// Reads the position format (trusted: the data file's positions).
    fn from_text(text: &str) -> Model {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut stacks: [String; 7] = Default::default();
        for (i, s) in fields[0].split('/').enumerate() {
            stacks[i] = if s == "x" {
                String::new()
            } else {
                s.to_string()
            };
        }
        Model {
            stacks,
            mover: fields[1].chars().next().unwrap(),
            last: NAMES.iter().position(|&n| n == fields[2]),
        }
    }

    fn count(&self, c: char) -> usize {
        self.stacks.iter().map(|s| s.matches(c).count()).sum()
    }

    fn hand(&self, c: char) -> usize {
        (if c == 'w' { 6 } else { 15 }) - self.count(c)
    }

    fn text(&self) -> String {
        let stacks: Vec<&str> = self
            .stacks
            .iter()
            .map(|s| if s.is_empty() { "x" } else { s.as_str() })
            .collect();
        format!(
            "{} {} {}",
            stacks.join("/"),
            self.mover,
            self.last.map_or("-", |i| NAMES[i])
        )
    }

    fn top_two_alike(s: &str) -> bool {
        let b = s.as_bytes();
        b.len() >= 2 && b[b.len() - 1] == b[b.len() - 2]
    }

    fn forbidden_pair(&self) -> bool {
        (0..7).any(|a| {
            (0..7).any(|b| {
                a != b
                    && adjacent(a, b)
                    && self.stacks[a].len() >= 4
                    && self.stacks[b].len() >= 4
                    && Self::top_two_alike(&self.stacks[a])
                    && Self::top_two_alike(&self.stacks[b])
                    && self.stacks[a].chars().last() == self.stacks[b].chars().last()
            })
        })
    }

    fn legal(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.stacks.iter().any(|s| s.len() == 6) {
            return out;
        }
        let empties: Vec<usize> = (1..7).filter(|&i| self.stacks[i].is_empty()).collect();
        if self.hand(self.mover) > 0 {
            out.extend(empties.iter().map(|&i| format!("+{}", NAMES[i])));
        }
        if self.mover == 'b'
            && self.count('b') < self.count('w')
            && self.hand('b') > 0
            && !empties.is_empty()
        {
            return out;
        }
        for (f, s) in self.stacks.iter().enumerate() {
            let Some(top) = s.chars().last() else {
                continue;
            };
            if self.last == Some(f) {
                continue;
            }
            let n = s.len();
            if red(f) && n >= 3 && s[n - 3..].chars().all(|c| c == top) {
                continue;
            }
            if Self::top_two_alike(s) && top != self.mover {
                continue;
            }
            for (t, dest) in self.stacks.iter().enumerate() {
                if !adjacent(f, t) || dest.len() > n {
                    continue;
                }
                let mut next = self.clone();
                next.stacks[f].pop();
                next.stacks[t].push(top);
                if !next.forbidden_pair() {
                    out.push(format!("{}-{}", NAMES[f], NAMES[t]));
                }
            }
        }
        out
    }

    fn play(&mut self, turn: &str) {
        let cell = |name: &str| NAMES.iter().position(|&n| n == name).unwrap();
        let dest = if let Some(c) = turn.strip_prefix('+') {
            let i = cell(c);
            self.stacks[i].push(self.mover);
            i
        } else {
            let (f, t) = turn.split_once('-').unwrap();
            let (f, t) = (cell(f), cell(t));
            let piece = self.stacks[f].pop().unwrap();
            self.stacks[t].push(piece);
            t
        };
        self.last = Some(dest);
        self.mover = if self.mover == 'w' { 'b' } else { 'w' };
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .iter()
            .map(|t| {
                let mut next = self.clone();
                next.play(t);
                next.perft(depth - 1)
            })
            .sum()
    }
}

// ------------------------------------------------------------- the games

/// Every turn there is to write: 7 entries and 49 moves (legal or not).
fn all_turns() -> Vec<Turn> {
    let mut v: Vec<Turn> = Cell::ALL.into_iter().map(Turn::Enter).collect();
    for from in Cell::ALL {
        for to in Cell::ALL {
            v.push(Turn::Move { from, to });
        }
    }
    v
}

fn check_invariants(pos: &Position, refusals: &mut BTreeSet<String>) {
    let mut white = 0;
    let mut black = 0;
    for c in Cell::ALL {
        let s = pos.stack(c);
        assert_eq!(s.len(), pos.height(c));
        assert!(s.len() <= 6, "{pos}");
        assert_eq!(pos.top(c), s.last().copied());
        white += s.iter().filter(|&&p| p == Color::White).count();
        black += s.iter().filter(|&&p| p == Color::Black).count();
    }
    assert_eq!(pos.on_board(Color::White) as usize, white);
    assert_eq!(pos.on_board(Color::Black) as usize, black);
    assert_eq!(pos.on_board(Color::White) + pos.in_hand(Color::White), 6);
    assert_eq!(pos.on_board(Color::Black) + pos.in_hand(Color::Black), 15);
    let total: u8 = Color::ALL
        .iter()
        .map(|&c| pos.on_board(c) + pos.in_hand(c))
        .sum();
    assert_eq!(total, 21);
    if let Some(c) = pos.last_touched() {
        assert!(pos.height(c) > 0, "{pos}");
    }
    // The position format round trip.
    let text = pos.to_string();
    assert_eq!(text.parse::<Position>().as_ref(), Ok(pos), "{text}");
    assert_eq!(text.to_uppercase().parse::<Position>().as_ref(), Ok(pos));
    // Outcome and legal turns agree.
    let legal = pos.legal_turns();
    let six = Cell::ALL.iter().any(|&c| pos.height(c) == 6);
    match pos.outcome() {
        None => assert!(!legal.is_empty() && !six),
        Some(o) => {
            assert!(legal.is_empty(), "{pos}");
            if six {
                assert_eq!((o.winner, o.reason), (Color::White, WinReason::StackOfSix));
            } else {
                assert_eq!(o.reason, WinReason::NoLegalTurn);
                assert_eq!(o.winner, pos.to_move().other());
            }
        }
    }
    // Legal turns are sorted, distinct, accepted by check, and round trip
    // through the notation; every other turn is refused.
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted, legal);
    for t in all_turns() {
        let listed = legal.contains(&t);
        assert_eq!(pos.check(t).is_ok(), listed, "{t} in {pos}");
        let text = t.to_string();
        assert_eq!(text.parse::<Turn>(), Ok(t));
        assert_eq!(text.to_lowercase().parse::<Turn>(), Ok(t));
        if !listed {
            let mut copy = pos.clone();
            let err = copy.play(t).unwrap_err();
            let kind = format!("{err:?}");
            refusals.insert(kind.split([' ', '(']).next().unwrap_or("").to_string());
            assert_eq!(&copy, pos);
        }
    }
}

struct Tally {
    games: usize,
    plies: usize,
    stack_of_six: usize,
    white_stuck: usize,
    black_stuck: usize,
    unfinished: usize,
    /// The kinds of `TurnError` seen.
    refusals: BTreeSet<String>,
}

/// Plays one random game of at most `max_plies`, checking everything.
fn random_game(seed: u64, max_plies: usize, tally: &mut Tally) -> Record {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start();
    let mut model = Model::start();
    let mut record = Record::default();
    for _ in 0..max_plies {
        check_invariants(&pos, &mut tally.refusals);
        assert_eq!(pos.to_string(), model.text());
        let legal = pos.legal_turns();
        let names: BTreeSet<String> = legal.iter().map(|t| t.to_string()).collect();
        let expected: BTreeSet<String> = model.legal().into_iter().collect();
        assert_eq!(names, expected, "legal turns in {pos}");
        if legal.is_empty() {
            break;
        }
        // Odd seeds play a "stacker" who mostly moves onto the tallest stack
        // it can reach, so that stacks of six happen too.
        let tallest: Vec<Turn> = {
            let h = |t: &Turn| pos.height(t.destination());
            let best = legal.iter().map(h).max().unwrap_or(0);
            legal.iter().copied().filter(|t| h(t) == best).collect()
        };
        let t = if seed % 2 == 1 && rng.below(4) > 0 {
            tallest[rng.below(tallest.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        let before = pos.to_move();
        pos.play(t).unwrap();
        model.play(&t.to_string());
        record.turns.push(t);
        tally.plies += 1;
        assert_eq!(pos.to_move(), before.other(), "sides alternate");
        assert_eq!(pos.last_touched(), Some(t.destination()));
    }
    check_invariants(&pos, &mut tally.refusals);
    tally.games += 1;
    match pos.outcome() {
        None => tally.unfinished += 1,
        Some(o) if o.reason == WinReason::StackOfSix => tally.stack_of_six += 1,
        Some(o) if o.winner == Color::White => tally.black_stuck += 1,
        Some(_) => tally.white_stuck += 1,
    }
    record
}

#[test]
fn random_games_against_the_reference_model() {
    let mut tally = Tally {
        games: 0,
        plies: 0,
        stack_of_six: 0,
        white_stuck: 0,
        black_stuck: 0,
        unfinished: 0,
        refusals: BTreeSet::new(),
    };
    for seed in 0..400 {
        let record = random_game(seed, 300, &mut tally);
        // The record round trip.
        let text = record.to_string();
        let back = parse_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, record);
        assert_eq!(
            back.final_position().ok().map(|p| p.to_string()),
            record.final_position().ok().map(|p| p.to_string())
        );
    }
    println!(
        "{} games, {} plies: stack of six {}, White stuck {}, Black stuck {}, unfinished {}",
        tally.games,
        tally.plies,
        tally.stack_of_six,
        tally.white_stuck,
        tally.black_stuck,
        tally.unfinished
    );
    assert_eq!(tally.games, 400);
    // Random play reaches every kind of ending.
    assert!(tally.stack_of_six > 0);
    assert!(tally.white_stuck > 0);
    assert!(tally.black_stuck > 0);
    // Every rule refused some turn, so the model comparison covered them all.
    let kinds: Vec<&str> = tally.refusals.iter().map(|s| s.as_str()).collect();
    assert_eq!(
        kinds,
        [
            "EmptyCell",
            "EnterOnCentre",
            "GameOver",
            "JustMoved",
            "MustEnter",
            "NoPieceInHand",
            "NotAdjacent",
            "Occupied",
            "PermanentlySafe",
            "Safe",
            "SameCell",
            "TallSafeStacks",
            "TooHigh"
        ]
    );
}

#[test]
fn perft_matches_the_reference_model() {
    let start = Position::start();
    for depth in 0..=6 {
        assert_eq!(
            perft(&start, depth),
            Model::start().perft(depth),
            "depth {depth}"
        );
    }
    // From the positions of the perft data file.
    let data = include_str!("../data/takat/perft.txt");
    for line in data.lines() {
        if let Some(text) = line.strip_prefix("position ") {
            let pos: Position = text.parse().unwrap();
            for depth in 0..=4 {
                assert_eq!(
                    perft(&pos, depth),
                    Model::from_text(text).perft(depth),
                    "{text}"
                );
            }
        }
    }
    // From positions in the middle of random games.
    let mut rng = Rng::new(99);
    for _ in 0..40 {
        let mut pos = Position::start();
        let mut model = Model::start();
        let plies = 10 + rng.below(40);
        for _ in 0..plies {
            let legal = pos.legal_turns();
            if legal.is_empty() {
                break;
            }
            let t = legal[rng.below(legal.len())];
            pos.play(t).unwrap();
            model.play(&t.to_string());
        }
        for depth in 0..=3 {
            assert_eq!(
                perft(&pos, depth),
                model.perft(depth),
                "{pos} depth {depth}"
            );
        }
    }
}
