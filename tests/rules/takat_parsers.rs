//! The text formats: the position format and record files, their errors,
//! and no panic on malformed input for any parser.

use taktable::games::takat::{
    parse_record, Cell, Color, ParsePositionError, ParseTurnError, Position, Record,
    RecordErrorKind, Turn, TurnError,
};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

// ------------------------------------------------------ position format

#[test]
fn position_format_examples() {
    let start = Position::start();
    assert_eq!(start.to_string(), "x/x/x/x/x/x/x w -");
    // Lenient input: case, '-' for an empty stack, last field left out.
    for text in [
        "X/-/x/x/x/x/x W",
        "  x/x/x/x/x/x/x   w   -  ",
        "x/x/x/x/x/x/x w",
    ] {
        assert_eq!(text.parse::<Position>(), Ok(start.clone()), "{text}");
    }
    let p: Position = "bbw/WB/x/x/x/x/b b n".parse().unwrap();
    assert_eq!(
        p.stack(Cell::C),
        &[Color::Black, Color::Black, Color::White]
    );
    assert_eq!(p.stack(Cell::N), &[Color::White, Color::Black]);
    assert_eq!(p.stack(Cell::NW), &[Color::Black]);
    assert_eq!(p.to_move(), Color::Black);
    assert_eq!(p.last_touched(), Some(Cell::N));
    assert_eq!((p.in_hand(Color::White), p.in_hand(Color::Black)), (4, 11));
    assert_eq!(p.to_string(), "bbw/wb/x/x/x/x/b b N");
}

#[test]
fn position_format_errors() {
    use ParsePositionError::*;
    let cases: Vec<(&str, ParsePositionError)> = vec![
        ("", Empty),
        ("   ", Empty),
        ("x/x/x/x/x/x/x", FieldCount(1)),
        ("x/x/x/x/x/x/x w - z", FieldCount(4)),
        ("x/x/x w -", CellCount(3)),
        ("x/x/x/x/x/x/x/x w -", CellCount(8)),
        (
            "x/q/x/x/x/x/x w -",
            BadStack {
                cell: Cell::N,
                text: "q".into(),
            },
        ),
        (
            "x//x/x/x/x/x w -",
            BadStack {
                cell: Cell::N,
                text: "".into(),
            },
        ),
        (
            "x/x/wx/x/x/x/x w -",
            BadStack {
                cell: Cell::NE,
                text: "wx".into(),
            },
        ),
        (
            "bbbbbbb/x/x/x/x/x/x w -",
            StackTooTall {
                cell: Cell::C,
                height: 7,
            },
        ),
        ("bbbbbb/wbbbbb/x/x/x/x/x w -", SeveralStacksOfSix),
        (
            "x/ww/ww/ww/w/x/x b -",
            TooManyPieces {
                color: Color::White,
                count: 7,
            },
        ),
        (
            "bbb/bbb/bbb/bbb/bbb/b/x w -",
            TooManyPieces {
                color: Color::Black,
                count: 16,
            },
        ),
        ("x/x/x/x/x/x/x z -", BadSide("z".into())),
        ("x/x/x/x/x/x/x white -", BadSide("white".into())),
        ("x/x/x/x/x/x/x w N", LastTouchedEmpty(Cell::N)),
        (
            "bbww/bbww/x/x/x/x/x w -",
            TallSafeStacks {
                a: Cell::C,
                b: Cell::N,
                color: Color::White,
            },
        ),
    ];
    for (text, err) in cases {
        assert_eq!(text.parse::<Position>(), Err(err), "{text:?}");
    }
    let e = "x/x/x/x/x/x/x w Q".parse::<Position>().unwrap_err();
    assert!(matches!(e, BadLastTouched(_)));
    assert!(e.to_string().contains("\"Q\" is not a cell"), "{e}");
    let e = "x/x/x/x/x/x/x w N".parse::<Position>().unwrap_err();
    assert!(e.to_string().contains("N is empty"), "{e}");
}

// -------------------------------------------------------------- records

const GAME: &str = r#"[Game "Takat"]
[White "alice"]
[Black "bob"]
[Event "Club \"open\" #3 \\ final"]

# White opens on the red N
+N
+S      { Black must answer an entry with an entry,
          RULINGS Takat 4 }
n-c     # any case
+NE
"#;

