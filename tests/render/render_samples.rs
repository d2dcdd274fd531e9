//! Writes the sample pictures of `docs/render.md`: every game's picture at
//! full size and as Discord shows it in chat (scaled to fit 550 x 350),
//! each theme at least once, into `docs/render/` (and the README's two Tak
//! pictures into `docs/`). Run by hand:
//! `cargo test --release --test render render_samples:: -- --ignored`.

use image::imageops;
use taktable::render::tak::sample;
use taktable::render::{chat, taka, takat, Picture, Theme};

/// `png` scaled to fit the chat box as Discord shows it.
pub fn chat_size(png: &[u8]) -> Vec<u8> {
    let img = image::load_from_memory(png).unwrap().to_rgb8();
    let s = chat::scale(img.width(), img.height());
    let (w, h) = (
        (img.width() as f32 * s).round() as u32,
        (img.height() as f32 * s).round() as u32,
    );
    let small = imageops::resize(&img, w, h, imageops::FilterType::Triangle);
    let mut out = std::io::Cursor::new(Vec::new());
    small.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// Writes `docs/render/{name}.png` and `docs/render/{name}-chat.png`.
fn write(name: &str, view: &impl Picture, theme: Theme) {
    let dir = format!("{}/docs/render", env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(&dir).expect("docs/render");
    let png = view.png(theme).expect("the picture encodes");
    std::fs::write(format!("{dir}/{name}.png"), &png).expect("write sample");
    std::fs::write(format!("{dir}/{name}-chat.png"), chat_size(&png)).expect("write sample");
}

#[test]
#[ignore = "writes files into docs/render/"]
fn write_samples() {
    write("tak-8x8", &sample::midgame(8), Theme::Slate);
    // The README's pictures.
    let docs = format!("{}/docs", env!("CARGO_MANIFEST_DIR"));
    for size in [5, 8] {
        let png = sample::midgame(size).png(Theme::Slate).expect("encodes");
        std::fs::write(format!("{docs}/sample-{size}x{size}.png"), png).expect("write sample");
    }
    write("tak-6x6-wood", &sample::midgame(6), Theme::Wood);
    write(
        "tak-tall-8x8-contrast",
        &sample::tall(8, 18, 30, 7),
        Theme::Contrast,
    );
    write("tak-road-paper", &sample::road_win(), Theme::Paper);
    write("takat-wood", &takat::sample_midgame(), Theme::Wood);
    write("taka-contrast", &taka::sample_goal(), Theme::Contrast);
    let takkure = crate::render_takkure::view(&crate::render_takkure::declared());
    write("takkure-paper", &takkure, Theme::Paper);
}
