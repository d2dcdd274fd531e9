//! `taktable selfplay`: matches between two levels of the computer
//! opponent, for measuring the levels against each other.
//!
//! Games come in pairs from one opening (a few random plies chosen by the
//! seed, or a book's line): each level plays White once. When A and B are
//! the same player, the pair would be one game played twice, so each game
//! has an opening of its own. A game still going after `--max-plies` is
//! scored a draw.
//!
//! With `--engine`, player B is an external TEI engine (another program,
//! started once and driven over its standard input and output, told
//! `go <--engine-go>` each move); our rules engine keeps the game and
//! checks each of its moves (an illegal one loses the game).

use clap::{Args, ValueEnum};

use super::score::Score;
use super::{read_text, read_weights};
use crate::games::kit::search::mix;
use crate::games::tak::search::eval::Weights;
use crate::games::tak::search::{policy, tune, Level, Limits, Searcher, Settings};
use crate::games::tak::{self, Komi, Opening, Rules};
use crate::games::taka;
use crate::games::takat;
use std::io::Write as _;
use std::sync::Arc;

#[derive(Args)]
pub struct SelfplayArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameChoice::Tak)]
    game: GameChoice,
    /// Tak board size (3 to 8).
    #[arg(long, default_value_t = 6)]
    size: u8,
    /// Tak komi (-4.5 to 4.5, in steps of 0.5).
    #[arg(long, default_value = "0", allow_hyphen_values = true)]
    komi: String,
    /// Tak opening: swap or no-swap.
    #[arg(long, default_value = "swap")]
    opening: String,
    /// Level of player A (1 to 10).
    #[arg(long)]
    a: u8,
    /// Level of player B (1 to 10).
    #[arg(long)]
    b: u8,
    /// Number of games (played in pairs, colours swapped; when A and B are
    /// the same player, each game has an opening of its own, since a pair
    /// would play one game twice).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Random plies that open each pair of games (each game, when A and B
    /// are the same player).
    #[arg(long, default_value_t = 2)]
    random_plies: u32,
    /// Seed of the openings and of the levels' noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A game longer than this is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Print each game's moves.
    #[arg(long)]
    verbose: bool,
    /// Player B is this TEI engine (a command line, split at spaces).
    #[arg(long)]
    engine: Option<String>,
    /// The limits sent to the engine with each `go` (e.g. "nodes 10000").
    #[arg(long, default_value = "movetime 1000")]
    engine_go: String,
    /// Taka: player B chooses uniformly among the legal turns (seeded)
    /// instead of searching.
    #[arg(long)]
    random_b: bool,
    /// Both players search this many nodes a move instead of their
    /// levels' limits (the levels still set the noise).
    #[arg(long)]
    nodes: Option<u64>,
    /// Player A evaluates with the weights in this file (from the tuner).
    #[arg(long)]
    weights_a: Option<std::path::PathBuf>,
    /// Player B evaluates with the weights in this file.
    #[arg(long)]
    weights_b: Option<std::path::PathBuf>,
    /// Open each pair of games (each game, when A and B are the same
    /// player) with the next line of this book (moves in PTN, as
    /// racetrack's books) instead of random plies.
    #[arg(long)]
    book: Option<std::path::PathBuf>,
    /// The first book line to use (from 0).
    #[arg(long, default_value_t = 0)]
    book_start: usize,
    /// Append every position of every game, with the game's result, to
    /// this file (the tuner's input).
    #[arg(long)]
    record: Option<std::path::PathBuf>,
    /// Play no games: fit the evaluation's weights to the positions in
    /// this file (written by `--record`) and print them.
    #[arg(long)]
    tune: Option<std::path::PathBuf>,
    /// The steps of the fit.
    #[arg(long, default_value_t = 1000)]
    tune_steps: usize,
    /// How strongly the fit pulls weights towards their start.
    #[arg(long, default_value_t = 0.0)]
    tune_l2: f64,
    /// Fit a network on top of the linear weights, with this many passes
    /// over the positions (batches of `--tune-batch`, seeded by `--seed`);
    /// without it only the linear weights are fitted.
    #[arg(long)]
    tune_network_epochs: Option<usize>,
    /// Positions per step of the network's fit.
    #[arg(long, default_value_t = 1024)]
    tune_batch: usize,
    /// Start the fit from these weights rather than the built-in ones.
    #[arg(long)]
    tune_from: Option<std::path::PathBuf>,
    /// Write the fitted weights to this file (for `--weights-a`, `tei --weights`).
    #[arg(long)]
    tune_out: Option<std::path::PathBuf>,
    /// Play no games: append the positions of the games in this PTN file
    /// (after their first `--random-plies` plies) to `--record`.
    #[arg(long)]
    ptn_to_record: Option<std::path::PathBuf>,
    /// With `--ptn-to-record`: keep only the positions this engine (part
    /// of its name in the Player tags) moved from, each target blending
    /// its score in the move's comment with the result.
    #[arg(long)]
    teacher: Option<String>,
    /// How much of a target is the teacher's winning chance.
    #[arg(long, default_value_t = 0.8)]
    teacher_share: f32,
    /// Play no games: have `--engine` search every position in this file
    /// (record lines, as `--record` writes them) with `go <--engine-go>`,
    /// and append each to `--record` with a target blending the engine's
    /// winning chance (its `wdl`) with the line's result, by
    /// `--teacher-share`. A position met twice is labelled once.
    #[arg(long)]
    label: Option<std::path::PathBuf>,
    /// Play no games: compare the evaluation (`--weights-a`, else the
    /// built-in weights) with the targets of the positions in this file,
    /// five moves a row, from the view of the player who made the last
    /// move: the mean target, the mean of the evaluation's winning chances
    /// and the mean distance between them.
    #[arg(long)]
    judge: Option<std::path::PathBuf>,
    /// Play no games: fit a move policy (for `tei --mcts --policy`) to the
    /// moves `--teacher` chose in the games of this PTN file (its moves
    /// that carry an engine's comment, so not a book's), print how well it
    /// names the held-out moves, and write it to `--tune-out`.
    #[arg(long)]
    fit_policy: Option<std::path::PathBuf>,
    /// Passes of the policy's fit over the positions.
    #[arg(long, default_value_t = 30)]
    policy_epochs: usize,
}

