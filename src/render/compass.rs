//! The compass a picture carries when its board lies on its side (issue
//! 42): the rules name directions by the compass (north towards row 1),
//! and a landscape picture turns the map a quarter turn, so the picture
//! says where north is. A picture is always the map turned, never
//! mirrored: east lies a quarter turn clockwise from north on the page as
//! on any map, so a clock face read on the field turns the same way.

use image::RgbImage;

use super::draw::{paint, paint_ring, Colour, Paint, Shape};
use super::text::{self, Face, CAP_HEIGHT};
use super::theme::Palette;

/// A direction on the page, as a unit vector (x right, y down).
pub type Heading = (f32, f32);

/// The four points in clockwise order from north, given north's heading
/// on the page: north, east, south, west.
pub fn points(north: Heading) -> [Heading; 4] {
    let (x, y) = north;
    // A quarter turn clockwise on the page (y grows downwards).
    let east = (-y, x);
    [north, east, (-x, -y), (y, -x)]
}

/// The heading on the page of the hour `hour` of a clock face whose 12
/// points north (RULINGS Takkure 8).
pub fn clock(north: Heading, hour: u8) -> Heading {
    let angle = f32::from(hour % 12) * std::f32::consts::PI / 6.0;
    let [n, e, _, _] = points(north);
    let (s, c) = angle.sin_cos();
    (n.0 * c + e.0 * s, n.1 * c + e.1 * s)
}

/// A thick segment from `a` to `b`, `half` its half width.
pub fn segment(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), half: f32, colour: Colour) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = dx.hypot(dy);
    let shape = Shape::RoundRect {
        cx: (a.0 + b.0) / 2.0,
        cy: (a.1 + b.1) / 2.0,
        hw: len / 2.0 + half,
        hh: half,
        r: half,
        angle: dy.atan2(dx),
    };
    paint(img, &shape, &Paint::solid(colour));
}

/// The letters of the four points.
const LETTERS: [&str; 4] = ["N", "E", "S", "W"];

/// Draws a compass centred at `centre`, `radius` from the centre to each
/// letter: a ring, a needle to north in the accent colour and the four
/// letters at `px` (north's bold).
pub fn draw(
    img: &mut RgbImage,
    pal: &Palette,
    centre: (f32, f32),
    radius: f32,
    north: Heading,
    px: f32,
) {
    let (cx, cy) = centre;
    let inner = radius - px * 0.9;
    paint_ring(
        img,
        &Shape::Circle {
            cx,
            cy,
            r: inner * 0.55,
        },
        pal.muted,
        1.5,
    );
    for (k, (dx, dy)) in points(north).into_iter().enumerate() {
        let tip = (cx + dx * inner, cy + dy * inner);
        let (ink, half) = if k == 0 {
            (pal.accent, 3.0)
        } else {
            (pal.muted, 1.5)
        };
        segment(img, (cx, cy), tip, half, ink);
        let face = if k == 0 { Face::Bold } else { Face::Regular };
        let ink = if k == 0 { pal.text } else { pal.muted };
        let w = text::measure(face, px, LETTERS[k]);
        let (lx, ly) = (cx + dx * radius, cy + dy * radius);
        text::draw(
            img,
            face,
            px,
            lx - w / 2.0,
            ly + px * CAP_HEIGHT / 2.0,
            ink,
            LETTERS[k],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Heading, b: Heading) -> bool {
        (a.0 - b.0).abs() < 1e-5 && (a.1 - b.1).abs() < 1e-5
    }

    #[test]
    fn east_is_a_quarter_turn_clockwise_from_north_on_any_map() {
        // North up: east right, as on a map.
        let [n, e, s, w] = points((0.0, -1.0));
        assert!(close(n, (0.0, -1.0)) && close(e, (1.0, 0.0)));
        assert!(close(s, (0.0, 1.0)) && close(w, (-1.0, 0.0)));
        // North at the left (a landscape field): east up, south right.
        let [_, e, s, w] = points((-1.0, 0.0));
        assert!(close(e, (0.0, -1.0)) && close(s, (1.0, 0.0)) && close(w, (0.0, 1.0)));
    }

    #[test]
    fn the_clock_face_turns_with_the_compass() {
        let north = (-1.0, 0.0);
        assert!(close(clock(north, 12), north));
        assert!(close(clock(north, 3), points(north)[1]));
        assert!(close(clock(north, 6), points(north)[2]));
        assert!(close(clock(north, 9), points(north)[3]));
    }
}
