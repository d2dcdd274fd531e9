//! A Takkure picture composed on the pre-drawn field of its theme: the
//! activation's path, the defence's declarations (a tackle's arrow to its
//! point, a pressure ring of radius 2, a steal marker), the players
//! (standing discs, or lying down with a GROUND token; the active one
//! ringed), their wounds and fatigue as numbers, the ball ringed, the
//! cards, the panel (the time dashboard with both tokens, the activation
//! tokens, the last input and its roll log) and the status line.

use image::RgbImage;

use super::field::{
    self, Field, Mark, BALL_R, BIG_PX, BODY_PX, CELL, FIELD_H, FIELD_W, FIELD_X, FIELD_Y,
    FOOTER_BASELINE, LARGE_R, MAN_R, MARK_R, NAME_PX, PANEL, SMALL_PX,
};
use super::view::{Declared, Man, TakkureView};
use crate::render::card;
use crate::render::compass::{self, segment};
use crate::render::draw::{mix, paint, paint_ring, Colour, Paint, Rect, Shape};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};
use crate::render::Side;

/// The ball's leather, and its laces.
pub const BALL_FILL: Colour = [150, 86, 40];
const BALL_LACE: Colour = [248, 244, 232];
/// The ring that makes the ball easy to find.
pub const BALL_RING: Colour = [255, 255, 255];
/// Wound badges, and fatigue badges (rested tokens in a paler one).
pub const WOUND: Colour = [214, 48, 49];
pub const FATIGUE: Colour = [240, 160, 30];
const RESTED: Colour = [246, 214, 150];
const BADGE_INK: Colour = [255, 255, 255];
const DARK_INK: Colour = [30, 24, 10];
/// The declarations: a tackle's arrow, a pressure ring, a steal marker.
pub const TACKLE: Colour = [255, 92, 60];
pub const PRESSURE: Colour = [196, 140, 255];
pub const STEAL: Colour = [70, 220, 255];
const SHADE: Colour = [20, 20, 24];

/// The picture of `view` in `theme`.
pub fn compose(view: &TakkureView, theme: Theme) -> RgbImage {
    let f = field::get(theme);
    let pal = theme.palette();
    let mut img = f.background.clone();
    let on_field = |i: &usize| *i < field::COLUMNS_X_ROWS;
    for &i in view.path.iter().filter(|i| on_field(i)) {
        let (x, y) = field::centre(i);
        let h = CELL / 2.0 - 2.0;
        let shape = Shape::round_rect(x - h, y - h, 2.0 * h, 2.0 * h, 4.0);
        paint_ring(&mut img, &shape, pal.last_move, 2.5);
    }
    // Pressure rings and tackle arrows lie on the grass, under the
    // players; a tackle's point is framed in the tackle's colour.
    for d in view.declarations.iter().filter(|d| on_field(&d.at)) {
        match d.kind {
            Declared::Pressure => pressure_ring(&mut img, d.at),
            Declared::Tackle { point } if on_field(&point) => {
                let (x, y) = field::centre(point);
                let h = CELL / 2.0 - 2.0;
                let shape = Shape::round_rect(x - h, y - h, 2.0 * h, 2.0 * h, 4.0);
                paint_ring(&mut img, &shape, TACKLE, 3.0);
                if point != d.at {
                    arrow(&mut img, field::centre(d.at), (x, y), 0.0, TACKLE);
                }
            }
            _ => {}
        }
    }
    if let Some(i) = view.loose.filter(on_field) {
        let (x, y) = field::centre(i);
        let around = Shape::Circle {
            cx: x,
            cy: y,
            r: CELL / 2.0 - 1.0,
        };
        paint_ring(&mut img, &around, SHADE, 5.5);
        paint_ring(&mut img, &around, BALL_RING, 3.0);
        draw_ball(&mut img, (x, y), 1.0);
    }
    for (i, man) in view.men.iter().filter(|(i, _)| on_field(i)) {
        draw_man(
            &mut img,
            pal,
            field::centre(*i),
            man,
            view.active == Some(*i),
        );
    }
    for d in view.declarations.iter().filter(|d| on_field(&d.at)) {
        let r = radius_at(view, d.at);
        let (x, y) = field::centre(d.at);
        match d.kind {
            Declared::Tackle { .. } => ring(&mut img, (x, y), r + 3.0, TACKLE),
            // Only the ring: a small ball there would read as the ball.
            Declared::Steal => ring(&mut img, (x, y), r + 3.0, STEAL),
            Declared::Pressure => {}
        }
    }
    // The ball's scatters, over the players they flew past.
    for &(from, to) in view
        .scatters
        .iter()
        .filter(|(a, b)| on_field(a) && on_field(b))
    {
        arrow(
            &mut img,
            field::centre(from),
            field::centre(to),
            0.0,
            BALL_RING,
        );
    }
    // Marks last, over the neighbours' discs.
    for (i, man) in view.men.iter().filter(|(i, _)| on_field(i)) {
        draw_marks(&mut img, field::centre(*i), man);
    }
    draw_cards(&f, &mut img, view);
    draw_panel(pal, &mut img, view);
    draw_footer(pal, &mut img, view);
    img
}