#[test]
fn record_example() {
    let r = parse_record(GAME).unwrap();
    assert_eq!(r.tag("game"), Some("Takat"));
    assert_eq!(r.tag("White"), Some("alice"));
    assert_eq!(r.tag("Event"), Some("Club \"open\" #3 \\ final"));
    assert_eq!(r.tags.len(), 4);
    assert_eq!(r.start, Position::start());
    let turns: Vec<String> = r.turns.iter().map(|t| t.to_string()).collect();
    assert_eq!(turns, ["+N", "+S", "N-C", "+NE"]);
    let end = r.final_position().unwrap();
    assert_eq!(end.to_string(), "w/x/b/x/b/x/x w NE");
    assert_eq!(r.positions().unwrap().len(), 5);
    // Written back, it reads the same.
    let text = r.to_string();
    assert_eq!(parse_record(&text), Ok(r.clone()));
    assert!(
        text.contains(r#"[Event "Club \"open\" #3 \\ final"]"#),
        "{text}"
    );
    // Windows line ends and a byte order mark.
    let crlf = format!("\u{feff}{}", GAME.replace('\n', "\r\n"));
    assert_eq!(parse_record(&crlf), Ok(r));
}

#[test]
fn record_with_a_start_position() {
    let text = "[Game \"Takat\"]\n[Position \"X/W/B/x/x/x/x w ne\"]\nN-C\n";
    let r = parse_record(text).unwrap();
    assert_eq!(r.start.to_string(), "x/w/b/x/x/x/x w NE");
    // The tag keeps the canonical spelling.
    assert_eq!(r.tag("Position"), Some("x/w/b/x/x/x/x w NE"));
    assert_eq!(parse_record(&r.to_string()), Ok(r.clone()));
    // A record built by hand with another start writes a Position tag.
    let hand = Record {
        tags: vec![],
        start: r.start.clone(),
        turns: r.turns.clone(),
    };
    let text = hand.to_string();
    assert!(
        text.starts_with("[Position \"x/w/b/x/x/x/x w NE\"]\n"),
        "{text}"
    );
    assert_eq!(parse_record(&text).map(|p| p.turns), Ok(hand.turns));
}

#[test]
fn record_minimal() {
    assert_eq!(
        parse_record(""),
        Ok(Record {
            tags: vec![],
            ..Record::default()
        })
    );
    let r = parse_record("+N\n+NE\n").unwrap();
    assert_eq!(r.turns, [Turn::Enter(Cell::N), Turn::Enter(Cell::NE)]);
    assert!(r.tags.is_empty());
}

fn record_error(text: &str) -> (usize, RecordErrorKind) {
    let e = parse_record(text).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("line {}: ", e.line)),
        "{e}"
    );
    (e.line, e.kind)
}

#[test]
fn record_errors_name_the_line() {
    use RecordErrorKind::*;
    // An illegal turn: Black must enter (RULINGS Takat 4).
    let (line, kind) = record_error("[Game \"Takat\"]\n\n+N\nN-C\n");
    assert_eq!(line, 4);
    let turn = Turn::Move {
        from: Cell::N,
        to: Cell::C,
    };
    assert_eq!(
        kind,
        IllegalTurn {
            turn,
            error: TurnError::MustEnter
        }
    );
    let e = parse_record("+N\nN-C").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2: N-C is illegal: Black must enter a piece (Black has fewer pieces on the board than White)"
    );
    // A line that is no turn.
    let (line, kind) = record_error("+N\n+S\nhello\n");
    assert_eq!(line, 3);
    assert!(matches!(kind, BadTurn(ParseTurnError::BadCell(_))));
    let (line, kind) = record_error("+N\n+S +NE\n");
    assert_eq!(line, 2);
    assert!(matches!(kind, BadTurn(_)));
    // Tags.
    assert_eq!(record_error("+N\n[Game \"Takat\"]\n"), (2, TagAfterTurns));
    assert_eq!(
        record_error("[Site \"a\"]\n[site \"b\"]\n"),
        (2, DuplicateTag("site".into()))
    );
    assert_eq!(
        record_error("[Game \"Tak\"]\n"),
        (1, NotTakat("Tak".into()))
    );
    assert!(matches!(record_error("\n[Game Takat]\n"), (2, BadTag(_))));
    assert!(matches!(
        record_error("[Game \"Takat\" x]\n"),
        (1, BadTag(_))
    ));
    assert!(matches!(record_error("[\"Takat\"]\n"), (1, BadTag(_))));
    assert!(matches!(record_error("[Game \"Takat\"\n"), (1, BadTag(_))));
    assert!(matches!(
        record_error("[Position \"x/x w -\"]\n"),
        (1, BadPosition(ParsePositionError::CellCount(2)))
    ));
    // Comments.
    assert_eq!(record_error("+N\n{ open\n\n+S\n"), (2, UnclosedComment));
    assert_eq!(record_error("+N\n+S }\n"), (2, UnopenedComment));
    // A turn after the end of the game.
    let (line, kind) = record_error("[Position \"ww/bbb/ww/bbb/ww/bbb/b b NW\"]\n\n+NW\n");
    assert_eq!(line, 3);
    assert!(matches!(
        kind,
        IllegalTurn {
            error: TurnError::GameOver,
            ..
        }
    ));
}

