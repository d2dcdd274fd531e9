//! The Discord adapter's configuration, read from the environment.
//!
//! `.env` in the working directory is read first (see [`load_dotenv`]); variables already set in
//! the environment win over it. Every variable is listed, with a comment, in `.env.example`.
//!
//! The bot token is held in a [`Token`], whose `Debug` prints `***` and which has no `Display`,
//! so it cannot end up in a log line or an error message by accident.

use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use super::shards::{ShardError, ShardRange};

/// The variable holding the bot token.
pub const TOKEN_VAR: &str = "DISCORD_TOKEN";
/// The variable holding the SQLite file's path.
pub const DATABASE_PATH_VAR: &str = "DATABASE_PATH";
/// The variable holding the development server's id.
pub const GUILD_ID_VAR: &str = "DISCORD_GUILD_ID";
/// The variable holding the base URL that replaces `https://discord.com` for REST calls.
pub const API_PROXY_VAR: &str = "DISCORD_API_PROXY";
/// The variable that turns on moves typed as plain messages.
pub const PLAIN_MOVES_VAR: &str = "PLAIN_MOVES";

/// The variable holding how many gateway shards the whole bot has (`--shards`).
pub const SHARDS_VAR: &str = "DISCORD_SHARDS";
/// The variable holding the shards this process runs, `A..B` (`--shard-range`).
pub const SHARD_RANGE_VAR: &str = "DISCORD_SHARD_RANGE";

/// The variable holding how long a command may take before its answer is deferred.
pub const DEFER_AFTER_VAR: &str = "DISCORD_DEFER_AFTER_MS";

/// The variable holding the address of the `/healthz` and `/metrics` server (off when unset).
pub const METRICS_ADDR_VAR: &str = "METRICS_ADDR";
/// The variable holding the folder of the bot's own periodic backups (off when unset).
pub const BACKUP_DIR_VAR: &str = "BACKUP_DIR";
/// The variable holding how often the bot backs up its databases.
pub const BACKUP_EVERY_VAR: &str = "BACKUP_EVERY";
/// The variable holding how many periodic backups of each file are kept.
pub const BACKUP_KEEP_VAR: &str = "BACKUP_KEEP";
/// The variable holding how many days a server's data is kept after the bot leaves it.
pub const DATA_GRACE_DAYS_VAR: &str = "DATA_GRACE_DAYS";

/// How often the bot backs up its databases when `BACKUP_DIR` is set and `BACKUP_EVERY` is not.
pub const DEFAULT_BACKUP_EVERY: Duration = Duration::from_secs(6 * 3600);
/// How many periodic backups of each file are kept when `BACKUP_KEEP` is not set.
pub const DEFAULT_BACKUP_KEEP: usize = 7;

/// How long a command may take before the bot defers its answer, when `DISCORD_DEFER_AFTER_MS`
/// is not set. Discord allows 3 seconds for the first answer.
pub const DEFAULT_DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The database file used when `DATABASE_PATH` is not set.
pub const DEFAULT_DATABASE_PATH: &str = "taktable.db";

/// A Discord bot token. Its `Debug` prints `***`; use [`Token::expose`] where the token is really
/// needed (building the HTTP client), and nowhere else.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// Wraps a token, trimming surrounding white space (a common copy-paste accident).
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into().trim().to_string())
    }

    /// The token itself. Never log or format it.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

/// Where slash commands are registered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Registration {
    /// In every server the bot is in (Discord may take a while to show changes).
    Global,
    /// In one server only, where changes show at once: for development.
    Guild(u64),
}

