//! The Takat board picture, checked the way a player would look at it:
//! decode the PNG and look at the pixels where the layout says things are.

use image::RgbaImage;
use taktable::games::takat::{Cell, Position, Turn};
use taktable::render::tak::Side;
use taktable::render::takat::{
    self, layout, render_png, SafeMark, TakatBoardView, TakatColours, HEIGHT, RED, WIDTH,
};
use taktable::render::Theme;

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgba8()
}

fn render(view: &TakatBoardView, theme: Theme) -> RgbaImage {
    decode(&render_png(view, theme))
}

fn rgb(img: &RgbaImage, (x, y): (i32, i32)) -> [u8; 3] {
    let p = img.get_pixel(x as u32, y as u32).0;
    assert_eq!(p[3], 255, "the picture is opaque");
    [p[0], p[1], p[2]]
}

fn view_of(position: &str, last: Option<&str>) -> TakatBoardView {
    let pos: Position = position.parse().unwrap();
    let last = last.map(|t| t.parse::<Turn>().unwrap());
    TakatBoardView::from_position(&pos, ["Alice".into(), "Bob".into()], last)
}

#[test]
#[ignore = "writes docs/sample-takat.png (and every theme to TAKAT_SAMPLES, if set)"]
fn write_sample() {
    let path = format!("{}/docs/sample-takat.png", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(
        &path,
        render_png(&takat::sample_midgame(), Theme::default()),
    )
    .unwrap();
    if let Some(dir) = std::env::var_os("TAKAT_SAMPLES") {
        let dir = std::path::PathBuf::from(dir);
        for theme in Theme::ALL {
            let file = dir.join(format!("takat-{}.png", theme.name()));
            std::fs::write(file, render_png(&takat::sample_midgame(), theme)).unwrap();
        }
        let won = view_of("wbbww/bb/w/bw/x/b/bbw b NW", Some("C-NW"));
        std::fs::write(
            dir.join("takat-won.png"),
            render_png(&won, Theme::default()),
        )
        .unwrap();
    }
}
