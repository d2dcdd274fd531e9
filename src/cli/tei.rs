//! `taktable tei`: the Tak engine over TEI, the text protocol of Tak
//! engines and match runners (modelled on chess's UCI).
//!
//! Commands read, one per line: `tei`, `isready`, `setoption name <N> value
//! <V>` (HalfKomi, Level, Opening), `teinewgame <size>`, `position
//! startpos|tps <tps> [moves <ptn>...]`, `go [nodes N] [movetime MS]
//! [wtime MS btime MS winc MS binc MS] [depth D]`, `stop` (ends a search
//! under way: it answers with its best move so far), `quit`. Replies:
//! `teiok`, `readyok`, `info ...` per iteration, `bestmove <ptn>`. A line
//! that cannot be understood gets `info string error: ...` and changes
//! nothing.
//!
//! `--mcts` searches with the tree search of [`crate::games::tak::search::mcts`]
//! instead (an experiment): one `info` line after the search, `nodes`
//! counting visits; `depth` ends it when a descent first reaches that
//! many plies, and a search without a limit ends when the tree is full.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use clap::Args;

use crate::games::tak::search::mcts::Mcts;
use crate::games::tak::search::policy::Policy;
use crate::games::tak::search::{Level, Limits, Report, Searcher, Settings};
use crate::games::tak::{Komi, Move, Opening, Position, Rules};

#[derive(Args)]
pub struct TeiArgs {
    /// The level to play at until a `setoption name Level` (10 is full strength).
    #[arg(long, default_value_t = 10)]
    level: u8,
    /// Seed of the evaluation noise of levels below 9.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Search this many nodes a move whatever `go` says (for matches
    /// that do not depend on the machine's load).
    #[arg(long)]
    nodes: Option<u64>,
    /// Evaluate with the weights in this file (written by the tuner)
    /// instead of the built-in ones.
    #[arg(long)]
    weights: Option<std::path::PathBuf>,
    /// Search with Monte Carlo tree search instead of alpha-beta (an
    /// experiment; `Level` then only sets the limits).
    #[arg(long)]
    mcts: bool,
    /// With `--mcts`: the move policy in this file (`selfplay
    /// --fit-policy`) as the tree's prior, instead of one ply of evaluation.
    #[arg(long, requires = "mcts")]
    policy: Option<std::path::PathBuf>,
}

