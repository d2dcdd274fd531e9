//! Colour themes.
//!
//! A [`Theme`] is a name players pick (`/theme contrast`); its [`Palette`]
//! holds every colour the renderer uses. Piece fills are flat colours, so a
//! test can check the pixel under a piece against the palette exactly.

use super::draw::Colour;

/// A colour theme for board pictures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Slate-blue board, made for Discord's dark mode (the default).
    #[default]
    Slate,
    /// Warm wooden board.
    Wood,
    /// High contrast, colour-blind safe.
    Contrast,
    /// Light board for Discord's light mode.
    Paper,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 4] = [Theme::Slate, Theme::Wood, Theme::Contrast, Theme::Paper];
    /// The names of [`Theme::ALL`], in order (the choices of `/theme`).
    pub const NAMES: [&'static str; 4] = ["slate", "wood", "contrast", "paper"];

    /// The name players type, lower case.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Slate => "slate",
            Theme::Wood => "wood",
            Theme::Contrast => "contrast",
            Theme::Paper => "paper",
        }
    }

    /// The theme with this name (case and surrounding blanks ignored).
    pub fn from_name(name: &str) -> Option<Theme> {
        let name = name.trim();
        Theme::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(name))
    }

    /// One line for a `/themes` list.
    pub fn description(self) -> &'static str {
        match self {
            Theme::Slate => "Default. Slate-blue board made for Discord's dark mode.",
            Theme::Wood => "Warm wooden board with cream and ebony stones.",
            Theme::Contrast => {
                "High contrast and colour-blind safe: pure white and black stones, \
                 sky-blue last move, orange road."
            }
            Theme::Paper => "Light grey board for Discord's light mode.",
        }
    }

    /// The colours of this theme.
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Slate => &SLATE,
            Theme::Wood => &WOOD,
            Theme::Contrast => &CONTRAST,
            Theme::Paper => &PAPER,
        }
    }
}

impl std::fmt::Display for Theme {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Every colour of a theme. Arrays of two are indexed by side (white 0,
/// black 1) or, for squares, by checker parity (`(file + rank) % 2`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Palette {
    /// The picture's background.
    pub background: Colour,
    /// Player cards in the header.
    pub card: Colour,
    /// The board's frame and the lines between squares.
    pub frame: Colour,
    /// Square fills by parity; a1 has parity 0.
    pub square: [Colour; 2],
    /// Fill of the squares the last move left or entered.
    pub last_move: Colour,
    /// Frame drawn around the squares of a winning road.
    pub road: Colour,
    /// File letters and rank numbers.
    pub coord: Colour,
    /// Main text.
    pub text: Colour,
    /// Secondary text.
    pub muted: Colour,
    /// Turn / winner marker: card outline and chip.
    pub accent: Colour,
    /// Text on an accent chip.
    pub accent_text: Colour,
    /// Piece fills, white then black.
    pub piece: [Colour; 2],
    /// Piece outlines, white then black.
    pub outline: [Colour; 2],
    /// Line under each piece beneath the top of a stack: a middle tone, so
    /// the bands of white and black pieces read as their own colour.
    pub layer_line: Colour,
    /// Background of a stack-height label.
    pub label: Colour,
    /// Text of a stack-height label.
    pub label_text: Colour,
}

const fn rgb(hex: u32) -> Colour {
    [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8]
}

static SLATE: Palette = Palette {
    background: rgb(0x1f2126),
    card: rgb(0x2c3038),
    frame: rgb(0x3b414c),
    square: [rgb(0x6a7688), rgb(0x75829a)],
    last_move: rgb(0xb4975a),
    road: rgb(0x4fb3ff),
    coord: rgb(0xa7afbb),
    text: rgb(0xeef0f3),
    muted: rgb(0xa3aab5),
    accent: rgb(0xf0b43c),
    accent_text: rgb(0x1f2126),
    piece: [rgb(0xf3efe4), rgb(0x23262c)],
    outline: [rgb(0x30333a), rgb(0xb9c0cb)],
    layer_line: rgb(0x8b94a3),
    label: rgb(0x15171b),
    label_text: rgb(0xffffff),
};

static WOOD: Palette = Palette {
    background: rgb(0x241d19),
    card: rgb(0x342a23),
    frame: rgb(0x6e4b2c),
    square: [rgb(0xc39660), rgb(0xcfa46d)],
    last_move: rgb(0xefd46a),
    road: rgb(0x2e6fd6),
    coord: rgb(0xd2b48c),
    text: rgb(0xf6eee2),
    muted: rgb(0xc5b29b),
    accent: rgb(0xf2c14e),
    accent_text: rgb(0x241d19),
    piece: [rgb(0xfaf3e3), rgb(0x2a211c)],
    outline: [rgb(0x4a3a2c), rgb(0xd9c3a3)],
    layer_line: rgb(0x8f7a63),
    label: rgb(0x2a211c),
    label_text: rgb(0xfaf3e3),
};

// Okabe-Ito colours (sky blue, orange) for the highlights; pieces pure white
// and black with opposite outlines; mid-grey squares so both kinds stand out.
static CONTRAST: Palette = Palette {
    background: rgb(0x000000),
    card: rgb(0x1a1a1a),
    frame: rgb(0x000000),
    square: [rgb(0x6b6b6b), rgb(0x7d7d7d)],
    last_move: rgb(0x56b4e9),
    road: rgb(0xe69f00),
    coord: rgb(0xffffff),
    text: rgb(0xffffff),
    muted: rgb(0xdddddd),
    accent: rgb(0xf0e442),
    accent_text: rgb(0x000000),
    piece: [rgb(0xffffff), rgb(0x000000)],
    outline: [rgb(0x000000), rgb(0xffffff)],
    layer_line: rgb(0x9a9a9a),
    label: rgb(0x000000),
    label_text: rgb(0xf0e442),
};

static PAPER: Palette = Palette {
    background: rgb(0xf4f2ee),
    card: rgb(0xe4e0d8),
    frame: rgb(0x8f8a80),
    square: [rgb(0xc9c4b9), rgb(0xd6d2c8)],
    last_move: rgb(0xf2cf63),
    road: rgb(0x1f6fd1),
    coord: rgb(0x4d4a45),
    text: rgb(0x1f1e1c),
    muted: rgb(0x5e5a54),
    accent: rgb(0x1f6fd1),
    accent_text: rgb(0xffffff),
    piece: [rgb(0xffffff), rgb(0x2b2b2e)],
    outline: [rgb(0x55524c), rgb(0x0c0c0e)],
    layer_line: rgb(0x8f8b84),
    label: rgb(0x2b2b2e),
    label_text: rgb(0xffffff),
};
