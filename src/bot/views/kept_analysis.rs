//! An analysis as `/analyze` keeps it with its graph's PNG (in the
//! artefacts): what `/analyze` shows again without thinking twice, and
//! what a game's web page (issue 45) shows of it.

use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{Image, Reply};
use crate::store::{GameRow, Store, StoreError};

/// The graph of an analysis `/analyze` made of a game, for the web page
/// (issue 45): the PNG, its alt text, and the actions with their marks
/// (`1. a1 e5 2. c3?? ...`).
pub struct KeptGraph {
    pub png: Vec<u8>,
    pub alt: String,
    pub marked: String,
}

/// The graph of the newest analysis kept of `game` at its version, if
/// `/analyze` made one.
pub fn kept_graph(store: &Store, game: &GameRow) -> Result<Option<KeptGraph>, StoreError> {
    let Some(kept) = store.newest_artefact(game.id, game.version, "analysis")? else {
        return Ok(None);
    };
    let Ok(shown) = serde_json::from_str::<Shown>(&kept.meta) else {
        return Ok(None);
    };
    Ok(shown
        .graph
        .filter(|_| !kept.bytes.is_empty())
        .map(|graph| KeptGraph {
            png: kept.bytes,
            alt: graph.alt,
            marked: graph.text,
        }))
}

/// An analysis as shown, kept with its graph's PNG.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Shown {
    pub text: String,
    pub graph: Option<Graph>,
}

/// What goes with the graph's PNG.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Graph {
    pub alt: String,
    pub file_name: String,
    pub text: String,
}

impl Shown {
    pub fn reply(self, place: &Place, png: Vec<u8>) -> Reply {
        let image = self.graph.map(|graph| Image {
            bytes: png,
            alt: graph.alt,
            file_name: graph.file_name,
            text: graph.text,
        });
        Reply::public(place, self.text).with_image(image)
    }
}
