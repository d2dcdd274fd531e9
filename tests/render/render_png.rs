//! The board picture, checked the way a player would look at it: decode the
//! PNG the bot posts and look at the pixels where the layout says things are.

use image::RgbaImage;
use taktable::games::tak::Position;
use taktable::render::draw::Rect;
use taktable::render::tak::layout::{Layout, HEIGHT, LABEL_HEIGHT, WIDTH};
use taktable::render::tak::{sample, Reserve, Stone, StoneKind, TakBoardView};
use taktable::render::{card, Picture, Side, Theme};

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgba8()
}

fn render_png(view: &TakBoardView, theme: Theme) -> Vec<u8> {
    view.png(theme).expect("the picture encodes")
}

fn render(view: &TakBoardView, theme: Theme) -> RgbaImage {
    decode(&render_png(view, theme))
}

fn rgb(img: &RgbaImage, (x, y): (i32, i32)) -> [u8; 3] {
    let p = img.get_pixel(x as u32, y as u32).0;
    assert_eq!(p[3], 255, "the picture is opaque");
    [p[0], p[1], p[2]]
}

fn parity(l: &Layout, sq: usize) -> usize {
    let (file, rank) = l.file_rank(sq);
    (file + rank) % 2
}

#[test]
fn every_size_has_the_same_dimensions() {
    for size in 3..=8 {
        let img = render(&sample::midgame(size), Theme::default());
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT), "{size}x{size}");
        let l = Layout::new(size);
        assert_eq!((l.width, l.height), (WIDTH, HEIGHT));
        assert!(l.frame.x >= 0 && l.frame.right() <= WIDTH as i32);
        // Landscape (issue 29): the board takes the height, the panel of
        // cards and status lines stands right of it, inside the picture.
        assert!(l.frame.bottom() < HEIGHT as i32 && l.frame.right() < l.panel.x);
        assert!(l.panel.right() <= WIDTH as i32 && l.panel.bottom() <= HEIGHT as i32);
        for card in l.cards {
            assert!(l.panel.contains_rect(&card));
        }
        assert!(l.cards[0].bottom() < l.footer_baseline - 20);
        assert!(l.last_baseline < l.flat_bar.y && l.flat_bar.bottom() < l.cards[1].y);
    }
}

#[test]
fn the_last_move_is_written() {
    // Issue 29: the Tak picture prints the last move's notation, as Takat's,
    // Taka's and Takkure's do.
    let view = sample::midgame(6);
    assert_eq!(view.last_notation.as_deref(), Some("d4-"));
    let l = Layout::new(6);
    let line = Rect::new(l.panel.x, l.last_baseline - 20, l.panel.w, 26);
    for theme in Theme::ALL {
        let pal = theme.palette();
        let with = render(&view, theme);
        let mut without = view.clone();
        without.last_notation = None;
        let without = render(&without, theme);
        // The move is written in bold in the text colour on that line.
        let ink = |img: &RgbaImage| count_in(img, line, pal.text);
        assert!(ink(&with) > ink(&without) + 40, "{theme}");
    }
}

#[test]
fn top_pieces_and_empty_squares_show_the_position() {
    for theme in Theme::ALL {
        let pal = theme.palette();
        for size in 3..=8 {
            let view = sample::midgame(size);
            let img = render(&view, theme);
            let l = Layout::new(size);
            let mut pieces = 0;
            for sq in 0..size * size {
                let stack = view.stack(sq);
                match stack.last() {
                    Some(top) => {
                        pieces += 1;
                        let at = l.piece_centre(sq, stack.len()).unwrap();
                        assert!(l.square_rect(sq).unwrap().contains(at.0, at.1));
                        assert_eq!(
                            rgb(&img, at),
                            pal.piece[top.side.index()],
                            "{theme} {size}x{size} square {sq}: top piece {top:?}"
                        );
                    }
                    None => {
                        let want = if view.last_move.contains(&sq) {
                            pal.last_move
                        } else {
                            pal.square[parity(&l, sq)]
                        };
                        let at = l.square_centre(sq).unwrap();
                        assert_eq!(rgb(&img, at), want, "{theme} {size}x{size} empty {sq}");
                    }
                }
            }
            assert!(pieces >= 3, "the sample has pieces");
        }
    }
}

