//! A Tak picture composed on the pre-drawn background of its theme and
//! size: highlights, stacks with their heights, the player cards, the flat
//! bar and the footer line.

use image::RgbImage;

use super::layout::Layout;
use super::sprites::{self, LayerPart, Sprites};
use super::view::{StoneKind, TakBoardView};
use crate::render::card::{self, CardText, Chip};
use crate::render::chat::SMALL_PX;
use crate::render::draw::{fill_rect, luma, swap_colours, Rect};
use crate::render::png::{Drawn, Filter};
use crate::render::status::{self, State};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};
use crate::render::{alt_text, Picture, Side};

impl Picture for TakBoardView {
    /// Flat squares with straight edges.
    const FILTER: Filter = Filter::Paeth;

    fn compose(&self, theme: Theme) -> RgbImage {
        self.compose_drawn(theme).0
    }

    fn compose_drawn(&self, theme: Theme) -> (RgbImage, Option<Drawn>) {
        let sprites = sprites::get(theme, self.size);
        let mut img = RgbImage::clone(&sprites.background);
        let l = &sprites.layout;
        let mut rects = Vec::with_capacity(64);
        draw_highlights(&mut img, &mut rects, l, self, theme);
        for sq in 0..l.size * l.size {
            draw_stack(&mut img, &mut rects, &sprites, sq, self.stack(sq));
        }
        draw_cards(&mut img, &sprites, self);
        draw_flat_bar(&mut img, l, self, theme.palette());
        draw_footer(&mut img, l, self, theme.palette());
        // The cards, the bar and the footer line are drawn every time.
        rects.extend(l.cards);
        rects.push(l.flat_bar);
        rects.push(text_line(l, l.footer_baseline));
        rects.push(text_line(l, l.last_baseline));
        let drawn = Drawn {
            background: sprites.background.clone(),
            rects,
        };
        (img, Some(drawn))
    }

    /// The position's TPS and the last move.
    fn alt_text(&self) -> String {
        let last = self.last_notation.as_deref();
        alt_text("Tak", ("TPS", &self.tps), ("move", last))
    }
}

fn draw_highlights(
    img: &mut RgbImage,
    rects: &mut Vec<Rect>,
    l: &Layout,
    view: &TakBoardView,
    theme: Theme,
) {
    let pal = theme.palette();
    // Every rectangle filled is drawn over the background.
    let mut fill = |img: &mut RgbImage, r: Rect, colour| {
        fill_rect(img, r, colour);
        rects.push(r);
    };
    for &sq in &view.last_move {
        if let Some(r) = l.square_fill(sq) {
            fill(img, r, pal.last_move);
        }
    }
    let squares = l.size * l.size;
    let mut road = vec![false; squares];
    for &sq in &view.road {
        if sq < squares {
            road[sq] = true;
        }
    }
    let w = l.road_width;
    for sq in (0..squares).filter(|&sq| road[sq]) {
        let Some(f) = l.square_fill(sq) else { continue };
        fill(img, Rect::new(f.x, f.y, f.w, w), pal.road);
        fill(img, Rect::new(f.x, f.bottom() - w, f.w, w), pal.road);
        fill(img, Rect::new(f.x, f.y, w, f.h), pal.road);
        fill(img, Rect::new(f.right() - w, f.y, w, f.h), pal.road);
        // Bridge the line to a road neighbour on the right or above.
        let (file, rank) = l.file_rank(sq);
        if file + 1 < l.size && road[sq + 1] {
            if let Some(n) = l.square_fill(sq + 1) {
                fill(
                    img,
                    Rect::new(f.right(), f.y, n.x - f.right(), f.h),
                    pal.road,
                );
            }
        }
        if rank + 1 < l.size && road[sq + l.size] {
            if let Some(n) = l.square_fill(sq + l.size) {
                fill(
                    img,
                    Rect::new(f.x, n.bottom(), f.w, f.y - n.bottom()),
                    pal.road,
                );
            }
        }
    }
}

/// Draw the stack on square `sq`, the rectangles drawn on added to `rects`.
fn draw_stack(
    img: &mut RgbImage,
    rects: &mut Vec<Rect>,
    sprites: &Sprites,
    sq: usize,
    stack: &[super::Stone],
) {
    let Some(top) = stack.last() else { return };
    let Some(pile) = sprites.layout.pile(sq, stack.len()) else {
        return;
    };
    match pile.layers.first() {
        Some(low) => rects.push(sprites.draw_shadow(img, (low.x, low.y), low.deep)),
        None if top.kind == StoneKind::Flat => {
            rects.push(sprites.draw_shadow(img, (pile.top.x, pile.top.y), false))
        }
        None => {}
    }
    for (i, layer) in pile.layers.iter().enumerate() {
        let side = stack.get(layer.index).map_or(Side::White, |s| s.side);
        let part = if top.kind != StoneKind::Flat && layer.index + 2 == stack.len() {
            // Around a wall or a capstone the whole flat under it shows.
            LayerPart::Whole
        } else if pile.squeezed && layer.deep && i > 0 {
            LayerPart::Band
        } else {
            LayerPart::Sliver
        };
        rects.push(sprites.draw_layer(
            img,
            side,
            layer.deep,
            (layer.x, layer.y),
            layer.visible,
            part,
        ));
    }
    rects.push(sprites.draw_piece(img, top.side, top.kind, pile.top));
    if let Some(r) = pile.label {
        let pal = sprites.theme.palette();
        let label = stack.len().to_string();
        text::draw_pill(img, r, &label, pile.label_px, pal.label, pal.label_text);
        rects.push(r);
    }
}

