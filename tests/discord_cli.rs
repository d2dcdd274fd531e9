//! `taktable run` as a process: its exit status without a token, and a whole run against the
//! Discord stand-in configured through `.env`, stopped by SIGTERM.

mod support;

use std::path::PathBuf;
use std::process::Stdio;

use support::discord_standin::{Options, StandIn};
use support::harness::{unique_token, WAIT};
use tokio::io::AsyncReadExt;
use tokio::process::Command;

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

#[tokio::test]
async fn run_without_a_token_exits_with_status_2() {
    let dir = workdir("no-token", "# no token here\n");
    let output = taktable(&dir).output().await.unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("DISCORD_TOKEN is not set"), "{stderr}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn run_reads_dotenv_serves_and_stops_cleanly_on_sigterm() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let dir = workdir(
        "dotenv",
        &format!(
            "DISCORD_TOKEN={token}\nDISCORD_API_PROXY={}\nRUST_LOG=trace\n",
            standin.api_url
        ),
    );
    let mut child = taktable(&dir).stderr(Stdio::piped()).spawn().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reading = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });

    standin.wait_for_commands(None, WAIT).await;
    let pid = child.id().unwrap().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());

    let status = tokio::time::timeout(WAIT, child.wait())
        .await
        .expect("taktable did not stop after SIGTERM")
        .unwrap();
    let logs = reading.await.unwrap();
    assert_eq!(status.code(), Some(0), "{logs}");
    assert_eq!(standin.wait_for_close(WAIT).await, 1000);
    assert!(
        logs.contains("registered slash commands globally"),
        "{logs}"
    );
    assert!(logs.contains("shutting down"), "{logs}");
    let secret = token.split('.').nth(1).unwrap();
    assert!(!logs.contains(secret), "the token was logged");
    std::fs::remove_dir_all(dir).unwrap();
}
