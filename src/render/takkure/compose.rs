//! A Takkure picture composed on the pre-drawn field of its theme: the
//! activation's path, the players (standing discs, or lying down with a
//! GROUND token), their wound and fatigue marks, the ball, the cards, the
//! panel (score, half, time dashboard, activation tokens, the last roll
//! log) and the footer line.

use image::RgbImage;

use super::field::{self, Field, BALL_R, CELL, FOOTER_BASELINE, LARGE_R, MAN_R, PANEL};
use super::view::{Man, TakkureView};
use crate::render::card::{self, CardText};
use crate::render::draw::{mix, paint, paint_ring, Colour, Paint, Shape};
use crate::render::status::{self, State};
use crate::render::text::{self, Face};
use crate::render::theme::{Palette, Theme};
use crate::render::Side;

/// The ball's leather, and its laces.
pub const BALL_FILL: Colour = [150, 86, 40];
const BALL_LACE: Colour = [248, 244, 232];
/// Wound pips, and active fatigue pips (rested ones are drawn hollow).
pub const WOUND: Colour = [214, 48, 49];
pub const FATIGUE: Colour = [240, 180, 40];

/// The picture of `view` in `theme`.
pub fn compose(view: &TakkureView, theme: Theme) -> RgbImage {
    let f = field::get(theme);
    let pal = theme.palette();
    let mut img = f.background.clone();
    for &i in &view.path {
        if i < field::COLUMNS_X_ROWS {
            let (x, y) = field::centre(i);
            let h = CELL / 2.0 - 2.0;
            let shape = Shape::round_rect(x - h, y - h, 2.0 * h, 2.0 * h, 4.0);
            paint_ring(&mut img, &shape, pal.last_move, 2.0);
        }
    }
    if let Some(i) = view.loose.filter(|&i| i < field::COLUMNS_X_ROWS) {
        draw_ball(&mut img, field::centre(i), 1.0);
    }
    for (i, man) in view.men.iter().filter(|(i, _)| *i < field::COLUMNS_X_ROWS) {
        draw_man(&mut img, pal, field::centre(*i), man);
    }
    draw_cards(&f, &mut img, view);
    draw_panel(pal, &mut img, view);
    draw_footer(&f, &mut img, view);
    img
}

/// A rugby ball: a brown ellipse with a white lace; `scale` 1 on the
/// ground, smaller in a carrier's hands.
fn draw_ball(img: &mut RgbImage, (cx, cy): (f32, f32), scale: f32) {
    let (rx, ry) = (BALL_R * scale, BALL_R * 0.66 * scale);
    paint(
        img,
        &Shape::Ellipse { cx, cy, rx, ry },
        &Paint::outlined(BALL_FILL, [40, 24, 12], 1.2),
    );
    let lace = Shape::round_rect(cx - rx * 0.45, cy - 0.8, rx * 0.9, 1.6, 0.8);
    paint(img, &lace, &Paint::solid(BALL_LACE));
}