/// What a PTN result means in words, and who won.
fn describe_result(result: &str, names: [&str; 2]) -> (String, Option<Side>) {
    let win = |side: Side, how: &str| (format!("{} wins{how}", names[side.index()]), Some(side));
    match result.trim() {
        "R-0" => win(Side::White, " by road"),
        "0-R" => win(Side::Black, " by road"),
        "F-0" => win(Side::White, " on flats"),
        "0-F" => win(Side::Black, " on flats"),
        "1-0" => win(Side::White, ""),
        "0-1" => win(Side::Black, ""),
        "1/2-1/2" | "½-½" => ("Draw".to_string(), None),
        _ => (String::new(), None),
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The "Tak!" chip of a player who threatens to complete a road: the road
/// colour, with white or black ink, whichever stands out.
pub fn tak_chip(pal: &Palette) -> Chip {
    let ink = if luma(pal.road) > 140.0 {
        [0x10, 0x10, 0x10]
    } else {
        [0xff, 0xff, 0xff]
    };
    Chip {
        label: "Tak!",
        fill: pal.road,
        ink,
    }
}

fn draw_cards(img: &mut RgbImage, sprites: &Sprites, view: &TakBoardView) {
    let pal = sprites.theme.palette();
    let names = card::names(&view.players);
    let winner = view
        .result
        .as_deref()
        .and_then(|r| describe_result(r, names).1);
    let over = view.result.is_some();
    for side in Side::ALL {
        let i = side.index();
        let r = view.reserves[i];
        let text = CardText {
            name: names[i],
            line: format!(
                "{} · {} · {}",
                side.name(),
                plural(r.stones, "stone", "stones"),
                plural(r.caps, "cap", "caps")
            ),
            status: card::status(side, winner, over, view.to_move),
            extra: (view.threats[i] && !over).then(|| tak_chip(pal)),
        };
        let rect = sprites.layout.cards[i];
        card::draw(img, rect, sprites.active_card(), pal, &text);
    }
}

/// The flat count as a bar across the picture: White's share (top flats)
/// in White's colour on the left, Black's (top flats and komi) in Black's
/// on the right, each with its count written in it.
fn draw_flat_bar(img: &mut RgbImage, l: &Layout, view: &TakBoardView, pal: &Palette) {
    // The bar's frame is in the background (sprites.rs).
    let (inner, split) = l.flat_bar_split(view.flats, view.komi_half);
    // Both counts are written across the whole bar in Black's colour on
    // White's, then Black's share has the two colours swapped: a count
    // that runs into the other share stays readable there.
    fill_rect(img, inner, pal.piece[0]);
    let [white, black] = bar_labels(view.flats, view.komi_half);
    let px = SMALL_PX;
    let base = inner.y as f32 + (inner.h as f32 + px * CAP_HEIGHT) / 2.0;
    let pad = 10.0;
    let ink = pal.piece[1];
    text::draw(img, Face::Bold, px, inner.x as f32 + pad, base, ink, &white);
    let x = inner.right() as f32 - pad - text::measure(Face::Bold, px, &black);
    text::draw(img, Face::Bold, px, x, base, ink, &black);
    let black_share = Rect::new(split, inner.y, inner.right() - split, inner.h);
    swap_colours(img, black_share, pal.piece[0], pal.piece[1]);
}

/// The counts written in the flat bar, white's then black's: "7 flats",
/// "5 flats + 2.5 komi" (komi on the side it counts for).
pub fn bar_labels(flats: [u32; 2], komi_half: i8) -> [String; 2] {
    let komi = komi_text(komi_half.unsigned_abs());
    let with = |n: u32, has_komi: bool| match has_komi {
        true => format!("{} + {komi} komi", plural(n, "flat", "flats")),
        false => plural(n, "flat", "flats"),
    };
    [with(flats[0], komi_half < 0), with(flats[1], komi_half > 0)]
}

/// Half points as text: 5 -> "2.5", 4 -> "2".
fn komi_text(halves: u8) -> String {
    let half = if halves % 2 == 1 { ".5" } else { "" };
    format!("{}{half}", halves / 2)
}

/// "7 : 5 + 2.5 komi" style flat count.
pub fn flat_count_text(flats: [u32; 2], komi_half: i8) -> String {
    let komi = match komi_half {
        0 => String::new(),
        k => {
            let sign = if k > 0 { '+' } else { '−' };
            format!(" {sign} {} komi", komi_text(k.unsigned_abs()))
        }
    };
    format!("{} : {}{komi}", flats[0], flats[1])
}

/// The rectangle a line of the panel on `baseline` is drawn in: across the
/// panel, from above the capitals to below the descenders.
fn text_line(l: &Layout, baseline: i32) -> Rect {
    let px = status::PX;
    let (up, down) = ((1.05 * px).ceil() as i32, (0.35 * px).ceil() as i32);
    Rect::new(l.panel.x, baseline - up, l.panel.w, up + down)
}

fn draw_footer(img: &mut RgbImage, l: &Layout, view: &TakBoardView, pal: &Palette) {
    let names = card::names(&view.players);
    let state = match view.result.as_deref() {
        Some(result) => {
            let (words, _) = describe_result(result, names);
            State::Over(match words.is_empty() {
                true => result.trim().to_string(),
                false => format!("{} · {words}", result.trim()),
            })
        }
        None => State::On {
            head: format!("Move {}", view.move_number),
            rest: match view.to_move {
                Some(side) => format!(" · {} to move", names[side.index()]),
                None => " · game over".to_string(),
            },
        },
    };
    let span = (l.panel.x, l.panel.right(), l.footer_baseline);
    status::draw(img, pal, span, &state, None);
    let span = (l.panel.x, l.panel.right(), l.last_baseline);
    status::draw_last(img, pal, span, "move", view.last_notation.as_deref());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::tak::sample;

    /// Views that draw on every part of the picture: mid-games of every
    /// size, a road, stacks up to 12 high on every square, and long names,
    /// a large komi, threats and a result on the cards, bar and footer.
    fn views() -> Vec<TakBoardView> {
        let mut views: Vec<TakBoardView> = (3..=8).map(sample::midgame).collect();
        views.push(sample::road_win());
        for size in 3..=8 {
            for seed in 1..=3 {
                views.push(sample::tall(size, 0, 12, seed * 7 + size as u64));
            }
        }
        let mut busy = sample::midgame(6);
        busy.players = ["W".repeat(60), "Björn-Ødegård ".repeat(6)];
        busy.komi_half = -127;
        busy.flats = [35, 36];
        busy.threats = [true, true];
        busy.road = (0..36).collect();
        views.push(busy.clone());
        busy.result = Some("F-0".into());
        busy.to_move = None;
        views.push(busy);
        views
    }

    #[test]
    fn every_pixel_off_the_background_is_in_a_drawn_rectangle() {
        // The encoder copies the background's palette indices outside the
        // drawn rectangles (png::Drawn): a pixel drawn outside them would
        // show the background in the picture sent.
        for theme in Theme::ALL {
            for (v, view) in views().iter().enumerate() {
                let (img, drawn) = view.compose_drawn(theme);
                let drawn = drawn.expect("Tak says what it drew");
                assert_eq!(img.dimensions(), drawn.background.dimensions());
                for (x, y, p) in img.enumerate_pixels() {
                    if p != drawn.background.get_pixel(x, y) {
                        let (x, y) = (x as i32, y as i32);
                        assert!(
                            drawn.rects.iter().any(|r| r.contains(x, y)),
                            "{theme:?}, view {v} (size {}): ({x}, {y}) drawn outside",
                            view.size
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn flat_count_shows_komi() {
        assert_eq!(flat_count_text([7, 5], 5), "7 : 5 + 2.5 komi");
        assert_eq!(flat_count_text([7, 5], 0), "7 : 5");
        assert_eq!(flat_count_text([7, 5], 4), "7 : 5 + 2 komi");
        assert_eq!(flat_count_text([0, 0], -3), "0 : 0 − 1.5 komi");
        assert_eq!(flat_count_text([0, 0], i8::MIN), "0 : 0 − 64 komi");
    }

    #[test]
    fn the_bar_writes_komi_on_the_side_it_counts_for() {
        // RULINGS Tak 3: komi is added to Player 2's count; a negative
        // komi favours Player 1.
        assert_eq!(bar_labels([7, 5], 5), ["7 flats", "5 flats + 2.5 komi"]);
        assert_eq!(bar_labels([1, 0], -4), ["1 flat + 2 komi", "0 flats"]);
        assert_eq!(bar_labels([3, 3], 0), ["3 flats", "3 flats"]);
    }

    #[test]
    fn results_in_words() {
        let n = ["Ann", "Bob"];
        assert_eq!(
            describe_result("R-0", n),
            ("Ann wins by road".into(), Some(Side::White))
        );
        assert_eq!(
            describe_result("0-F", n),
            ("Bob wins on flats".into(), Some(Side::Black))
        );
        assert_eq!(describe_result("1/2-1/2", n), ("Draw".into(), None));
        assert_eq!(describe_result("??", n), (String::new(), None));
    }
}