#[test]
fn each_kind_of_piece_is_drawn_in_its_colour() {
    let kinds = [StoneKind::Flat, StoneKind::Wall, StoneKind::Cap];
    for theme in Theme::ALL {
        let pal = theme.palette();
        let mut view = TakBoardView::new(5);
        for (i, kind) in kinds.into_iter().enumerate() {
            for (j, side) in [Side::White, Side::Black].into_iter().enumerate() {
                // Alone, and on a stack of the other colour.
                let other = if side == Side::White {
                    Side::Black
                } else {
                    Side::White
                };
                view.stacks[i * 2 + j] = vec![Stone::new(side, kind)];
                view.stacks[10 + i * 2 + j] = vec![
                    Stone::new(other, StoneKind::Flat),
                    Stone::new(side, StoneKind::Flat),
                    Stone::new(other, StoneKind::Flat),
                    Stone::new(side, kind),
                ];
            }
        }
        let img = render(&view, theme);
        let l = Layout::new(5);
        for sq in 0..25 {
            if let Some(top) = view.stack(sq).last() {
                let at = l.piece_centre(sq, view.stack(sq).len()).unwrap();
                assert_eq!(rgb(&img, at), pal.piece[top.side.index()], "{theme} {sq}");
            }
        }
    }
}

#[test]
fn last_move_is_highlighted_there_and_nowhere_else() {
    for theme in Theme::ALL {
        let pal = theme.palette();
        for size in 3..=8 {
            let view = sample::midgame(size);
            assert!(!view.last_move.is_empty());
            let img = render(&view, theme);
            let l = Layout::new(size);
            for sq in 0..size * size {
                let at = l.fill_probe(sq).unwrap();
                let got = rgb(&img, at);
                if view.last_move.contains(&sq) {
                    assert_eq!(got, pal.last_move, "{theme} {size}x{size} square {sq}");
                } else {
                    assert_eq!(got, pal.square[parity(&l, sq)], "{theme} {size} {sq}");
                    assert_ne!(got, pal.last_move);
                }
            }
        }
    }
}

#[test]
fn a_winning_road_is_framed_and_the_result_shown() {
    // RULINGS Tak 5; issue 13: the frame holds the road a3-e3 and not the
    // pieces beside it (c4, d4, the capstone on c2).
    let view = sample::road_win();
    let sq = |name: &str| sample::square(5, name).unwrap();
    let road: Vec<usize> = ["a3", "b3", "c3", "d3", "e3"].map(sq).to_vec();
    assert_eq!(view.road, road);
    for branch in ["c4", "d4", "c2"] {
        assert!(!view.stack(sq(branch)).is_empty(), "{branch} holds a piece");
    }
    for theme in Theme::ALL {
        let pal = theme.palette();
        let img = render(&view, theme);
        let l = Layout::new(view.size);
        for sq in 0..25 {
            let got = rgb(&img, l.road_probe(sq).unwrap());
            assert_eq!(got == pal.road, view.road.contains(&sq), "{theme} {sq}");
        }
        // The result is written in the footer in the accent colour, and the
        // winner's card is outlined.
        let footer = (l.cards[0].x..l.cards[0].x + 200)
            .flat_map(|x| (l.footer_baseline - 14..l.footer_baseline).map(move |y| (x, y)));
        assert!(
            footer.into_iter().any(|p| rgb(&img, p) == pal.accent),
            "{theme}"
        );
        let [white, black] = l.cards;
        assert_eq!(rgb(&img, (white.x + white.w / 2, white.y + 1)), pal.accent);
        assert_ne!(rgb(&img, (black.x + black.w / 2, black.y + 1)), pal.accent);
    }
}

#[test]
fn the_card_of_the_player_to_move_is_outlined() {
    for side in [Side::White, Side::Black] {
        let mut view = sample::midgame(6);
        view.to_move = Some(side);
        let pal = Theme::Slate.palette();
        let img = render(&view, Theme::Slate);
        let l = Layout::new(6);
        for (i, card) in l.cards.iter().enumerate() {
            let top = rgb(&img, (card.x + card.w / 2, card.y + 1));
            assert_eq!(top == pal.accent, i == side.index(), "{side:?} card {i}");
        }
    }
}

