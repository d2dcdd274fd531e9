//! Writes the sample pictures in `docs/`. Run by hand:
//! `cargo test --release --test render render_samples:: -- --ignored`.

use taktable::render::tak::{sample, TakBoardView};
use taktable::render::{Picture, Theme};

fn write(name: &str, view: &TakBoardView, theme: Theme) {
    let path = format!("{}/docs/{name}", env!("CARGO_MANIFEST_DIR"));
    let png = view.png(theme).expect("the picture encodes");
    std::fs::write(&path, png).expect("write sample");
}

#[test]
#[ignore = "writes files into docs/"]
fn write_samples() {
    write("sample-5x5.png", &sample::midgame(5), Theme::default());
    write("sample-8x8.png", &sample::midgame(8), Theme::default());
    write("sample-road.png", &sample::road_win(), Theme::default());
    write(
        "sample-tall-8x8.png",
        &sample::tall(8, 18, 30, 7),
        Theme::default(),
    );
    for theme in Theme::ALL {
        write(
            &format!("theme-{}.png", theme.name()),
            &sample::midgame(6),
            theme,
        );
    }
}