/// Everything the Discord adapter reads from the environment.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token (`DISCORD_TOKEN`).
    pub token: Token,
    /// The SQLite file (`DATABASE_PATH`, default `taktable.db`).
    pub database_path: PathBuf,
    /// Where to register slash commands (`DISCORD_GUILD_ID` set: that server; else globally).
    pub registration: Registration,
    /// A base URL such as `http://127.0.0.1:8080` that replaces `https://discord.com` for every
    /// REST call (`DISCORD_API_PROXY`). The gateway URL is then whatever that server answers.
    pub api_proxy: Option<String>,
    /// Whether moves may be typed as plain messages (`PLAIN_MOVES`, default false). Needs the
    /// privileged MESSAGE_CONTENT intent, which must be switched on in the developer portal.
    pub plain_moves: bool,
    /// How long a command may run before its answer is deferred (`DISCORD_DEFER_AFTER_MS`,
    /// default 1500 ms, at most 2500): a command answered sooner gets its answer directly.
    pub defer_after: Duration,
    /// The gateway shards this process runs (`DISCORD_SHARDS` and `DISCORD_SHARD_RANGE`, or
    /// `--shards` and `--shard-range`). `None`: every shard Discord recommends, one database.
    /// Set: those shards only, and the servers of those shards in their own database file.
    pub shards: Option<ShardRange>,
    /// Where `/healthz` and `/metrics` are served (`METRICS_ADDR`, such as 127.0.0.1:9100);
    /// `None`: not at all.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// The bot's own periodic backups (`BACKUP_DIR`, `BACKUP_EVERY`, `BACKUP_KEEP`); `None`: off.
    pub backups: Option<Backups>,
    /// How long a server's data is kept after the bot leaves it (`DATA_GRACE_DAYS`, default 30).
    pub data_grace: chrono::Duration,
    /// The web pages (`WEB_ADDR` and `WEB_BASE_URL`, both or neither): `None`, none served.
    pub web: Option<crate::web::WebConfig>,
}

/// The bot's own periodic backups.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backups {
    /// The folder they go to.
    pub dir: PathBuf,
    /// How often.
    pub every: Duration,
    /// How many of each file are kept (the oldest go).
    pub keep: usize,
}

