//! Runs the real bot (`taktable::discord::run_until`) against a [`StandIn`], with every log line
//! of the whole test process captured at TRACE level so tests can check the token never shows.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use taktable::discord::{self, Config};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::discord_standin::{Options, StandIn};

/// How long any single wait may take before the test fails. Everything normally takes
/// milliseconds; this only bounds a failing test.
pub const WAIT: Duration = Duration::from_secs(10);

static LOGS: Mutex<Vec<u8>> = Mutex::new(Vec::new());

struct Capture;

impl Write for Capture {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        LOGS.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Installs (once) a subscriber that keeps every event and span of the process, at TRACE level
/// unless [`capture_logs_at`] chose another level first.
fn capture_logs() {
    capture_logs_at("trace");
}

/// Installs (once, before the bot starts) a subscriber that keeps the process's log lines
/// selected by `filter` (`RUST_LOG` syntax), and returns the filter in force: the first one asked
/// for in this process. A load test captures with the bot's default filter: at TRACE every
/// request is logged with its body (each picture as a list of byte values), so the capture, not
/// the bot, would be most of the memory and much of the CPU time it measures.
pub fn capture_logs_at(filter: &str) -> &'static str {
    static INSTALLED: OnceLock<String> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        // The bot's own logging set-up.
        discord::logging::try_init_with(filter, false, || Capture)
            .expect("no other subscriber in this test process");
        filter.to_string()
    })
}

/// Everything logged so far by the test process.
pub fn logs() -> String {
    String::from_utf8_lossy(&LOGS.lock().unwrap()).into_owned()
}

/// A token no other test uses, shaped like a real one.
pub fn unique_token() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    format!(
        "MTEwMDAwMDAwMDAwMDAwMDAwMQ.stand-in-{n}-{}.secret",
        std::process::id()
    )
}

/// The bot running against a stand-in.
pub struct RunningBot {
    pub standin: StandIn,
    /// The token the bot was given.
    pub token: String,
    /// The SQLite file the bot uses (`DATABASE_PATH`): a fresh one in a temporary directory
    /// unless the test gave one.
    pub database: PathBuf,
    /// The temporary directory holding the database (removed when the bot is dropped).
    _dir: Option<tempfile::TempDir>,
    stop: Option<oneshot::Sender<()>>,
    task: JoinHandle<Result<(), discord::Error>>,
}

impl RunningBot {
    /// Starts a stand-in expecting `token`, and the bot configured with `vars` plus
    /// DISCORD_TOKEN=`token`, DISCORD_API_PROXY=the stand-in and, unless `vars` sets it,
    /// DATABASE_PATH=a fresh file in a temporary directory.
    pub async fn start_with(options: Options, token: &str, vars: &[(&str, &str)]) -> RunningBot {
        let standin = StandIn::start(options).await;
        RunningBot::start_on(standin, token, vars)
    }

    /// Starts the bot against a running `standin` (so a test can restart the bot against the
    /// same one).
    pub fn start_on(standin: StandIn, token: &str, vars: &[(&str, &str)]) -> RunningBot {
        capture_logs();
        let mut all: Vec<(String, String)> = vec![
            ("DISCORD_TOKEN".into(), token.to_string()),
            ("DISCORD_API_PROXY".into(), standin.api_url.clone()),
        ];
        all.extend(vars.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        let (database, dir) = match all.iter().find(|(k, _)| k == "DATABASE_PATH") {
            Some((_, path)) => (PathBuf::from(path), None),
            None => {
                let dir = tempfile::tempdir().expect("a temporary directory");
                let path = dir.path().join("taktable.db");
                all.push(("DATABASE_PATH".into(), path.display().to_string()));
                (path, Some(dir))
            }
        };
        let config =
            Config::from_lookup(|name| all.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
                .expect("a valid configuration");

        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            discord::run_until(&config, async {
                let _ = stopped.await;
            })
            .await
        });
        RunningBot {
            standin,
            token: token.to_string(),
            database,
            _dir: dir,
            stop: Some(stop),
            task,
        }
    }

    /// Starts the bot with a fresh token and `vars`.
    pub async fn start(vars: &[(&str, &str)]) -> RunningBot {
        let token = unique_token();
        RunningBot::start_with(Options::new(&token), &token, vars).await
    }

    /// Starts the bot and waits until it has registered its commands (globally, or in
    /// DISCORD_GUILD_ID if `vars` sets it), so interactions can be sent.
    pub async fn start_ready(vars: &[(&str, &str)]) -> RunningBot {
        let bot = RunningBot::start(vars).await;
        let guild = vars
            .iter()
            .find(|(k, _)| *k == "DISCORD_GUILD_ID")
            .map(|(_, v)| v.parse().unwrap());
        bot.standin.wait_for_commands(guild, WAIT).await;
        bot
    }

    /// Asks the bot to shut down (as Ctrl-C would) and returns how `run_until` ended. Also checks
    /// that the token never appeared in the captured logs.
    pub async fn stop(&mut self) -> Result<(), discord::Error> {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let outcome = tokio::time::timeout(WAIT, &mut self.task)
            .await
            .expect("the bot did not stop within the time limit")
            .expect("the bot's task panicked");
        self.assert_token_not_logged();
        assert_no_failure_logged();
        outcome
    }

    /// Waits for the bot to stop by itself (after a fatal error) and returns how it ended.
    pub async fn stopped(&mut self) -> Result<(), discord::Error> {
        let outcome = tokio::time::timeout(WAIT, &mut self.task)
            .await
            .expect("the bot did not stop by itself within the time limit")
            .expect("the bot's task panicked");
        self.assert_token_not_logged();
        outcome
    }

    /// Checks that the token's secret part appears in no captured log line, as text, as hex or
    /// as a Debug list of bytes (how WebSocket and HTTP libraries dump payloads).
    pub fn assert_token_not_logged(&self) {
        let logs = logs();
        if let Ok(path) = std::env::var("TAKTABLE_DUMP_LOGS") {
            std::fs::write(path, &logs).unwrap();
        }
        assert!(!logs.is_empty(), "no log line was captured");
        let secret = self.token.split('.').nth(1).unwrap();
        let bytes = secret.as_bytes();
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let list = bytes
            .iter()
            .map(|b| b.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        for (form, needle) in [
            ("text", secret),
            ("hex", hex.as_str()),
            ("bytes", list.as_str()),
        ] {
            let leaks: Vec<&str> = logs.lines().filter(|line| line.contains(needle)).collect();
            assert!(
                leaks.is_empty(),
                "the token appears in the logs (as {form}):\n{}",
                leaks.join("\n")
            );
        }
    }
}

/// Checks that no command or event handler failed and that serenity dropped no event it could not
/// deserialize, in any test of this process so far (the logs are shared).
pub fn assert_no_failure_logged() {
    let logs = logs();
    let failures: Vec<&str> = logs
        .lines()
        .filter(|line| {
            line.contains(" ERROR taktable")
                || line.contains("dropped an interaction")
                || line.contains("An unknown event was received")
        })
        .collect();
    assert!(
        failures.is_empty(),
        "failures in the logs (of this or another test):\n{}",
        failures.join("\n")
    );
}

impl Drop for RunningBot {
    fn drop(&mut self) {
        self.task.abort();
    }
}