/// The radius of the player on square `at`.
fn radius_at(view: &TakkureView, at: usize) -> f32 {
    match view.men.iter().find(|(i, _)| *i == at) {
        Some((_, m)) if m.large => LARGE_R,
        _ => MAN_R,
    }
}

fn ring(img: &mut RgbImage, (cx, cy): (f32, f32), r: f32, colour: Colour) {
    paint_ring(img, &Shape::Circle { cx, cy, r }, colour, 3.0);
}

/// PRESSURE affects attackers within 2 (1.06): the 5 x 5 squares around
/// the presser, outlined, kept on the field.
fn pressure_ring(img: &mut RgbImage, at: usize) {
    let (x, y) = field::centre(at);
    let reach = 2.5 * CELL - 3.0;
    let x0 = (x - reach).max(FIELD_X + 2.0);
    let y0 = (y - reach).max(FIELD_Y + 2.0);
    let x1 = (x + reach).min(FIELD_X + FIELD_W - 2.0);
    let y1 = (y + reach).min(FIELD_Y + FIELD_H - 2.0);
    let shape = Shape::round_rect(x0, y0, x1 - x0, y1 - y0, 10.0);
    paint_ring(img, &shape, PRESSURE, 3.0);
}

/// An arrow from `from` (leaving a disc of radius `r` there) to the
/// point `to`, its head just short of it, outlined so that it shows on any
/// grass: a tackle's to its point, a scatter's to where the ball landed.
fn arrow(img: &mut RgbImage, from: (f32, f32), to: (f32, f32), r: f32, colour: Colour) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy);
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len);
    let start = (from.0 + ux * r, from.1 + uy * r);
    let tip = (to.0 - ux * (CELL * 0.3), to.1 - uy * (CELL * 0.3));
    let head = 11.0;
    let wing = |sign: f32| {
        let (s, c) = (sign * 0.5f32).sin_cos();
        let (wx, wy) = (ux * c - uy * s, ux * s + uy * c);
        (tip.0 - wx * head, tip.1 - wy * head)
    };
    let (left, right) = (wing(1.0), wing(-1.0));
    for (half, ink) in [(3.6, SHADE), (2.0, colour)] {
        segment(img, start, tip, half, ink);
        segment(img, tip, left, half, ink);
        segment(img, tip, right, half, ink);
    }
}

/// A rugby ball: a brown ellipse with a white lace; `scale` 1 on the
/// ground, smaller in a carrier's hands.
fn draw_ball(img: &mut RgbImage, (cx, cy): (f32, f32), scale: f32) {
    let (rx, ry) = (BALL_R * scale, BALL_R * 0.66 * scale);
    paint(
        img,
        &Shape::Ellipse { cx, cy, rx, ry },
        &Paint::outlined(BALL_FILL, SHADE, 1.2),
    );
    let lace = Shape::round_rect(cx - rx * 0.45, cy - 1.0, rx * 0.9, 2.0, 1.0);
    paint(img, &lace, &Paint::solid(BALL_LACE));
}

/// A standing player is a disc with its role's initial; one on the ground
/// lies flat (a wide pill). The active player is ringed in the accent
/// colour. Its marks (the ball, badges) are drawn after every player
/// ([`draw_marks`]).
fn draw_man(img: &mut RgbImage, pal: &Palette, (cx, cy): (f32, f32), man: &Man, active: bool) {
    let i = man.side.index();
    let r = if man.large { LARGE_R } else { MAN_R };
    if active {
        ring(img, (cx, cy), r + 3.0, pal.accent);
    }
    let fill = Paint::outlined(pal.piece[i], pal.outline[i], 1.8);
    let half_h = if man.ground { r * 0.72 } else { r };
    let shape = if man.ground {
        Shape::round_rect(cx - r, cy - half_h, 2.0 * r, 2.0 * half_h, half_h)
    } else {
        Shape::Circle { cx, cy, r }
    };
    paint(img, &shape, &fill);
    let px = SMALL_PX;
    let w = text::measure(Face::Bold, px, man.label);
    let base = cy + px * CAP_HEIGHT / 2.0;
    text::draw(
        img,
        Face::Bold,
        px,
        cx - w / 2.0,
        base,
        pal.outline[i],
        man.label,
    );
}