/// Why the configuration could not be read. Messages never include the token.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    /// `DISCORD_TOKEN` is unset or empty.
    #[error(
        "{TOKEN_VAR} is not set: put the bot token from the Discord developer portal \
         (Applications > your application > Bot > Reset Token) in the environment or in .env \
         (see .env.example)"
    )]
    MissingToken,
    /// `DISCORD_GUILD_ID` is not a snowflake.
    #[error("{GUILD_ID_VAR} must be a server id (a positive number), not {0:?}")]
    InvalidGuildId(String),
    /// `DISCORD_API_PROXY` is not an http(s) URL.
    #[error("{API_PROXY_VAR} must be a base URL such as http://127.0.0.1:8080, not {0:?}")]
    InvalidApiProxy(String),
    /// `DISCORD_DEFER_AFTER_MS` is not a number of milliseconds from 0 to 2500.
    #[error("{DEFER_AFTER_VAR} must be a number of milliseconds from 0 to 2500, not {0:?}")]
    InvalidDeferAfter(String),
    /// The shard settings are malformed or out of range.
    #[error(transparent)]
    Shards(#[from] ShardError),
    /// A variable holds something else than the value it takes.
    #[error("{name} must be {what}, not {value:?}")]
    Invalid {
        /// The variable's name.
        name: &'static str,
        /// What it takes.
        what: &'static str,
        /// What it held.
        value: String,
    },
    /// The web pages' variables are malformed, or only one is set.
    #[error(transparent)]
    Web(#[from] crate::web::WebConfigError),
    /// A boolean variable holds something else.
    #[error("{name} must be true or false, not {value:?}")]
    InvalidBool {
        /// The variable's name.
        name: &'static str,
        /// What it held.
        value: String,
    },
}

impl ConfigError {
    /// The process exit status for this error: 2, a usage error (the configuration is wrong).
    pub fn exit_code(&self) -> u8 {
        2
    }
}

/// Reads `.env` from the working directory (or a parent) into the environment, if there is one.
/// Variables already set are kept. Returns the file read, if any.
pub fn load_dotenv() -> Option<PathBuf> {
    dotenvy::dotenv().ok()
}

impl Config {
    /// Reads the configuration from the process environment. Call [`load_dotenv`] first.
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads the configuration through `lookup`, which returns a variable's value if set; tests
    /// use it to avoid touching the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let get = |name: &str| {
            lookup(name)
                .map(|value| value.trim().to_string())
                .filter(|value| !value.is_empty())
        };

        let token = get(TOKEN_VAR)
            .map(Token::new)
            .ok_or(ConfigError::MissingToken)?;

        let database_path = get(DATABASE_PATH_VAR)
            .unwrap_or_else(|| DEFAULT_DATABASE_PATH.to_string())
            .into();

        let registration = match get(GUILD_ID_VAR) {
            None => Registration::Global,
            Some(value) => match value.parse::<u64>() {
                Ok(id) if id > 0 => Registration::Guild(id),
                _ => return Err(ConfigError::InvalidGuildId(value)),
            },
        };

        let api_proxy = match get(API_PROXY_VAR) {
            None => None,
            Some(value) => {
                let rest = value
                    .strip_prefix("http://")
                    .or_else(|| value.strip_prefix("https://"));
                match rest {
                    Some(host) if !host.trim_end_matches('/').is_empty() => {
                        Some(value.trim_end_matches('/').to_string())
                    }
                    _ => return Err(ConfigError::InvalidApiProxy(value)),
                }
            }
        };

        let plain_moves = match get(PLAIN_MOVES_VAR) {
            None => false,
            Some(value) => parse_bool(PLAIN_MOVES_VAR, &value)?,
        };

        let defer_after = match get(DEFER_AFTER_VAR) {
            None => DEFAULT_DEFER_AFTER,
            Some(value) => match value.parse::<u64>() {
                Ok(ms) if ms <= 2500 => Duration::from_millis(ms),
                _ => return Err(ConfigError::InvalidDeferAfter(value)),
            },
        };

        let shards = match (get(SHARDS_VAR), get(SHARD_RANGE_VAR)) {
            (None, None) => None,
            (None, Some(_)) => return Err(ShardError::RangeWithoutTotal.into()),
            (Some(total), range) => Some(ShardRange::parse(&total, range.as_deref())?),
        };

        let invalid = |name: &'static str, what: &'static str, value: String| {
            ConfigError::Invalid { name, what, value }
        };
        let metrics_addr = match get(METRICS_ADDR_VAR) {
            None => None,
            Some(value) => Some(value.parse().map_err(|_| {
                invalid(
                    METRICS_ADDR_VAR,
                    "an address and port such as 127.0.0.1:9100 or 0.0.0.0:9100",
                    value,
                )
            })?),
        };
        let backups = match get(BACKUP_DIR_VAR) {
            None => None,
            Some(dir) => {
                let every = match get(BACKUP_EVERY_VAR) {
                    None => DEFAULT_BACKUP_EVERY,
                    Some(value) => humantime::parse_duration(&value)
                        .ok()
                        .filter(|d| *d >= Duration::from_secs(60))
                        .ok_or_else(|| {
                            invalid(
                                BACKUP_EVERY_VAR,
                                "a duration of a minute or more, such as 6h or 1d",
                                value,
                            )
                        })?,
                };
                let keep = match get(BACKUP_KEEP_VAR) {
                    None => DEFAULT_BACKUP_KEEP,
                    Some(value) => {
                        value
                            .parse::<usize>()
                            .ok()
                            .filter(|n| *n >= 1)
                            .ok_or_else(|| {
                                invalid(BACKUP_KEEP_VAR, "a whole number of at least 1", value)
                            })?
                    }
                };
                Some(Backups {
                    dir: dir.into(),
                    every,
                    keep,
                })
            }
        };
        let data_grace = match get(DATA_GRACE_DAYS_VAR) {
            None => crate::store::departures::DEFAULT_GRACE,
            Some(value) => value
                .parse::<i64>()
                .ok()
                .filter(|days| (0..=3650).contains(days))
                .map(chrono::Duration::days)
                .ok_or_else(|| {
                    invalid(
                        DATA_GRACE_DAYS_VAR,
                        "a number of days from 0 to 3650",
                        value,
                    )
                })?,
        };
        let web = crate::web::WebConfig::from_lookup(&lookup)?;

        Ok(Config {
            web,
            token,
            database_path,
            registration,
            api_proxy,
            plain_moves,
            defer_after,
            shards,
            metrics_addr,
            backups,
            data_grace,
        })
    }
}

