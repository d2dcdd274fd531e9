//! Issue 29, "Pictures at chat size": Discord shows a picture scaled down to
//! fit 550 x 350 until it is clicked. Scaled so, every game's picture on its
//! largest board must show pieces at least 14 px across, its smallest text
//! at least 9 px tall (pixel size), and, where pieces stack, every layer of
//! a stack up to the carry limit countable: layers at least 2.5 px apart
//! with a line between them at least 0.75 px wide. The sizes are read from
//! each game's layout; the scale is worked out here.

use taktable::render::chat::{self, Legibility};
use taktable::render::tak::Layout;
use taktable::render::{taka, takat, takkure};

/// The factor a `w` x `h` picture is shown at in chat: it fits the box.
fn chat_scale(l: &Legibility) -> f32 {
    (550.0 / l.width as f32).min(350.0 / l.height as f32)
}

/// Asserts issue 29's thresholds for `game`'s layout.
fn assert_legible(game: &str, l: &Legibility) {
    let s = chat_scale(l);
    assert_eq!(s, chat::scale(l.width, l.height), "{game}");
    let piece = l.piece * s;
    let text = l.text * s;
    assert!(piece >= 14.0, "{game}: pieces {piece:.1} px across in chat");
    assert!(
        text >= 9.0,
        "{game}: the smallest text {text:.1} px in chat"
    );
    if let Some(layers) = l.layers {
        let (pitch, line) = (layers.pitch * s, layers.line * s);
        assert!(
            pitch >= 2.5,
            "{game}: layers of a {}-stack {pitch:.2} px apart in chat",
            layers.count
        );
        assert!(line >= 0.75, "{game}: lines between layers {line:.2} px");
    }
    eprintln!(
        "{game}: {}x{} shown at {s:.3}: piece {piece:.1} px, text {text:.1} px{}",
        l.width,
        l.height,
        l.layers.map_or(String::new(), |x| format!(
            ", layers {:.2} px apart (line {:.2}) up to {}",
            x.pitch * s,
            x.line * s,
            x.count
        ))
    );
}

#[test]
fn tak_is_legible_at_chat_size_on_every_board() {
    // The largest board is 8x8 (carry limit 8); smaller boards have larger
    // squares, and are checked too.
    for size in 3..=8 {
        assert_legible(
            &format!("Tak {size}x{size}"),
            &Layout::new(size).legibility(),
        );
    }
}

#[test]
fn takat_is_legible_at_chat_size() {
    assert_legible("Takat", &takat::layout::TakatLayout::new().legibility());
}

#[test]
fn taka_is_legible_at_chat_size() {
    assert_legible("Taka", &taka::pitch::legibility());
}

#[test]
fn takkure_is_legible_at_chat_size() {
    assert_legible("Takkure", &takkure::field::legibility());
}

#[test]
fn takkure_tokens_ball_and_badges_are_legible_at_chat_size() {
    // Issue 42: the ball carried, the wound and fatigue badges and the
    // players' initials read at chat size (marks and numbers at least the
    // smallest text, 9 px; the loose ball's ring a piece, 14 px), each
    // mark in a slot of its own, and a cluster of players on neighbouring
    // squares keeps every initial clear of the neighbours' marks.
    use takkure::field::{mark_sizes, Mark, CELL, LARGE_R, MAN_R, MARK_R};
    let l = takkure::field::legibility();
    let s = chat_scale(&l);
    let m = mark_sizes();
    let (mark, digit, loose) = (m.mark * s, m.digit * s, m.loose * s);
    assert!(
        mark >= 9.0,
        "a mark (the ball carried, a badge) is {mark:.1} px"
    );
    assert!(digit >= 9.0, "a badge's number is {digit:.1} px");
    assert!(loose >= 14.0, "the loose ball's ring is {loose:.1} px");
    eprintln!(
        "Takkure marks in chat: ball carried and badges {mark:.1} px, numbers and initials \
         {digit:.1} px, loose ball {loose:.1} px"
    );
    // The initial's half width and half height (cap height 0.73 of the size).
    let (half_w, half_h) = (m.initial / 2.0, m.digit * 0.73 / 2.0);
    for r in [MAN_R, LARGE_R] {
        assert!(
            half_w < r - 2.0,
            "an initial {:.1} px wide in a disc of {r}",
            m.initial
        );
        let offsets = Mark::ALL.map(|mark| mark.offset(r));
        // No two marks of one player overlap: the ball never shares a slot.
        for (i, a) in offsets.iter().enumerate() {
            for b in &offsets[i + 1..] {
                let d = (a.0 - b.0).hypot(a.1 - b.1);
                assert!(d >= 2.0 * MARK_R, "marks {a:?} and {b:?} overlap");
            }
        }
        // Every mark clears the initial of each neighbour (8 squares round),
        // and lies within its own player's square and the next ones.
        for &(mx, my) in &offsets {
            for (nx, ny) in [
                (-1.0, -1.0),
                (0.0, -1.0),
                (1.0, -1.0),
                (-1.0, 0.0),
                (1.0, 0.0),
                (-1.0, 1.0),
                (0.0, 1.0),
                (1.0, 1.0),
            ] {
                let (cx, cy) = (nx * CELL, ny * CELL);
                // The nearest point of the neighbour's initial to the mark.
                let px = (mx).clamp(cx - half_w, cx + half_w);
                let py = (my).clamp(cy - half_h, cy + half_h);
                let d = (mx - px).hypot(my - py);
                assert!(
                    d >= MARK_R,
                    "a mark at {:?} covers the initial of the neighbour at {:?} ({d:.1} px)",
                    (mx, my),
                    (cx, cy)
                );
            }
        }
    }
}