// ------------------------------------------------------- no panics

const ALPHABET: &[char] = &[
    'w', 'b', 'x', 'W', 'B', 'X', '-', '/', '+', ' ', '\t', '\n', '\r', '[', ']', '"', '{', '}',
    '#', '\\', 'C', 'N', 'E', 'S', 'n', 'e', 's', 'c', '0', '1', '6', '7', 'é', '🦀', '\u{2013}',
    '\u{0}', '\u{feff}',
];

fn random_text(rng: &mut Rng, max: usize) -> String {
    let len = rng.below(max + 1);
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

/// Inserts, deletes or replaces a few characters (on char boundaries).
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 => chars.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            1 if at < chars.len() => {
                chars.remove(at);
            }
            _ if at < chars.len() => chars[at] = ALPHABET[rng.below(ALPHABET.len())],
            _ => {}
        }
    }
    chars.into_iter().collect()
}

/// Feeds `text` to every parser; whatever parses must behave.
fn feed(text: &str) {
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
    }
    if let Ok(turn) = text.parse::<Turn>() {
        assert_eq!(turn.to_string().parse::<Turn>(), Ok(turn), "{text:?}");
        let _ = Position::start().check(turn);
    }
    if let Ok(pos) = text.parse::<Position>() {
        assert_eq!(
            pos.to_string().parse::<Position>().as_ref(),
            Ok(&pos),
            "{text:?}"
        );
        assert!(pos.on_board(Color::White) <= 6 && pos.on_board(Color::Black) <= 15);
        for turn in pos.legal_turns() {
            let mut next = pos.clone();
            next.play(turn).unwrap();
        }
        let _ = (pos.outcome(), taktable::games::takat::perft(&pos, 2));
    }
    match parse_record(text) {
        Ok(record) => {
            let again = parse_record(&record.to_string());
            assert_eq!(again.as_ref(), Ok(&record), "{text:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

#[test]
fn garbage_never_panics() {
    let fixed = [
        "",
        " ",
        "\0",
        "🦀",
        "+🦀",
        "🦀-C",
        "C-🦀",
        "é-ñ",
        "+",
        "++",
        "-",
        "--",
        "+-",
        "-+",
        "C-",
        "-C",
        "C--N",
        "C -  - N",
        "x/x/x/x/x/x/x",
        "x/x/x/x/x/x/x w - -",
        "///////",
        "x/x/x/x/x/x/x 🦀 -",
        "x/x/x/x/x/x/x w 🦀",
        "🦀/x/x/x/x/x/x w -",
        "[",
        "]",
        "[]",
        "[Game",
        "[Game \"",
        "[Game \"\\",
        "[Game \"\\\"]",
        "[\"\"]",
        "{",
        "}",
        "{}",
        "{{}}",
        "#",
        "\\",
        "\"",
        "[Position \"\"]",
        "[Position \"🦀\"]",
        "+N\n{\n",
        "}\n+N",
    ];
    for text in fixed {
        feed(text);
    }
    feed(&"+N\n".repeat(10_000));
    feed(&"w".repeat(100_000));
    feed(&"[".repeat(10_000));
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    for _ in 0..20_000 {
        let text = random_text(&mut rng, 40);
        feed(&text);
    }
    let seeds = [
        "x/x/x/x/x/x/x w -",
        "bbw/wb/x/x/x/x/b b N",
        "wbwbw/x/bwbwb/x/x/x/x b -",
        "+NE",
        "C-NE",
        GAME,
    ];
    for _ in 0..20_000 {
        let seed = seeds[rng.below(seeds.len())];
        let text = mutate(&mut rng, seed);
        feed(&text);
    }
}