#[test]
fn tall_stacks_stay_in_their_square_and_are_labelled() {
    for size in 3..=8 {
        for theme in [Theme::Slate, Theme::Contrast] {
            let pal = theme.palette();
            let view = sample::tall(size, 20, 45, size as u64);
            let img = render(&view, theme);
            let l = Layout::new(size);
            for sq in 0..size * size {
                let stack = view.stack(sq);
                assert!(stack.len() >= 20);
                let top = stack.last().unwrap();
                let at = l.piece_centre(sq, stack.len()).unwrap();
                assert_eq!(rgb(&img, at), pal.piece[top.side.index()], "{size} {sq}");

                // The pile and its label stay inside the square.
                let square = l.square_rect(sq).unwrap();
                let pile = l.pile(sq, stack.len()).unwrap();
                assert!(square.contains_rect(&pile.top), "{size} {sq}");
                assert!(pile.layers.len() >= size.min(stack.len()) - 1);
                for layer in &pile.layers {
                    assert!(layer.y > pile.top.y && layer.y + l.tile <= square.bottom());
                }
                let label = pile.label.expect("a stack of 20 or more is labelled");
                assert!(square.contains_rect(&label), "{size} {sq}");
                assert!(
                    label.x >= pile.top.right(),
                    "the label leaves the piece free"
                );

                // The label is drawn: its background and its digits' ink.
                let inside = (label.x..label.right())
                    .flat_map(|x| (label.y..label.bottom()).map(move |y| (x, y)))
                    .map(|p| rgb(&img, p))
                    .collect::<Vec<_>>();
                assert!(inside.contains(&pal.label), "{size} {sq}");
                let ink = inside.iter().filter(|&&c| c == pal.label_text).count();
                assert!(ink >= 8, "{size} {sq}: the height is written ({ink} px)");
            }
            // Nothing spills over the lines between squares.
            let frame = pal.frame;
            for i in 1..size as i32 {
                let x = l.board.x + i * l.square;
                let y = l.board.y + i * l.square;
                for t in l.board.y..l.board.bottom() {
                    assert_eq!(rgb(&img, (x, t)), frame, "{size}: column line at y {t}");
                }
                for t in l.board.x..l.board.right() {
                    assert_eq!(rgb(&img, (t, y)), frame, "{size}: row line at x {t}");
                }
            }
        }
    }
}

#[test]
fn every_stack_taller_than_one_shows_its_height() {
    // Issue 13: bands alone are hard to count at Discord's reduced size.
    assert_eq!(LABEL_HEIGHT, 2);
    for size in 3..=8 {
        let l = Layout::new(size);
        assert!(l.pile(0, 1).unwrap().label.is_none(), "{size}");
        for h in 2..=12 {
            assert!(l.pile(0, h).unwrap().label.is_some(), "{size} {h}");
        }
    }
    for theme in [Theme::Slate, Theme::Paper] {
        let pal = theme.palette();
        for size in [5, 6, 8] {
            let view = sample::midgame(size);
            let img = render(&view, theme);
            let l = Layout::new(size);
            let mut labelled = 0;
            for sq in 0..size * size {
                let h = view.stack(sq).len();
                if h < 2 {
                    continue;
                }
                labelled += 1;
                let label = l.pile(sq, h).unwrap().label.unwrap();
                let inside: Vec<[u8; 3]> = (label.x..label.right())
                    .flat_map(|x| (label.y..label.bottom()).map(move |y| (x, y)))
                    .map(|p| rgb(&img, p))
                    .collect();
                assert!(inside.contains(&pal.label), "{theme} {size} {sq}");
                let ink = inside.iter().filter(|&&c| c == pal.label_text).count();
                assert!(
                    ink >= 6,
                    "{theme} {size} {sq}: height {h} written ({ink} px)"
                );
            }
            assert!(labelled >= 3, "the sample has stacks");
        }
    }
}

