//! A Tak position as a picture.
//!
//! The renderer takes a [`TakBoardView`], plain data the bot builds from the
//! rules engine's position, and composes it on the pre-drawn background of
//! its theme and size: highlights, stacks, header cards and the footer line.
//! [`render_png`] is what the bot posts after every move.

use image::{RgbImage, RgbaImage};

use super::draw::{fill_rect, paint, Paint, Rect, Shape};
use super::layout::Layout;
use super::sprites::{self, LayerPart, Sprites};
use super::text::{self, Face, CAP_HEIGHT};
use super::theme::Theme;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// 0 for White, 1 for Black (the index into the view's pairs).
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// "white" or "black".
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// What a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoneKind {
    Flat,
    /// A standing stone.
    Wall,
    Cap,
}

/// One piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stone {
    pub side: Side,
    pub kind: StoneKind,
}

impl Stone {
    pub const fn new(side: Side, kind: StoneKind) -> Stone {
        Stone { side, kind }
    }
}

/// Pieces a player has not placed yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Reserve {
    pub stones: u32,
    pub caps: u32,
}

impl Reserve {
    /// The standard reserve for a board of `size` (RULINGS Tak 1).
    pub fn standard(size: usize) -> Reserve {
        let (stones, caps) = match size {
            0..=3 => (10, 0),
            4 => (15, 0),
            5 => (21, 1),
            6 => (30, 1),
            7 => (40, 2),
            _ => (50, 2),
        };
        Reserve { stones, caps }
    }
}

/// Everything the picture of a Tak position shows, as plain data.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TakBoardView {
    /// Squares per side, 3..=8 (others are clamped).
    pub size: usize,
    /// Stacks by square, index = rank * size + file (a1 = 0, bottom left),
    /// each bottom to top. Missing entries are empty squares; extra ones
    /// are ignored.
    pub stacks: Vec<Vec<Stone>>,
    /// Squares the last move left or entered.
    pub last_move: Vec<usize>,
    /// Squares of a winning road; empty if none.
    pub road: Vec<usize>,
    /// White's name, black's name.
    pub players: [String; 2],
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Side>,
    /// The move number (PTN: a move is a white ply and a black ply).
    pub move_number: u32,
    /// Pieces left in reserve, white then black.
    pub reserves: [Reserve; 2],
    /// Top flats on the board, white then black.
    pub flats: [u32; 2],
    /// Komi in half points (5 = 2.5), added to Black.
    pub komi_half: i8,
    /// The result in PTN (`R-0`, `0-F`, `1/2-1/2`, ...) once the game is over.
    pub result: Option<String>,
}

impl TakBoardView {
    /// An empty board of `size` with standard reserves, White to move at
    /// move 1.
    pub fn new(size: usize) -> TakBoardView {
        TakBoardView {
            size,
            stacks: vec![Vec::new(); size.saturating_mul(size).min(64)],
            players: ["White".into(), "Black".into()],
            to_move: Some(Side::White),
            move_number: 1,
            reserves: [Reserve::standard(size); 2],
            ..TakBoardView::default()
        }
    }

    /// The stack on square `sq` (empty if none).
    pub fn stack(&self, sq: usize) -> &[Stone] {
        self.stacks.get(sq).map_or(&[], Vec::as_slice)
    }
}

/// The picture of `view` in `theme` as PNG bytes, ready to attach.
pub fn render_png(view: &TakBoardView, theme: Theme) -> Vec<u8> {
    super::png::encode(&render_image(view, theme))
}

/// The picture of `view` in `theme` with an alpha channel (always opaque).
pub fn render_rgba(view: &TakBoardView, theme: Theme) -> RgbaImage {
    image::DynamicImage::ImageRgb8(render_image(view, theme)).into_rgba8()
}

