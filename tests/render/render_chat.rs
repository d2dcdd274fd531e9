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
