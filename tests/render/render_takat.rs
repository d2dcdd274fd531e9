//! The Takat board picture, checked the way a player would look at it:
//! decode the PNG and look at the pixels where the layout says things are.

use image::RgbaImage;
use taktable::games::takat::{Position, Turn};
use taktable::render::takat::layout::{HEIGHT, WIDTH};
use taktable::render::takat::{self, SafeMark, TakatBoardView, TakatColours, TakatLayout, RED};
use taktable::render::{Picture, Side, Theme};

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgba8()
}

fn render_png(view: &TakatBoardView, theme: Theme) -> Vec<u8> {
    view.png(theme).expect("the picture encodes")
}

fn render(view: &TakatBoardView, theme: Theme) -> RgbaImage {
    decode(&render_png(view, theme))
}

fn rgb(img: &RgbaImage, (x, y): (i32, i32)) -> [u8; 3] {
    let p = img.get_pixel(x as u32, y as u32).0;
    assert_eq!(p[3], 255, "the picture is opaque");
    [p[0], p[1], p[2]]
}

fn view_of(position: &str, last: Option<&str>) -> TakatBoardView {
    let pos: Position = position.parse().unwrap();
    let last = last.map(|t| t.parse::<Turn>().unwrap());
    TakatBoardView::from_position(&pos, ["Alice".into(), "Bob".into()], last)
}