/// A standing player is a disc with its role's initial; one on the ground
/// lies flat (a wide pill). Wounds are red pips above, fatigue amber pips
/// below (hollow when rested); a carrier holds the ball at its lower right.
fn draw_man(img: &mut RgbImage, pal: &Palette, (cx, cy): (f32, f32), man: &Man) {
    let i = man.side.index();
    let r = if man.large { LARGE_R } else { MAN_R };
    let fill = Paint::outlined(pal.piece[i], pal.outline[i], 1.6);
    let shape = if man.ground {
        Shape::round_rect(cx - r, cy - r * 0.55, 2.0 * r, r * 1.1, r * 0.55)
    } else {
        Shape::Circle { cx, cy, r }
    };
    paint(img, &shape, &fill);
    let px = if man.ground { 9.0 } else { 11.0 };
    let w = text::measure(Face::Bold, px, man.label);
    let base = cy + px * text::CAP_HEIGHT / 2.0;
    text::draw(
        img,
        Face::Bold,
        px,
        cx - w / 2.0,
        base,
        pal.outline[i],
        man.label,
    );
    // Pips sit on the top and bottom edges of the disc, or of the lying pill.
    let half_h = if man.ground { r * 0.55 } else { r };
    for k in 0..man.wounds {
        let x = cx - r + 2.0 + f32::from(k) * 5.0;
        let pip = Shape::Circle {
            cx: x,
            cy: cy - half_h + 1.0,
            r: 2.4,
        };
        paint(img, &pip, &Paint::outlined(WOUND, [60, 10, 10], 0.8));
    }
    for k in 0..(man.fatigue + man.rested) {
        let x = cx - r + 2.0 + f32::from(k) * 5.0;
        let pip = Shape::Circle {
            cx: x,
            cy: cy + half_h - 1.0,
            r: 2.4,
        };
        if k < man.fatigue {
            paint(img, &pip, &Paint::outlined(FATIGUE, [70, 50, 0], 0.8));
        } else {
            paint_ring(img, &pip, FATIGUE, 1.0);
        }
    }
    if man.carrier {
        draw_ball(img, (cx + r * 0.75, cy + r * 0.6), 0.9);
    }
}

fn winner(view: &TakkureView) -> Option<Side> {
    Side::winner_of(view.result.as_ref().map(|(r, _)| r.as_str()))
}

fn tries(n: u32) -> String {
    if n == 1 {
        "1 try".to_string()
    } else {
        format!("{n} tries")
    }
}

fn draw_cards(f: &Field, img: &mut RgbImage, view: &TakkureView) {
    let pal = f.theme.palette();
    let names = card::names(&view.players);
    let winner = winner(view);
    for side in Side::ALL {
        let i = side.index();
        let rect = field::cards()[i];
        let (team, attacks) = match side {
            Side::White => ("home", "scores south"),
            Side::Black => ("away", "scores north"),
        };
        let text = CardText {
            name: names[i],
            line: format!(
                "{team} · {} · {} · {attacks}",
                view.squads[i],
                tries(view.score[i])
            ),
            status: card::status(side, winner, view.result.is_some(), view.awaiting),
            extra: None,
        };
        card::draw(img, rect, &f.active_card[i], pal, &text);
        let man = Man {
            side,
            label: if i == 0 { "H" } else { "A" },
            large: true,
            ground: false,
            carrier: false,
            wounds: 0,
            fatigue: 0,
            rested: 0,
        };
        draw_man(img, pal, ((rect.x + 30) as f32, (rect.y + 46) as f32), &man);
    }
}

/// Words of `line` set in `face` at `px`, broken into lines at most `width` wide.
fn wrap(face: Face, px: f32, line: &str, width: f32) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split_whitespace() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if current.is_empty() || text::measure(face, px, &candidate) <= width {
            current = candidate;
        } else {
            out.push(std::mem::replace(&mut current, word.to_string()));
        }
    }
    if !current.is_empty() {
        out.push(text::fit(face, px, &current, width));
    }
    out
}

/// Where the time tokens stand: box `clock` of the row of boxes 5 to 0.
pub fn time_box(clock: u8) -> (f32, f32) {
    let x0 = PANEL.x as f32 + 16.0;
    let k = 5 - clock.min(5);
    (x0 + f32::from(k) * 40.0 + 17.0, PANEL.y as f32 + 112.0)
}

