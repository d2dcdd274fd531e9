//! Fitting the evaluation's weights to game results (Texel tuning): a
//! logistic regression of each recorded position's result on its
//! features, `P(win) = 1 / (1 + e^(-eval / SCALE))`, by gradient descent
//! (Adam) on the cross-entropy.
//!
//! Positions come from `taktable selfplay --record FILE`, one a line:
//! `<White's result: 1, 0.5 or 0> <half komi> <swap|no-swap> <TPS>`.
//! The result may be a fraction: with a [`Teacher`], it blends the
//! game's result with the winning chance a stronger engine gave the
//! position when it searched it.

use super::eval::{self, feature, Features, Sink, Weights, PHASE_MAX};
use crate::games::tak::{Color, Komi, Opening, Position, Rules};

/// Centiflats per unit of the logistic: the scale `/analyze` turns scores
/// into winning chances with, so that the two agree.
pub const SCALE: f64 = 150.0;

/// One recorded position, as features.
struct Sample {
    features: Vec<(u16, i16)>,
    /// The phase as a fraction, 0 to 1.
    phase: f32,
    /// The result for the player to move: 1, 0.5 or 0.
    result: f32,
}

struct Record<'a>(&'a mut Vec<(u16, i16)>);

impl Sink for Record<'_> {
    fn add(&mut self, feature: usize, value: i32) {
        self.0.push((feature as u16, value as i16));
    }
}

/// The line a position is recorded as.
pub fn record_line(position: &Position, white_result: f32) -> String {
    format!(
        "{} {} {} {}",
        white_result,
        position.rules().komi.halves(),
        position.rules().opening.name(),
        position.tps()
    )
}

/// An engine whose searched scores, in the games' move comments, teach
/// the fit alongside the results.
#[derive(Clone, Debug)]
pub struct Teacher {
    /// Part of the engine's name as the `Player1`/`Player2` tags give it.
    pub player: String,
    /// How much of each target is the engine's winning chance (the rest
    /// is the game's result).
    pub share: f32,
}

/// White's winning chance in a racetrack move comment, `{+0.52/11 0.43s}`:
/// racetrack writes every engine's score from White's side, and an engine
/// that scores winning chances (as tiltak does, from -1 to 1) gives
/// `2p - 1`. `None` for other comments and scores outside -1 to 1.
fn white_chance(comment: &str) -> Option<f32> {
    let score: f32 = comment.split('/').next()?.trim().parse().ok()?;
    (-1.0..=1.0).contains(&score).then_some((score + 1.0) / 2.0)
}

/// The record lines of every position of the games in a PTN text (games
/// one after another, as racetrack writes them), after their first `skip`
/// plies (a book's opening), each with its game's result. Games without a
/// result are left out. With a teacher, only the positions the teacher
/// moved from are kept, each target blending its score with the result.
pub fn records_from_ptn(
    text: &str,
    skip: usize,
    teacher: Option<&Teacher>,
) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    let mut games = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        // A tag after the move text starts the next game.
        if line.starts_with('[') && current.contains("\n\n") && !current.trim_end().ends_with(']') {
            games.push(std::mem::take(&mut current));
        }
        current.push_str(line);
        current.push('\n');
    }
    games.push(current);
    for game in games.iter().filter(|g| !g.trim().is_empty()) {
        let parsed =
            crate::games::tak::ptn_file::PtnGame::parse(game).map_err(|e| e.to_string())?;
        let white = match parsed.result.as_deref().or(parsed.tag("Result")) {
            Some("R-0" | "F-0" | "1-0") => 1.0,
            Some("0-R" | "0-F" | "0-1") => 0.0,
            Some("1/2-1/2") => 0.5,
            _ => continue,
        };
        let teaches = |ply: usize| {
            teacher.is_some_and(|t| {
                let tag = if ply % 2 == 0 { "Player1" } else { "Player2" };
                parsed.tag(tag).is_some_and(|name| name.contains(&t.player))
            })
        };
        let mut position = parsed.start.clone();
        for (i, text) in parsed.moves.iter().enumerate() {
            if i >= skip && !position.is_over() {
                match teacher {
                    None => lines.push(record_line(&position, white)),
                    Some(t) => {
                        let chance = parsed.comments[i].as_deref().and_then(white_chance);
                        if let (true, Some(p)) = (teaches(i), chance) {
                            let target = t.share * p + (1.0 - t.share) * white;
                            lines.push(record_line(&position, target));
                        }
                    }
                }
            }
            let mv: crate::games::tak::Move =
                text.parse().map_err(|e| format!("`{text}`: {e:?}"))?;
            position.play(mv).map_err(|e| format!("`{text}`: {e}"))?;
        }
    }
    Ok(lines)
}