/// The weights in `file`, else the built-in ones of `size`.
fn weights_or_built_in(
    file: Option<&std::path::Path>,
    size: u8,
) -> std::result::Result<Weights, String> {
    match file {
        Some(file) => read_weights(file),
        None => Ok(tak::search::weights::for_size(size).clone()),
    }
}

/// `--tune`: fits weights to recorded positions.
fn run_tune(args: &SelfplayArgs, path: &std::path::Path) -> std::result::Result<(), String> {
    let text = read_text(path)?;
    let start = weights_or_built_in(args.tune_from.as_deref(), args.size)?;
    let progress = |step, train: f64, test: f64| {
        eprintln!("step {step}: loss {train:.5} (held out {test:.5})");
    };
    let fit = match args.tune_network_epochs {
        None => tune::fit(
            &text,
            args.size,
            &start,
            args.tune_steps,
            args.tune_l2,
            progress,
        )?,
        Some(epochs) => {
            let how = tune::NetworkFit {
                epochs,
                batch: args.tune_batch,
                seed: args.seed,
            };
            tune::fit_network(&text, args.size, &start, how, args.tune_l2, progress)?
        }
    };
    println!(
        "{} positions ({} skipped); held-out loss {:.5} -> {:.5}, training loss {:.5} -> {:.5}",
        fit.samples,
        fit.skipped,
        fit.test_loss.0,
        fit.test_loss.1,
        fit.train_loss.0,
        fit.train_loss.1
    );
    print!("{}", tune::weights_table(&fit.weights));
    if let Some(out) = &args.tune_out {
        std::fs::write(out, tak::search::weights::to_text(&fit.weights))
            .map_err(|e| format!("writing {}: {e}", out.display()))?;
    }
    Ok(())
}