pub fn run(args: TeiArgs) -> Result<(), String> {
    let level = Level::new(args.level)
        .ok_or_else(|| format!("the level must be 1 to 10, not {}", args.level))?;
    let mut session = Session::new(level, args.seed);
    session.fixed_nodes = args.nodes;
    if args.mcts {
        let mut mcts = Mcts::new();
        if let Some(path) = &args.policy {
            let text = super::read_text(path)?;
            let policy =
                Policy::from_text(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            mcts.set_policy(Arc::new(policy));
        }
        session.mcts = Some(mcts);
    }
    if let Some(path) = &args.weights {
        let weights = Arc::new(super::read_weights(path)?);
        session.searcher.set_weights(weights.clone());
        if let Some(mcts) = &mut session.mcts {
            mcts.set_weights(weights);
        }
    }
    // Standard input is read on a thread of its own, so that a `stop` is
    // seen while a search runs: it sets the search's stop flag at once
    // (a `go` clears it, in the order the lines came), and every line is
    // then handled in turn.
    let stop = Arc::new(AtomicBool::new(false));
    session.searcher.set_stop_flag(stop.clone());
    if let Some(mcts) = &mut session.mcts {
        mcts.set_stop_flag(stop.clone());
    }
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let first = line.as_ref().ok().and_then(|l| l.split_whitespace().next());
            match first {
                Some("go") => stop.store(false, AtomicOrdering::SeqCst),
                Some("stop") => stop.store(true, AtomicOrdering::SeqCst),
                _ => {}
            }
            let failed = line.is_err();
            if lines.send(line).is_err() || failed {
                break;
            }
        }
    });
    let stdout = io::stdout();
    for line in received {
        let line = line.map_err(|e| format!("reading standard input: {e}"))?;
        let mut out = stdout.lock();
        let flow = session
            .handle(&line, &mut out)
            .and_then(|flow| out.flush().map(|_| flow))
            .map_err(|e| format!("writing standard output: {e}"))?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// Whether to keep reading commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One engine's state between commands.
pub struct Session {
    size: u8,
    half_komi: i8,
    opening: Opening,
    level: Level,
    seed: u64,
    position: Position,
    searcher: Searcher,
    /// Nodes a move, replacing `go`'s limits (`--nodes`).
    fixed_nodes: Option<u64>,
    /// Searches with this instead of `searcher` (`--mcts`).
    mcts: Option<Mcts>,
}

/// The options `tei` announces.
const OPTIONS: &[&str] = &[
    "option name HalfKomi type spin default 0 min -9 max 9",
    "option name Level type spin default 10 min 1 max 10",
    "option name Opening type combo default swap var swap var no-swap",
];

impl Session {
    pub fn new(level: Level, seed: u64) -> Session {
        let rules = Rules::standard(6).expect("6 is a board size");
        Session {
            size: 6,
            half_komi: 0,
            opening: Opening::Swap,
            level,
            seed,
            position: Position::new(rules),
            searcher: Searcher::new(64),
            fixed_nodes: None,
            mcts: None,
        }
    }

    fn rules(&self) -> Result<Rules, String> {
        let komi = Komi::from_halves(self.half_komi)
            .ok_or_else(|| format!("HalfKomi {} is out of range", self.half_komi))?;
        Ok(Rules::standard(self.size)
            .map_err(|e| e.to_string())?
            .with_komi(komi)
            .with_opening(self.opening))
    }

    /// Handles one line of input, writing the replies to `out`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        let result = match command {
            "tei" => {
                writeln!(out, "id name taktable {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the taktable authors")?;
                for option in OPTIONS {
                    writeln!(out, "{option}")?;
                }
                writeln!(out, "teiok")?;
                Ok(())
            }
            "isready" => writeln!(out, "readyok").map_err(|e| e.to_string()),
            "setoption" => self.set_option(rest),
            "teinewgame" => self.new_game(rest),
            "position" => self.set_position(rest),
            "go" => self.go(rest, out),
            "stop" | "ponderhit" => Ok(()),
            "quit" => return Ok(Flow::Quit),
            other => Err(format!("unknown command `{other}`")),
        };
        if let Err(message) = result {
            writeln!(out, "info string error: {message}")?;
        }
        Ok(Flow::Continue)
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        // setoption name <name...> value <value...>
        let name_at = words.iter().position(|&w| w == "name");
        let value_at = words.iter().position(|&w| w == "value");
        let (Some(n), Some(v)) = (name_at, value_at) else {
            return Err("write `setoption name <name> value <value>`".into());
        };
        if v < n {
            return Err("write `setoption name <name> value <value>`".into());
        }
        let name = words[n + 1..v].join(" ");
        let value = words[v + 1..].join(" ");
        match name.to_ascii_lowercase().as_str() {
            "halfkomi" => {
                let halves: i8 = value
                    .parse()
                    .ok()
                    .filter(|h| Komi::from_halves(*h).is_some())
                    .ok_or_else(|| format!("HalfKomi must be -9 to 9, not `{value}`"))?;
                self.half_komi = halves;
            }
            "level" => self.level = value.parse()?,
            "opening" => self.opening = value.parse()?,
            _ => return Err(format!("unknown option `{name}`")),
        }
        Ok(())
    }

    fn new_game(&mut self, words: &[&str]) -> Result<(), String> {
        let size = match words.first() {
            None => self.size,
            Some(text) => text
                .parse::<u8>()
                .ok()
                .filter(|s| (3..=8).contains(s))
                .ok_or_else(|| format!("the board size must be 3 to 8, not `{text}`"))?,
        };
        let previous = self.size;
        self.size = size;
        match self.rules() {
            Ok(rules) => {
                self.position = Position::new(rules);
                self.searcher.clear();
                Ok(())
            }
            Err(e) => {
                self.size = previous;
                Err(e)
            }
        }
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let rules = self.rules()?;
        let moves_at = words.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut position = match setup.split_first() {
            Some((&"startpos", [])) => Position::new(rules),
            Some((&"tps", tps)) if !tps.is_empty() => {
                Position::from_tps(&tps.join(" "), rules).map_err(|e| e.to_string())?
            }
            _ => {
                return Err(
                    "write `position startpos` or `position tps <tps>`, then `moves ...`".into(),
                )
            }
        };
        for (i, text) in moves.iter().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
            position
                .play(mv)
                .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
        }
        self.position = position;
        Ok(())
    }

    fn go(&mut self, words: &[&str], out: &mut dyn Write) -> Result<(), String> {
        let go = GoCommand::parse(words)?;
        if self.position.is_over() {
            return Err("the game is over: there is no move to make".into());
        }
        let settings = self.settings_for(&go);
        let mut info_error = None;
        let mut on_iteration = |r: &Report| {
            if let Err(e) = writeln!(out, "{}", info_line(r)) {
                info_error.get_or_insert(e.to_string());
            }
        };
        let report = match &mut self.mcts {
            Some(mcts) => {
                let report = mcts.search(&self.position, settings.limits);
                if let Some(r) = &report {
                    on_iteration(r);
                }
                report
            }
            None => self.searcher.search(&self.position, settings, on_iteration),
        };
        if let Some(e) = info_error {
            return Err(e);
        }
        let report = report.ok_or("the game is over: there is no move to make")?;
        writeln!(out, "bestmove {}", self.position.ptn(report.best())).map_err(|e| e.to_string())
    }

    /// The level's settings, with the limits of `go` (at level 10 they
    /// replace the level's own node budget; below, `go`'s time only caps
    /// the level's own limits).
    fn settings_for(&self, go: &GoCommand) -> Settings {
        let mut settings = self.level.settings(self.seed);
        let budget = go.time_budget(&self.position);
        let time = budget.map(|(_, most)| most);
        let asked = Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: time,
            soft: budget.and_then(|(target, _)| target),
        };
        if let Some(nodes) = self.fixed_nodes {
            settings.limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
        } else if go.infinite {
            settings.limits = Limits::default();
        } else if self.level == Level::MAX && asked != Limits::default() {
            settings.limits = asked;
        } else if let Some(time) = time {
            settings.limits.movetime = Some(settings.limits.movetime.map_or(time, |t| t.min(time)));
        }
        settings
    }
}

