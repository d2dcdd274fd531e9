//! A small mutation fuzzer for the parsers of chat and file input, run as
//! ordinary tests (cargo-fuzz needs a sanitizer build of the whole crate,
//! too slow to keep up on this machine; a seeded loop runs in any test run).
//!
//! Each target is a function from text to "accepted or not". Inputs are
//! valid texts (the seeds) edited by random mutations: characters inserted,
//! deleted, swapped or replaced (by the target's alphabet, awkward Unicode,
//! numbers at the edges of integer types, tokens of the notation), chunks
//! duplicated or spliced from another seed, or a chunk repeated thousands of
//! times. Accepted inputs join the pool, so later mutations start from
//! deeper valid texts. Every case must return (no panic) within
//! [`CASE_LIMIT`]; the first failure names its input and is saved under
//! `target/fuzz-findings/` to become a regression test.
//!
//! `FUZZ_CASES` sets the number of executions (default [`DEFAULT_CASES`],
//! a few seconds in CI) and `FUZZ_SEED` the generator's seed.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Executions per target when `FUZZ_CASES` is not set.
pub const DEFAULT_CASES: u64 = 4_000;

/// The longest one case may take. Parsing is microseconds; this is generous
/// because the machine may be loaded, and still catches any hang or
/// quadratic blow-up on the long inputs.
pub const CASE_LIMIT: Duration = Duration::from_millis(1_000);

/// How many accepted inputs the pool keeps besides the seeds.
const POOL_LIMIT: usize = 2_048;

/// Characters that break naive parsers: controls, line breaks of every
/// kind, look-alike dashes and quotes, a byte-order mark, combining marks,
/// wide and astral characters.
const AWKWARD: &[char] = &[
    '\0',
    '\r',
    '\n',
    '\t',
    '\u{b}',
    '\u{c}',
    ' ',
    '\u{a0}',
    '\u{2028}',
    '\u{85}',
    '\u{2212}',
    '\u{2013}',
    '\u{2014}',
    '\u{ff0d}',
    '\u{201c}',
    '\u{201d}',
    '\u{2019}',
    '\u{feff}',
    '\u{301}',
    '\u{200b}',
    'é',
    'ß',
    'İ',
    'ﬀ',
    '漢',
    '\u{1f600}',
    '\u{10ffff}',
    '\u{fffd}',
    '"',
    '\'',
    '\\',
    '{',
    '}',
    '[',
    ']',
    ':',
    ',',
    '/',
    '@',
    '#',
    '*',
    '.',
    '-',
    '+',
];

/// Numbers at the edges of the integer types and of the games' ranges.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "7",
    "8",
    "9",
    "10",
    "99",
    "127",
    "128",
    "255",
    "256",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e309",
    "NaN",
    "inf",
    "-0",
    "0.5",
    "1.25",
    "00",
    "+1",
];

/// The fuzzed target and what it saw.
pub struct Target<'a> {
    pub name: &'a str,
    /// Valid (or nearly valid) texts the mutations start from.
    pub seeds: Vec<String>,
    /// Tokens of the notation inserted whole (`3c3>12`, `[Size "`, ...).
    pub tokens: Vec<String>,
    /// Inputs that once failed, run first on every run.
    pub regressions: Vec<String>,
}

/// What a run did, for the report.
#[derive(Debug)]
pub struct Summary {
    pub executions: u64,
    pub accepted: u64,
    pub slowest: Duration,
    pub slowest_len: usize,
    pub elapsed: Duration,
}

pub fn cases() -> u64 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|s| s.replace('_', "").parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

fn seed() -> u64 {
    std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

impl Target<'_> {
    /// Runs the regressions, then `cases()` mutated inputs, through `check`
    /// (true when the input was accepted). Panics, naming the input, on the
    /// first case that panics or takes longer than [`CASE_LIMIT`].
    pub fn run(&self, check: impl Fn(&str) -> bool) -> Summary {
        assert!(!self.seeds.is_empty(), "{}: no seeds", self.name);
        let started = Instant::now();
        let mut summary = Summary {
            executions: 0,
            accepted: 0,
            slowest: Duration::ZERO,
            slowest_len: 0,
            elapsed: Duration::ZERO,
        };
        let alphabet: Vec<char> = {
            let mut chars: Vec<char> = self
                .seeds
                .iter()
                .chain(&self.tokens)
                .flat_map(|s| s.chars())
                .collect();
            chars.sort_unstable();
            chars.dedup();
            chars
        };
        let mut pool: Vec<String> = Vec::new();
        let mut rng = SmallRng::seed_from_u64(seed());
        let total = cases();
        let inputs = self
            .regressions
            .iter()
            .chain(&self.seeds)
            .cloned()
            .map(Some)
            .chain((0..total).map(|_| None));
        for given in inputs {
            let input = given.unwrap_or_else(|| {
                let mutator = Mutator {
                    rng: &mut rng,
                    alphabet: &alphabet,
                    tokens: &self.tokens,
                };
                mutator.input(&self.seeds, &pool)
            });
            let began = Instant::now();
            let outcome = catch_unwind(AssertUnwindSafe(|| check(&input)));
            let took = began.elapsed();
            summary.executions += 1;
            match outcome {
                Ok(accepted) => {
                    if accepted {
                        summary.accepted += 1;
                        if input.len() <= 4_096 {
                            if pool.len() < POOL_LIMIT {
                                pool.push(input.clone());
                            } else {
                                let i = rng.random_range(0..POOL_LIMIT);
                                pool[i] = input.clone();
                            }
                        }
                    }
                }
                Err(_) => {
                    let path = save_finding(self.name, &input);
                    panic!(
                        "{}: panicked on case {} (seed {}), input saved to {}: {:?}",
                        self.name,
                        summary.executions,
                        seed(),
                        path,
                        shorten(&input)
                    );
                }
            }
            if took > summary.slowest {
                summary.slowest = took;
                summary.slowest_len = input.len();
            }
            if took > CASE_LIMIT {
                let path = save_finding(self.name, &input);
                panic!(
                    "{}: case {} took {took:?} on {} bytes, input saved to {}: {:?}",
                    self.name,
                    summary.executions,
                    input.len(),
                    path,
                    shorten(&input)
                );
            }
        }
        summary.elapsed = started.elapsed();
        // Shown with --nocapture; the figures the report quotes.
        println!(
            "fuzz {}: {} executions, {} accepted, slowest case {:?} ({} bytes), {:.1?} in all, seed {}",
            self.name,
            summary.executions,
            summary.accepted,
            summary.slowest,
            summary.slowest_len,
            summary.elapsed,
            seed()
        );
        summary
    }
}