/// `--judge`: the evaluation's winning chances against a record's targets.
fn run_judge(args: &SelfplayArgs, path: &std::path::Path) -> std::result::Result<(), String> {
    let text = read_text(path)?;
    let weights = weights_or_built_in(args.weights_a.as_deref(), args.size)?;
    let rows = tune::judge(&text, &weights)?;
    println!("moves    positions  target  evaluation  distance");
    let (mut total, mut distance, mut above) = (0usize, 0.0, 0.0);
    for row in &rows {
        let last = row.first_move + tune::JUDGED_MOVES_A_ROW - 1;
        println!(
            "{:>3}-{:<3} {:>10}  {:>6.3}  {:>10.3}  {:>8.3}",
            row.first_move, last, row.positions, row.target, row.evaluation, row.distance
        );
        let n = row.positions as f64;
        total += row.positions;
        distance += row.distance * n;
        above += (row.evaluation - row.target) * n;
    }
    if total > 0 {
        let n = total as f64;
        println!(
            "all {total} positions: the evaluation {:+.3} from the targets on average, {:.3} away",
            above / n,
            distance / n
        );
    }
    Ok(())
}

/// `--fit-policy`: a move policy fitted to a teacher's moves.
fn run_fit_policy(args: &SelfplayArgs, path: &std::path::Path) -> std::result::Result<(), String> {
    let teacher = args
        .teacher
        .as_deref()
        .ok_or("--fit-policy needs --teacher")?;
    let samples = policy::samples_from_ptn(&read_text(path)?, teacher)?;
    if samples.len() < 10 {
        return Err(format!(
            "{} positions where {teacher} moved: too few to fit",
            samples.len()
        ));
    }
    let fit = policy::fit(&samples, args.policy_epochs);
    println!(
        "{} positions fitted, {} held out: cross-entropy {:.4} (every move alike {:.4}), the policy's top move the teacher's {:.3}",
        fit.train, fit.held_out, fit.cross_entropy, fit.uniform_cross_entropy, fit.top_one
    );
    if let Some(out) = &args.tune_out {
        std::fs::write(out, fit.policy.to_text())
            .map_err(|e| format!("writing {}: {e}", out.display()))?;
    }
    Ok(())
}

/// `--label`: the teacher engine's searched winning chance for every
/// recorded position, blended with the position's result.
fn run_label(args: &SelfplayArgs, path: &std::path::Path) -> std::result::Result<(), String> {
    let text = read_text(path)?;
    let command = args.engine.as_ref().ok_or("--label needs --engine")?;
    let out = args.record.as_ref().ok_or("--label needs --record")?;
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| format!("opening {}: {e}", out.display()))?;
    let mut engine: Option<TeiEngine> = None;
    let mut seen = std::collections::HashSet::new();
    let (mut labelled, mut skipped) = (0usize, 0usize);
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (position, white_result) =
            tune::parse_line(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        let rules = position.rules();
        let tps = position.tps();
        if position.is_over() || !seen.insert((rules.komi.halves(), tps.clone())) {
            skipped += 1;
            continue;
        }
        let engine = match &mut engine {
            Some(e) => e,
            None => engine.insert(TeiEngine::start(command, rules.komi.halves())?),
        };
        engine.set_rules(position.size(), rules.komi.halves())?;
        let mover = engine.chance(&tps, &args.engine_go)?;
        let white = match position.to_move() {
            tak::Color::White => mover,
            tak::Color::Black => 1.0 - mover,
        };
        let target = args.teacher_share * white + (1.0 - args.teacher_share) * white_result;
        writeln!(file, "{}", tune::record_line(&position, target))
            .map_err(|e| format!("writing the record: {e}"))?;
        labelled += 1;
        if labelled % 1000 == 0 {
            eprintln!("{labelled} positions labelled");
        }
    }
    println!("{labelled} positions labelled, {skipped} skipped (finished or met before)");
    Ok(())
}

/// How one game ended, for A.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result {
    AWins,
    BWins,
    Draw,
}

