//! A Taka picture composed on the pre-drawn pitch of its theme: the last
//! turn's squares, the pieces and goalies, the balls at their carriers'
//! facing sides or lying loose, the cards and the footer line.

use image::RgbImage;

use super::pitch::{self, Pitch, BALL_R, CELL, CIRCLE_R, PANEL, PIECE_R};
use super::view::{Man, TakaBoardView};
use crate::games::plural;
use crate::games::taka::Facing;
use crate::render::card::{self, CardText};
use crate::render::compass;
use crate::render::draw::{mix, paint, paint_ring, Colour, Paint, Shape};
use crate::render::status::{self, State};
use crate::render::theme::Palette;
use crate::render::theme::Theme;
use crate::render::Side;

/// The picture of `view` in `theme`.
pub fn compose(view: &TakaBoardView, theme: Theme) -> RgbImage {
    let p = pitch::get(theme);
    let pal = theme.palette();
    let mut img = p.background.clone();
    let mark = |img: &mut RgbImage, (x, y): (f32, f32), round: bool| {
        let h = CELL / 2.0 - 3.0;
        let shape = if round {
            Shape::Circle {
                cx: x,
                cy: y,
                r: CIRCLE_R + 4.0,
            }
        } else {
            Shape::round_rect(x - h, y - h, 2.0 * h, 2.0 * h, 5.0)
        };
        paint_ring(img, &shape, pal.last_move, 3.0);
    };
    for &i in view.last_turn.iter().filter(|&&i| i < view.squares.len()) {
        mark(&mut img, pitch::centre(i), false);
    }
    for side in Side::ALL {
        if view.circle_touched[side.index()] {
            mark(&mut img, pitch::circle_centre(side), true);
        }
    }
    for &i in view.loose.iter().filter(|&&i| i < view.squares.len()) {
        draw_ball(&mut img, pitch::centre(i));
    }
    for (i, man) in view.squares.iter().enumerate() {
        if let Some(man) = man {
            draw_man(&mut img, pal, pitch::centre(i), man);
        }
    }
    for side in Side::ALL {
        let (in_circle, ball) = view.circle[side.index()];
        if in_circle {
            // In its circle a goalie passes only away from its goal
            // (RULINGS Taka 4): its ball is drawn on that side.
            let away = match side {
                Side::White => Facing::S,
                Side::Black => Facing::N,
            };
            let man = Man {
                side,
                goalie: true,
                ball: ball.then_some(away),
            };
            draw_man(&mut img, pal, pitch::circle_centre(side), &man);
        }
    }
    draw_cards(&p, &mut img, view);
    draw_footer(&p, &mut img, view);
    let ((cx, cy), radius) = pitch::COMPASS;
    compass::draw(
        &mut img,
        p.theme.palette(),
        (cx, cy),
        radius,
        pitch::NORTH,
        crate::render::chat::SMALL_PX,
    );
    img
}

pub const BALL_FILL: Colour = [250, 250, 244];
pub const BALL_INK: Colour = [28, 28, 30];

fn draw_ball(img: &mut RgbImage, (cx, cy): (f32, f32)) {
    let ball = Shape::Circle { cx, cy, r: BALL_R };
    paint(img, &ball, &Paint::outlined(BALL_FILL, BALL_INK, 1.6));
    let patch = Shape::Circle {
        cx,
        cy,
        r: BALL_R * 0.38,
    };
    paint(img, &patch, &Paint::solid(BALL_INK));
}

