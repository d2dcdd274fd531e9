//! Takkure's picture checked pixel by pixel: its size, legible at chat
//! size, the players in their team's colour standing or on the ground,
//! the ball ringed, the marked path (from the position itself), the
//! defence's declarations, wounds and fatigue as numbers, the ball in a
//! slot of its own, the time and activation tokens, who has the ball and
//! the compass (src/render/takkure/).

use image::{imageops, ImageBuffer, Pixel, RgbaImage};
use taktable::games::takkure::hosted::{TakkureGame, TakkureSettings};
use taktable::games::takkure::{Ball, Step};
use taktable::games::{HostedGame, InPlay};
use taktable::render::png::SIZE_LIMIT;
use taktable::render::takkure::compose::{
    activation_token, time_token, BALL_FILL, BALL_RING, FATIGUE, PRESSURE, STEAL, TACKLE, WOUND,
};
use taktable::render::takkure::field::{self, Mark, CELL, LARGE_R, MAN_R, SMALL_PX};
use taktable::render::takkure::{Declared, TakkureView};
use taktable::render::{Picture, Side, Theme};

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

pub fn view(game: &TakkureGame) -> TakkureView {
    TakkureView::of_game(game, ["alice".into(), "bob".into()])
}

/// The colour of a pixel, without its alpha (an RGB or RGBA picture).
fn px<P: Pixel<Subpixel = u8>>(img: &ImageBuffer<P, Vec<u8>>, (x, y): (f32, f32)) -> [u8; 3] {
    let p = img.get_pixel(x as u32, y as u32).channels();
    [p[0], p[1], p[2]]
}