pub fn run(args: SelfplayArgs) -> std::result::Result<(), String> {
    if let Some(path) = &args.tune {
        return run_tune(&args, path);
    }
    if let Some(path) = &args.label {
        return run_label(&args, path);
    }
    if let Some(path) = &args.judge {
        return run_judge(&args, path);
    }
    if let Some(path) = &args.fit_policy {
        return run_fit_policy(&args, path);
    }
    if let Some(path) = &args.ptn_to_record {
        let text = read_text(path)?;
        let teacher = args.teacher.as_ref().map(|player| tune::Teacher {
            player: player.clone(),
            share: args.teacher_share,
        });
        let lines = tune::records_from_ptn(&text, args.random_plies as usize, teacher.as_ref())?;
        let out = args
            .record
            .as_ref()
            .ok_or("--ptn-to-record needs --record")?;
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(out)
            .map_err(|e| format!("opening {}: {e}", out.display()))?;
        for line in &lines {
            writeln!(file, "{line}").map_err(|e| format!("writing the record: {e}"))?;
        }
        println!("{} positions", lines.len());
        return Ok(());
    }
    let a = Level::new(args.a).ok_or_else(|| format!("--a must be 1 to 10, not {}", args.a))?;
    let b = Level::new(args.b).ok_or_else(|| format!("--b must be 1 to 10, not {}", args.b))?;
    let rules = Rules::standard(args.size)
        .map_err(|e| e.to_string())?
        .with_komi(args.komi.parse::<Komi>()?)
        .with_opening(args.opening.parse::<Opening>()?);
    let mut engine = match &args.engine {
        Some(command) => Some(TeiEngine::start(command, rules.komi.halves())?),
        None => None,
    };
    let weights = [
        args.weights_a
            .as_deref()
            .map(read_weights)
            .transpose()?
            .map(Arc::new),
        args.weights_b
            .as_deref()
            .map(read_weights)
            .transpose()?
            .map(Arc::new),
    ];
    let book: Vec<String> = match &args.book {
        Some(path) => read_text(path)?
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_string)
            .collect(),
        None => Vec::new(),
    };
    let mut record = match &args.record {
        Some(path) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("opening {}: {e}", path.display()))?,
        ),
        None => None,
    };
    let same_players = plays_alike(a, b, &args);
    let mut tally = [0u32; 3];
    for game in 0..args.games {
        let pair = if same_players { game } else { game / 2 };
        let a_is_white = game % 2 == 0;
        let opening_seed = mix(args.seed ^ (pair as u64).wrapping_mul(0x1000_0001));
        let (result, record) = match args.game {
            GameChoice::Tak => {
                let opening = match book.is_empty() {
                    true => None,
                    false => Some(book[(args.book_start + pair as usize) % book.len()].as_str()),
                };
                let game = TakGame {
                    rules,
                    levels: [a, b],
                    a_is_white,
                    opening,
                    weights: &weights,
                };
                let (result, text, positions) =
                    play_tak(&game, opening_seed, &args, engine.as_mut())?;
                if let Some(file) = record.as_mut() {
                    let white = match (result, a_is_white) {
                        (Result::Draw, _) => 0.5,
                        (Result::AWins, true) | (Result::BWins, false) => 1.0,
                        _ => 0.0,
                    };
                    for position in &positions {
                        writeln!(file, "{}", tune::record_line(position, white))
                            .map_err(|e| format!("writing the record: {e}"))?;
                    }
                }
                (result, text)
            }
            GameChoice::Takat => play_takat(a, b, a_is_white, opening_seed, &args),
            GameChoice::Taka => play_taka(a, b, a_is_white, opening_seed, &args),
        };
        tally[match result {
            Result::AWins => 0,
            Result::BWins => 1,
            Result::Draw => 2,
        }] += 1;
        let colours = if a_is_white { "A white" } else { "B white" };
        println!("game {} ({colours}): {result:?} {record}", game + 1);
    }
    let [wins, losses, draws] = tally;
    let score = Score {
        wins,
        losses,
        draws,
    };
    let b_name = match &args.engine {
        Some(command) => format!("{command}, go {}", args.engine_go),
        None if args.random_b => "random legal turns".to_string(),
        None => format!("level {b}"),
    };
    println!("A (level {a}) vs B ({b_name}): {} ", score.line());
    Ok(())
}