/// One record line ([`record_line`]): the position and White's result.
pub(crate) fn parse_line(line: &str) -> Result<(Position, f32), String> {
    let mut words = line.splitn(4, ' ');
    let mut next = || words.next().ok_or("a short line");
    let result: f32 = next()?.parse().map_err(|_| "a bad result")?;
    let komi: i8 = next()?.parse().map_err(|_| "a bad komi")?;
    let opening: Opening = next()?.parse()?;
    let tps = next()?;
    let size = tps.split('/').count() as u8;
    let rules = Rules::standard(size)
        .map_err(|e| e.to_string())?
        .with_komi(Komi::from_halves(komi).ok_or("a bad komi")?)
        .with_opening(opening);
    let position = Position::from_tps(tps, rules).map_err(|e| e.to_string())?;
    Ok((position, result))
}

/// What a fit reports.
pub struct Fit {
    pub weights: Weights,
    pub samples: usize,
    pub skipped: usize,
    /// Cross-entropy of the starting and the fitted weights on the held-out
    /// tenth of the positions, then on the rest.
    pub test_loss: (f64, f64),
    pub train_loss: (f64, f64),
}

/// Fits weights of positions of `size` in `text` (other sizes skipped),
/// from `start`, with `iterations` steps of Adam.
/// `l2` pulls each weight towards its start (a penalty of `l2 / 2` times
/// the square of the change, per position), for features seldom seen.
pub fn fit(
    text: &str,
    size: u8,
    start: &Weights,
    iterations: usize,
    l2: f64,
    mut progress: impl FnMut(usize, f64, f64),
) -> Result<Fit, String> {
    let mut samples = Vec::new();
    let mut skipped = 0;
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (position, white_result) =
            parse_line(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        if position.size() != size || position.is_over() {
            skipped += 1;
            continue;
        }
        let mut features = Vec::with_capacity(64);
        let phase = match eval::features(&position, true, true, &mut Record(&mut features)) {
            // Decided by the search, not the weights.
            Features::RoadInOne => {
                skipped += 1;
                continue;
            }
            Features::Phase(p) => p as f32 / PHASE_MAX as f32,
        };
        let result = if position.to_move() == Color::White {
            white_result
        } else {
            1.0 - white_result
        };
        samples.push(Sample {
            features,
            phase,
            result,
        });
    }
    if samples.len() < 100 {
        return Err(format!("only {} positions of size {size}", samples.len()));
    }
    // Every tenth block of 200 positions is held out to test the fit (a
    // game's positions come one after another, and are alike: blocks keep
    // the test's positions from other games than the training's, mostly).
    let (test, train): (Vec<_>, Vec<_>) = samples
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i / 200 % 10 == 0);
    let test: Vec<Sample> = test.into_iter().map(|(_, s)| s).collect();
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();

    let n = feature::COUNT;
    let mut w: Vec<f64> = start
        .early
        .iter()
        .chain(start.late.iter())
        .map(|&x| x as f64)
        .collect();
    let w0 = w.clone();
    let loss_of = |w: &[f64], set: &[Sample]| -> f64 {
        let mut total = 0.0;
        for s in set {
            let p = predict(w, s, n);
            let r = s.result as f64;
            total -= r * p.max(1e-12).ln() + (1.0 - r) * (1.0 - p).max(1e-12).ln();
        }
        total / set.len() as f64
    };
    let start_test = loss_of(&w, &test);
    let start_train = loss_of(&w, &train);
    // Adam, on the whole training set each step.
    let (beta1, beta2, rate) = (0.9, 0.999, 1.0);
    let mut m = vec![0.0; 2 * n];
    let mut v = vec![0.0; 2 * n];
    let mut gradient = vec![0.0; 2 * n];
    for step in 1..=iterations {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for s in &train {
            let p = predict(&w, s, n);
            let error = (p - s.result as f64) / SCALE;
            let (early, late) = (1.0 - s.phase as f64, s.phase as f64);
            for &(f, x) in &s.features {
                let x = x as f64 * error;
                gradient[f as usize] += x * early;
                gradient[n + f as usize] += x * late;
            }
        }
        let count = train.len() as f64;
        for i in 0..2 * n {
            let g = gradient[i] / count + l2 * (w[i] - w0[i]);
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            w[i] -= rate * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if step % 100 == 0 || step == iterations {
            progress(step, loss_of(&w, &train), loss_of(&w, &test));
        }
    }
    let mut weights = start.clone();
    for i in 0..n {
        weights.early[i] = w[i].round() as i32;
        weights.late[i] = w[n + i].round() as i32;
    }
    let rounded: Vec<f64> = weights
        .early
        .iter()
        .chain(weights.late.iter())
        .map(|&x| x as f64)
        .collect();
    Ok(Fit {
        samples: train.len() + test.len(),
        skipped,
        test_loss: (start_test, loss_of(&rounded, &test)),
        train_loss: (start_train, loss_of(&rounded, &train)),
        weights,
    })
}

