//! The board picture, checked the way a player would look at it: decode the
//! PNG the bot posts and look at the pixels where the layout says things are.

use image::RgbaImage;
use taktable::render::layout::{Layout, HEIGHT, LABEL_HEIGHT, WIDTH};
use taktable::render::tak::{self, Reserve, Side, Stone, StoneKind, TakBoardView};
use taktable::render::{sample, Theme};

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgba8()
}

fn render(view: &TakBoardView, theme: Theme) -> RgbaImage {
    decode(&tak::render_png(view, theme))
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
        let l = tak::layout(size);
        assert_eq!((l.width, l.height), (WIDTH, HEIGHT));
        assert!(l.frame.x >= 0 && l.frame.right() <= WIDTH as i32);
        assert!(l.frame.bottom() < l.footer_baseline);
    }
}

#[test]
fn top_pieces_and_empty_squares_show_the_position() {
    for theme in Theme::ALL {
        let pal = theme.palette();
        for size in 3..=8 {
            let view = sample::midgame(size);
            let img = render(&view, theme);
            let l = tak::layout(size);
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
        let l = tak::layout(5);
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
            let l = tak::layout(size);
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
    let view = sample::road_win();
    for theme in Theme::ALL {
        let pal = theme.palette();
        let img = render(&view, theme);
        let l = tak::layout(view.size);
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
        let l = tak::layout(6);
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
            let l = tak::layout(size);
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
fn short_stacks_are_not_labelled() {
    let l = tak::layout(6);
    for h in 1..LABEL_HEIGHT {
        assert!(l.pile(0, h).unwrap().label.is_none(), "{h}");
    }
    assert!(l.pile(0, LABEL_HEIGHT).unwrap().label.is_some());
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
    let l = tak::layout(6);
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
    let png = tak::render_png(&view, Theme::default());
    assert!(png.len() < 150_000, "{} bytes", png.len());
    for theme in Theme::ALL {
        let png = tak::render_png(&view, theme);
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
