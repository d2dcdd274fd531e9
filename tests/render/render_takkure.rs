//! Takkure's picture checked pixel by pixel: its size, the players in
//! their team's colour standing or on the ground, the ball, the marked
//! path, the time tokens and the roll log (src/render/takkure/).

use image::RgbaImage;
use taktable::games::takkure::hosted::{TakkureGame, TakkureSettings};
use taktable::games::takkure::{Ball, Step};
use taktable::games::HostedGame;
use taktable::render::png::SIZE_LIMIT;
use taktable::render::takkure::compose::{time_box, BALL_FILL};
use taktable::render::takkure::field::{self, CELL};
use taktable::render::takkure::TakkureView;
use taktable::render::{Picture, Theme};

/// Plays the middle legal input until `stop` holds (a fixed, seeded line of play).
fn drive(game: &mut TakkureGame, limit: usize, stop: impl Fn(&TakkureGame) -> bool) {
    for _ in 0..limit {
        if stop(game) || game.game.step() == Step::Over {
            return;
        }
        let legal = game.legal_actions();
        let pick = legal[legal.len() / 2].clone();
        game.play(&pick).unwrap();
    }
}

/// A match in its first activations, the ball held, after an input that rolled.
fn mid_game() -> TakkureGame {
    let mut game = TakkureGame::new(&TakkureSettings::standard(5)).unwrap();
    drive(&mut game, 2000, |g| {
        g.game.step() == Step::Second && matches!(g.game.ball(), Ball::Held(_))
    });
    assert_eq!(game.game.step(), Step::Second);
    game
}

fn view(game: &TakkureGame) -> TakkureView {
    TakkureView::of_game(game, ["alice".into(), "bob".into()])
}

fn px(img: &RgbaImage, (x, y): (f32, f32)) -> [u8; 3] {
    let p = img.get_pixel(x as u32, y as u32).0;
    [p[0], p[1], p[2]]
}

#[test]
fn the_picture_has_its_size_in_every_theme() {
    let v = view(&mid_game());
    for theme in Theme::ALL {
        let png = v.png(theme).unwrap();
        assert!(png.len() < SIZE_LIMIT, "{theme:?}: {} bytes", png.len());
        let img = image::load_from_memory(&png).unwrap().to_rgb8();
        assert_eq!(img.dimensions(), (field::WIDTH, field::HEIGHT));
    }
    assert!(v
        .alt_text()
        .starts_with("Takkure field, Yamato (home) 0 - 0 Teriomorph (away), half 1"));
}

#[test]
fn players_stand_in_their_colour_and_lie_down_on_the_ground() {
    let mut v = view(&mid_game());
    assert_eq!(
        v.men.len(),
        8,
        "four a side on the field (RULINGS Takkure 3)"
    );
    for man in &mut v.men {
        man.1.wounds = 0;
        man.1.ground = false;
    }
    let theme = Theme::default();
    let pal = theme.palette();
    let img = v.rgba(theme);
    // Above the initial, inside the disc: the team's colour (home white).
    for (i, man) in &v.men {
        let (x, y) = field::centre(*i);
        assert_eq!(
            px(&img, (x, y - 6.0)),
            pal.piece[man.side.index()],
            "{man:?}"
        );
    }
    // The same players on the ground lie flat: above them is grass.
    for man in &mut v.men {
        man.1.ground = true;
    }
    let img = v.rgba(theme);
    for (i, man) in &v.men {
        let (x, y) = field::centre(*i);
        assert_ne!(
            px(&img, (x, y - 9.0)),
            pal.piece[man.side.index()],
            "{man:?}"
        );
        assert_eq!(
            px(&img, (x - 8.0, y)),
            pal.piece[man.side.index()],
            "{man:?}"
        );
    }
}

#[test]
fn a_loose_ball_lies_on_its_square_and_the_path_is_ringed() {
    let mut v = view(&mid_game());
    let taken: Vec<usize> = v.men.iter().map(|(i, _)| *i).collect();
    let empty = (16 * 14..16 * 15).find(|i| !taken.contains(i)).unwrap();
    let theme = Theme::Paper;
    let (x, y) = field::centre(empty);
    let before = v.rgba(theme);
    assert_ne!(px(&before, (x, y - 2.5)), BALL_FILL);
    v.loose = Some(empty);
    v.path = vec![empty];
    let img = v.rgba(theme);
    assert_eq!(px(&img, (x, y - 2.5)), BALL_FILL);
    // The ring of a path square runs 2 px inside its edges.
    let ring = (x - CELL / 2.0 + 2.5, y);
    assert_eq!(px(&img, ring), theme.palette().last_move);
    assert_ne!(px(&before, ring), theme.palette().last_move);
}