/// The `info` line of one iteration.
fn info_line(report: &Report) -> String {
    let ms = report.elapsed.as_millis().max(1);
    let pv: Vec<String> = report.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score cp {} nodes {} time {} nps {} pv {}",
        report.depth,
        report.score,
        report.nodes,
        report.elapsed.as_millis(),
        report.nodes as u128 * 1000 / ms,
        pv.join(" ")
    )
}

/// The limits of one `go` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub movetime: Option<Duration>,
    /// Remaining time and increment, White then Black.
    pub time: [Option<Duration>; 2],
    pub increment: [Option<Duration>; 2],
    /// `go infinite`: search until `stop`, whatever the level.
    pub infinite: bool,
}

impl GoCommand {
    pub fn parse(words: &[&str]) -> Result<GoCommand, String> {
        let mut go = GoCommand::default();
        let mut i = 0;
        while i < words.len() {
            let key = words[i];
            if key == "infinite" || key == "ponder" {
                go.infinite |= key == "infinite";
                i += 1;
                continue;
            }
            let value = words
                .get(i + 1)
                .ok_or_else(|| format!("`go {key}` needs a number after it"))?;
            let number: u64 = value
                .parse()
                .map_err(|_| format!("`go {key}` needs a whole number, not `{value}`"))?;
            let ms = Duration::from_millis(number);
            match key {
                "nodes" => go.nodes = Some(number),
                "depth" => go.depth = Some(number.clamp(1, 100) as u32),
                "movetime" => go.movetime = Some(ms),
                "wtime" => go.time[0] = Some(ms),
                "btime" => go.time[1] = Some(ms),
                "winc" => go.increment[0] = Some(ms),
                "binc" => go.increment[1] = Some(ms),
                "movestogo" => {}
                _ => return Err(format!("unknown `go` parameter `{key}`")),
            }
            i += 2;
        }
        Ok(go)
    }

