//! `taktable run` as a process: its exit status without a token, whole runs against the Discord
//! stand-in configured through `.env` and stopped by SIGTERM, and what an operator sees at the
//! default log level.

use std::path::PathBuf;
use std::process::{ExitStatus, Stdio};

use crate::support::discord_standin::{Options, StandIn};
use crate::support::harness::{unique_token, WAIT};
use hyper::Method;
use serde_json::json;
use tokio::io::AsyncReadExt;
use tokio::process::{Child, Command};
use tokio::task::JoinHandle;

const VARIABLES: &[&str] = &[
    "DISCORD_TOKEN",
    "DATABASE_PATH",
    "DISCORD_GUILD_ID",
    "DISCORD_API_PROXY",
    "PLAIN_MOVES",
    "RUST_LOG",
];

/// A fresh directory holding a `.env` with `contents` (so no `.env` of a parent directory is
/// read).
fn workdir(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("taktable-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(".env"), contents).unwrap();
    dir
}

fn taktable(dir: &PathBuf) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_taktable"));
    command.arg("run").current_dir(dir).kill_on_drop(true);
    for variable in VARIABLES {
        command.env_remove(variable);
    }
    command
}

/// `taktable run` in its own directory, configured by `.env` to use the stand-in.
struct Process {
    dir: PathBuf,
    child: Child,
    stderr: JoinHandle<String>,
}

impl Process {
    fn start(name: &str, standin: &StandIn, token: &str, extra_env: &str) -> Process {
        let dir = workdir(
            name,
            &format!(
                "DISCORD_TOKEN={token}\nDISCORD_API_PROXY={}\n{extra_env}",
                standin.api_url
            ),
        );
        let mut child = taktable(&dir).stderr(Stdio::piped()).spawn().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let stderr = tokio::spawn(async move {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text).await;
            text
        });
        Process { dir, child, stderr }
    }

    /// Sends SIGTERM and returns the exit status and everything written to standard error.
    async fn terminate(self) -> (ExitStatus, String) {
        let dir = self.dir.clone();
        let outcome = self.terminate_within(WAIT).await;
        std::fs::remove_dir_all(&dir).unwrap();
        outcome
    }

    /// Sends SIGTERM and returns the exit status and standard error, failing the test when the
    /// process is still running after `limit`. The directory is left for the caller to look at.
    async fn terminate_within(mut self, limit: std::time::Duration) -> (ExitStatus, String) {
        let pid = self.child.id().unwrap().to_string();
        let killed = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap();
        assert!(killed.success());
        let status = match tokio::time::timeout(limit, self.child.wait()).await {
            Ok(status) => status.unwrap(),
            Err(_) => {
                let _ = self.child.kill().await;
                let logs = self.stderr.await.unwrap();
                panic!("taktable did not stop within {limit:?} of SIGTERM:\n{logs}");
            }
        };
        let logs = self.stderr.await.unwrap();
        (status, logs)
    }
}

#[tokio::test]
async fn run_without_a_token_exits_with_status_2() {
    let dir = workdir("no-token", "# no token here\n");
    let output = taktable(&dir).output().await.unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The whole program, at the most verbose log level: configured by `.env`, it connects,
/// registers its commands, and on SIGTERM logs off (close code 1000) and exits 0, never having
/// logged the token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_reads_dotenv_serves_and_stops_cleanly_on_sigterm() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let process = Process::start("dotenv", &standin, &token, "RUST_LOG=trace\n");

    standin.wait_for_commands(None, WAIT).await;
    let (status, logs) = process.terminate().await;
    assert_eq!(status.code(), Some(0), "{logs}");
    assert_eq!(standin.wait_for_close(WAIT).await, 1000);
    assert!(
        logs.contains("registered slash commands globally"),
        "{logs}"
    );
    assert!(logs.contains("shutting down"), "{logs}");
    let secret = token.split('.').nth(1).unwrap();
    assert!(!logs.contains(secret), "the token was logged");
}

/// serenity drops an interaction it cannot deserialize, saying so only at debug level; the bot
/// reports it as a warning, with the reason, at the default level, and goes on serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreadable_interaction_is_reported_at_the_default_log_level() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let process = Process::start("unreadable", &standin, &token, "");
    standin.wait_for_commands(None, WAIT).await;

    let mut broken = standin.slash_command("help", json!([]));
    let fields = broken.payload.as_object_mut().unwrap();
    fields.remove("attachment_size_limit");
    standin.send_interaction(&broken);
    let help = standin.slash_command("help", json!([]));
    standin.send_interaction(&help);
    standin
        .wait_for(Method::POST, &help.callback_path(), WAIT)
        .await;

    let (status, logs) = process.terminate().await;
    assert_eq!(status.code(), Some(0), "{logs}");
    assert!(
        logs.contains(
            "dropped an interaction serenity could not read: missing field `attachment_size_limit`"
        ),
        "{logs}"
    );
    assert!(!standin
        .requests()
        .iter()
        .any(|r| r.path == broken.callback_path()));
}

/// Issue 26: once Discord has gone away (the bot is reconnecting to a gateway that is not
/// there), SIGTERM still ends `taktable run` within 10 s, and the database is closed cleanly:
/// SQLite folds its write-ahead log back into the file and deletes it when the last connection
/// closes, so no `-wal` file is left behind.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_discord_gone_sigterm_still_stops_the_bot_within_10_s() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let process = Process::start("discord-gone", &standin, &token, "RUST_LOG=info\n");
    standin.wait_for_commands(None, WAIT).await;
    let database = process.dir.join("taktable.db");
    assert!(database.exists());
    drop(standin);
    // Long enough for the bot to notice and start reconnecting.
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;

    let dir = process.dir.clone();
    let (status, logs) = process
        .terminate_within(std::time::Duration::from_secs(10))
        .await;
    assert!(status.code().is_some(), "ended by a signal: {logs}");
    assert!(logs.contains("shutting down"), "{logs}");
    assert!(!dir.join("taktable.db-wal").exists(), "{logs}");
    std::fs::remove_dir_all(&dir).unwrap();
}