#[test]
fn the_time_tokens_stand_on_the_clock_box_turned_or_not() {
    let mut v = view(&mid_game());
    let theme = Theme::Slate;
    let pal = theme.palette();
    v.turned = [false, true];
    let img = v.rgba(theme);
    let (bx, by) = time_box(v.clock);
    // RULINGS Takkure 10: the home token active side up, the away one turned (hollow).
    assert_eq!(px(&img, (bx - 6.0, by + 6.0)), pal.piece[0]);
    assert_ne!(px(&img, (bx + 6.0, by + 6.0)), pal.piece[1]);
    v.turned = [true, false];
    let img = v.rgba(theme);
    assert_ne!(px(&img, (bx - 6.0, by + 6.0)), pal.piece[0]);
    assert_eq!(px(&img, (bx + 6.0, by + 6.0)), pal.piece[1]);
    // No token on another box.
    let (ox, oy) = time_box(if v.clock == 5 { 4 } else { 5 });
    assert_ne!(px(&img, (ox + 6.0, oy + 6.0)), pal.piece[1]);
}

#[test]
fn the_roll_log_is_written_in_the_panel() {
    let game = mid_game();
    let mut v = view(&game);
    v.log = vec!["Yamato Guard tackles: 4 vs STR 7, success".into(); 3];
    let theme = Theme::default();
    // Small text is mostly anti-aliased: count what is not the panel's fill.
    let card = theme.palette().card;
    let count = |img: &RgbaImage| {
        let p = field::PANEL;
        let mut n = 0;
        // Inside the panel, clear of its rounded corners.
        for y in (p.y + 260)..(p.bottom() - 12) {
            for x in (p.x + 12)..(p.right() - 12) {
                if px(img, (x as f32, y as f32)) != card {
                    n += 1;
                }
            }
        }
        n
    };
    let with = count(&v.rgba(theme));
    v.log.clear();
    let without = count(&v.rgba(theme));
    assert!(with > 100 && without == 0, "{with} {without}");
}

/// The transcript `takkure_kickoff_and_dodge.txt` to its dodge: a tackled
/// Runner on the ground with a wound, the Stalker holding the ball.
fn after_the_dodge() -> TakkureGame {
    let mut game = TakkureGame::new(&TakkureSettings::standard(11)).unwrap();
    for input in [
        "kick",
        "runner F12",
        "playmaker H12",
        "guard J12",
        "oni L12",
        "stalker G18",
        "thrower J20",
        "brute H16",
        "beast K17",
        "kick H21 playmaker",
        "runner F15",
        "playmaker H14",
        "done",
        "stalker G20",
        "done",
        "ball I21",
        "stalker move G17",
        "runner tackle G17",
        "guard pressure I14",
        "done",
        "dodge",
    ] {
        game.play(input).unwrap();
    }
    game
}

#[test]
fn the_tackled_runner_lies_on_the_ground_with_its_wound() {
    let game = after_the_dodge();
    let v = view(&game);
    let theme = Theme::default();
    let pal = theme.palette();
    let img = v.rgba(theme);
    // RULINGS Takkure 5: the failed tackle put the Runner (G16) on the ground, wounded.
    let g16 = 15 * 16 + 6;
    let (_, runner) = v.men.iter().find(|(i, _)| *i == g16).unwrap();
    assert!(runner.ground && runner.wounds == 1 && !runner.carrier);
    let (x, y) = field::centre(g16);
    assert_eq!(px(&img, (x - 8.0, y)), pal.piece[0]);
    assert_ne!(px(&img, (x, y - 9.0)), pal.piece[0]);
    // The Stalker (G17) holds the ball at its lower right.
    let g17 = 16 * 16 + 6;
    let (_, stalker) = v.men.iter().find(|(i, _)| *i == g17).unwrap();
    assert!(stalker.carrier);
    // The ball is small in hands: count its leather's pixels on the square.
    let leather = |img: &RgbaImage| {
        let (x, y) = field::centre(g17);
        let h = (CELL / 2.0) as i32;
        let mut n = 0;
        for dy in -h..h {
            for dx in -h..h {
                if px(img, (x + dx as f32, y + dy as f32)) == BALL_FILL {
                    n += 1;
                }
            }
        }
        n
    };
    let mut empty_handed = v.clone();
    for man in &mut empty_handed.men {
        man.1.carrier = false;
    }
    assert!(leather(&img) > 10, "{}", leather(&img));
    assert_eq!(leather(&empty_handed.rgba(theme)), 0);
    assert!(
        v.log.iter().any(|l| l.contains("dodges: 10 vs REF 8")),
        "{:?}",
        v.log
    );
}

#[test]
#[ignore = "writes docs/sample-takkure.png and prints the render time"]
fn write_sample() {
    let game = after_the_dodge();
    let v = view(&game);
    let theme = Theme::default();
    v.png(theme).unwrap();
    let start = std::time::Instant::now();
    let runs = 20;
    let mut png = Vec::new();
    for _ in 0..runs {
        png = v.png(theme).unwrap();
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
    println!("takkure picture: {ms:.1} ms, {} KB", png.len() / 1024);
    let path = format!("{}/docs/sample-takkure.png", env!("CARGO_MANIFEST_DIR"));
    std::fs::write(path, png).unwrap();
}
