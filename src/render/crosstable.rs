//! A tournament's crosstable as a picture (issue 32): a title, then one
//! row a player in the order of the standings (rank, name, a cell per
//! column, points and tie-breaks). The columns are the bot's choice: the
//! players themselves in a round robin (each cell the result against that
//! player), the rounds in a Swiss (each cell the opponent, the colour and
//! the result). Wins, draws and losses are tinted so the table reads at
//! chat size (Discord shows pictures scaled to fit 550 x 350).

use image::RgbImage;

use super::draw::{fill_rect, mix, Colour, Rect};
use super::png::{encode, Filter};
use super::text::{self, Face};
use super::{RenderError, Theme};

const MARGIN: i32 = 20;
const TITLE_HEIGHT: i32 = 44;
const HEADER_HEIGHT: i32 = 30;
const ROW_HEIGHT: i32 = 30;
const RANK_WIDTH: i32 = 40;
const NAME_WIDTH: i32 = 180;
const TOTAL_WIDTH: i32 = 62;
const PX: f32 = 16.0;
/// The most rows and columns drawn: a larger table is cut (the text
/// standings have every player).
pub const MAX_ROWS: usize = 32;
pub const MAX_COLUMNS: usize = 32;

/// How a cell reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Win,
    Draw,
    Loss,
    /// Not played (yet), or a bye.
    Plain,
    /// A player against themselves in a round robin.
    Own,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub text: String,
    pub tone: Tone,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// `1`, or `=2` for a shared rank.
    pub rank: String,
    pub name: String,
    pub cells: Vec<Cell>,
    /// Points, then each tie-break, as text.
    pub totals: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    pub title: String,
    /// The heads of the cells' columns (`1`, `2`... or `R1`, `R2`...).
    pub columns: Vec<String>,
    /// The heads of the totals (`Pts`, `Buch`, `SB`).
    pub totals: Vec<String>,
    pub rows: Vec<Row>,
}

/// The crosstable in `theme`, as PNG.
pub fn crosstable(table: &Crosstable, theme: Theme) -> Result<Vec<u8>, RenderError> {
    encode(&compose(table, theme), Filter::Paeth)
}

/// The width of a cell column: enough for its widest text.
fn cell_width(table: &Crosstable, column: usize) -> i32 {
    let widest = table
        .rows
        .iter()
        .filter_map(|r| r.cells.get(column))
        .map(|c| text::measure(Face::Bold, PX, &c.text))
        .chain([text::measure(Face::Bold, PX, &table.columns[column])])
        .fold(0.0f32, f32::max);
    (widest.ceil() as i32 + 14).max(38)
}