fn parse_bool(name: &'static str, value: &str) -> Result<bool, ConfigError> {
    match value.to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(ConfigError::InvalidBool {
            name,
            value: value.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn token_is_required() {
        assert_eq!(config(&[]).unwrap_err(), ConfigError::MissingToken);
        assert_eq!(
            config(&[(TOKEN_VAR, "  ")]).unwrap_err(),
            ConfigError::MissingToken
        );
        assert_eq!(ConfigError::MissingToken.exit_code(), 2);
        assert!(ConfigError::MissingToken.to_string().contains(TOKEN_VAR));
    }

    #[test]
    fn defaults() {
        let config = config(&[(TOKEN_VAR, "abc.def")]).unwrap();
        assert_eq!(config.token.expose(), "abc.def");
        assert_eq!(config.database_path, PathBuf::from("taktable.db"));
        assert_eq!(config.registration, Registration::Global);
        assert_eq!(config.api_proxy, None);
        assert!(!config.plain_moves);
        assert_eq!(config.defer_after, Duration::from_millis(1500));
        assert_eq!(config.shards, None);
        assert_eq!(config.metrics_addr, None);
        assert_eq!(config.backups, None);
        assert_eq!(config.data_grace, chrono::Duration::days(30));
    }

    #[test]
    fn the_service_variables_are_read_and_checked() {
        let config = config(&[
            (TOKEN_VAR, "t"),
            (METRICS_ADDR_VAR, "127.0.0.1:9100"),
            (BACKUP_DIR_VAR, "/var/backups/taktable"),
            (BACKUP_EVERY_VAR, "12h"),
            (BACKUP_KEEP_VAR, "14"),
            (DATA_GRACE_DAYS_VAR, "7"),
        ])
        .unwrap();
        assert_eq!(config.metrics_addr, Some("127.0.0.1:9100".parse().unwrap()));
        assert_eq!(
            config.backups,
            Some(Backups {
                dir: "/var/backups/taktable".into(),
                every: Duration::from_secs(12 * 3600),
                keep: 14
            })
        );
        assert_eq!(config.data_grace, chrono::Duration::days(7));
        for (name, bad) in [
            (METRICS_ADDR_VAR, "9100"),
            (BACKUP_EVERY_VAR, "5s"),
            (BACKUP_KEEP_VAR, "0"),
            (DATA_GRACE_DAYS_VAR, "-1"),
        ] {
            let err = super::Config::from_lookup(|n| match n {
                TOKEN_VAR => Some("t".into()),
                BACKUP_DIR_VAR => Some("b".into()),
                n if n == name => Some(bad.into()),
                _ => None,
            })
            .unwrap_err();
            assert!(err.to_string().contains(name), "{err}");
        }
    }

    #[test]
    fn every_variable_is_read() {
        let config = config(&[
            (TOKEN_VAR, " secret-token\n"),
            (DATABASE_PATH_VAR, "/var/lib/taktable/games.db"),
            (GUILD_ID_VAR, "123456789012345678"),
            (API_PROXY_VAR, "http://127.0.0.1:8080/"),
            (PLAIN_MOVES_VAR, "TRUE"),
            (DEFER_AFTER_VAR, "0"),
            (SHARDS_VAR, "4"),
            (SHARD_RANGE_VAR, "2..4"),
        ])
        .unwrap();
        assert_eq!(config.token.expose(), "secret-token");
        assert_eq!(
            config.database_path,
            PathBuf::from("/var/lib/taktable/games.db")
        );
        assert_eq!(
            config.registration,
            Registration::Guild(123_456_789_012_345_678)
        );
        assert_eq!(config.api_proxy.as_deref(), Some("http://127.0.0.1:8080"));
        assert!(config.plain_moves);
        assert_eq!(config.defer_after, Duration::ZERO);
        assert_eq!(config.shards, Some(ShardRange::new(2..4, 4).unwrap()));
    }

    #[test]
    fn shard_settings_are_checked() {
        // The total alone: every shard in this one process.
        let all = config(&[(TOKEN_VAR, "t"), (SHARDS_VAR, "3")]).unwrap();
        assert_eq!(all.shards, Some(ShardRange::new(0..3, 3).unwrap()));
        let err = config(&[(TOKEN_VAR, "t"), (SHARD_RANGE_VAR, "0..2")]).unwrap_err();
        assert_eq!(err, ConfigError::Shards(ShardError::RangeWithoutTotal));
        assert_eq!(err.exit_code(), 2);
        let err = config(&[(TOKEN_VAR, "t"), (SHARDS_VAR, "0")]).unwrap_err();
        assert_eq!(err, ConfigError::Shards(ShardError::Total("0".into())));
        assert!(err.to_string().contains(SHARDS_VAR), "{err}");
        let err = config(&[
            (TOKEN_VAR, "t"),
            (SHARDS_VAR, "4"),
            (SHARD_RANGE_VAR, "0..=1"),
        ])
        .unwrap_err();
        assert_eq!(err, ConfigError::Shards(ShardError::Syntax("0..=1".into())));
        assert!(err.to_string().contains(SHARD_RANGE_VAR), "{err}");
        let err = config(&[
            (TOKEN_VAR, "t"),
            (SHARDS_VAR, "4"),
            (SHARD_RANGE_VAR, "3..8"),
        ])
        .unwrap_err();
        assert!(
            err.to_string().contains("goes past the last shard"),
            "{err}"
        );
    }

    #[test]
    fn bad_values_are_refused_with_the_variable_named() {
        let err = config(&[(TOKEN_VAR, "t"), (GUILD_ID_VAR, "my-server")]).unwrap_err();
        assert!(err.to_string().contains(GUILD_ID_VAR), "{err}");
        let err = config(&[(TOKEN_VAR, "t"), (GUILD_ID_VAR, "0")]).unwrap_err();
        assert_eq!(err, ConfigError::InvalidGuildId("0".into()));
        let err = config(&[(TOKEN_VAR, "t"), (API_PROXY_VAR, "127.0.0.1:80")]).unwrap_err();
        assert!(err.to_string().contains(API_PROXY_VAR), "{err}");
        let err = config(&[(TOKEN_VAR, "t"), (PLAIN_MOVES_VAR, "maybe")]).unwrap_err();
        assert!(err.to_string().contains(PLAIN_MOVES_VAR), "{err}");
        assert_eq!(err.exit_code(), 2);
        let err = config(&[(TOKEN_VAR, "t"), (DEFER_AFTER_VAR, "3000")]).unwrap_err();
        assert_eq!(err, ConfigError::InvalidDeferAfter("3000".into()));
    }

    /// `.env.example` lists every variable the configuration reads (issue 43: it had gone out
    /// of date), each as `NAME=` at the start of a line, and describes today's shard files.
    #[test]
    fn the_example_file_lists_every_variable() {
        let example = include_str!("../../.env.example");
        for name in [
            TOKEN_VAR,
            DATABASE_PATH_VAR,
            GUILD_ID_VAR,
            API_PROXY_VAR,
            PLAIN_MOVES_VAR,
            SHARDS_VAR,
            SHARD_RANGE_VAR,
            DEFER_AFTER_VAR,
            METRICS_ADDR_VAR,
            BACKUP_DIR_VAR,
            BACKUP_EVERY_VAR,
            BACKUP_KEEP_VAR,
            DATA_GRACE_DAYS_VAR,
            "RUST_LOG",
        ] {
            assert!(
                example.lines().any(|l| l.starts_with(&format!("{name}="))),
                "{name} is not in .env.example"
            );
        }
        assert!(example.contains("taktable.shard-0-of-4.db"));
        // What it says its values are is what is read.
        let vars: HashMap<String, String> = example
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .chain([(TOKEN_VAR.to_string(), "t".to_string())])
            .collect();
        let config = Config::from_lookup(|name| vars.get(name).cloned()).unwrap();
        assert_eq!(config.defer_after, DEFAULT_DEFER_AFTER);
        assert_eq!(config.data_grace, chrono::Duration::days(30));
        assert_eq!(config.backups, None, "BACKUP_DIR is empty");
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let config = config(&[(TOKEN_VAR, "MTIz.very-secret.token")]).unwrap();
        let debug = format!("{config:?} {:?} {:#?}", config.token, config);
        assert!(!debug.contains("very-secret"), "{debug}");
        assert!(debug.contains("***"), "{debug}");
    }
}