/// How many pixels of `colour` lie within `r` of `(x, y)`.
pub fn count<P: Pixel<Subpixel = u8>>(
    img: &ImageBuffer<P, Vec<u8>>,
    (x, y): (f32, f32),
    r: i32,
    colour: [u8; 3],
) -> usize {
    let mut n = 0;
    for dy in -r..=r {
        for dx in -r..=r {
            let (qx, qy) = (x as i32 + dx, y as i32 + dy);
            if qx >= 0
                && qy >= 0
                && (qx as u32) < img.width()
                && (qy as u32) < img.height()
                && px(img, (qx as f32, qy as f32)) == colour
            {
                n += 1;
            }
        }
    }
    n
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
fn the_picture_is_legible_at_chat_size() {
    // Issue 28 (and the pictures issue): scaled to fit 550 x 350, as
    // Discord shows it in chat, a player is at least 14 px across and the
    // smallest text (its pixel size) at least 9 px.
    let scale = field::chat_scale();
    let (w, h) = (field::WIDTH as f32 * scale, field::HEIGHT as f32 * scale);
    assert!(w <= 550.5 && h <= 350.5, "{w} x {h}");
    assert!(
        2.0 * MAN_R.min(LARGE_R) * scale >= 14.0,
        "{}",
        2.0 * MAN_R * scale
    );
    assert!(SMALL_PX * scale >= 9.0, "{}", SMALL_PX * scale);
    // A player fits its square, so neighbours do not overlap.
    const { assert!(2.0 * LARGE_R <= CELL) };
    // The field takes most of the box: it is landscape.
    assert!(field::FIELD_W * scale > 400.0 && field::FIELD_H * scale > 230.0);
}

#[test]
fn players_stand_in_their_colour_and_lie_down_on_the_ground() {
    let mut v = view(&mid_game());
    assert_eq!(
        v.men.len(),
        8,
        "four a side on the field (RULINGS Takkure 3)"
    );
    v.declarations.clear();
    v.active = None;
    for man in &mut v.men {
        man.1.wounds = 0;
        man.1.fatigue = 0;
        man.1.rested = 0;
        man.1.ground = false;
        man.1.carrier = false;
    }
    let theme = Theme::default();
    let pal = theme.palette();
    let img = v.rgba(theme);
    // Above the initial, inside the disc: the team's colour (home white).
    for (i, man) in &v.men {
        let (x, y) = field::centre(*i);
        assert_eq!(
            px(&img, (x, y - 10.0)),
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
            px(&img, (x, y - 13.0)),
            pal.piece[man.side.index()],
            "{man:?}"
        );
        assert_eq!(
            px(&img, (x - 11.0, y)),
            pal.piece[man.side.index()],
            "{man:?}"
        );
    }
}

#[test]
fn a_loose_ball_lies_ringed_on_its_square_and_the_path_is_ringed() {
    let mut v = view(&mid_game());
    let taken: Vec<usize> = v.men.iter().map(|(i, _)| *i).collect();
    let empty = (16 * 14..16 * 15).find(|i| !taken.contains(i)).unwrap();
    let far = (16 * 22..16 * 23).find(|i| !taken.contains(i)).unwrap();
    v.declarations.clear();
    v.path.clear();
    let theme = Theme::Paper;
    let (x, y) = field::centre(empty);
    let before = v.rgba(theme);
    assert_ne!(px(&before, (x, y - 3.5)), BALL_FILL);
    v.loose = Some(empty);
    v.path = vec![far];
    let img = v.rgba(theme);
    assert_eq!(px(&img, (x, y - 3.5)), BALL_FILL);
    // Issue 28: the ball is ringed so that it is not missed.
    assert!(count(&img, (x, y), 16, BALL_RING) > 60);
    assert_eq!(count(&before, (x, y), 16, BALL_RING), 0);
    // The ring of a path square runs 2 px inside its edges.
    let (fx, fy) = field::centre(far);
    let ring = (fx - CELL / 2.0 + 2.0, fy);
    assert_eq!(px(&img, ring), theme.palette().last_move);
    assert_ne!(px(&before, ring), theme.palette().last_move);
}

/// The transcript `takkure_kickoff_and_dodge.txt` to its defence: the
/// Stalker carries from G20 to G17; the Runner tackles G17, the Guard
/// pressures from I14, and here the Oni goes for the ball at K14.
pub fn declared() -> TakkureGame {
    let game = kicked_off(&[
        "playmaker tackle G18",
        "guard pressure I14",
        "oni steal K14",
        "done",
    ]);
    assert_eq!(game.game.step(), Step::Second);
    game
}

#[test]
fn the_declarations_are_drawn() {
    // Issue 28: at the second action the attacker sees who tackles
    // (an arrow to the point), who pressures (a ring of radius 2) and who
    // steals (a marker).
    let game = declared();
    let v = view(&game);
    let kinds: Vec<&Declared> = v.declarations.iter().map(|d| &d.kind).collect();
    assert_eq!(kinds.len(), 3, "{kinds:?}");
    let theme = Theme::default();
    let img = v.rgba(theme);
    let mut bare = v.clone();
    bare.declarations.clear();
    let without = bare.rgba(theme);
    for d in &v.declarations {
        let (x, y) = field::centre(d.at);
        let (colour, r) = match d.kind {
            Declared::Tackle { point } => {
                // The point's square is framed in the tackle's colour.
                let at = field::centre(point);
                assert!(count(&img, at, 16, TACKLE) > 40, "{d:?}");
                assert_eq!(count(&without, at, 16, TACKLE), 0, "{d:?}");
                (TACKLE, 20)
            }
            // The pressure ring runs 2.5 squares out.
            Declared::Pressure => (PRESSURE, (2.5 * CELL) as i32 + 2),
            Declared::Steal => (STEAL, 20),
        };
        assert!(count(&img, (x, y), r, colour) > 20, "{d:?}");
        assert_eq!(count(&without, (x, y), r, colour), 0, "{d:?}");
    }
}

#[test]
fn a_position_shows_its_path_and_declarations() {
    // Issue 28: `render --position` draws the path from the position
    // itself, not from the inputs played.
    let game = declared();
    let snapshot = game.snapshot();
    let from = TakkureGame::from_snapshot(game.settings(), &snapshot).unwrap();
    assert!(from.inputs.is_empty());
    let (a, b) = (view(&game), view(&from));
    assert!(!b.path.is_empty());
    assert_eq!(a.path, b.path);
    assert_eq!(a.declarations, b.declarations);
}

#[test]
fn wounds_and_fatigue_are_numbers() {
    let mut v = view(&mid_game());
    v.declarations.clear();
    let theme = Theme::Wood;
    let (i, man) = v.men[0].clone();
    let (x, y) = field::centre(i);
    let r = if man.large { LARGE_R } else { MAN_R };
    let (dx, dy) = Mark::Wounds.offset(r);
    let badge = (x + dx, y + dy);
    for m in &mut v.men {
        m.1.wounds = 0;
    }
    let none = v.rgba(theme);
    v.men[0].1.wounds = 2;
    let two = v.rgba(theme);
    v.men[0].1.wounds = 1;
    let one = v.rgba(theme);
    // A red badge with a digit in it: "2" and "1" differ in ink.
    assert!(count(&two, badge, 9, WOUND) > 40);
    assert_eq!(count(&none, badge, 9, WOUND), 0);
    let ink = |img: &RgbaImage| count(img, badge, 6, [255, 255, 255]);
    assert!(
        ink(&two) > 10 && ink(&one) > 10,
        "{} {}",
        ink(&two),
        ink(&one)
    );
    let crop = |img: &RgbaImage| {
        imageops::crop_imm(img, badge.0 as u32 - 8, badge.1 as u32 - 8, 16, 16).to_image()
    };
    assert_ne!(crop(&two), crop(&one), "the badge shows the number");
}

#[test]
fn the_time_tokens_are_labelled_and_turned_or_not() {
    let mut v = view(&mid_game());
    let theme = Theme::Slate;
    let pal = theme.palette();
    v.turned = [false, true];
    let img = v.rgba(theme);
    // RULINGS Takkure 10: the home token active side up, the away one
    // turned (hollow, crossed: distinct from the active dark token).
    let (hx, hy) = time_token(Side::White);
    let (ax, ay) = time_token(Side::Black);
    assert_eq!(px(&img, (hx - 4.0, hy - 4.0)), pal.piece[0]);
    assert_ne!(px(&img, (ax - 4.0, ay - 4.0)), pal.piece[1]);
    v.turned = [true, false];
    let img = v.rgba(theme);
    assert_ne!(px(&img, (hx - 4.0, hy - 4.0)), pal.piece[0]);
    assert_eq!(px(&img, (ax - 4.0, ay - 4.0)), pal.piece[1]);
}

#[test]
fn tokens_left_and_used_look_different_for_both_teams() {
    let theme = Theme::Slate;
    let pal = theme.palette();
    let mut v = view(&mid_game());
    for attacker in Side::ALL {
        v.attacker = attacker;
        v.tokens = 2;
        let img = v.rgba(theme);
        let i = attacker.index();
        let left = activation_token(1);
        let used = activation_token(2);
        let inside = |r: taktable::render::draw::Rect| {
            (r.x as f32 + r.w as f32 / 2.0 - 3.0, r.y as f32 + 5.0)
        };
        assert_eq!(px(&img, inside(left)), pal.piece[i], "{attacker:?}");
        assert_eq!(px(&img, inside(used)), pal.card, "{attacker:?}");
    }
}

#[test]
fn the_panel_names_the_ball_and_its_compass_points_north_to_row_1() {
    // Issue 42: the rolls are in the message's text, not in the panel;
    // the panel says who has the ball, and its compass points north
    // (towards row 1, RULINGS Takkure 1) to the left, where row 1 is.
    let game = mid_game();
    let mut v = view(&game);
    assert!(v.ball.is_some(), "the ball is held in mid-game");
    let theme = Theme::default();
    let pal = theme.palette();
    let card = pal.card;
    let ((cx, cy), radius) = field::COMPASS;
    let ink = |img: &RgbaImage| {
        let p = field::PANEL;
        let mut n = 0;
        // Inside the panel, below the last input, above the compass.
        for y in (p.y + 330)..((cy - radius) as i32 - 16) {
            for x in (p.x + 12)..(p.right() - 12) {
                if px(img, (x as f32, y as f32)) != card {
                    n += 1;
                }
            }
        }
        n
    };
    let img = v.rgba(theme);
    let with = ink(&img);
    v.ball = None;
    let without = ink(&v.rgba(theme));
    assert!(with > 100 && without == 0, "{with} {without}");
    // The needle, in the accent colour, runs from the centre to the north.
    let (nx, ny) = field::NORTH;
    let needle = (cx + nx * radius * 0.4, cy + ny * radius * 0.4);
    let tail = (cx - nx * radius * 0.4, cy - ny * radius * 0.4);
    assert!(count(&img, needle, 2, pal.accent) > 0);
    assert_eq!(count(&img, tail, 2, pal.accent), 0);
    // Row 1 lies that way on the field.
    let (a1, a2) = (field::centre(0), field::centre(16));
    assert!(a1.0 < a2.0 && (a1.1 - a2.1).abs() < 0.5);
}

#[test]
fn a_tired_carrier_shows_the_ball_and_its_fatigue_apart() {
    // Issue 42 (match #1 ply 25): the ball and the fatigue badge shared a
    // corner, so a tired carrier showed no ball. Each has its own slot now.
    let mut v = view(&mid_game());
    v.declarations.clear();
    v.active = None;
    let theme = Theme::default();
    let (i, _) = v.men[0].clone();
    for m in &mut v.men {
        m.1.carrier = false;
        m.1.fatigue = 0;
        m.1.rested = 0;
        m.1.wounds = 0;
    }
    v.loose = None;
    v.men[0].1.carrier = true;
    v.men[0].1.fatigue = 2;
    v.men[0].1.wounds = 1;
    v.men[0].1.rested = 1;
    let img = v.rgba(theme);
    let (x, y) = field::centre(i);
    let r = if v.men[0].1.large { LARGE_R } else { MAN_R };
    let at = |mark: Mark| {
        let (dx, dy) = mark.offset(r);
        (x + dx, y + dy)
    };
    assert!(count(&img, at(Mark::Ball), 6, BALL_FILL) > 15);
    assert!(count(&img, at(Mark::Fatigue), 6, FATIGUE) > 30);
    assert!(count(&img, at(Mark::Wounds), 6, WOUND) > 30);
    // Nothing of the ball in the badges' slots, nor of a badge in the ball's.
    for mark in [Mark::Wounds, Mark::Fatigue, Mark::Rested] {
        assert_eq!(count(&img, at(mark), 6, BALL_FILL), 0, "{mark:?}");
    }
    assert_eq!(count(&img, at(Mark::Ball), 6, FATIGUE), 0);
    assert_eq!(count(&img, at(Mark::Ball), 6, WOUND), 0);
}

/// The transcript `takkure_kickoff_and_dodge.txt` to its dodge: a tackled
/// Runner on the ground with a wound, the Stalker holding the ball.
fn after_the_dodge() -> TakkureGame {
    kicked_off(&["runner tackle G17", "guard pressure I14", "done", "dodge"])
}

/// Seed 11's kick-off as `takkure_kickoff_and_dodge.txt` plays it, to the
/// Stalker's first action (move G17), then `then`.
fn kicked_off(then: &[&str]) -> TakkureGame {
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
    ]
    .iter()
    .chain(then)
    {
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
    assert_eq!(px(&img, (x - 11.0, y)), pal.piece[0]);
    assert_ne!(px(&img, (x, y - 13.0)), pal.piece[0]);
    // The Stalker (G17) holds the ball at its upper left, in a white disc.
    let g17 = 16 * 16 + 6;
    let (_, stalker) = v.men.iter().find(|(i, _)| *i == g17).unwrap();
    assert!(stalker.carrier);
    let mut empty_handed = v.clone();
    for man in &mut empty_handed.men {
        man.1.carrier = false;
    }
    let at = field::centre(g17);
    assert!(count(&img, at, 16, BALL_FILL) > 10);
    assert!(count(&img, at, 24, BALL_RING) > 10);
    assert_eq!(count(&empty_handed.rgba(theme), at, 16, BALL_FILL), 0);
    assert_eq!(v.ball.as_deref(), Some("Teriomorph Stalker, G17"));
}

/// A loose ball in the home half, read from a position: the home Runner
/// (tired, wounded) runs beside it; the Brute pressures, the Stalker goes
/// for the ball; the Playmaker lies on the ground.
fn loose_ball() -> TakkureGame {
    let seed = 2;
    let start = taktable::games::takkure::Game::new(
        taktable::games::takkure::Squad::Yamato,
        taktable::games::takkure::Squad::Teriomorph,
        seed,
    );
    let mut v: serde_json::Value = serde_json::from_str(&start.to_string()).unwrap();
    let squares = [["H10", "E12", "K9", "F6"], ["H15", "M14", "K13", "D16"]];
    for (side, row) in squares.iter().enumerate() {
        for (slot, sq) in row.iter().enumerate() {
            v["players"][side][slot]["square"] = serde_json::Value::from(*sq);
        }
    }
    v["players"][0][0]["fatigue"] = 2.into();
    v["players"][0][0]["wounds"] = 1.into();
    v["players"][0][1]["ground"] = true.into();
    v["players"][1][3]["fatigue"] = 1.into();
    v["players"][1][3]["rested"] = 1.into();
    v["ball"] = serde_json::json!({ "loose": "H13" });
    v["attack"] = "home".into();
    v["tokens"] = 3.into();
    v["step"] = "first".into();
    v["time"] = serde_json::json!({"clock": 4, "turned": [true, false]});
    v["score"] = serde_json::json!([1, 0]);
    let mut game =
        TakkureGame::from_snapshot(&TakkureSettings::standard(seed), &v.to_string()).unwrap();
    for input in ["runner move H12", "brute pressure J12", "stalker steal I14"] {
        game.play(input).unwrap();
    }
    game
}

/// A cluster on neighbouring squares around a tired, wounded carrier
/// (issue 42, match #1 ply 103: runner, ball, wound badge and highlight
/// on H21 merged into one blot), read from a position; the defence has
/// declared a tackle and pressure against the carrier's run.
fn tired_carrier_cluster() -> TakkureGame {
    let seed = 3;
    let start = taktable::games::takkure::Game::new(
        taktable::games::takkure::Squad::Yamato,
        taktable::games::takkure::Squad::Teriomorph,
        seed,
    );
    let mut v: serde_json::Value = serde_json::from_str(&start.to_string()).unwrap();
    let squares = [["H21", "G20", "I20", "F17"], ["H22", "J22", "G22", "I21"]];
    for (side, row) in squares.iter().enumerate() {
        for (slot, sq) in row.iter().enumerate() {
            v["players"][side][slot]["square"] = serde_json::Value::from(*sq);
        }
    }
    // The Runner carries, tired (two active fatigue tokens, one rested)
    // and wounded; the Brute wounded twice, the Playmaker on the ground.
    v["players"][0][0]["fatigue"] = 3.into();
    v["players"][0][0]["rested"] = 1.into();
    v["players"][0][0]["wounds"] = 1.into();
    v["players"][0][1]["ground"] = true.into();
    v["players"][1][2]["wounds"] = 2.into();
    v["players"][1][0]["fatigue"] = 1.into();
    v["ball"] = serde_json::json!({ "held": { "side": "home", "slot": 0 } });
    v["attack"] = "home".into();
    v["tokens"] = 2.into();
    v["step"] = "first".into();
    v["time"] = serde_json::json!({"clock": 3, "turned": [true, true]});
    let mut game =
        TakkureGame::from_snapshot(&TakkureSettings::standard(seed), &v.to_string()).unwrap();
    for input in [
        "runner move J23",
        "beast tackle I22",
        "brute pressure G22",
        "done",
    ] {
        game.play(input).unwrap();
    }
    game
}

/// A loose ball where a scatter left it, its arrow drawn: the first
/// scatter of seed 1's match between coaches at level 1.
fn scattered() -> TakkureGame {
    let mut game = TakkureGame::new(&TakkureSettings::standard(1)).unwrap();
    for n in 0..1000 {
        if !game.game.scatters().is_empty() && matches!(game.game.ball(), Ball::Loose(_)) {
            return game;
        }
        let input = game.computer_move(1, n).unwrap();
        game.play(&input).unwrap();
    }
    panic!("no scatter in 1000 inputs");
}

#[test]
fn the_samples_show_what_they_are_for() {
    // The pictures of docs/render.md (issue 42): a tired carrier in a
    // cluster, a loose ball beside a tired player, a scattered ball.
    let cluster = view(&tired_carrier_cluster());
    let carrier = cluster.men.iter().find(|(_, m)| m.carrier).unwrap();
    assert!(carrier.1.fatigue > 0 && carrier.1.wounds > 0, "{carrier:?}");
    assert_eq!(cluster.declarations.len(), 2);
    let loose = view(&loose_ball());
    assert!(loose.loose.is_some());
    assert!(!view(&scattered()).scatters.is_empty());
}

#[test]
#[ignore = "writes docs/sample-takkure*.png and prints the render time"]
fn write_sample() {
    let theme = Theme::default();
    let docs = format!("{}/docs", env!("CARGO_MANIFEST_DIR"));
    for (name, game) in [
        ("", declared()),
        ("-dodge", after_the_dodge()),
        ("-loose", loose_ball()),
        ("-cluster", tired_carrier_cluster()),
        ("-scatter", scattered()),
    ] {
        let v = view(&game);
        v.png(theme).unwrap();
        let start = std::time::Instant::now();
        let runs = 20;
        let mut png = Vec::new();
        for _ in 0..runs {
            png = v.png(theme).unwrap();
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        println!("takkure picture{name}: {ms:.1} ms, {} KB", png.len() / 1024);
        std::fs::write(format!("{docs}/sample-takkure{name}.png"), &png).unwrap();
        std::fs::write(
            format!("{docs}/sample-takkure{name}-chat.png"),
            crate::render_samples::chat_size(&png),
        )
        .unwrap();
    }
}