/// The picture of `view` in `theme`.
pub fn render_image(view: &TakBoardView, theme: Theme) -> RgbImage {
    let sprites = sprites::get(theme, view.size);
    let mut img = sprites.background.clone();
    draw_highlights(&mut img, &sprites.layout, view, theme);
    for sq in 0..sprites.layout.size * sprites.layout.size {
        draw_stack(&mut img, &sprites, sq, view.stack(sq));
    }
    draw_header(&mut img, &sprites, view);
    draw_footer(&mut img, &sprites.layout, view, theme);
    img
}

/// The geometry of pictures of a board of `size` (for tests and for
/// anything that wants to point at a square).
pub fn layout(size: usize) -> Layout {
    Layout::new(size)
}

fn draw_highlights(img: &mut RgbImage, l: &Layout, view: &TakBoardView, theme: Theme) {
    let pal = theme.palette();
    for &sq in &view.last_move {
        if let Some(r) = l.square_fill(sq) {
            fill_rect(img, r, pal.last_move);
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
        fill_rect(img, Rect::new(f.x, f.y, f.w, w), pal.road);
        fill_rect(img, Rect::new(f.x, f.bottom() - w, f.w, w), pal.road);
        fill_rect(img, Rect::new(f.x, f.y, w, f.h), pal.road);
        fill_rect(img, Rect::new(f.right() - w, f.y, w, f.h), pal.road);
        // Bridge the line to a road neighbour on the right or above.
        let (file, rank) = l.file_rank(sq);
        if file + 1 < l.size && road[sq + 1] {
            if let Some(n) = l.square_fill(sq + 1) {
                fill_rect(
                    img,
                    Rect::new(f.right(), f.y, n.x - f.right(), f.h),
                    pal.road,
                );
            }
        }
        if rank + 1 < l.size && road[sq + l.size] {
            if let Some(n) = l.square_fill(sq + l.size) {
                fill_rect(
                    img,
                    Rect::new(f.x, n.bottom(), f.w, f.y - n.bottom()),
                    pal.road,
                );
            }
        }
    }
}

fn draw_stack(img: &mut RgbImage, sprites: &Sprites, sq: usize, stack: &[Stone]) {
    let Some(top) = stack.last() else { return };
    let Some(pile) = sprites.layout.pile(sq, stack.len()) else {
        return;
    };
    match pile.layers.first() {
        Some(low) => sprites.draw_shadow(img, (low.x, low.y), low.deep),
        None if top.kind == StoneKind::Flat => {
            sprites.draw_shadow(img, (pile.top.x, pile.top.y), false)
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
        sprites.draw_layer(
            img,
            side,
            layer.deep,
            (layer.x, layer.y),
            layer.visible,
            part,
        );
    }
    sprites.draw_piece(img, top.side, top.kind, pile.top);
    if let Some(r) = pile.label {
        let pal = sprites.theme.palette();
        paint(
            img,
            &Shape::round_rect(
                r.x as f32,
                r.y as f32,
                r.w as f32,
                r.h as f32,
                r.h as f32 / 2.0,
            ),
            &Paint::solid(pal.label),
        );
        let label = stack.len().to_string();
        let px = pile.label_px;
        let w = text::measure(Face::Bold, px, &label);
        let x = r.x as f32 + (r.w as f32 - w) / 2.0;
        let base = r.y as f32 + (r.h as f32 + px * CAP_HEIGHT) / 2.0;
        text::draw(img, Face::Bold, px, x, base, pal.label_text, &label);
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

fn names(view: &TakBoardView) -> [&str; 2] {
    let name = |i: usize, default: &'static str| match view.players[i].trim() {
        "" => default,
        s => s,
    };
    [name(0, "White"), name(1, "Black")]
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The chip on a player's card: "winner" at the end, "to move" before it.
pub(crate) fn card_chip(
    side: Side,
    winner: Option<Side>,
    over: bool,
    to_move: Option<Side>,
) -> Option<&'static str> {
    if winner == Some(side) {
        Some("winner")
    } else if !over && to_move == Some(side) {
        Some("to move")
    } else {
        None
    }
}

fn draw_header(img: &mut RgbImage, sprites: &Sprites, view: &TakBoardView) {
    let pal = sprites.theme.palette();
    let names = names(view);
    let winner = view
        .result
        .as_deref()
        .and_then(|r| describe_result(r, names).1);
    for side in [Side::White, Side::Black] {
        let i = side.index();
        let card = sprites.layout.cards[i];
        let chip = card_chip(side, winner, view.result.is_some(), view.to_move);
        let text_x = (card.x + 58) as f32;
        let mut name_right = (card.right() - 14) as f32;
        if let Some(chip) = chip {
            sprites.draw_active_card(img, card);
            let left = text::draw_chip(
                img,
                card.right() - 14,
                card.y + 13,
                chip,
                pal.accent,
                pal.accent_text,
            );
            name_right = (left - 8) as f32;
        }
        let name = text::fit(Face::Bold, 19.0, names[i], name_right - text_x);
        let base = (card.y + 32) as f32;
        text::draw(img, Face::Bold, 19.0, text_x, base, pal.text, &name);
        let r = view.reserves[i];
        let line = format!(
            "{} · {} · {}",
            side.name(),
            plural(r.stones, "stone", "stones"),
            plural(r.caps, "cap", "caps")
        );
        let line = text::fit(
            Face::Regular,
            14.0,
            &line,
            (card.right() - 14) as f32 - text_x,
        );
        let base = (card.y + 53) as f32;
        text::draw(img, Face::Regular, 14.0, text_x, base, pal.muted, &line);
    }
}

/// "7 : 5 + 2.5 komi" style flat count.
pub fn flat_count_text(flats: [u32; 2], komi_half: i8) -> String {
    let k = komi_half as i16;
    let komi = match k {
        0 => String::new(),
        _ => {
            let sign = if k > 0 { '+' } else { '−' };
            let a = k.abs();
            let half = if a % 2 == 1 { ".5" } else { "" };
            format!(" {sign} {}{half} komi", a / 2)
        }
    };
    format!("{} : {}{komi}", flats[0], flats[1])
}

fn draw_footer(img: &mut RgbImage, l: &Layout, view: &TakBoardView, theme: Theme) {
    let pal = theme.palette();
    let px = 17.0;
    let base = l.footer_baseline as f32;
    let left = l.cards[0].x as f32;
    let right = l.cards[1].right() as f32;

    let flats = flat_count_text(view.flats, view.komi_half);
    let label = "Flats ";
    let fw = text::measure(Face::Bold, px, &flats);
    let lw = text::measure(Face::Regular, px, label);
    let fx = right - fw;
    text::draw(img, Face::Regular, px, fx - lw, base, pal.muted, label);
    text::draw(img, Face::Bold, px, fx, base, pal.text, &flats);

    let room = fx - lw - 24.0 - left;
    let names = names(view);
    if let Some(result) = view.result.as_deref() {
        let (words, _) = describe_result(result, names);
        let line = match words.is_empty() {
            true => result.trim().to_string(),
            false => format!("{} · {words}", result.trim()),
        };
        let line = text::fit(Face::Bold, px, &line, room);
        text::draw(img, Face::Bold, px, left, base, pal.accent, &line);
        return;
    }
    let head = format!("Move {}", view.move_number);
    let x = left + text::draw(img, Face::Bold, px, left, base, pal.text, &head);
    let rest = match view.to_move {
        Some(side) => format!(" · {} to move", names[side.index()]),
        None => " · game over".to_string(),
    };
    let rest = text::fit(Face::Regular, px, &rest, room - (x - left));
    text::draw(img, Face::Regular, px, x, base, pal.muted, &rest);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_count_shows_komi() {
        assert_eq!(flat_count_text([7, 5], 5), "7 : 5 + 2.5 komi");
        assert_eq!(flat_count_text([7, 5], 0), "7 : 5");
        assert_eq!(flat_count_text([7, 5], 4), "7 : 5 + 2 komi");
        assert_eq!(flat_count_text([0, 0], -3), "0 : 0 − 1.5 komi");
        assert_eq!(flat_count_text([0, 0], i8::MIN), "0 : 0 − 64 komi");
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