#[test]
#[ignore = "writes docs/sample-takat.png (and every theme to TAKAT_SAMPLES, if set)"]
fn write_sample() {
    let path = format!("{}/docs/sample-takat.png", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(
        &path,
        render_png(&takat::sample_midgame(), Theme::default()),
    )
    .unwrap();
    if let Some(dir) = std::env::var_os("TAKAT_SAMPLES") {
        let dir = std::path::PathBuf::from(dir);
        for theme in Theme::ALL {
            let file = dir.join(format!("takat-{}.png", theme.name()));
            std::fs::write(file, render_png(&takat::sample_midgame(), theme)).unwrap();
        }
        for (name, position, last) in [
            ("six", "bbbbbw/x/bbbw/bw/w/bww/b b C", "NE-C"),
            ("stuck", "bb/bw/x/bb/w/www/w w N", "NE-N"),
            ("enter", "x/w/x/x/x/x/x b N", "+N"),
        ] {
            let view = view_of(position, Some(last)).with_turns_played(7);
            let file = dir.join(format!("takat-{name}.png"));
            std::fs::write(file, render_png(&view, Theme::default())).unwrap();
        }
    }
}

/// Positions that show a bit of everything: the sample, a start, a
/// finished game, stacks of every height up to six.
fn views() -> Vec<TakatBoardView> {
    vec![
        takat::sample_midgame(),
        TakatBoardView::default(),
        view_of("x/w/x/x/x/x/x b N", Some("+N")),
        view_of("bbw/www/x/bb/x/x/b b C", Some("NE-C")),
        view_of("bb/bw/x/bb/w/www/w w N", Some("NE-N")),
        view_of("bbbbbw/x/bbbw/bw/w/bww/b b C", Some("NE-C")),
        view_of("ww/bbbbw/b/wbw/bb/b/bbb w N", None),
    ]
}

#[test]
fn the_picture_has_its_size_and_is_opaque() {
    for view in views() {
        let img = render(&view, Theme::default());
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        assert!(img.pixels().all(|p| p.0[3] == 255));
        let l = TakatLayout::new();
        assert_eq!((l.width, l.height), (WIDTH, HEIGHT));
        assert!(l.footer_baseline < HEIGHT as i32);
    }
}

#[test]
fn each_top_piece_shows_its_colour_and_empty_cells_their_own() {
    let l = TakatLayout::new();
    for theme in Theme::ALL {
        let c = TakatColours::of(theme);
        let pal = theme.palette();
        for view in views() {
            let img = render(&view, theme);
            for (i, &red) in RED.iter().enumerate() {
                let stack = view.stack(i);
                // The cell's own fill, red or not, shows beside any stack.
                let fill = if red { c.red } else { c.cell };
                assert_eq!(
                    rgb(&img, l.fill_probe(i).unwrap()),
                    fill,
                    "{theme} cell {i}"
                );
                if let Some(top) = stack.last() {
                    let at = l.top_face_centre(i, stack.len()).unwrap();
                    assert_eq!(
                        rgb(&img, at),
                        pal.piece[top.index()],
                        "{theme} cell {i}: top {top:?} of {stack:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn red_cells_are_marked_by_colour_and_by_a_ring() {
    let l = TakatLayout::new();
    for theme in Theme::ALL {
        let c = TakatColours::of(theme);
        let img = render(&TakatBoardView::default(), theme);
        let mut red = Vec::new();
        for (i, &is_red) in RED.iter().enumerate() {
            let ring = rgb(&img, l.red_ring_probe(i).unwrap());
            if is_red {
                red.push(takat::CELL_NAMES[i]);
                assert_eq!(ring, c.red_ring, "{theme} {i}");
            } else {
                assert_eq!(ring, c.cell, "{theme} {i}");
            }
        }
        // RULINGS Takat 1.
        assert_eq!(red, ["N", "SE", "SW"]);
        assert_ne!(c.red, c.cell);
    }
}

#[test]
fn the_last_turn_is_highlighted_and_nothing_else() {
    let l = TakatLayout::new();
    let cases: [(&str, Option<&str>, &[usize]); 4] = [
        ("x/x/x/x/x/x/x w -", None, &[]),
        ("x/w/x/x/x/x/x b N", Some("+N"), &[1]),
        ("w/x/b/x/x/x/x b C", Some("N-C"), &[1, 0]),
        ("x/b/w/x/x/x/x b NE", Some("C-NE"), &[0, 2]),
    ];
    for theme in Theme::ALL {
        let c = TakatColours::of(theme);
        let pal = theme.palette();
        for (position, last, cells) in cases {
            let img = render(&view_of(position, last), theme);
            for i in 0..7 {
                let want = if cells.contains(&i) {
                    pal.last_move
                } else {
                    c.hex
                };
                assert_eq!(
                    rgb(&img, l.halo_probe(i).unwrap()),
                    want,
                    "{theme} {position} {last:?} cell {i}"
                );
            }
        }
    }
}

#[test]
fn safe_tops_are_marked_one_ring_or_two() {
    // RULINGS Takat 5: ww on SE is safe; www on the red N is permanently
    // safe; bbb on NE (not red) only safe; bw on C is not safe.
    let view = view_of("bw/www/bbb/ww/x/b/x w -", None);
    assert_eq!(
        (0..7).map(|i| view.mark(i)).collect::<Vec<_>>(),
        [
            SafeMark::None,
            SafeMark::Permanent,
            SafeMark::Safe,
            SafeMark::Safe,
            SafeMark::None,
            SafeMark::None,
            SafeMark::None
        ]
    );
    let l = TakatLayout::new();
    for theme in Theme::ALL {
        let pal = theme.palette();
        for v in [&view, &takat::sample_midgame()] {
            let img = render(v, theme);
            for i in 0..7 {
                let stack = v.stack(i);
                let Some(top) = stack.last() else { continue };
                let [outer, inner] = l.marker_probes(i, stack.len()).unwrap();
                let (face, mark) = (pal.piece[top.index()], pal.outline[top.index()]);
                let want = match v.mark(i) {
                    SafeMark::None => [face, face],
                    SafeMark::Safe => [mark, face],
                    SafeMark::Permanent => [mark, mark],
                };
                assert_eq!(
                    [rgb(&img, outer), rgb(&img, inner)],
                    want,
                    "{theme} cell {i}"
                );
            }
        }
    }
}

#[test]
fn cards_show_pieces_in_hand_and_whose_turn_it_is() {
    let l = TakatLayout::new();
    let theme = Theme::default();
    let pal = theme.palette();
    let view = view_of("bw/x/w/bb/x/x/b w -", None);
    assert_eq!(view.in_hand, [4, 11]);
    let img = render(&view, theme);
    for side in [Side::White, Side::Black] {
        let total = [6, 15][side.index()];
        for k in 0..total {
            let at = l.hand_slot(side, k).expect("room for every piece");
            let in_hand = k < view.in_hand[side.index()] as usize;
            let p = rgb(&img, at);
            if in_hand {
                assert_eq!(p, pal.piece[side.index()], "{side:?} {k}");
            } else {
                assert_ne!(p, pal.piece[side.index()], "{side:?} {k}");
            }
        }
        // The card of the side to move is outlined in the accent colour.
        let card = l.cards[side.index()];
        let edge = rgb(&img, (card.x + card.w / 2, card.y + 1));
        assert_eq!(edge == pal.accent, side == Side::White, "{side:?}");
    }
}

#[test]
fn a_finished_game_outlines_the_winner() {
    // RULINGS Takat 8: White has no legal turn here: Black has won.
    let view = view_of("bb/bw/x/bb/w/www/w w N", Some("NE-N"));
    assert_eq!(view.result.as_deref(), Some("0-1"));
    assert_eq!(view.reason.as_deref(), Some("white has no legal turn"));
    assert_eq!(view.to_move, None);
    let l = TakatLayout::new();
    let pal = Theme::default().palette();
    let img = render(&view, Theme::default());
    for side in [Side::White, Side::Black] {
        let card = l.cards[side.index()];
        let edge = rgb(&img, (card.x + card.w / 2, card.y + 1));
        assert_eq!(edge == pal.accent, side == Side::Black, "{side:?}");
    }
    let six = view_of("bbbbbw/x/bbbw/bw/w/bww/b b C", Some("NE-C"));
    assert_eq!(six.result.as_deref(), Some("1-0"));
    assert_eq!(six.reason.as_deref(), Some("a stack of six"));
}

#[test]
fn stacks_stay_inside_their_circles() {
    let l = TakatLayout::new();
    let r = l.cell_radius;
    for i in 0..7 {
        let (cx, cy) = l.cell_centre(i).unwrap();
        for h in 1..=8 {
            let b = l.pile_bounds(i, h).unwrap();
            assert!(
                b.x as f32 >= cx as f32 - r && b.right() as f32 <= cx as f32 + r,
                "{i} {h} {b:?}"
            );
            assert!(
                b.y as f32 >= cy as f32 - r && b.bottom() as f32 <= cy as f32 + r,
                "{i} {h} {b:?}"
            );
        }
        assert_eq!(
            l.pile_bounds(i, 7),
            l.pile_bounds(i, 6),
            "taller stacks show their top six"
        );
    }
}

#[test]
fn every_theme_renders_and_differently() {
    let view = takat::sample_midgame();
    let pictures: Vec<Vec<u8>> = Theme::ALL
        .iter()
        .map(|&t| render(&view, t).into_raw())
        .collect();
    for (i, a) in pictures.iter().enumerate() {
        for b in &pictures[i + 1..] {
            assert_ne!(a, b);
        }
    }
    // Drawing is deterministic (the pre-drawn parts are cached). The PNG
    // bytes need not be: the encoder keeps each kind's palette across
    // pictures, and other tests in this process encode Takat pictures in
    // Wood between the two calls.
    assert_eq!(
        view.compose(Theme::Wood).into_raw(),
        view.compose(Theme::Wood).into_raw()
    );
    takat::preload();
}

#[test]
fn odd_views_never_panic() {
    let tall = vec![Side::Black; 5000];
    let odd = [
        TakatBoardView {
            stacks: vec![],
            safe: vec![],
            last_turn: vec![7, 99, usize::MAX, 0, 0],
            players: [String::new(), " ".into()],
            ..TakatBoardView::default()
        },
        TakatBoardView {
            stacks: vec![tall.clone(); 100],
            safe: vec![SafeMark::Permanent; 100],
            last_turn: (0..50).collect(),
            last_notation: Some("x".repeat(500)),
            players: [
                "🦀".repeat(100),
                "a very long name indeed, longer than a card".into(),
            ],
            to_move: None,
            turns_played: u32::MAX,
            in_hand: [u32::MAX, 0],
            must_enter: true,
            result: Some("nonsense".into()),
            reason: Some("because".repeat(50)),
            position: "🦀".repeat(300),
        },
        TakatBoardView {
            stacks: vec![vec![Side::White; 6], vec![Side::Black; 7]],
            safe: vec![SafeMark::Safe],
            in_hand: [99, 99],
            to_move: Some(Side::Black),
            must_enter: true,
            result: Some("0-1".into()),
            reason: None,
            ..TakatBoardView::default()
        },
    ];
    for view in &odd {
        for theme in Theme::ALL {
            let img = render(view, theme);
            assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        }
    }
    // A stack above six shows its height in its pill.
    let l = TakatLayout::new();
    assert!(l.pill(0, 5000).is_some());
    assert!(l.pill(0, 1).is_none());
    // Cells that are not on the board have no geometry.
    assert!(l.cell_centre(7).is_none() && l.fill_probe(9).is_none());
    assert!(l.top_face_centre(0, 0).is_none());
}

#[test]
fn a_midgame_png_is_small() {
    let png = render_png(&takat::sample_midgame(), Theme::default());
    assert!(png.len() < 150_000, "{} bytes", png.len());
}
