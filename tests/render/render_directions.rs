//! Issue 42, "one frame for directions": the words the bot prints about
//! directions (which way a side attacks, a carrier's facing, the scatter's
//! clock face, north and south) agree with what the pictures show. The
//! frame is the rules': north towards row 1 (RULINGS Taka 1, Takkure 1
//! and 8); each landscape picture is that map turned a quarter turn,
//! never mirrored, with a compass saying where north lies on the page.

use crate::render_takkure::count;
use taktable::games::taka::Facing;
use taktable::games::takkure::effects::clock_direction;
use taktable::games::takkure::hosted::{TakkureGame, TakkureSettings};
use taktable::games::takkure::Ball;
use taktable::games::{HostedGame, InPlay};
use taktable::render::compass::{self, Heading};
use taktable::render::taka::{self, pitch};
use taktable::render::takkure::{self, field, TakkureView};
use taktable::render::{Picture, Side, Theme};

/// The angle between two page directions, in degrees.
fn angle(a: Heading, b: Heading) -> f32 {
    let dot = a.0 * b.0 + a.1 * b.1;
    let len = a.0.hypot(a.1) * b.0.hypot(b.1);
    (dot / len).clamp(-1.0, 1.0).acos().to_degrees()
}

fn between(a: (f32, f32), b: (f32, f32)) -> Heading {
    (b.0 - a.0, b.1 - a.1)
}

/// The page direction of an arrow written in a header: → right, ← left.
fn arrow(words: &str) -> Heading {
    match (words.contains('→'), words.contains('←')) {
        (true, false) => (1.0, 0.0),
        (false, true) => (-1.0, 0.0),
        _ => panic!("{words:?} has no single arrow"),
    }
}

/// The compass point a word names, on the page.
fn point(north: Heading, word: &str) -> Heading {
    let [n, e, s, w] = compass::points(north);
    let (a, b) = match word {
        "north" => (n, n),
        "east" => (e, e),
        "south" => (s, s),
        "west" => (w, w),
        "north-east" => (n, e),
        "south-east" => (s, e),
        "south-west" => (s, w),
        "north-west" => (n, w),
        other => panic!("not a compass point: {other}"),
    };
    (a.0 + b.0, a.1 + b.1)
}

/// The compass word in a header ("attacks south →").
fn compass_word(words: &str) -> &str {
    ["north", "south"]
        .into_iter()
        .find(|w| words.contains(w))
        .unwrap_or_else(|| panic!("{words:?} names no direction"))
}

// ---- Taka ----

/// Taka square index (RULINGS Taka 1): rows 1-14, columns A-J.
fn taka_square(column: char, row: usize) -> usize {
    (row - 1) * 10 + (column as usize - 'A' as usize)
}

#[test]
fn taka_headers_point_where_each_side_attacks() {
    // RULINGS Taka 1: White defends D1-G1 and attacks south, towards row
    // 14; Black the reverse.
    let (row1, row14) = (
        pitch::centre(taka_square('E', 1)),
        pitch::centre(taka_square('E', 14)),
    );
    for (side, towards) in [
        (Side::White, between(row1, row14)),
        (Side::Black, between(row14, row1)),
    ] {
        let words = taka::compose::attack_words(side);
        assert!(angle(arrow(words), towards) < 1.0, "{side:?}: {words}");
        let word = compass_word(words);
        assert!(
            angle(point(pitch::NORTH, word), towards) < 1.0,
            "{side:?}: {word} is not where the compass points"
        );
    }
}

#[test]
fn taka_facings_point_as_the_compass_and_the_squares_do() {
    // RULINGS Taka 1: north towards row 1, east towards column J.
    let from = pitch::centre(taka_square('E', 7));
    for (facing, to, word) in [
        (Facing::N, taka_square('E', 6), "north"),
        (Facing::E, taka_square('F', 7), "east"),
        (Facing::S, taka_square('E', 8), "south"),
        (Facing::W, taka_square('D', 7), "west"),
    ] {
        let towards = between(from, pitch::centre(to));
        assert!(angle(pitch::heading(facing), towards) < 1.0, "{facing:?}");
        assert!(angle(point(pitch::NORTH, word), towards) < 1.0, "{word}");
    }
}

