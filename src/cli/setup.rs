//! The options that pick a game and a position, shared by `perft` and
//! `legal`: `--game`, `--size`, `--tps`/`--position`, `--moves`, `--komi`.

use clap::{Args, ValueEnum};

use crate::games::{tak, takat};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameChoice {
    Tak,
    Takat,
}

#[derive(Args)]
pub struct PositionArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameChoice::Tak)]
    pub game: GameChoice,
    /// Tak board size (3 to 8; default 5, or the size of the given position).
    #[arg(long)]
    pub size: Option<u8>,
    /// Start from this position: a TPS for Tak, the position format for Takat.
    #[arg(long, visible_alias = "tps", allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Then play these turns, separated by `;` (e.g. "a1; e5; c3").
    #[arg(long, allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Tak komi (-4.5 to 4.5, in steps of 0.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
}

/// A position of one of the games, ready for `perft` or `legal`.
pub enum Start {
    /// Boxed: a Tak position holds 64 stacks.
    Tak(Box<tak::Position>),
    Takat(takat::Position),
}

fn turns(list: &Option<String>) -> Vec<String> {
    list.as_deref()
        .unwrap_or("")
        .split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(String::from)
        .collect()
}

impl PositionArgs {
    pub fn start(&self) -> Result<Start, String> {
        match self.game {
            GameChoice::Tak => self.tak_start().map(|p| Start::Tak(Box::new(p))),
            GameChoice::Takat => self.takat_start().map(Start::Takat),
        }
    }

    fn tak_start(&self) -> Result<tak::Position, String> {
        let size = match (self.size, &self.position) {
            (Some(size), _) => size,
            (None, Some(tps)) => tak::tps::tps_size(tps).map_err(|e| e.to_string())?,
            (None, None) => 5,
        };
        let mut rules = tak::Rules::standard(size).map_err(|e| e.to_string())?;
        if let Some(komi) = &self.komi {
            rules = rules.with_komi(komi.parse::<tak::Komi>()?);
        }
        let mut position = match &self.position {
            Some(tps) => tak::Position::from_tps(tps, rules).map_err(|e| e.to_string())?,
            None => tak::Position::new(rules),
        };
        for (i, text) in turns(&self.moves).iter().enumerate() {
            let mv: tak::Move = text
                .parse()
                .map_err(|e| format!("move {} of --moves: {e}", i + 1))?;
            position
                .play(mv)
                .map_err(|e| format!("move {} of --moves `{text}`: {e}", i + 1))?;
        }
        Ok(position)
    }

    fn takat_start(&self) -> Result<takat::Position, String> {
        if self.size.is_some() || self.komi.is_some() {
            return Err("--size and --komi are Tak options; Takat has one board".into());
        }
        let mut position = match &self.position {
            Some(text) => text.parse::<takat::Position>().map_err(|e| e.to_string())?,
            None => takat::Position::start(),
        };
        for (i, text) in turns(&self.moves).iter().enumerate() {
            let turn: takat::Turn = text
                .parse()
                .map_err(|e| format!("turn {} of --moves: {e}", i + 1))?;
            position
                .play(turn)
                .map_err(|e| format!("turn {} of --moves `{text}`: {e}", i + 1))?;
        }
        Ok(position)
    }
}

impl Start {
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            Start::Tak(p) => p.perft(depth),
            Start::Takat(p) => takat::perft(p, depth),
        }
    }

    /// Every legal turn in canonical notation, sorted.
    pub fn legal_sorted(&self) -> Vec<String> {
        let mut all: Vec<String> = match self {
            Start::Tak(p) => p.legal_moves().into_iter().map(|m| p.ptn(m)).collect(),
            Start::Takat(p) => p.legal_turns().iter().map(ToString::to_string).collect(),
        };
        all.sort();
        all
    }
}