/// The marks of a player, each in its own corner slot ([`Mark`]): the
/// ball it carries (upper left, a white disc with the ball), wounds (red,
/// upper right) and fatigue tokens (amber, lower right; the rested ones
/// pale, lower left) as numbers in badges.
fn draw_marks(img: &mut RgbImage, (cx, cy): (f32, f32), man: &Man) {
    let r = if man.large { LARGE_R } else { MAN_R };
    let at = |mark: Mark| {
        let (dx, dy) = mark.offset(r);
        (cx + dx, cy + dy)
    };
    let disc = |(x, y): (f32, f32)| Shape::Circle {
        cx: x,
        cy: y,
        r: MARK_R,
    };
    if man.carrier {
        let ball = at(Mark::Ball);
        paint(img, &disc(ball), &Paint::outlined(BALL_RING, SHADE, 1.6));
        draw_ball(img, ball, 0.68);
    }
    let badges = [
        (Mark::Wounds, man.wounds, WOUND, BADGE_INK),
        (Mark::Fatigue, man.fatigue, FATIGUE, DARK_INK),
        (Mark::Rested, man.rested, RESTED, DARK_INK),
    ];
    for (mark, n, fill, ink) in badges {
        if n == 0 {
            continue;
        }
        let (x, y) = at(mark);
        let label = n.to_string();
        let px = SMALL_PX;
        paint(img, &disc((x, y)), &Paint::outlined(fill, SHADE, 1.2));
        let w = text::measure(Face::Bold, px, &label);
        text::draw(
            img,
            Face::Bold,
            px,
            x - w / 2.0,
            y + px * CAP_HEIGHT / 2.0,
            ink,
            &label,
        );
    }
}

fn winner(view: &TakkureView) -> Option<Side> {
    Side::winner_of(view.result.as_ref().map(|(r, _)| r.as_str()))
}

fn team(side: Side) -> &'static str {
    match side {
        Side::White => "home",
        Side::Black => "away",
    }
}

/// A rounded chip with a bold label, its right edge at `right`.
fn chip(img: &mut RgbImage, right: f32, top: f32, label: &str, fill: Colour, ink: Colour) -> f32 {
    let w = text::measure(Face::Bold, SMALL_PX, label) + 20.0;
    let h = 28.0;
    paint(
        img,
        &Shape::round_rect(right - w, top, w, h, h / 2.0),
        &Paint::solid(fill),
    );
    let base = top + (h + SMALL_PX * CAP_HEIGHT) / 2.0;
    text::draw(
        img,
        Face::Bold,
        SMALL_PX,
        right - w + 10.0,
        base,
        ink,
        label,
    );
    right - w
}

/// The two cards above the field, home over its in-goal on the left, away
/// on the right: a disc of the team's colour, the coach, the team and the
/// way it attacks, its tries, and "to move" or "winner".
fn draw_cards(f: &Field, img: &mut RgbImage, view: &TakkureView) {
    let pal = f.theme.palette();
    let names = card::names(&view.players);
    let winner = winner(view);
    for side in Side::ALL {
        let i = side.index();
        let rect = field::cards()[i];
        let status = card::status(side, winner, view.result.is_some(), view.awaiting);
        if status.is_some() {
            f.active_card[i].blit(img, rect.x, rect.y);
        }
        let (x, y) = (rect.x as f32, rect.y as f32);
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
        draw_man(img, pal, (x + 30.0, y + rect.h as f32 / 2.0), &man, false);
        // The tries, large, at the right.
        let tries = view.score[i].to_string();
        let tw = text::measure(Face::Bold, BIG_PX, &tries);
        let right = rect.right() as f32 - 16.0;
        let base = y + rect.h as f32 / 2.0 + BIG_PX * CAP_HEIGHT / 2.0;
        text::draw(img, Face::Bold, BIG_PX, right - tw, base, pal.text, &tries);
        let word = if view.score[i] == 1 { "try" } else { "tries" };
        let ww = text::measure(Face::Regular, SMALL_PX, word);
        let right = right - tw - 8.0;
        text::draw(
            img,
            Face::Regular,
            SMALL_PX,
            right - ww,
            base,
            pal.muted,
            word,
        );
        let mut room = right - ww - 12.0;
        if let Some(label) = status {
            room = chip(img, room, y + 8.0, label, pal.accent, pal.accent_text) - 8.0;
        }
        let text_x = x + 56.0;
        let name = text::fit(Face::Bold, NAME_PX, names[i], room - text_x);
        text::draw(img, Face::Bold, NAME_PX, text_x, y + 32.0, pal.text, &name);
        let attacks = attack_words(side);
        let line = format!("{} · {} · {attacks}", team(side), view.squads[i]);
        let line = text::fit(Face::Regular, SMALL_PX, &line, right - ww - 12.0 - text_x);
        text::draw(
            img,
            Face::Regular,
            SMALL_PX,
            text_x,
            y + 62.0,
            pal.muted,
            &line,
        );
    }
}