/// The pixel at `x` in the top row of the flat bar's inside, clear of the
/// counts written in it.
fn bar_pixel(img: &RgbaImage, l: &Layout, x: i32) -> [u8; 3] {
    let (inner, _) = l.flat_bar_split([0, 0], 0);
    rgb(img, (x, inner.y + 1))
}

#[test]
fn the_flat_bar_shows_each_sides_share_with_komi() {
    // Issue 13; RULINGS Tak 3: komi counts for Player 2, a negative komi
    // for Player 1.
    for theme in Theme::ALL {
        let pal = theme.palette();
        for (flats, komi_half, white_share) in [
            ([6, 3], 0, 2.0 / 3.0),
            ([5, 5], 5, 5.0 / 12.5),
            ([4, 6], -4, 6.0 / 12.0),
            ([0, 0], 0, 0.5),
            ([9, 0], 0, 1.0),
        ] {
            let mut view = sample::midgame(6);
            view.flats = flats;
            view.komi_half = komi_half;
            let img = render(&view, theme);
            let l = Layout::new(6);
            let (inner, split) = l.flat_bar_split(flats, komi_half);
            let want = inner.x + (inner.w as f64 * white_share).round() as i32;
            assert_eq!(split, want, "{flats:?} {komi_half}");
            let case = format!("{theme} {flats:?} komi {komi_half}");
            if split > inner.x + 2 {
                assert_eq!(bar_pixel(&img, &l, inner.x + 1), pal.piece[0], "{case}");
                assert_eq!(bar_pixel(&img, &l, split - 1), pal.piece[0], "{case}");
            }
            if split < inner.right() - 2 {
                assert_eq!(bar_pixel(&img, &l, split), pal.piece[1], "{case}");
                assert_eq!(
                    bar_pixel(&img, &l, inner.right() - 2),
                    pal.piece[1],
                    "{case}"
                );
            }
            // Framed, and the counts are written in it.
            let bar = l.flat_bar;
            assert_eq!(rgb(&img, (bar.x + bar.w / 2, bar.y)), pal.frame, "{case}");
            let ink = (inner.x..inner.right())
                .flat_map(|x| (inner.y..inner.bottom()).map(move |y| (x, y)))
                .filter(|&(x, y)| {
                    let side = usize::from(x >= split);
                    rgb(&img, (x, y)) == pal.piece[1 - side]
                })
                .count();
            assert!(ink >= 40, "{case}: counts written ({ink} px)");
        }
    }
}

/// Pixels of `colour` in `r`.
fn count_in(img: &RgbaImage, r: Rect, colour: [u8; 3]) -> usize {
    (r.x..r.right())
        .flat_map(|x| (r.y..r.bottom()).map(move |y| (x, y)))
        .filter(|&p| rgb(img, p) == colour)
        .count()
}

/// Where the "Tak!" chip of `side`'s card goes in `view`.
fn tak_chip_box(l: &Layout, view: &TakBoardView, side: Side) -> Rect {
    let status = (view.to_move == Some(side)).then_some("to move");
    card::chip_boxes(l.cards[side.index()], status, Some("Tak!"))[1].unwrap()
}

#[test]
fn a_road_threat_puts_tak_on_the_threatening_players_card() {
    // Issue 13; RULINGS Tak 8: White has a1-d1 with e1 free.
    let threat = Position::from_tps_standard("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5").unwrap();
    let quiet = Position::from_tps_standard("x5/x5/x5/2,2,2,x2/1,1,1,1,2S 1 6").unwrap();
    let l = Layout::new(5);
    for theme in Theme::ALL {
        let pal = theme.palette();
        let chip = |img: &RgbaImage, view: &TakBoardView, side: Side| {
            let r = tak_chip_box(&l, view, side);
            count_in(img, r, pal.road) as f32 / (r.w * r.h) as f32
        };
        let view = TakBoardView::from_position(&threat, ["Al".into(), "Bo".into()], None);
        assert_eq!(view.threats, [true, false]);
        let img = render(&view, theme);
        assert!(chip(&img, &view, Side::White) > 0.5, "{theme}");
        assert_eq!(chip(&img, &view, Side::Black), 0.0, "{theme}");
        // Black to move and threatening too: both cards say it.
        let mut both = view.clone();
        both.threats = [true, true];
        let img = render(&both, theme);
        assert!(chip(&img, &both, Side::Black) > 0.5, "{theme}");
        let view = TakBoardView::from_position(&quiet, ["Al".into(), "Bo".into()], None);
        let img = render(&view, theme);
        for side in Side::ALL {
            assert_eq!(chip(&img, &view, side), 0.0, "{theme} {side:?}");
        }
        // Once the game is over nothing is threatened any more.
        let mut over = both.clone();
        over.result = Some("0-R".into());
        let img = render(&over, theme);
        assert_eq!(chip(&img, &over, Side::White), 0.0, "{theme}");
    }
}

