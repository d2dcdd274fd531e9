//! Gateway shards: which servers a process serves when a big deployment runs several.
//!
//! Discord sends a server's events on shard `(guild_id >> 22) % total` (its docs' "sharding
//! formula"), and direct messages on shard 0. `taktable run --shards TOTAL --shard-range A..B`
//! runs shards A, A+1, ..., B-1 (a half-open range, as Rust writes it), each with its own
//! connection and its own SQLite file of its servers (see [`crate::store::shards`]), so a shard
//! moves between processes with its file.

use std::fmt;
use std::ops::Range;

pub use crate::store::shard_of;

/// The shards one process runs: `range` (half-open) out of `total`. Always
/// `start < end <= total` and `total >= 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardRange {
    range: Range<u32>,
    total: u32,
}

/// Why a shard setting was refused. The messages name both the flag and the variable.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ShardError {
    /// The total is not a whole number of at least 1.
    #[error(
        "the number of shards (--shards or DISCORD_SHARDS) must be a whole number of at least 1, \
         not {0:?}"
    )]
    Total(String),
    /// The range is not written `A..B` with whole numbers.
    #[error(
        "the shard range (--shard-range or DISCORD_SHARD_RANGE) must be written A..B with whole \
         numbers, such as 0..2 for shards 0 and 1, not {0:?}"
    )]
    Syntax(String),
    /// The range runs no shard (`A >= B`).
    #[error(
        "the shard range {start}..{end} holds no shard: the first number must be below the \
         second (0..2 runs shards 0 and 1)"
    )]
    Empty { start: u32, end: u32 },
    /// The range goes past the last shard.
    #[error(
        "the shard range {start}..{end} goes past the last shard: with {total} shards the \
         range ends at {total} at most (shards are numbered 0 to {last})",
        last = .total - 1
    )]
    PastTotal { start: u32, end: u32, total: u32 },
    /// A range without the total it is part of.
    #[error(
        "a shard range (--shard-range or DISCORD_SHARD_RANGE) needs the number of shards too \
         (--shards or DISCORD_SHARDS)"
    )]
    RangeWithoutTotal,
}

impl ShardRange {
    /// Checks `start < end <= total` and `total >= 1`.
    pub fn new(range: Range<u32>, total: u32) -> Result<ShardRange, ShardError> {
        if total == 0 {
            return Err(ShardError::Total("0".into()));
        }
        if range.start >= range.end {
            return Err(ShardError::Empty {
                start: range.start,
                end: range.end,
            });
        }
        if range.end > total {
            return Err(ShardError::PastTotal {
                start: range.start,
                end: range.end,
                total,
            });
        }
        Ok(ShardRange { range, total })
    }

    /// Reads the settings as given (`--shards`, `--shard-range` or their variables): `total`
    /// a whole number, `range` written `A..B`; without a range, every shard (`0..total`).
    pub fn parse(total: &str, range: Option<&str>) -> Result<ShardRange, ShardError> {
        let total_text = total.trim();
        let total = total_text
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| ShardError::Total(total_text.to_string()))?;
        let range = match range {
            None => 0..total,
            Some(text) => parse_range(text)?,
        };
        ShardRange::new(range, total)
    }

    /// The shards run, half-open.
    pub fn range(&self) -> Range<u32> {
        self.range.clone()
    }

    /// How many shards the whole bot has.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// "shards 0..2 of 4" ("shard 3 of 4" for one), for messages.
    pub fn words(&self) -> String {
        if self.range.len() == 1 {
            return format!("shard {} of {}", self.range.start, self.total);
        }
        format!(
            "shards {}..{} of {}",
            self.range.start, self.range.end, self.total
        )
    }

    /// Whether this process keeps the server `guild_id`.
    pub fn serves(&self, guild_id: u64) -> bool {
        self.range.contains(&shard_of(guild_id, self.total))
    }
}

/// The answer to an event for a server another process keeps (Discord sent it on the wrong
/// shard, or the processes' settings disagree): nothing is done, rather than the server's data
/// being written to the wrong file. `None` when this process keeps `guild` (or runs unsharded).
pub fn refusal(shards: Option<&ShardRange>, guild: &str) -> Option<String> {
    let shards = shards?;
    // Discord's server ids are numbers; anything else belongs to no shard of ours.
    let shard = guild
        .parse::<u64>()
        .ok()
        .map(|id| shard_of(id, shards.total));
    if shard.is_some_and(|shard| shards.range.contains(&shard)) {
        return None;
    }
    let whose = match shard {
        Some(shard) => format!("gateway shard {shard} of {}", shards.total),
        None => "no gateway shard".to_string(),
    };
    Some(format!(
        "This server belongs to {whose}, which another of the bot's connections serves (this \
         one runs {}), so nothing was done. If this keeps happening, please tell the bot's host.",
        shards.words()
    ))
}

/// `0..2 of 4` reads `0..2-of-4` in file names and in the database's record of its range.
impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}..{}-of-{}",
            self.range.start, self.range.end, self.total
        )
    }
}