/// The picture, as pixels.
pub fn compose(table: &Crosstable, theme: Theme) -> RgbImage {
    let palette = theme.palette();
    let columns = table.columns.len().min(MAX_COLUMNS);
    let rows = &table.rows[..table.rows.len().min(MAX_ROWS)];
    let widths: Vec<i32> = (0..columns).map(|c| cell_width(table, c)).collect();
    let grid_width = RANK_WIDTH
        + NAME_WIDTH
        + widths.iter().sum::<i32>()
        + TOTAL_WIDTH * table.totals.len() as i32;
    let width = (grid_width + 2 * MARGIN).max(360);
    let height = MARGIN * 2 + TITLE_HEIGHT + HEADER_HEIGHT + ROW_HEIGHT * rows.len() as i32;
    let mut img = RgbImage::from_pixel(width as u32, height as u32, image::Rgb(palette.background));
    let title = text::fit(Face::Bold, 22.0, &table.title, (width - 2 * MARGIN) as f32);
    text::draw(
        &mut img,
        Face::Bold,
        22.0,
        MARGIN as f32,
        (MARGIN + 26) as f32,
        palette.text,
        &title,
    );
    let top = MARGIN + TITLE_HEIGHT;
    let tones = |tone: Tone| -> Colour {
        match tone {
            Tone::Win => mix(palette.card, palette.road, 0.45),
            Tone::Draw => mix(palette.card, palette.accent, 0.25),
            Tone::Loss => mix(palette.card, palette.background, 0.6),
            Tone::Plain => palette.card,
            Tone::Own => palette.frame,
        }
    };
    // The header: the columns' heads, muted.
    let mut x = MARGIN + RANK_WIDTH + NAME_WIDTH;
    let centred = |img: &mut RgbImage, x: i32, w: i32, y: i32, face, colour, text: &str| {
        let tw = text::measure(face, PX, text);
        text::draw(
            img,
            face,
            PX,
            x as f32 + (w as f32 - tw) / 2.0,
            y as f32,
            colour,
            text,
        );
    };
    let header_base = top + HEADER_HEIGHT - 9;
    for (c, head) in table.columns.iter().take(columns).enumerate() {
        centred(
            &mut img,
            x,
            widths[c],
            header_base,
            Face::Bold,
            palette.muted,
            head,
        );
        x += widths[c];
    }
    for head in &table.totals {
        centred(
            &mut img,
            x,
            TOTAL_WIDTH,
            header_base,
            Face::Bold,
            palette.muted,
            head,
        );
        x += TOTAL_WIDTH;
    }
    for (r, row) in rows.iter().enumerate() {
        let y = top + HEADER_HEIGHT + r as i32 * ROW_HEIGHT;
        let base = y + ROW_HEIGHT - 9;
        let stripe = if r % 2 == 0 {
            palette.card
        } else {
            mix(palette.card, palette.background, 0.35)
        };
        fill_rect(
            &mut img,
            Rect::new(MARGIN, y, grid_width, ROW_HEIGHT - 1),
            stripe,
        );
        centred(
            &mut img,
            MARGIN,
            RANK_WIDTH,
            base,
            Face::Bold,
            palette.muted,
            &row.rank,
        );
        let name = text::fit(Face::Regular, PX, &row.name, (NAME_WIDTH - 10) as f32);
        text::draw(
            &mut img,
            Face::Regular,
            PX,
            (MARGIN + RANK_WIDTH + 4) as f32,
            base as f32,
            palette.text,
            &name,
        );
        let mut x = MARGIN + RANK_WIDTH + NAME_WIDTH;
        for (c, &w) in widths.iter().enumerate() {
            if let Some(cell) = row.cells.get(c) {
                fill_rect(
                    &mut img,
                    Rect::new(x + 1, y + 1, w - 2, ROW_HEIGHT - 3),
                    tones(cell.tone),
                );
                centred(&mut img, x, w, base, Face::Bold, palette.text, &cell.text);
            }
            x += w;
        }
        for (i, total) in row.totals.iter().enumerate() {
            let face = if i == 0 { Face::Bold } else { Face::Regular };
            centred(&mut img, x, TOTAL_WIDTH, base, face, palette.text, total);
            x += TOTAL_WIDTH;
        }
    }
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4-player round robin after its last round.
    pub(crate) fn example() -> Crosstable {
        let cell = |text: &str, tone| Cell {
            text: text.to_string(),
            tone,
        };
        let own = || cell("", Tone::Own);
        let (w, d, l) = (Tone::Win, Tone::Draw, Tone::Loss);
        let row = |rank: &str, name: &str, cells: Vec<Cell>, totals: [&str; 3]| Row {
            rank: rank.to_string(),
            name: name.to_string(),
            cells,
            totals: totals.iter().map(|t| t.to_string()).collect(),
        };
        Crosstable {
            title: "Takat round robin: final standings".into(),
            columns: ["1", "2", "3", "4"].map(String::from).to_vec(),
            totals: ["Pts", "SB", "H2H"].map(String::from).to_vec(),
            rows: vec![
                row(
                    "1",
                    "alice",
                    vec![own(), cell("1", w), cell("½", d), cell("1", w)],
                    ["2.5", "2.75", "0"],
                ),
                row(
                    "2",
                    "bob",
                    vec![cell("0", l), own(), cell("1", w), cell("1", w)],
                    ["2", "2", "0"],
                ),
                row(
                    "3",
                    "carol",
                    vec![cell("½", d), cell("0", l), own(), cell("1", w)],
                    ["1.5", "1.25", "0"],
                ),
                row(
                    "4",
                    "dave",
                    vec![cell("0", l), cell("0", l), cell("0", l), own()],
                    ["0", "0", "0"],
                ),
            ],
        }
    }

    #[test]
    fn every_row_and_column_gets_its_cells_tinted_by_result() {
        let table = example();
        let img = compose(&table, Theme::default());
        let columns: i32 = (0..4).map(|c| cell_width(&table, c)).sum();
        assert_eq!(
            img.width() as i32,
            2 * MARGIN + RANK_WIDTH + NAME_WIDTH + columns + 3 * TOTAL_WIDTH
        );
        assert_eq!(
            img.height() as i32,
            2 * MARGIN + TITLE_HEIGHT + HEADER_HEIGHT + 4 * ROW_HEIGHT
        );
        // alice's win against bob: the cell's corner is the win's tint.
        let palette = Theme::default().palette();
        let x = MARGIN + RANK_WIDTH + NAME_WIDTH + cell_width(&table, 0) + 3;
        let y = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT + 3;
        assert_eq!(
            img.get_pixel(x as u32, y as u32).0,
            mix(palette.card, palette.road, 0.45)
        );
        assert!(crosstable(&table, Theme::default())
            .unwrap()
            .starts_with(b"\x89PNG"));
    }
}