/// Whether A and B are the same player: every level is deterministic for
/// its seed, so the second game of a pair would repeat the first move for
/// move, and each game then opens with its own line or plies. On Tak,
/// levels that `--nodes` leaves alike (8-10: the same budget, no noise)
/// are the same player too.
fn plays_alike(a: Level, b: Level, args: &SelfplayArgs) -> bool {
    if args.engine.is_some() || args.random_b || args.weights_a != args.weights_b {
        return false;
    }
    match args.game {
        GameChoice::Tak => tak_settings(a, 0, args) == tak_settings(b, 0, args),
        GameChoice::Takat | GameChoice::Taka => a == b,
    }
}

/// How a level searches a Tak position: its own settings, or `--nodes` a
/// move with its noise.
fn tak_settings(level: Level, seed: u64, args: &SelfplayArgs) -> Settings {
    let mut settings = level.settings(seed);
    if let Some(nodes) = args.nodes {
        settings.limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
    }
    settings
}

fn pick<T: Copy>(items: &[T], seed: &mut u64) -> Option<T> {
    *seed = mix(*seed);
    (!items.is_empty()).then(|| items[(*seed % items.len() as u64) as usize])
}

/// One Tak game's set-up.
struct TakGame<'a> {
    rules: Rules,
    /// A's level, then B's.
    levels: [Level; 2],
    a_is_white: bool,
    /// The book line opening the game, if any.
    opening: Option<&'a str>,
    /// A's and B's own weights, if any.
    weights: &'a [Option<Arc<Weights>>; 2],
}

/// Plays one game: its result for A, its record, and the positions it went
/// through after the opening (for `--record`).
fn play_tak(
    game: &TakGame,
    mut seed: u64,
    args: &SelfplayArgs,
    mut engine: Option<&mut TeiEngine>,
) -> std::result::Result<(Result, String, Vec<tak::Position>), String> {
    let [a, b] = game.levels;
    let a_is_white = game.a_is_white;
    let rules = game.rules;
    let mut position = tak::Position::new(rules);
    let mut moves_so_far: Vec<String> = Vec::new();
    let mut record = Vec::new();
    match game.opening {
        Some(line) => {
            for text in line.split_whitespace() {
                let mv: tak::Move = text
                    .parse()
                    .map_err(|e| format!("book move `{text}`: {e}"))?;
                position
                    .play(mv)
                    .map_err(|e| format!("book move `{text}`: {e}"))?;
                record.push(text.to_string());
                moves_so_far.push(mv.to_string());
            }
        }
        None => {
            for _ in 0..args.random_plies {
                let Some(mv) = pick(&position.legal_moves(), &mut seed) else {
                    break;
                };
                record.push(position.ptn(mv));
                moves_so_far.push(mv.to_string());
                position.play_unchecked(mv);
            }
        }
    }
    if let Some(engine) = engine.as_deref_mut() {
        engine.new_game(rules.size)?;
    }
    let mut searchers = [Searcher::new(32), Searcher::new(32)];
    for (searcher, weights) in searchers.iter_mut().zip(game.weights) {
        if let Some(w) = weights {
            searcher.set_weights(w.clone());
        }
    }
    let mut positions = Vec::new();
    while !position.is_over() && (position.ply()) < args.max_plies {
        if args.record.is_some() {
            positions.push(position.clone());
        }
        let white_to_move = position.to_move() == tak::Color::White;
        let a_to_move = white_to_move == a_is_white;
        let (level, index) = if a_to_move { (a, 0) } else { (b, 1) };
        let mv = match engine.as_deref_mut() {
            Some(engine) if !a_to_move => {
                let text = engine.best_move(&moves_so_far, &args.engine_go)?;
                match text.parse::<tak::Move>() {
                    Ok(mv) if position.check(mv).is_ok() => mv,
                    _ => {
                        let note = format!("the engine sent an illegal move `{text}`");
                        return Ok((Result::AWins, note, positions));
                    }
                }
            }
            _ => {
                let settings = tak_settings(level, seed ^ position.ply() as u64, args);
                let Some(report) = searchers[index].search(&position, settings, |_| {}) else {
                    break;
                };
                report.best()
            }
        };
        record.push(position.ptn(mv));
        moves_so_far.push(mv.to_string());
        position.play(mv).expect("checked legal");
    }
    let result = match position.outcome().and_then(|o| o.winner()) {
        None => Result::Draw,
        Some(winner) => {
            if (winner == tak::Color::White) == a_is_white {
                Result::AWins
            } else {
                Result::BWins
            }
        }
    };
    let ending = position
        .outcome()
        .map_or("unfinished", |o| o.result_string());
    let text = if args.verbose {
        format!("{ending} in {} plies: {}", position.ply(), record.join(" "))
    } else {
        format!("{ending} in {} plies", position.ply())
    };
    Ok((result, text, positions))
}

