//! A small network on top of the evaluation's features: one hidden layer of
//! clipped linear units, whose output the evaluation adds to the weighted
//! sum. The sum alone cannot say "a flat lead counts less when the
//! opponent's road is one placement away" or "a wall next to a road group
//! matters only late": each hidden unit sees every feature at once and
//! learns such a combination from the teaching data ([`super::tune`]).
//!
//! Inference is in integers: the hidden units' weights in 1/[`ONE`] of a
//! unit, each unit clipped to 0..=[`ONE`], the output in centiflats per
//! unit. The features come one at a time from [`super::eval::features`],
//! so a unit's sum is built as they arrive, with no vector of inputs.

use super::weights::{feature, numbers_line, read_numbers};

/// Hidden units.
pub const HIDDEN: usize = 16;
/// Fixed point of the hidden layer: a unit at [`ONE`] is fully on.
pub const ONE: i32 = 1024;
/// The game's phase (0 to [`super::eval::PHASE_MAX`]) is one more input,
/// after the features.
pub const PHASE_INPUT: usize = feature::COUNT;
/// Inputs: the features, then the phase.
pub const INPUTS: usize = feature::COUNT + 1;

/// The network's integer weights.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Per input, its weight into each hidden unit, in 1/[`ONE`].
    pub input: Vec<[i32; HIDDEN]>,
    /// Each hidden unit's bias, in 1/[`ONE`].
    pub bias: [i32; HIDDEN],
    /// Centiflats per hidden unit fully on.
    pub output: [i32; HIDDEN],
}

impl Network {
    /// The hidden sums before any input: the biases.
    #[inline(always)]
    pub fn start(&self) -> [i32; HIDDEN] {
        self.bias
    }

    /// Adds one input to the hidden sums.
    #[inline(always)]
    pub fn add(&self, hidden: &mut [i32; HIDDEN], input: usize, value: i32) {
        let row = &self.input[input];
        for (h, w) in hidden.iter_mut().zip(row) {
            *h += w * value;
        }
    }

    /// The output, in centiflats, of the hidden sums with every input in.
    #[inline(always)]
    pub fn output(&self, hidden: &[i32; HIDDEN]) -> i32 {
        let mut total = 0;
        for (h, w) in hidden.iter().zip(&self.output) {
            total += h.clamp(&0, &ONE) * w;
        }
        total / ONE
    }

    /// The network as text: a line `network <hidden>`, a line per input
    /// (its weights into each unit), the biases, the output weights.
    pub fn to_text(&self) -> String {
        let mut text = format!("network {HIDDEN}\n");
        for row in self.input.iter().chain([&self.bias, &self.output]) {
            text.push_str(&numbers_line(row));
            text.push('\n');
        }
        text
    }

    /// Reads [`Network::to_text`]'s lines.
    pub fn from_lines<'a>(mut lines: impl Iterator<Item = &'a str>) -> Result<Network, String> {
        let head = lines.next().ok_or("no network line")?;
        if head.split_whitespace().collect::<Vec<_>>() != ["network", &HIDDEN.to_string()] {
            return Err(format!("`{head}` is not `network {HIDDEN}`"));
        }
        let mut row = |what: &str| read_numbers::<HIDDEN>(lines.next(), what);
        let input = (0..INPUTS)
            .map(|i| row(&format!("input {i}")))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Network {
            input,
            bias: row("the biases")?,
            output: row("the output weights")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn network() -> Network {
        let mut input = vec![[0; HIDDEN]; INPUTS];
        input[0][0] = ONE; // unit 0 follows input 0
        input[1][1] = -ONE / 2; // unit 1 falls with input 1
        let mut bias = [0; HIDDEN];
        bias[1] = ONE;
        let mut output = [0; HIDDEN];
        output[0] = 100;
        output[1] = -40;
        Network {
            input,
            bias,
            output,
        }
    }

    /// Units are clipped to 0..=ONE: unit 0 is off below 0 and full from 1.
    #[test]
    fn hidden_units_are_clipped() {
        let net = network();
        let out = |a: i32, b: i32| {
            let mut hidden = net.start();
            net.add(&mut hidden, 0, a);
            net.add(&mut hidden, 1, b);
            net.output(&hidden)
        };
        // Unit 1 is on (bias 1) unless input 1 takes it down.
        assert_eq!(out(0, 0), -40);
        assert_eq!(out(-3, 0), -40);
        assert_eq!(out(1, 0), 60);
        assert_eq!(out(5, 0), 60);
        assert_eq!(out(1, 1), 80);
        assert_eq!(out(1, 2), 100);
        assert_eq!(out(1, 9), 100);
    }

    #[test]
    fn a_network_survives_its_text() {
        let net = network();
        let text = net.to_text();
        assert_eq!(Network::from_lines(text.lines()).unwrap(), net);
        assert!(Network::from_lines("network 3\n".lines()).is_err());
        let short: Vec<&str> = text.lines().take(10).collect();
        assert!(Network::from_lines(short.into_iter()).is_err());
    }
}
