//! Experimental switches of the search, read once from the environment
//! variable `TAKTABLE_KNOBS` (`name=value,...`), for measuring a change
//! against the current search with one build. Unknown names are ignored.

use std::sync::OnceLock;

/// The switches, by name, with their defaults.
const DEFAULTS: &[(&str, i32)] = &[
    ("rfp", 1),
    ("rfp_margin", 80),
    ("rfp_depth", 3),
    ("lmr", 1),
    ("lmr_div", 200),
    ("lmp", 1),
    ("lmp_base", 8),
    ("ext", 0),
    ("asp", 0),
];

fn values() -> &'static Vec<i32> {
    static VALUES: OnceLock<Vec<i32>> = OnceLock::new();
    VALUES.get_or_init(|| {
        let mut values: Vec<i32> = DEFAULTS.iter().map(|(_, v)| *v).collect();
        if let Ok(text) = std::env::var("TAKTABLE_KNOBS") {
            for pair in text.split(',') {
                if let Some((name, value)) = pair.split_once('=') {
                    if let (Some(i), Ok(v)) = (
                        DEFAULTS.iter().position(|(n, _)| *n == name.trim()),
                        value.trim().parse(),
                    ) {
                        values[i] = v;
                    }
                }
            }
        }
        values
    })
}

/// The value of a switch.
pub fn get(name: &str) -> i32 {
    let i = DEFAULTS
        .iter()
        .position(|(n, _)| *n == name)
        .expect("a known knob");
    values()[i]
}

/// The switches, read into fields for the search's inner loop.
#[derive(Clone, Copy, Debug)]
pub struct Knobs {
    pub rfp: bool,
    pub rfp_margin: i32,
    pub rfp_depth: i32,
    pub lmr: bool,
    pub lmr_div: i32,
    pub lmp: bool,
    pub lmp_base: i32,
    pub ext: bool,
    pub asp: bool,
}

impl Knobs {
    pub fn load() -> Knobs {
        Knobs {
            rfp: get("rfp") != 0,
            rfp_margin: get("rfp_margin"),
            rfp_depth: get("rfp_depth"),
            lmr: get("lmr") != 0,
            lmr_div: get("lmr_div"),
            lmp: get("lmp") != 0,
            lmp_base: get("lmp_base"),
            ext: get("ext") != 0,
            asp: get("asp") != 0,
        }
    }
}