fn shorten(input: &str) -> String {
    if input.len() <= 600 {
        input.to_string()
    } else {
        let head: String = input.chars().take(300).collect();
        format!("{head}... ({} bytes)", input.len())
    }
}

fn save_finding(name: &str, input: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/fuzz-findings");
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{name}-{}.txt", std::process::id()));
    let _ = std::fs::write(&path, input);
    path.display().to_string()
}

struct Mutator<'a> {
    rng: &'a mut SmallRng,
    alphabet: &'a [char],
    tokens: &'a [String],
}

impl Mutator<'_> {
    fn input(mut self, seeds: &[String], pool: &[String]) -> String {
        // Now and then plain noise from the alphabet.
        if self.rng.random_ratio(1, 64) {
            let len = self.rng.random_range(0..24);
            return (0..len).map(|_| self.char()).collect();
        }
        let base = if !pool.is_empty() && self.rng.random_bool(0.5) {
            &pool[self.rng.random_range(0..pool.len())]
        } else {
            &seeds[self.rng.random_range(0..seeds.len())]
        };
        let mut text: Vec<char> = base.chars().collect();
        // Mostly one or two edits: most inputs stay near valid.
        let edits = 1 + self
            .rng
            .random_range(0..4usize)
            .min(self.rng.random_range(0..8));
        for _ in 0..edits {
            self.edit(&mut text, seeds);
        }
        text.into_iter().collect()
    }

    fn char(&mut self) -> char {
        if self.alphabet.is_empty() || self.rng.random_ratio(1, 8) {
            AWKWARD[self.rng.random_range(0..AWKWARD.len())]
        } else {
            self.alphabet[self.rng.random_range(0..self.alphabet.len())]
        }
    }

    fn at(&mut self, text: &[char]) -> usize {
        self.rng.random_range(0..=text.len())
    }

    fn edit(&mut self, text: &mut Vec<char>, seeds: &[String]) {
        let at = self.at(text);
        match self.rng.random_range(0..12) {
            0 | 1 => {
                let c = self.char();
                text.insert(at, c);
            }
            2 | 3 if !text.is_empty() => {
                let at = at.min(text.len() - 1);
                let len = self.rng.random_range(1..=(text.len() - at).min(4));
                text.drain(at..at + len);
            }
            4 if !text.is_empty() => {
                let at = at.min(text.len() - 1);
                text[at] = self.char();
            }
            5 if !self.tokens.is_empty() => {
                let token = &self.tokens[self.rng.random_range(0..self.tokens.len())];
                text.splice(at..at, token.chars());
            }
            6 => {
                let number = NUMBERS[self.rng.random_range(0..NUMBERS.len())];
                // Replace a run of digits if there is one here, else insert.
                let end = text[at..]
                    .iter()
                    .position(|c| !c.is_ascii_digit())
                    .map_or(text.len(), |n| at + n);
                text.splice(at..end, number.chars());
            }
            7 if !text.is_empty() => {
                // Duplicate a chunk in place.
                let from = self.rng.random_range(0..text.len());
                let len = self.rng.random_range(1..=(text.len() - from).min(16));
                let chunk: Vec<char> = text[from..from + len].to_vec();
                let at = self.at(text);
                text.splice(at..at, chunk);
            }
            8 => {
                // Keep a prefix of this text and a suffix of another seed.
                let other: Vec<char> = seeds[self.rng.random_range(0..seeds.len())]
                    .chars()
                    .collect();
                let from = self.rng.random_range(0..=other.len());
                text.truncate(at);
                text.extend_from_slice(&other[from..]);
            }
            9 if text.len() >= 2 => {
                let a = self.rng.random_range(0..text.len());
                let b = self.rng.random_range(0..text.len());
                text.swap(a, b);
            }
            10 if !text.is_empty() => {
                let at = at.min(text.len() - 1);
                let c = text[at];
                let flipped: Vec<char> = if c.is_lowercase() {
                    c.to_uppercase().collect()
                } else {
                    c.to_lowercase().collect()
                };
                text.splice(at..=at, flipped);
            }
            11 if !text.is_empty() && self.rng.random_ratio(1, 64) => {
                // Rarely, a chunk repeated into a long input (up to ~100 KB):
                // it must be refused or read in about linear time.
                let from = self.rng.random_range(0..text.len());
                let len = self.rng.random_range(1..=(text.len() - from).min(12));
                let chunk: Vec<char> = text[from..from + len].to_vec();
                let times = self.rng.random_range(100..=100_000 / len);
                let at = self.at(text);
                let long: Vec<char> = chunk.iter().copied().cycle().take(len * times).collect();
                text.splice(at..at, long);
            }
            _ => {
                text.truncate(at);
            }
        }
    }
}