fn draw_panel(pal: &Palette, img: &mut RgbImage, view: &TakkureView) {
    let x = PANEL.x as f32 + 16.0;
    let width = PANEL.w as f32 - 32.0;
    let mut y = PANEL.y as f32 + 34.0;
    let score = format!("{} : {}", view.score[0], view.score[1]);
    text::draw(img, Face::Bold, 26.0, x, y, pal.text, &score);
    let half = format!("half {}", view.half);
    let hw = text::measure(Face::Regular, 16.0, &half);
    text::draw(
        img,
        Face::Regular,
        16.0,
        x + width - hw,
        y,
        pal.muted,
        &half,
    );
    y += 32.0;
    text::draw(img, Face::Regular, 13.0, x, y, pal.muted, "Time");
    // The dashboard: boxes 5..0, both tokens on the current box (RULINGS
    // Takkure 10), a turned token drawn hollow.
    for b in 0..=5u8 {
        let (cx, cy) = time_box(b);
        let shape = Shape::round_rect(cx - 17.0, cy - 17.0, 34.0, 34.0, 6.0);
        let here = b == view.clock;
        let fill = if here {
            mix(pal.card, pal.accent, 0.25)
        } else {
            pal.card
        };
        paint(img, &shape, &Paint::outlined(fill, pal.frame, 1.5));
        let label = b.to_string();
        let lw = text::measure(Face::Bold, 11.0, &label);
        text::draw(
            img,
            Face::Bold,
            11.0,
            cx - lw / 2.0,
            cy - 6.0,
            pal.muted,
            &label,
        );
        if here {
            for side in Side::ALL {
                let i = side.index();
                let dot = Shape::Circle {
                    cx: cx - 6.0 + 12.0 * i as f32,
                    cy: cy + 6.0,
                    r: 5.0,
                };
                if view.turned[i] {
                    paint_ring(img, &dot, pal.piece[i], 1.5);
                } else {
                    paint(
                        img,
                        &dot,
                        &Paint::outlined(pal.piece[i], pal.outline[i], 1.0),
                    );
                }
            }
        }
    }
    y += 82.0;
    let team = match view.attacker {
        Side::White => "home",
        Side::Black => "away",
    };
    let line = format!("{team} attacks · tokens");
    text::draw(img, Face::Regular, 13.0, x, y, pal.muted, &line);
    let tx = x + text::measure(Face::Regular, 13.0, &line) + 10.0;
    for k in 0..4u8 {
        let shape = Shape::round_rect(tx + f32::from(k) * 16.0, y - 11.0, 12.0, 12.0, 2.0);
        let i = view.attacker.index();
        if k < view.tokens {
            paint(
                img,
                &shape,
                &Paint::outlined(pal.piece[i], pal.outline[i], 1.0),
            );
        } else {
            paint_ring(img, &shape, pal.frame, 1.0);
        }
    }
    y += 30.0;
    if let Some(last) = &view.last {
        text::draw(img, Face::Regular, 13.0, x, y, pal.muted, "Last input");
        y += 20.0;
        for l in wrap(Face::Bold, 15.0, last, width) {
            text::draw(img, Face::Bold, 15.0, x, y, pal.text, &l);
            y += 19.0;
        }
        y += 6.0;
    }
    // The roll log, one entry per roll or event, as far as the panel goes.
    let bottom = PANEL.bottom() as f32 - 12.0;
    'log: for entry in &view.log {
        for (k, l) in wrap(Face::Regular, 13.0, entry, width - 8.0)
            .iter()
            .enumerate()
        {
            if y > bottom {
                break 'log;
            }
            let indent = if k == 0 { 0.0 } else { 8.0 };
            text::draw(img, Face::Regular, 13.0, x + indent, y, pal.text, l);
            y += 17.0;
        }
        y += 4.0;
    }
}

fn draw_footer(f: &Field, img: &mut RgbImage, view: &TakkureView) {
    let names = card::names(&view.players);
    let score = format!("{} : {}", view.score[0], view.score[1]);
    let state = match &view.result {
        Some((result, why)) => {
            let who = winner(view).map_or(String::new(), |s| format!(" · {}", names[s.index()]));
            State::Over(format!("{result} {score}{who} · {why}"))
        }
        None => State::On {
            head: format!("Half {} · time box {} · {score}", view.half, view.clock),
            rest: match view.awaiting {
                Some(s) => format!(" · {} to declare", names[s.index()]),
                None => String::new(),
            },
        },
    };
    let cards = field::cards();
    let span = (cards[0].x, cards[1].right(), FOOTER_BASELINE);
    status::draw(img, f.theme.palette(), span, &state, None);
}