#[test]
fn a_stack_shows_its_composition() {
    // Within the carry limit every piece shows: one layer per piece under
    // the top, each in its own colour.
    let mut view = TakBoardView::new(6);
    let sides = [
        Side::White,
        Side::Black,
        Side::Black,
        Side::White,
        Side::Black,
        Side::White,
    ];
    view.stacks[14] = sides
        .iter()
        .map(|&s| Stone::new(s, StoneKind::Flat))
        .collect();
    let pal = Theme::Slate.palette();
    let img = render(&view, Theme::Slate);
    let l = Layout::new(6);
    let pile = l.pile(14, 6).unwrap();
    assert_eq!(pile.layers.len(), 5);
    for layer in &pile.layers {
        assert!(layer.visible >= 4, "{layer:?}");
        // The top of the band that shows below the piece above.
        let at = (layer.x + l.tile / 2, layer.y + l.tile - layer.visible + 1);
        assert_eq!(
            rgb(&img, at),
            pal.piece[sides[layer.index].index()],
            "{layer:?}"
        );
    }
}

#[test]
fn every_theme_renders_differently_and_is_listed() {
    let view = sample::midgame(6);
    let mut seen = Vec::new();
    for theme in Theme::ALL {
        assert_eq!(Theme::from_name(theme.name()), Some(theme));
        assert_eq!(Theme::from_name(&theme.name().to_uppercase()), Some(theme));
        assert!(!theme.description().is_empty());
        let img = render(&view, theme);
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        assert!(!seen.contains(&img), "{theme} looks like another theme");
        seen.push(img);
    }
    assert_eq!(Theme::default(), Theme::ALL[0]);
    assert_eq!(Theme::from_name("no such theme"), None);
    assert!(Theme::ALL.len() >= 3);
}

#[test]
fn a_board_full_of_tall_stacks_is_a_small_file() {
    let view = sample::tall(8, 20, 40, 99);
    let png = render_png(&view, Theme::default());
    assert!(png.len() < 150_000, "{} bytes", png.len());
    for theme in Theme::ALL {
        let png = render_png(&view, theme);
        assert!(png.len() < 150_000, "{theme}: {} bytes", png.len());
    }
}

#[test]
fn odd_views_never_panic() {
    let long_name = "Ｗｉｄｅ 🙂 name ".repeat(20);
    let mut views = Vec::new();
    for size in [0, 1, 2, 9, 64, usize::MAX] {
        let mut v = TakBoardView::new(size.min(20));
        v.size = size;
        views.push(v);
    }
    let mut v = TakBoardView::new(4);
    v.stacks = vec![vec![Stone::new(Side::Black, StoneKind::Cap); 3]; 40];
    v.last_move = vec![3, 17, 9999, usize::MAX];
    v.road = vec![0, 1, 5000];
    v.players = [long_name.clone(), String::new()];
    v.reserves = [Reserve {
        stones: u32::MAX,
        caps: u32::MAX,
    }; 2];
    v.flats = [u32::MAX, 0];
    v.komi_half = i8::MIN;
    v.move_number = u32::MAX;
    v.result = Some("¯\\_(ツ)_/¯ \n".into());
    views.push(v);
    let mut v = TakBoardView::new(3);
    v.stacks = vec![Vec::new(); 2];
    v.stacks[1] = vec![Stone::new(Side::White, StoneKind::Flat); 5000];
    v.to_move = None;
    v.players = ["\u{0}\u{7}".into(), long_name];
    views.push(v);
    for v in views {
        for theme in Theme::ALL {
            let img = render(&v, theme);
            assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        }
    }
}
