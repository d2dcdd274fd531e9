//! Which pixels of each row a set of rectangles covers, row after row,
//! each pixel once: the parts of a picture the encoder looks up in the
//! palette (png.rs), the rectangles drawn over its background.

use super::draw::Rect;

/// The rectangles' spans, row by row from the top (see [`RowSpans::next_row`]).
pub struct RowSpans {
    /// The rectangles clipped to the picture, `[x0, y0, x1, y1]`, by first row.
    rects: Vec<[usize; 4]>,
    /// How many of `rects` have started.
    started: usize,
    /// Those over the row at hand: the row's spans change only where one
    /// starts or ends.
    over: Vec<[usize; 4]>,
    spans: Vec<(usize, usize)>,
    y: usize,
    h: usize,
}

impl RowSpans {
    /// The spans of `rects` in a picture `w` x `h`.
    pub fn new(rects: &[Rect], (w, h): (u32, u32)) -> RowSpans {
        let mut rects: Vec<[usize; 4]> = rects
            .iter()
            .filter_map(|r| r.clip(w, h))
            .map(|(x0, y0, x1, y1)| [x0, y0, x1, y1].map(|v| v as usize))
            .collect();
        rects.sort_unstable_by_key(|r| r[1]);
        RowSpans {
            rects,
            started: 0,
            over: Vec::new(),
            spans: Vec::new(),
            y: 0,
            h: h as usize,
        }
    }

    /// The whole of every row of a picture `w` x `h`.
    pub fn whole(dims: (u32, u32)) -> RowSpans {
        let (w, h) = (dims.0 as i32, dims.1 as i32);
        RowSpans::new(&[Rect::new(0, 0, w, h)], dims)
    }

    /// The next row and its spans `x0..x1`, left to right, none
    /// overlapping; `None` after the last row.
    pub fn next_row(&mut self) -> Option<(usize, &[(usize, usize)])> {
        let y = self.y;
        if y >= self.h {
            return None;
        }
        self.y += 1;
        let before = self.over.len();
        self.over.retain(|r| r[3] > y);
        let mut changed = self.over.len() != before;
        while let Some(r) = self.rects.get(self.started).filter(|r| r[1] <= y) {
            self.over.push(*r);
            self.started += 1;
            changed = true;
        }
        if changed {
            self.spans.clear();
            self.spans.extend(self.over.iter().map(|r| (r[0], r[2])));
            merge(&mut self.spans);
        }
        Some((y, &self.spans))
    }
}

/// `spans` sorted and the overlapping ones joined, so no pixel is in two.
fn merge(spans: &mut Vec<(usize, usize)>) {
    spans.sort_unstable();
    let mut joined = 0;
    for i in 0..spans.len() {
        if joined > 0 && spans[i].0 <= spans[joined - 1].1 {
            spans[joined - 1].1 = spans[joined - 1].1.max(spans[i].1);
        } else {
            spans[joined] = spans[i];
            joined += 1;
        }
    }
    spans.truncate(joined);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(mut spans: RowSpans) -> Vec<(usize, Vec<(usize, usize)>)> {
        let mut rows = Vec::new();
        while let Some((y, s)) = spans.next_row() {
            rows.push((y, s.to_vec()));
        }
        rows
    }

    #[test]
    fn overlapping_rectangles_give_each_pixel_once_and_clipped() {
        let rects = [
            Rect::new(1, 0, 3, 2),  // x 1..4, rows 0..2
            Rect::new(3, 1, 4, 2),  // x 3..7, rows 1..3
            Rect::new(-2, 3, 3, 9), // x 0..1, rows 3..5 once clipped
            Rect::new(8, 0, 5, 1),  // x 8..10 once clipped, row 0
            Rect::new(20, 0, 5, 5), // off the picture
        ];
        let rows = all(RowSpans::new(&rects, (10, 5)));
        let want: Vec<(usize, Vec<(usize, usize)>)> = vec![
            (0, vec![(1, 4), (8, 10)]),
            (1, vec![(1, 7)]),
            (2, vec![(3, 7)]),
            (3, vec![(0, 1)]),
            (4, vec![(0, 1)]),
        ];
        assert_eq!(rows, want);
    }

    #[test]
    fn whole_rows_are_one_span_each() {
        let rows = all(RowSpans::whole((4, 3)));
        assert_eq!(rows, (0..3).map(|y| (y, vec![(0, 4)])).collect::<Vec<_>>());
    }

    #[test]
    fn rows_no_rectangle_covers_have_no_span() {
        let rows = all(RowSpans::new(&[Rect::new(0, 1, 2, 1)], (3, 3)));
        assert_eq!(rows[0].1, vec![]);
        assert_eq!(rows[1].1, vec![(0, 2)]);
        assert_eq!(rows[2].1, vec![]);
    }
}
