//! A Takat picture composed on the pre-drawn background of its theme: the
//! last turn's halos, the piles with their markings and heights, the
//! player cards with the pieces in hand, and the footer line.

use image::RgbImage;

use super::layout::{BASE_DROP, DISC_TH, MARK_ORIGIN};
use super::sprites::{self, Sprites};
use super::view::{SafeMark, TakatBoardView, MAX_DRAWN};
use crate::render::card::{self, CardText};
use crate::render::png::Filter;
use crate::render::status::{self, State};
use crate::render::text;
use crate::render::theme::Theme;
use crate::render::{alt_text, Picture, Side};

impl Picture for TakatBoardView {
    /// Curves on nearly every row: unfiltered rows keep long runs of one
    /// colour (see `docs/render.md`).
    const FILTER: Filter = Filter::Unfiltered;

    /// The position in Takat's notation and the last turn.
    fn alt_text(&self) -> String {
        let last = self.last_notation.as_deref();
        alt_text("Takat", ("position", &self.position), ("turn", last))
    }

    fn compose(&self, theme: Theme) -> RgbImage {
        compose(self, theme)
    }
}

/// The picture of `view` in `theme`.
fn compose(view: &TakatBoardView, theme: Theme) -> RgbImage {
    let s = sprites::get(theme);
    let mut img = s.background.clone();
    let mut marked = [false; 7];
    for &i in &view.last_turn {
        if let Some(m) = marked.get_mut(i) {
            *m = true;
        }
    }
    for (i, _) in marked.iter().enumerate().filter(|(_, &m)| m) {
        if let Some((x, y)) = s.layout.cell_centre_f(i) {
            let o = s.halo_origin;
            s.halo
                .blit(&mut img, (x - o).round() as i32, (y - o).round() as i32);
        }
    }
    // Top row first, so a tall pile never hides under the cell below it.
    for i in [1, 6, 2, 0, 5, 3, 4] {
        draw_pile(&s, &mut img, i, view.stack(i), view.mark(i));
    }
    draw_cards(&s, &mut img, view);
    draw_footer(&s, &mut img, view);
    img
}

fn draw_pile(s: &Sprites, img: &mut RgbImage, i: usize, stack: &[Side], mark: SafeMark) {
    let l = &s.layout;
    let Some(top) = stack.last() else { return };
    let Some((cx, cy)) = l.cell_centre_f(i) else {
        return;
    };
    let shown = &stack[stack.len().saturating_sub(MAX_DRAWN)..];
    let at = |(x, y): (f32, f32), (ox, oy): (f32, f32)| {
        ((x - ox).round() as i32, (y - oy).round() as i32)
    };
    let base = (cx, cy + BASE_DROP + DISC_TH + 1.0);
    let (sx, sy) = at(base, s.shadow_origin);
    s.shadow.blit(img, sx, sy);
    for (level, piece) in shown.iter().enumerate() {
        let Some(face) = l.face_f(i, level) else {
            continue;
        };
        let (x, y) = at(face, s.disc_origin);
        s.disc[piece.index()].blit(img, x, y);
    }
    let Some(face) = l.face_f(i, shown.len() - 1) else {
        return;
    };
    let (x, y) = at(face, MARK_ORIGIN);
    let sprite = match mark {
        SafeMark::None => None,
        SafeMark::Safe => Some(&s.safe[top.index()]),
        SafeMark::Permanent => Some(&s.permanent[top.index()]),
    };
    if let Some(sprite) = sprite {
        sprite.blit(img, x, y);
    }
    if let Some(r) = l.pill(i, stack.len()) {
        let pal = s.theme.palette();
        let label = if stack.len() > 99 {
            "99+".to_string()
        } else {
            stack.len().to_string()
        };
        let px = super::layout::SMALL_PX;
        text::draw_pill(img, r, &label, px, pal.label, pal.label_text);
    }
}

fn winner(view: &TakatBoardView) -> Option<Side> {
    Side::winner_of(view.result.as_deref())
}

/// Pieces each side has at the start (RULINGS Takat 1).
const PIECES: [u32; 2] = [6, 15];

fn draw_cards(s: &Sprites, img: &mut RgbImage, view: &TakatBoardView) {
    let pal = s.theme.palette();
    let names = card::names(&view.players);
    let winner = winner(view);
    for side in Side::ALL {
        let i = side.index();
        let rect = s.layout.cards[i];
        let hand = view.in_hand[i];
        let must_enter = side == Side::Black && view.must_enter && view.to_move == Some(side);
        let text = CardText {
            name: names[i],
            line: format!(
                "{} · {hand} of {} in hand{}",
                side.name(),
                PIECES[i],
                if must_enter { " · must enter" } else { "" }
            ),
            status: card::status(side, winner, view.result.is_some(), view.to_move),
            extra: None,
        };
        card::draw(img, rect, &s.active_card, pal, &text);
        // One small disc per piece in hand, a faint dot per piece on the board.
        let half = s.hand[i].w as i32 / 2;
        for k in 0..PIECES[i].max(hand) {
            let Some((x, y)) = s.layout.hand_slot(side, k as usize) else {
                break;
            };
            let sprite = if k < hand { &s.hand[i] } else { &s.ghost[i] };
            sprite.blit(img, x - half, y - half);
        }
    }
}

fn draw_footer(s: &Sprites, img: &mut RgbImage, view: &TakatBoardView) {
    let l = &s.layout;
    let names = card::names(&view.players);
    let state = match view.result.as_deref() {
        Some(result) => {
            let words = match (winner(view), view.reason.as_deref()) {
                (Some(s), Some(why)) => format!(" · {} wins: {why}", names[s.index()]),
                (Some(s), None) => format!(" · {} wins", names[s.index()]),
                (None, _) => String::new(),
            };
            State::Over(format!("{}{words}", result.trim()))
        }
        None => State::On {
            head: format!("Turn {}", view.turns_played.saturating_add(1)),
            rest: match view.to_move {
                Some(s) if s == Side::Black && view.must_enter => {
                    format!(" · {} must enter a piece", names[s.index()])
                }
                Some(s) => format!(" · {} to move", names[s.index()]),
                None => " · game over".to_string(),
            },
        },
    };
    let pal = s.theme.palette();
    let span = (l.panel.x, l.panel.right(), l.footer_baseline);
    status::draw(img, pal, span, &state, None);
    let span = (l.panel.x, l.panel.right(), l.last_baseline);
    status::draw_last(img, pal, span, "turn", view.last_notation.as_deref());
}