/// An external engine spoken to over TEI.
struct TeiEngine {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
    /// The board size and half komi it was last told, if any.
    rules: Option<(u8, i8)>,
}

impl TeiEngine {
    fn start(command: &str, half_komi: i8) -> std::result::Result<TeiEngine, String> {
        use std::process::{Command, Stdio};
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("--engine is empty")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("starting `{command}`: {e}"))?;
        let input = child.stdin.take().ok_or("the engine has no input")?;
        let output =
            std::io::BufReader::new(child.stdout.take().ok_or("the engine has no output")?);
        let mut engine = TeiEngine {
            child,
            input,
            output,
            rules: None,
        };
        engine.send("tei")?;
        engine.wait_for("teiok")?;
        engine.send(&format!("setoption name HalfKomi value {half_komi}"))?;
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> std::result::Result<(), String> {
        use std::io::Write;
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("writing to the engine: {e}"))
    }

    /// Reads lines until one starts with `prefix`, and returns it.
    fn wait_for(&mut self, prefix: &str) -> std::result::Result<String, String> {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("reading from the engine: {e}"))?;
            if read == 0 {
                return Err(format!("the engine stopped before `{prefix}`"));
            }
            if line.trim_start().starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }

    fn new_game(&mut self, size: u8) -> std::result::Result<(), String> {
        self.send(&format!("teinewgame {size}"))?;
        self.send("isready")?;
        self.wait_for("readyok").map(|_| ())
    }

    /// Tells the engine the board size and komi of the positions to come,
    /// when they change.
    fn set_rules(&mut self, size: u8, half_komi: i8) -> std::result::Result<(), String> {
        if self.rules != Some((size, half_komi)) {
            self.send(&format!("setoption name HalfKomi value {half_komi}"))?;
            self.new_game(size)?;
            self.rules = Some((size, half_komi));
        }
        Ok(())
    }

    /// The player to move's winning chance in a position, from the last
    /// `wdl` the engine reports while searching it (a draw counts half).
    fn chance(&mut self, tps: &str, go: &str) -> std::result::Result<f32, String> {
        self.send(&format!("position tps {tps}"))?;
        self.send(&format!("go {go}"))?;
        let mut chance = None;
        loop {
            let line = self.wait_for("")?;
            if line.starts_with("bestmove") {
                break;
            }
            if let Some(wdl) = wdl_chance(&line) {
                chance = Some(wdl);
            }
        }
        chance.ok_or_else(|| format!("the engine gave no `wdl` for {tps}"))
    }

    fn best_move(&mut self, moves: &[String], go: &str) -> std::result::Result<String, String> {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        self.send(&position)?;
        self.send(&format!("go {go}"))?;
        let line = self.wait_for("bestmove")?;
        Ok(line.trim_start_matches("bestmove").trim().to_string())
    }
}

/// The winning chance in an `info` line's `wdl W D L` (per mille), if any.
fn wdl_chance(line: &str) -> Option<f32> {
    let mut words = line.split_whitespace().skip_while(|w| *w != "wdl").skip(1);
    let mut next = || words.next()?.parse::<f32>().ok();
    let (win, draw, loss) = (next()?, next()?, next()?);
    let total = win + draw + loss;
    (total > 0.0).then(|| (win + draw / 2.0) / total)
}

impl Drop for TeiEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