/// Which way a team attacks, in the rules' words and as the picture shows
/// it (RULINGS Takkure 1: home scores in the south in-goal, rows 27-28;
/// south is right, [`field::NORTH`] being left).
pub fn attack_words(side: Side) -> &'static str {
    match side {
        Side::White => "attacks south →",
        Side::Black => "← attacks north",
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

/// The panel's inner left edge and width.
fn panel_x() -> (f32, f32) {
    (PANEL.x as f32 + 12.0, PANEL.w as f32 - 24.0)
}

/// The centre of time box `clock` in the row of boxes 5 to 0 (6.04).
pub fn time_box(clock: u8) -> (f32, f32) {
    let (x0, width) = panel_x();
    let w = width / 6.0;
    let k = 5 - clock.min(5);
    (x0 + (f32::from(k) + 0.5) * w, PANEL.y as f32 + 52.0)
}

/// Where each team's time token is drawn, home then away, under the boxes.
pub fn time_token(side: Side) -> (f32, f32) {
    let (x0, _) = panel_x();
    (
        x0 + 13.0,
        PANEL.y as f32 + 92.0 + 32.0 * side.index() as f32,
    )
}

/// Where activation token `k` (0..4) is drawn.
pub fn activation_token(k: u8) -> Rect {
    let (x0, _) = panel_x();
    Rect::new((x0 + f32::from(k) * 36.0) as i32, PANEL.y + 180, 28, 28)
}

fn draw_panel(pal: &Palette, img: &mut RgbImage, view: &TakkureView) {
    let (x, width) = panel_x();
    let mut y = PANEL.y as f32 + 26.0;
    let label = format!("Time · half {}", view.half);
    text::draw(img, Face::Bold, SMALL_PX, x, y, pal.muted, &label);
    // The dashboard: boxes 5..0, the tokens' box lit (RULINGS Takkure 10).
    for b in 0..=5u8 {
        let (cx, cy) = time_box(b);
        let half = width / 12.0 - 2.0;
        let shape = Shape::round_rect(cx - half, cy - 14.0, 2.0 * half, 28.0, 5.0);
        let here = b == view.clock;
        let (fill, edge, ink) = if here {
            (mix(pal.card, pal.accent, 0.35), pal.accent, pal.text)
        } else {
            (pal.card, pal.frame, pal.muted)
        };
        paint(img, &shape, &Paint::outlined(fill, edge, 2.0));
        let digit = b.to_string();
        let dw = text::measure(Face::Bold, SMALL_PX, &digit);
        let base = cy + SMALL_PX * CAP_HEIGHT / 2.0;
        text::draw(img, Face::Bold, SMALL_PX, cx - dw / 2.0, base, ink, &digit);
    }
    // Both tokens, each with its side named: active side up, or turned.
    for side in Side::ALL {
        let i = side.index();
        let (cx, cy) = time_token(side);
        let turned = view.turned[i];
        let token = Shape::Circle { cx, cy, r: 12.0 };
        if turned {
            paint(img, &token, &Paint::outlined(pal.card, pal.text, 2.0));
            segment(
                img,
                (cx - 7.0, cy + 7.0),
                (cx + 7.0, cy - 7.0),
                1.5,
                pal.muted,
            );
        } else {
            paint(
                img,
                &token,
                &Paint::outlined(pal.piece[i], pal.outline[i], 2.0),
            );
        }
        let words = format!(
            "{} {}",
            team(side),
            if turned { "turned" } else { "active" }
        );
        let ink = if turned { pal.muted } else { pal.text };
        text::draw(
            img,
            Face::Regular,
            SMALL_PX,
            cx + 20.0,
            cy + SMALL_PX * CAP_HEIGHT / 2.0,
            ink,
            &words,
        );
    }
    // The attacker's activation tokens: left ones in its colour, used ones
    // an empty crossed frame.
    y = PANEL.y as f32 + 170.0;
    let head = if view.tokens > 0 || view.active.is_some() {
        format!("{} attacks", team(view.attacker))
    } else {
        "kick-off".to_string()
    };
    text::draw(img, Face::Bold, SMALL_PX, x, y, pal.muted, &head);
    if view.tokens > 0 || view.active.is_some() {
        let i = view.attacker.index();
        for k in 0..4u8 {
            let r = activation_token(k);
            let shape = Shape::round_rect(r.x as f32, r.y as f32, r.w as f32, r.h as f32, 5.0);
            if k < view.tokens {
                paint(
                    img,
                    &shape,
                    &Paint::outlined(pal.piece[i], pal.outline[i], 2.0),
                );
            } else {
                paint_ring(img, &shape, pal.frame, 2.0);
                let (a, b) = (r.x as f32 + 7.0, r.right() as f32 - 7.0);
                let (t, u) = (r.y as f32 + 7.0, r.bottom() as f32 - 7.0);
                segment(img, (a, t), (b, u), 1.2, pal.frame);
                segment(img, (a, u), (b, t), 1.2, pal.frame);
            }
        }
        let left = format!("{} of 4 tokens left", view.tokens);
        let r = activation_token(0);
        text::draw(
            img,
            Face::Regular,
            SMALL_PX,
            x,
            r.bottom() as f32 + 24.0,
            pal.muted,
            &left,
        );
    }
    y = PANEL.y as f32 + 270.0;
    if let Some(last) = &view.last {
        text::draw(img, Face::Bold, SMALL_PX, x, y, pal.muted, "Last input");
        y += 26.0;
        for l in wrap(Face::Bold, BODY_PX, last, width) {
            text::draw(img, Face::Bold, BODY_PX, x, y, pal.text, &l);
            y += 24.0;
        }
        y += 6.0;
    }
    if let Some(ball) = &view.ball {
        y += 8.0;
        text::draw(img, Face::Bold, SMALL_PX, x, y, pal.muted, "Ball");
        y += 24.0;
        for l in wrap(Face::Regular, SMALL_PX, ball, width) {
            text::draw(img, Face::Regular, SMALL_PX, x, y, pal.text, &l);
            y += 22.0;
        }
    }
    // The rolls are in the message's text, where they can be read
    // (issue 42); the panel ends with the compass.
    let ((cx, cy), radius) = field::COMPASS;
    compass::draw(img, pal, (cx, cy), radius, field::NORTH, SMALL_PX);
}

/// The line under the field: half, time box, score and the step (or the
/// result), then what the marks on the field mean.
fn draw_footer(pal: &Palette, img: &mut RgbImage, view: &TakkureView) {
    let names = card::names(&view.players);
    let base = FOOTER_BASELINE as f32;
    let left = FIELD_X - 26.0;
    // The legend, at the right.
    let mut right = FIELD_X + FIELD_W;
    for (word, colour) in [("steal", STEAL), ("pressure", PRESSURE), ("tackle", TACKLE)] {
        let w = text::measure(Face::Regular, SMALL_PX, word);
        right -= w;
        text::draw(img, Face::Regular, SMALL_PX, right, base, pal.muted, word);
        let cy = base - SMALL_PX * CAP_HEIGHT / 2.0;
        right -= 22.0;
        // The rings drawn round the declaring players.
        ring(img, (right + 8.0, cy), 8.0, colour);
        right -= 18.0;
    }
    let room = right - left - 10.0;
    let score = format!("{} : {}", view.score[0], view.score[1]);
    match &view.result {
        Some((result, why)) => {
            let who = winner(view).map_or(String::new(), |s| format!(" · {}", names[s.index()]));
            let line = text::fit(
                Face::Bold,
                BODY_PX,
                &format!("{result} {score}{who} · {why}"),
                room,
            );
            text::draw(img, Face::Bold, BODY_PX, left, base, pal.accent, &line);
        }
        None => {
            let head = format!("Half {} · time box {} · {score}", view.half, view.clock);
            let x = left + text::draw(img, Face::Bold, BODY_PX, left, base, pal.text, &head);
            let rest = match view.awaiting {
                Some(s) => format!(" · {}: {}", names[s.index()], view.step),
                None => String::new(),
            };
            let rest = text::fit(Face::Regular, BODY_PX, &rest, room - (x - left));
            text::draw(img, Face::Regular, BODY_PX, x, base, pal.muted, &rest);
        }
    }
}