/// `A..B` with whole numbers (spaces around them allowed).
fn parse_range(text: &str) -> Result<Range<u32>, ShardError> {
    let syntax = || ShardError::Syntax(text.trim().to_string());
    let (start, end) = text.trim().split_once("..").ok_or_else(syntax)?;
    // `..=` is Rust's closed range: not what the flag means, so refused rather than misread.
    let number = |s: &str| {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        s.parse::<u32>().map_err(|_| syntax())
    };
    Ok(number(start)?..number(end)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server id whose shard among `total` is `shard`: the shard is taken from the id's
    /// timestamp bits (22 and up).
    fn guild_on(shard: u64, total: u64) -> u64 {
        (1_000_000 * total + shard) << 22 | 0x3f_ffff
    }

    #[test]
    fn a_server_s_shard_is_discord_s_formula() {
        // Worked by hand: 41771983423143937 >> 22 = 9959216934, which is 2 modulo 4;
        // 197038439483310086 >> 22 = 46977624770, which is 770 modulo 1000 (0 modulo 2).
        assert_eq!(shard_of(41_771_983_423_143_937, 4), 2);
        assert_eq!(shard_of(197_038_439_483_310_086, 1000), 770);
        assert_eq!(shard_of(197_038_439_483_310_086, 2), 0);
        for total in 1..=8u32 {
            for shard in 0..total {
                assert_eq!(
                    shard_of(guild_on(u64::from(shard), u64::from(total)), total),
                    shard
                );
            }
        }
        // The low 22 bits (worker, process, increment) never change the shard.
        assert_eq!(
            shard_of(41_771_983_423_143_936, 4),
            shard_of(41_771_983_423_143_936 | 0x3f_ffff, 4)
        );
        assert_eq!(shard_of(u64::MAX, 1), 0);
    }

    #[test]
    fn a_range_serves_exactly_the_servers_of_its_shards() {
        let first = ShardRange::parse("4", Some("0..2")).unwrap();
        let second = ShardRange::parse("4", Some("2..4")).unwrap();
        for shard in 0..4 {
            let guild = guild_on(shard, 4);
            assert_eq!(first.serves(guild), shard < 2, "shard {shard}");
            assert_eq!(second.serves(guild), shard >= 2, "shard {shard}");
        }
        let all = ShardRange::parse("4", None).unwrap();
        assert_eq!(all.range(), 0..4);
        assert!((0..4).all(|shard| all.serves(guild_on(shard, 4))));
        let one = ShardRange::parse("1", Some("0..1")).unwrap();
        assert!(one.serves(u64::MAX));
    }

    #[test]
    fn events_of_other_shards_are_refused_with_a_reason() {
        let first = ShardRange::parse("4", Some("0..2")).unwrap();
        for shard in 0..4 {
            let guild = guild_on(shard, 4).to_string();
            let refused = refusal(Some(&first), &guild);
            assert_eq!(refused.is_some(), shard >= 2, "shard {shard}");
            assert_eq!(refusal(None, &guild), None, "unsharded: every server");
            if let Some(text) = refused {
                assert!(
                    text.contains(&format!("gateway shard {shard} of 4"))
                        && text.contains("shards 0..2 of 4")
                        && text.contains("nothing was done"),
                    "{text}"
                );
            }
        }
        assert!(refusal(Some(&first), "not-a-server").is_some());
    }

    #[test]
    fn ranges_are_read_half_open() {
        let range = ShardRange::parse(" 10 ", Some(" 4 .. 7 ")).unwrap();
        assert_eq!(range.range(), 4..7);
        assert_eq!(range.total(), 10);
        assert_eq!(range.to_string(), "4..7-of-10");
        assert_eq!(ShardRange::parse("4", Some("3..4")).unwrap().range(), 3..4);
    }

    #[test]
    fn malformed_settings_are_refused_with_a_specific_error() {
        let parse = |total: &str, range: Option<&str>| ShardRange::parse(total, range);
        assert_eq!(parse("0", None), Err(ShardError::Total("0".into())));
        assert_eq!(parse("four", None), Err(ShardError::Total("four".into())));
        assert_eq!(parse("-1", None), Err(ShardError::Total("-1".into())));
        assert_eq!(parse("", None), Err(ShardError::Total("".into())));
        for bad in [
            "0-2", "0..", "..2", "0..=2", "a..b", "0..2..4", "+0..2", "0.5..2", "",
        ] {
            assert_eq!(
                parse("4", Some(bad)),
                Err(ShardError::Syntax(bad.into())),
                "{bad:?}"
            );
        }
        assert_eq!(
            parse("4", Some("2..2")),
            Err(ShardError::Empty { start: 2, end: 2 })
        );
        assert_eq!(
            parse("4", Some("3..1")),
            Err(ShardError::Empty { start: 3, end: 1 })
        );
        let past = parse("4", Some("2..5")).unwrap_err();
        assert_eq!(
            past,
            ShardError::PastTotal {
                start: 2,
                end: 5,
                total: 4
            }
        );
        let text = past.to_string();
        assert!(text.contains("2..5") && text.contains("0 to 3"), "{text}");
        assert!(parse("4", Some("x"))
            .unwrap_err()
            .to_string()
            .contains("--shard-range or DISCORD_SHARD_RANGE"));
    }
}