fn predict(w: &[f64], s: &Sample, n: usize) -> f64 {
    let (early, late) = (1.0 - s.phase as f64, s.phase as f64);
    let mut eval = 0.0;
    for &(f, x) in &s.features {
        let f = f as usize;
        eval += x as f64 * (w[f] * early + w[n + f] * late);
    }
    1.0 / (1.0 + (-eval / SCALE).exp())
}

/// Weights as text: two lines (early, late) of whole numbers.
pub fn weights_to_text(weights: &Weights) -> String {
    let line = |w: &[i32]| {
        w.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("{}\n{}\n", line(&weights.early), line(&weights.late))
}

/// Reads weights written by [`weights_to_text`].
pub fn weights_from_text(text: &str) -> Result<Weights, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let mut read = |what: &str| -> Result<[i32; feature::COUNT], String> {
        let line = lines.next().ok_or(format!("no {what} weights"))?;
        let values: Vec<i32> = line
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("`{w}` is not a weight")))
            .collect::<Result<_, _>>()?;
        values
            .try_into()
            .map_err(|v: Vec<i32>| format!("{} {what} weights, not {}", v.len(), feature::COUNT))
    };
    Ok(Weights {
        early: read("early")?,
        late: read("late")?,
    })
}

/// Weights as a table, one feature a line, for reading.
pub fn weights_table(weights: &Weights) -> String {
    (0..feature::COUNT)
        .map(|i| {
            format!(
                "{:>5} {:>5}  {}\n",
                weights.early[i],
                weights.late[i],
                feature::name(i)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::search::weights;

    #[test]
    fn weights_survive_their_text() {
        let w = weights::hand_set();
        assert_eq!(weights_from_text(&weights_to_text(&w)).unwrap(), w);
        assert!(weights_from_text("1 2 3\n").is_err());
    }

    /// racetrack's comments (`{score/depth time}`, White's side): the
    /// teacher's positions get `share * (score + 1) / 2 + (1 - share) *
    /// result`; the other engine's positions are left out.
    #[test]
    fn a_teacher_blends_its_scores_with_the_result() {
        let ptn = "[Player1 \"/bin/tiltak-tei\"]\n[Player2 \"/bin/taktable\"]\n[Size \"5\"]\n\
                   [Result \"R-0\"]\n\n1. a1 e5 2. c3 {+0.50/11 0.4s} c2 {-1.23/9 0.3s}\n\
                   3. b3 {+1.00/12 0.2s} R-0\n";
        let teacher = Teacher {
            player: "tiltak".into(),
            share: 0.5,
        };
        let lines = records_from_ptn(ptn, 0, Some(&teacher)).unwrap();
        // Plies 2 and 4 are tiltak's with scores; ply 0 has none.
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("0.875 0 swap "), "{}", lines[0]);
        assert!(lines[1].starts_with("1 0 swap "), "{}", lines[1]);
        assert_eq!(records_from_ptn(ptn, 0, None).unwrap().len(), 5);
        assert_eq!(white_chance("-1.23/9 0.3s"), None);
        assert_eq!(white_chance("some words"), None);
    }

    #[test]
    fn a_fit_moves_towards_the_results() {
        // Positions where White is a flat ahead (Black to move) and White
        // won, but for one in seven, drawn: the fit lowers the loss (the
        // first 200 positions are held out).
        let mut text = String::new();
        let rules = Rules::standard(5).unwrap();
        for i in 0..400u32 {
            let file = |k: u32| (b'a' + ((i + k) % 5) as u8) as char;
            let mut p = Position::new(rules);
            for mv in [
                format!("{}1", file(0)),
                format!("{}5", file(0)),
                format!("{}3", file(2)),
            ] {
                p.play(mv.parse().unwrap()).unwrap();
            }
            let result = if i % 7 == 0 { 0.5 } else { 1.0 };
            text.push_str(&record_line(&p, result));
            text.push('\n');
        }
        let start = weights::hand_set();
        let fit = fit(&text, 5, &start, 200, 0.0, |_, _, _| {}).unwrap();
        assert_eq!(fit.samples, 400);
        assert!(fit.train_loss.1 < fit.train_loss.0);
    }
}