/// A field piece is a disc, a goalie a rounded square with a ring inside;
/// a held ball sits on the edge the carrier faces, as the compass shows
/// it ([`pitch::heading`]: N left, towards row 1; E up, towards column J).
fn draw_man(img: &mut RgbImage, pal: &Palette, (cx, cy): (f32, f32), man: &Man) {
    let i = man.side.index();
    let paint_ = Paint::outlined(pal.piece[i], pal.outline[i], 2.0);
    let shadow = Shape::Circle {
        cx: cx + 1.5,
        cy: cy + 2.5,
        r: PIECE_R,
    };
    paint(
        img,
        &shadow,
        &Paint::solid(mix(pal.piece[1], [0, 0, 0], 0.5)),
    );
    if man.goalie {
        let r = PIECE_R;
        paint(
            img,
            &Shape::round_rect(cx - r, cy - r, 2.0 * r, 2.0 * r, 5.0),
            &paint_,
        );
        let inner = Shape::round_rect(cx - r / 2.0, cy - r / 2.0, r, r, 3.0);
        paint_ring(img, &inner, pal.outline[i], 2.0);
    } else {
        paint(img, &Shape::Circle { cx, cy, r: PIECE_R }, &paint_);
    }
    if let Some(facing) = man.ball {
        let (dx, dy) = pitch::heading(facing);
        let d = PIECE_R + BALL_R * 0.3;
        draw_ball(img, (cx + dx * d, cy + dy * d));
    }
}

/// Which way a side attacks, in the rules' words and as the picture shows
/// it (RULINGS Taka 1: White attacks south, towards row 14; south is
/// right, [`pitch::NORTH`] being left).
pub fn attack_words(side: Side) -> &'static str {
    match side {
        Side::White => "attacks south →",
        Side::Black => "← attacks north",
    }
}

fn winner(view: &TakaBoardView) -> Option<Side> {
    Side::winner_of(view.result.as_ref().map(|(r, _)| r.as_str()))
}

fn draw_cards(p: &Pitch, img: &mut RgbImage, view: &TakaBoardView) {
    let pal = p.theme.palette();
    let names = card::names(&view.players);
    let winner = winner(view);
    for side in Side::ALL {
        let i = side.index();
        let rect = pitch::cards()[i];
        let attacks = attack_words(side);
        let text = CardText {
            name: names[i],
            line: format!(
                "{} · {} · {attacks}",
                side.name(),
                plural(view.score[i], "goal")
            ),
            status: card::status(side, winner, view.result.is_some(), view.to_move),
            extra: None,
        };
        card::draw(img, rect, &p.active_card[i], pal, &text);
        let man = Man {
            side,
            goalie: false,
            ball: None,
        };
        let icon = card::ICON_X as f32 + card::ICON / 2.0;
        let at = (rect.x as f32 + icon, rect.y as f32 + rect.h as f32 / 2.0);
        draw_man(img, pal, at, &man);
    }
}

/// The panel right of the pitch: the turn and the score, whose turn it is
/// and the goals to win (or the result and why), and the last turn.
fn draw_footer(p: &Pitch, img: &mut RgbImage, view: &TakaBoardView) {
    let pal = p.theme.palette();
    let names = card::names(&view.players);
    let score = format!("{} : {}", view.score[0], view.score[1]);
    let span = |baseline: i32| (PANEL.x, PANEL.right(), baseline);
    let mid = PANEL.y + PANEL.h / 2;
    let (first, second) = match &view.result {
        Some((result, why)) => {
            // Issue 42: "0-1 0 : 1 · taktable" read as two results; the
            // score is said to be the goals, and the name who won.
            let who = match winner(view) {
                Some(s) => format!("{} wins", names[s.index()]),
                None => "drawn".to_string(),
            };
            (
                State::Over(format!("{result} · {who}, goals {score}")),
                (why.clone(), String::new()),
            )
        }
        None => (
            State::On {
                head: format!("Turn {} of {}", view.turn_number, view.turn_limit),
                rest: format!(" · {score}"),
            },
            match view.to_move {
                Some(s) => (
                    format!("{} to move", names[s.index()]),
                    format!(" · first to {}", view.goals),
                ),
                None => ("game over".to_string(), String::new()),
            },
        ),
    };
    status::draw(img, pal, span(mid - 44), &first, None);
    let second = State::On {
        head: second.0,
        rest: second.1,
    };
    status::draw(img, pal, span(mid), &second, None);
    status::draw_last(
        img,
        pal,
        span(mid + 44),
        "turn",
        view.last_notation.as_deref(),
    );
}