fn play_takat(
    a: Level,
    b: Level,
    a_is_white: bool,
    mut seed: u64,
    args: &SelfplayArgs,
) -> (Result, String) {
    let mut position = takat::Position::start();
    let mut record = Vec::new();
    for _ in 0..args.random_plies {
        let Some(turn) = pick(&position.legal_turns(), &mut seed) else {
            break;
        };
        record.push(turn.to_string());
        position.play(turn).expect("a legal turn");
    }
    let mut searchers = [
        takat::search::Searcher::new(),
        takat::search::Searcher::new(),
    ];
    let mut plies = record.len() as u32;
    let mut proven = 0;
    while !position.is_over() && plies < args.max_plies {
        let white_to_move = position.to_move() == takat::Color::White;
        let a_to_move = white_to_move == a_is_white;
        let (level, index) = if a_to_move { (a, 0) } else { (b, 1) };
        let settings = takat::search::level_settings(level.number(), seed ^ plies as u64);
        let Some(report) = searchers[index].search(&position, settings) else {
            break;
        };
        proven += takat::search::SCORES.proven(report.score).is_some() as u32;
        record.push(report.best.to_string());
        position
            .play(report.best)
            .expect("the search returns legal turns");
        plies += 1;
    }
    let winner = position.outcome().map(|o| o.winner);
    let result = match winner {
        None => Result::Draw,
        Some(w) if (w == takat::Color::White) == a_is_white => Result::AWins,
        Some(_) => Result::BWins,
    };
    let ending = match winner {
        Some(takat::Color::White) => "1-0",
        Some(takat::Color::Black) => "0-1",
        None => "unfinished",
    };
    let moves = if args.verbose {
        format!(": {}", record.join(" "))
    } else {
        String::new()
    };
    (
        result,
        format!("{ending} in {plies} plies, {proven} searches proven{moves}"),
    )
}

/// A game of Taka between two levels (or a level and a random player,
/// `--random-b`), from `--random-plies` random turns.
fn play_taka(
    a: Level,
    b: Level,
    a_is_white: bool,
    mut seed: u64,
    args: &SelfplayArgs,
) -> (Result, String) {
    let mut position = taka::Position::start();
    let mut searchers = [taka::search::Searcher::new(), taka::search::Searcher::new()];
    let mut record: Vec<String> = Vec::new();
    let mut plies = 0;
    while !position.is_over() && plies < args.max_plies {
        let a_to_move = (position.to_move() == taka::Side::White) == a_is_white;
        let (level, index) = if a_to_move { (a, 0) } else { (b, 1) };
        let turn = if plies < args.random_plies || (args.random_b && !a_to_move) {
            pick(&position.legal_turns(), &mut seed)
        } else {
            let settings = taka::search::level_settings(level.number(), seed ^ plies as u64);
            searchers[index]
                .search(&position, settings)
                .map(|report| report.best)
        };
        let Some(turn) = turn else { break };
        position.play(&turn).expect("a legal turn");
        record.push(turn.to_string());
        plies += 1;
    }
    let outcome = position.outcome();
    let result = match outcome.and_then(|o| o.winner()) {
        None => Result::Draw,
        Some(w) if (w == taka::Side::White) == a_is_white => Result::AWins,
        Some(_) => Result::BWins,
    };
    let ending = outcome.map_or("unfinished".to_string(), |o| o.to_string());
    let text = format!("{ending} in {plies} plies");
    match args.verbose {
        true => (result, format!("{text}: {}", record.join(" "))),
        false => (result, text),
    }
}

/// The games the computer opponent plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameChoice {
    Tak,
    Takat,
    Taka,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// tiltak's `info` lines carry `wdl W D L` in per mille; a draw
    /// counts half, and a line without it gives nothing.
    #[test]
    fn the_winning_chance_is_read_from_wdl() {
        let line =
            "info depth 6 seldepth 9 nodes 1000 score cp 12 wdl 556 0 444 time 10 nps 1 pv a1";
        assert_eq!(wdl_chance(line), Some(0.556));
        assert_eq!(wdl_chance("info wdl 200 600 200 pv"), Some(0.5));
        assert_eq!(wdl_chance("info depth 3 score cp 40 pv a1"), None);
        assert_eq!(wdl_chance("info wdl 0 0 0"), None);
    }
}