#[test]
fn a_taka_carrier_holds_its_ball_on_the_side_it_faces() {
    // The issue: a carrier facing E was drawn with its ball below it, while
    // the compass of the map put east elsewhere. The ball's dark patch lies
    // on the side the facing's heading gives, and on no other.
    let e7 = taka_square('E', 7);
    for facing in [Facing::N, Facing::E, Facing::S, Facing::W] {
        let mut view = taka::sample_goal();
        view.squares = vec![None; 140];
        view.loose.clear();
        view.circle = [(false, false); 2];
        view.squares[e7] = Some(taka::Man {
            side: Side::White,
            goalie: false,
            ball: Some(facing),
        });
        let img = view.compose(Theme::default());
        let (cx, cy) = pitch::centre(e7);
        let d = pitch::PIECE_R + pitch::BALL_R * 0.3;
        for other in [Facing::N, Facing::E, Facing::S, Facing::W] {
            let (hx, hy) = pitch::heading(other);
            let patch = count(&img, (cx + hx * d, cy + hy * d), 2, taka::compose::BALL_INK);
            assert_eq!(
                patch > 0,
                other == facing,
                "facing {facing:?}: the ball's patch towards {other:?}: {patch} pixels"
            );
        }
    }
}

// ---- Takkure ----

#[test]
fn takkure_headers_point_where_each_team_scores() {
    // RULINGS Takkure 1: home defends the north in-goal (rows 1-2) and
    // scores in the south one (rows 27-28); away the reverse.
    let (north, south) = (field::centre(7), field::centre(27 * 16 + 7));
    for (side, towards) in [
        (Side::White, between(north, south)),
        (Side::Black, between(south, north)),
    ] {
        let words = takkure::compose::attack_words(side);
        assert!(angle(arrow(words), towards) < 1.0, "{side:?}: {words}");
        assert!(angle(point(field::NORTH, compass_word(words)), towards) < 1.0);
    }
    // Row 1 lies north of row 2, column B east of column A, on the page
    // as the compass draws them.
    let a1 = field::centre(0);
    assert!(angle(point(field::NORTH, "north"), between(field::centre(16), a1)) < 1.0);
    assert!(angle(point(field::NORTH, "east"), between(a1, field::centre(1))) < 1.0);
}

/// Plays the coach's inputs (level 1, its choices from `seed`) until an
/// input scatters the ball 2 squares away; the game after it and the
/// input's log.
fn a_scatter(seed: u64) -> Option<(TakkureGame, Vec<String>)> {
    let mut game = TakkureGame::new(&TakkureSettings::standard(seed)).unwrap();
    for n in 0..400 {
        let input = game.computer_move(1, seed * 1000 + n)?;
        game.play(&input).unwrap();
        if let (Some(&(from, to)), Ball::Loose(at)) =
            (game.game.scatters().last(), game.game.ball())
        {
            if from.distance(to) == 2 && at == to {
                return Some((game.clone(), game.last_log.clone()));
            }
        }
    }
    None
}

#[test]
fn a_scatter_lands_where_its_words_and_its_arrow_point() {
    // RULINGS Takkure 8: the die gives a clock face, 12 north (towards
    // row 1), 3 east. The log names the hour and the compass point; on the
    // page, the landing square lies that way from where the ball left, as
    // the compass in the picture shows it, and the picture draws the
    // scatter's arrow.
    let mut checked = 0;
    for seed in 1..40 {
        let Some((game, log)) = a_scatter(seed) else {
            continue;
        };
        let (from, to) = *game.game.scatters().last().unwrap();
        let line = log
            .iter()
            .find(|l| l.contains(&format!("scatters from {from}")))
            .unwrap_or_else(|| panic!("no scatter in {log:?}"));
        let hour: u8 = line
            .split(", ")
            .nth(1)
            .and_then(|s| s.split(' ').next())
            .and_then(|h| h.parse().ok())
            .unwrap_or_else(|| panic!("no hour in {line:?}"));
        let word = clock_direction(hour);
        assert!(
            line.contains(&format!("2 squares {word}, it lands on {to}")),
            "{line}"
        );
        let page = between(field::centre(from.index()), field::centre(to.index()));
        // The ring of distance 2 holds the hour's angle within 27 degrees.
        let off = angle(compass::clock(field::NORTH, hour), page);
        assert!(
            off < 27.0,
            "seed {seed}: {line}: {off:.0} degrees off on the page"
        );
        assert!(angle(point(field::NORTH, word), page) <= 45.0, "{line}");
        // The arrow is drawn: white along the way, halfway between.
        let view = TakkureView::of_game(&game, ["a".into(), "b".into()]);
        assert_eq!(view.scatters, vec![(from.index(), to.index())]);
        let img = view.compose(Theme::default());
        let (a, b) = (field::centre(from.index()), field::centre(to.index()));
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        assert!(
            count(&img, mid, 1, takkure::compose::BALL_RING) > 0,
            "seed {seed}: no arrow between {from} and {to}"
        );
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} scatters found");
}