    /// How long the player to move may think, as (target, most): with
    /// `movetime`, no target and that time at most; with a clock, the
    /// time left shared among the moves likely left (see [`moves_to_go`])
    /// plus most of the increment, and at most three times that (never more
    /// than a third of what is left), less a margin for the reply to
    /// travel.
    pub fn time_budget(&self, position: &Position) -> Option<(Option<Duration>, Duration)> {
        if let Some(t) = self.movetime {
            return Some((None, t));
        }
        let to_move = position.to_move();
        let left = self.time[to_move.index()]?;
        let increment = self.increment[to_move.index()].unwrap_or_default();
        let target = left / moves_to_go(position) + increment * 3 / 4;
        let margin = Duration::from_millis(30);
        let floor = Duration::from_millis(1);
        let most = (target * 3).min(left / 3).saturating_sub(margin).max(floor);
        let target = target.saturating_sub(margin).max(floor).min(most);
        Some((Some(target), most))
    }
}

/// How many more moves the player to move is likely to make: about three
/// for every four pieces in hand, and a few more (games are decided before
/// the reserves run out, but flat fights go on past it).
pub fn moves_to_go(position: &Position) -> u32 {
    let mover = position.to_move();
    let pieces = (position.stones_left(mover) + position.caps_left(mover)) as u32;
    (pieces * 3 / 4 + 6).clamp(8, 40)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transcript(lines: &[&str]) -> String {
        let mut session = Session::new(Level::MAX, 0);
        let mut out = Vec::new();
        for line in lines {
            if session.handle(line, &mut out).unwrap() == Flow::Quit {
                break;
            }
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn handshake_and_readiness() {
        let out = transcript(&["tei", "isready"]);
        assert!(out.starts_with("id name taktable"));
        assert!(out.contains("option name HalfKomi type spin"));
        assert!(out.ends_with("teiok\nreadyok\n"));
    }

    #[test]
    fn clock_budget_is_a_share_of_the_time_left() {
        let go = GoCommand::parse(&[
            "wtime", "60000", "btime", "1000", "winc", "1000", "binc", "0",
        ])
        .unwrap();
        // 6x6 from the start: 31 pieces in hand, 29 moves to go.
        let mut position = Position::new(Rules::standard(6).unwrap());
        assert_eq!(moves_to_go(&position), 29);
        // 60 s / 29 + 0.75 s - 30 ms margin; at most three times that.
        assert_eq!(
            go.time_budget(&position),
            Some((
                Some(Duration::from_nanos(2_788_965_517)),
                Duration::from_nanos(8_426_896_551)
            ))
        );
        // Black, whose flat White placed (RULINGS Tak 2): 30 pieces, 28
        // moves to go; 1 s / 28 less the margin, at most three times as much.
        position.play("a1".parse().unwrap()).unwrap();
        assert_eq!(
            go.time_budget(&position),
            Some((
                Some(Duration::from_nanos(5_714_285)),
                Duration::from_nanos(77_142_855)
            ))
        );
        let fixed = GoCommand::parse(&["movetime", "250"]).unwrap();
        assert_eq!(
            fixed.time_budget(&position),
            Some((None, Duration::from_millis(250)))
        );
        assert_eq!(
            GoCommand::parse(&["nodes", "100"])
                .unwrap()
                .time_budget(&position),
            None
        );
        assert!(GoCommand::parse(&["nodes"]).is_err());
        assert!(GoCommand::parse(&["wtime", "-5"]).is_err());
        assert!(GoCommand::parse(&["sideways", "5"]).is_err());
    }

    #[test]
    fn bad_input_is_reported_and_changes_nothing() {
        let out = transcript(&[
            "teinewgame 5",
            "position startpos moves a1 e5",
            "position startpos moves a1 a1",
            "teinewgame 9",
            "setoption name HalfKomi value 11",
            "fly",
            "go nodes 200",
        ]);
        let errors: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("info string error"))
            .collect();
        assert_eq!(errors.len(), 4, "{out}");
        // The game stayed 5x5 after a1 e5: the best move is a 5x5 square.
        let best = out.lines().last().unwrap();
        let mv: Move = best.strip_prefix("bestmove ").unwrap().parse().unwrap();
        let mut p = Position::new(Rules::standard(5).unwrap());
        p.play("a1".parse().unwrap()).unwrap();
        p.play("e5".parse().unwrap()).unwrap();
        assert!(p.check(mv).is_ok(), "{out}");
    }
}
