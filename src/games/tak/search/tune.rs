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
use super::network;
use crate::games::kit::search::mix;
use crate::games::tak::ptn_file::result_winner;
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
    for game in crate::games::tak::ptn_file::split_games(text) {
        let parsed =
            crate::games::tak::ptn_file::PtnGame::parse(&game).map_err(|e| e.to_string())?;
        // The result after the moves, or else the Result tag (`PtnGame::parse`).
        let white = match parsed.result.as_deref().and_then(result_winner) {
            Some(Some(Color::White)) => 1.0,
            Some(Some(Color::Black)) => 0.0,
            Some(None) => 0.5,
            None => continue,
        };
        let teaches = |ply: usize| {
            teacher.is_some_and(|t| {
                parsed
                    .player_of_ply(ply)
                    .is_some_and(|name| name.contains(&t.player))
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

/// Moves a row of [`judge`]'s table.
pub const JUDGED_MOVES_A_ROW: u32 = 5;

/// One row of [`judge`]: positions of [`JUDGED_MOVES_A_ROW`] move numbers,
/// each side's winning chance from the view of the player who made the
/// last move.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The first move number of the row (1, 6, 11, ...).
    pub first_move: u32,
    pub positions: usize,
    /// The mean of the record's targets.
    pub target: f64,
    /// The mean of the evaluation's chances.
    pub evaluation: f64,
    /// The mean distance between the two.
    pub distance: f64,
}

/// How an evaluation's winning chances stand against a record's targets
/// (a teacher's, where the record was labelled), from the view of the
/// player who made the last move: in a record of the positions a teacher
/// moved from in its match, its opponent's. Above the targets, the
/// evaluation overrates that player's position (docs/ai.md, "Where the
/// evaluation errs"). Finished positions are left out.
pub fn judge(text: &str, weights: &Weights) -> Result<Vec<Judged>, String> {
    let mut rows: Vec<Judged> = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let (position, white_target) =
            parse_line(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        if position.is_over() {
            continue;
        }
        let mover_eval = eval::evaluate_with(&position, true, weights) as f64;
        // The player to move's view, turned to the other's.
        let evaluation = 1.0 - chance(mover_eval);
        let target = match position.to_move() {
            Color::White => 1.0 - white_target as f64,
            Color::Black => white_target as f64,
        };
        let row = ((position.move_number().max(1) - 1) / JUDGED_MOVES_A_ROW) as usize;
        if rows.len() <= row {
            rows.extend((rows.len()..=row).map(|r| Judged {
                first_move: r as u32 * JUDGED_MOVES_A_ROW + 1,
                positions: 0,
                target: 0.0,
                evaluation: 0.0,
                distance: 0.0,
            }));
        }
        let sums = &mut rows[row];
        sums.positions += 1;
        sums.target += target;
        sums.evaluation += evaluation;
        sums.distance += (evaluation - target).abs();
    }
    rows.retain(|r| r.positions > 0);
    for row in &mut rows {
        let n = row.positions as f64;
        row.target /= n;
        row.evaluation /= n;
        row.distance /= n;
    }
    Ok(rows)
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

/// The positions of `size` in `text` as samples (other sizes, finished
/// games and roads in one skipped), split into the held-out tenth and the
/// rest, with the number skipped.
fn samples(text: &str, size: u8) -> Result<(Vec<Sample>, Vec<Sample>, usize), String> {
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
    Ok((test, train, skipped))
}

/// Cross-entropy of predictions against the samples' targets.
fn cross_entropy(set: &[Sample], predict: impl Fn(&Sample) -> f64) -> f64 {
    let mut total = 0.0;
    for s in set {
        let p = predict(s);
        let r = s.result as f64;
        total -= r * p.max(1e-12).ln() + (1.0 - r) * (1.0 - p).max(1e-12).ln();
    }
    total / set.len() as f64
}

/// Fits weights of positions of `size` in `text` (other sizes skipped),
/// from `start`, with `iterations` steps of Adam.
/// `l2` pulls each weight towards its start (a penalty of `l2 / 2` times
/// the square of the change, per position), for features seldom seen.
/// The linear weights only: `start`'s network, if any, is dropped.
pub fn fit(
    text: &str,
    size: u8,
    start: &Weights,
    iterations: usize,
    l2: f64,
    mut progress: impl FnMut(usize, f64, f64),
) -> Result<Fit, String> {
    let (test, train, skipped) = samples(text, size)?;
    let n = feature::COUNT;
    let mut w: Vec<f64> = start
        .early
        .iter()
        .chain(start.late.iter())
        .map(|&x| x as f64)
        .collect();
    let w0 = w.clone();
    let loss_of = |w: &[f64], set: &[Sample]| cross_entropy(set, |s| predict(w, s, n));
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
    weights.network = None;
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

/// How a network is fitted ([`fit_network`]).
#[derive(Clone, Copy, Debug)]
pub struct NetworkFit {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Seeds the first weights and the order of the positions.
    pub seed: u64,
}

/// The network's weights as the fit keeps them: real numbers, the hidden
/// layer's in units (not 1/[`network::ONE`]).
struct Model {
    /// Linear weights, early then late ([`feature::COUNT`] each).
    linear: Vec<f64>,
    /// Per input, per hidden unit.
    input: Vec<f64>,
    bias: Vec<f64>,
    output: Vec<f64>,
}

impl Model {
    /// The evaluation of a sample in centiflats, and each unit's sum.
    fn forward(&self, s: &Sample, sums: &mut [f64; network::HIDDEN]) -> f64 {
        let n = feature::COUNT;
        let (early, late) = (1.0 - s.phase as f64, s.phase as f64);
        let mut eval = 0.0;
        sums.copy_from_slice(&self.bias);
        for &(f, x) in &s.features {
            let (f, x) = (f as usize, x as f64);
            eval += x * (self.linear[f] * early + self.linear[n + f] * late);
            let row = &self.input[f * network::HIDDEN..(f + 1) * network::HIDDEN];
            for (h, w) in sums.iter_mut().zip(row) {
                *h += w * x;
            }
        }
        let phase = s.phase as f64 * PHASE_MAX as f64;
        let row = &self.input[network::PHASE_INPUT * network::HIDDEN..];
        for (h, w) in sums.iter_mut().zip(row) {
            *h += w * phase;
        }
        for (h, v) in sums.iter().zip(&self.output) {
            eval += h.clamp(0.0, 1.0) * v;
        }
        eval
    }

    /// The model in integers, as the search evaluates it.
    fn to_weights(&self) -> Weights {
        let one = network::ONE as f64;
        let n = feature::COUNT;
        let mut weights = super::weights::hand_set();
        for i in 0..n {
            weights.early[i] = self.linear[i].round() as i32;
            weights.late[i] = self.linear[n + i].round() as i32;
        }
        let row = |values: &[f64], scale: f64| -> [i32; network::HIDDEN] {
            std::array::from_fn(|j| (values[j] * scale).round() as i32)
        };
        weights.network = Some(std::sync::Arc::new(network::Network {
            input: self
                .input
                .chunks(network::HIDDEN)
                .map(|r| row(r, one))
                .collect(),
            bias: row(&self.bias, one),
            output: row(&self.output, 1.0),
        }));
        weights
    }
}

/// A sample's evaluation with integer weights, in centiflats, computed as
/// the search computes it.
fn integer_eval(weights: &Weights, s: &Sample) -> f64 {
    let phase = (s.phase * PHASE_MAX as f32).round() as i32;
    let (mut early, mut late) = (0i32, 0i32);
    let mut hidden = weights.network.as_deref().map(|net| (net, net.start()));
    for &(f, x) in &s.features {
        let (f, x) = (f as usize, x as i32);
        early += weights.early[f] * x;
        late += weights.late[f] * x;
        if let Some((net, h)) = &mut hidden {
            net.add(h, f, x);
        }
    }
    let linear = (early * (PHASE_MAX - phase) + late * phase) / PHASE_MAX;
    let out = match &mut hidden {
        Some((net, h)) => {
            net.add(h, network::PHASE_INPUT, phase);
            net.output(h)
        }
        None => 0,
    };
    (linear + out) as f64
}

/// The loss of integer weights, evaluated as the search does.
fn loss_of_weights(weights: &Weights, set: &[Sample]) -> f64 {
    cross_entropy(set, |s| chance(integer_eval(weights, s)))
}

/// Fits the linear weights and a network on top of them (`docs/ai.md`,
/// "Issue 44"): from `start`'s linear weights (and its network, if it has
/// one; else small random weights), Adam on batches of positions taken in
/// a seeded order, the rate falling linearly to a tenth over the epochs.
pub fn fit_network(
    text: &str,
    size: u8,
    start: &Weights,
    how: NetworkFit,
    l2: f64,
    mut progress: impl FnMut(usize, f64, f64),
) -> Result<Fit, String> {
    let (test, mut train, skipped) = samples(text, size)?;
    let n = feature::COUNT;
    let hidden = network::HIDDEN;
    let mut seed = how.seed;
    let mut random = || {
        seed = mix(seed);
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let one = network::ONE as f64;
    let mut model = Model {
        linear: start
            .early
            .iter()
            .chain(start.late.iter())
            .map(|&x| x as f64)
            .collect(),
        input: Vec::new(),
        bias: Vec::new(),
        output: Vec::new(),
    };
    match &start.network {
        Some(net) => {
            model.input = net
                .input
                .iter()
                .flatten()
                .map(|&w| w as f64 / one)
                .collect();
            model.bias = net.bias.iter().map(|&b| b as f64 / one).collect();
            model.output = net.output.iter().map(|&v| v as f64).collect();
        }
        None => {
            // Units start half on, each input moving them a little; the
            // phase input, up to 100, moves them as much as one feature.
            model.input = (0..network::INPUTS * hidden)
                .map(|i| {
                    let scale = if i / hidden == network::PHASE_INPUT {
                        0.002
                    } else {
                        0.03
                    };
                    random() * scale
                })
                .collect();
            model.bias = vec![0.5; hidden];
            model.output = (0..hidden).map(|_| random() * 10.0).collect();
        }
    }
    let linear0 = model.linear.clone();
    let start_weights = start.clone();
    let start_test = loss_of_weights(&start_weights, &test);
    let start_train = loss_of_weights(&start_weights, &train);
    // Adam's state per parameter, and each group's rate: centiflats for
    // the linear and output weights, units for the hidden layer's.
    struct Adam {
        m: Vec<f64>,
        v: Vec<f64>,
        g: Vec<f64>,
        rate: f64,
    }
    let adam = |len: usize, rate: f64| Adam {
        m: vec![0.0; len],
        v: vec![0.0; len],
        g: vec![0.0; len],
        rate,
    };
    let mut groups = [
        adam(2 * n, 0.3),
        adam(network::INPUTS * hidden, 0.001),
        adam(hidden, 0.001),
        adam(hidden, 0.3),
    ];
    let (beta1, beta2) = (0.9, 0.999);
    let batches = train.len().div_ceil(how.batch.max(1));
    let total_steps = (how.epochs * batches).max(1);
    let mut step = 0usize;
    let mut sums = [0.0; network::HIDDEN];
    for epoch in 1..=how.epochs {
        // A seeded shuffle (Fisher-Yates).
        for i in (1..train.len()).rev() {
            seed = mix(seed);
            train.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        for batch in train.chunks(how.batch.max(1)) {
            step += 1;
            for group in groups.iter_mut() {
                group.g.iter_mut().for_each(|g| *g = 0.0);
            }
            for s in batch {
                let eval = model.forward(s, &mut sums);
                let p = chance(eval);
                let error = (p - s.result as f64) / SCALE;
                let (early, late) = (1.0 - s.phase as f64, s.phase as f64);
                let mut delta = [0.0; network::HIDDEN];
                for j in 0..hidden {
                    groups[3].g[j] += error * sums[j].clamp(0.0, 1.0);
                    if sums[j] > 0.0 && sums[j] < 1.0 {
                        delta[j] = error * model.output[j];
                        groups[2].g[j] += delta[j];
                    }
                }
                for &(f, x) in s.features.iter() {
                    let (f, x) = (f as usize, x as f64);
                    groups[0].g[f] += error * x * early;
                    groups[0].g[n + f] += error * x * late;
                    let row = &mut groups[1].g[f * hidden..(f + 1) * hidden];
                    for (g, d) in row.iter_mut().zip(&delta) {
                        *g += d * x;
                    }
                }
                let phase = s.phase as f64 * PHASE_MAX as f64;
                let row = &mut groups[1].g[network::PHASE_INPUT * hidden..];
                for (g, d) in row.iter_mut().zip(&delta) {
                    *g += d * phase;
                }
            }
            let count = batch.len() as f64;
            let decay = 1.0 - 0.9 * step as f64 / total_steps as f64;
            let params: [&mut Vec<f64>; 4] = [
                &mut model.linear,
                &mut model.input,
                &mut model.bias,
                &mut model.output,
            ];
            for (k, (group, values)) in groups.iter_mut().zip(params).enumerate() {
                for i in 0..values.len() {
                    let mut g = group.g[i] / count;
                    if k == 0 {
                        g += l2 * (values[i] - linear0[i]);
                    }
                    group.m[i] = beta1 * group.m[i] + (1.0 - beta1) * g;
                    group.v[i] = beta2 * group.v[i] + (1.0 - beta2) * g * g;
                    let m_hat = group.m[i] / (1.0 - beta1.powi(step.min(10_000) as i32));
                    let v_hat = group.v[i] / (1.0 - beta2.powi(step.min(10_000) as i32));
                    values[i] -= group.rate * decay * m_hat / (v_hat.sqrt() + 1e-12);
                }
            }
        }
        let chance_of = |s: &Sample| chance(model.forward(s, &mut [0.0; network::HIDDEN]));
        let train_loss = cross_entropy(&train, chance_of);
        let test_loss = cross_entropy(&test, chance_of);
        progress(epoch, train_loss, test_loss);
    }
    let weights = model.to_weights();
    Ok(Fit {
        samples: train.len() + test.len(),
        skipped,
        test_loss: (start_test, loss_of_weights(&weights, &test)),
        train_loss: (start_train, loss_of_weights(&weights, &train)),
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
    chance(eval)
}

/// The winning chance of an evaluation in centiflats.
pub(crate) fn chance(eval: f64) -> f64 {
    1.0 / (1.0 + (-eval / SCALE).exp())
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

    /// The network's fit lowers the loss, and the integer weights it
    /// writes evaluate every position as the fit saw it: the search's
    /// evaluation equals the fit's integer evaluation of the same features.
    #[test]
    fn a_network_fit_lowers_the_loss_and_evaluates_as_the_search_does() {
        let text = flat_ahead_positions();
        let start = weights::hand_set();
        let how = NetworkFit {
            epochs: 5,
            batch: 32,
            seed: 9,
        };
        let fit = fit_network(&text, 5, &start, how, 0.0, |_, _, _| {}).unwrap();
        assert!(fit.train_loss.1 < fit.train_loss.0, "{:?}", fit.train_loss);
        assert!(fit.weights.network.is_some());
        let (test, train, _) = samples(&text, 5).unwrap();
        for (line, s) in text.lines().zip(test.iter().chain(&train)).step_by(37) {
            let (position, _) = parse_line(line).unwrap();
            let searched = eval::evaluate_with(&position, true, &fit.weights);
            let fitted = integer_eval(&fit.weights, s);
            assert!(
                (searched as f64 - fitted).abs() <= 1.0,
                "{searched} {fitted}"
            );
        }
    }

    /// Positions where White is a flat ahead (Black to move) and White
    /// won, but for one in seven, drawn.
    fn flat_ahead_positions() -> String {
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
        text
    }

    #[test]
    fn a_fit_moves_towards_the_results() {
        // The fit lowers the loss (the first 200 positions are held out).
        let text = flat_ahead_positions();
        let start = weights::hand_set();
        let fit = fit(&text, 5, &start, 200, 0.0, |_, _, _| {}).unwrap();
        assert_eq!(fit.samples, 400);
        assert!(fit.train_loss.1 < fit.train_loss.0);
    }

    fn line_after(moves: &str, white_target: f32) -> String {
        let mut p = Position::new(Rules::standard(5).unwrap());
        for mv in moves.split_whitespace() {
            p.play(mv.parse().unwrap()).unwrap();
        }
        record_line(&p, white_target)
    }

    /// The view is the last mover's: White's after White's ply, Black's
    /// after Black's, so a target for White of 0.9 reads 0.9, then 0.1.
    #[test]
    fn judging_takes_the_view_of_the_player_who_moved_last() {
        let weights = weights::for_size(5);
        // White has placed two flats to Black's one (RULINGS Tak 3: the
        // flat count, komi 0), and Black is to move.
        let white_moved = line_after("a1 e5 c3", 0.9);
        let rows = judge(&white_moved, weights).unwrap();
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!((row.first_move, row.positions), (1, 1));
        assert!((row.target - 0.9).abs() < 1e-6, "{row:?}");
        assert!(row.evaluation > 0.5, "a flat ahead reads as ahead: {row:?}");
        assert!((row.distance - (row.evaluation - 0.9).abs()).abs() < 1e-6);

        let black_moved = line_after("a1 e5 c3 c2", 0.9);
        let both = judge(&format!("{white_moved}\n{black_moved}\n"), weights).unwrap();
        assert_eq!(both[0].positions, 2);
        assert!((both[0].target - 0.5).abs() < 1e-6, "{:?}", both[0]);
    }

    /// Rows of five move numbers; rows without positions are left out.
    #[test]
    fn judging_groups_positions_five_moves_a_row() {
        let early = line_after("a1 e5 c3", 0.5);
        // Twelve plies: White to play move 7, no road on the board.
        let later = line_after("a1 e5 c3 c2 b4 b2 d4 d1 a4 a2 e4 e1", 0.5);
        let rows = judge(&format!("{early}\n{later}\n\n"), weights::for_size(5)).unwrap();
        let firsts: Vec<(u32, usize)> = rows.iter().map(|r| (r.first_move, r.positions)).collect();
        assert_eq!(firsts, [(1, 1), (6, 1)]);
        assert!(judge("0.5 0 swap not a position", weights::for_size(5)).is_err());
    }
}
