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

/// A GET on the bot's `/healthz` or `/metrics` server: the status code and the body.
async fn get(port: u16, path: &str) -> Option<(u16, String)> {
    use tokio::io::AsyncWriteExt;
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .ok()?;
    let request = format!("GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.ok()?;
    let status = response.split_whitespace().nth(1)?.parse().ok()?;
    let body = response.split_once("\r\n\r\n")?.1.to_string();
    Some((status, body))
}

/// Issue 43, the container and the metrics: the binary the image builds (`cargo build --release
/// --locked --bin taktable`, which is the one `cargo test --release` runs) started the way the
/// image starts it (configured by its environment alone, the database in a data folder, health
/// and metrics on), against the Discord stand-in: `/healthz` says ok once the gateway is
/// connected, `/metrics` counts the command served and measures the database, a GUILD_DELETE
/// marks the server as left, and SIGTERM (what `docker stop` sends) ends it with status 0
/// within Docker's 10 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_service_binary_serves_health_and_metrics_and_stops_within_docker_s_10_s() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let dir = std::env::temp_dir().join(format!("taktable-service-{}", std::process::id()));
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = taktable(&dir)
        .env("DISCORD_TOKEN", &token)
        .env("DISCORD_API_PROXY", &standin.api_url)
        .env("DATABASE_PATH", data.join("taktable.db"))
        .env("METRICS_ADDR", format!("127.0.0.1:{port}"))
        .env("BACKUP_DIR", dir.join("backups"))
        .env("RUST_LOG", "info,serenity=warn,poise=warn")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let logs = tokio::spawn(async move {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text).await;
        text
    });
    standin.wait_for_commands(None, WAIT).await;

    // Healthy once the gateway's state has been sampled (every second).
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut health = None;
    while tokio::time::Instant::now() < deadline {
        health = get(port, "/healthz").await;
        if matches!(&health, Some((200, _))) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(health, Some((200, "ok\n".to_string())));

    let help = standin.slash_command("help", json!([]));
    standin.answer(&help).await;
    // The command is counted once its answer has gone out, just after the stand-in has it.
    let counted = regex::Regex::new(
        r#"(?m)^taktable_commands_total\{command="help",outcome="(public|private)"\} 1$"#,
    )
    .unwrap();
    let deadline = tokio::time::Instant::now() + WAIT;
    let metrics = loop {
        let (status, metrics) = get(port, "/metrics").await.unwrap();
        assert_eq!(status, 200);
        if counted.is_match(&metrics) || tokio::time::Instant::now() >= deadline {
            break metrics;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(counted.is_match(&metrics), "{metrics}");
    for line in [
        "taktable_answer_seconds_count{command=\"help\"} 1",
        "taktable_gateway_connected{shard=\"0\"} 1",
        "taktable_lane_commands 0",
        "# TYPE taktable_scheduler_lag_seconds histogram",
        "# TYPE taktable_computer_searches counter",
        "# TYPE taktable_refusals counter",
        "# TYPE taktable_job_wait_seconds histogram",
    ] {
        assert!(metrics.lines().any(|l| l == line), "{line} in\n{metrics}");
    }
    let size =
        regex::Regex::new(r#"(?m)^taktable_database_bytes\{file="taktable.db"\} (\d+)$"#).unwrap();
    let bytes: u64 = size.captures(&metrics).expect("the database's size")[1]
        .parse()
        .unwrap();
    assert!(bytes > 4096, "{bytes}");
    assert_eq!(get(port, "/nothing").await.map(|(s, _)| s), Some(404));

    // Removed from the server (not an outage): marked as left, in the shard's own file.
    let guild = standin.options().guild_id.to_string();
    standin
        .dispatch("GUILD_DELETE", json!({ "id": guild, "unavailable": false }))
        .unwrap();
    let database = data.join("taktable.db");
    let marked = || {
        let conn = rusqlite::Connection::open(&database).ok()?;
        conn.query_row(
            "SELECT left_at FROM departed_guilds WHERE guild = ?1",
            [&guild],
            |r| r.get::<_, String>(0),
        )
        .ok()
    };
    let deadline = tokio::time::Instant::now() + WAIT;
    let mut left = marked();
    while left.is_none() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        left = marked();
    }
    assert!(
        left.is_some_and(|at| at.starts_with("20")),
        "the server was not marked as left"
    );

    let pid = child.id().unwrap().to_string();
    let asked = std::time::Instant::now();
    assert!(std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = tokio::time::timeout(std::time::Duration::from_secs(10), child.wait())
        .await
        .expect("stopped within 10 s")
        .unwrap();
    let took = asked.elapsed();
    let logs = logs.await.unwrap();
    assert_eq!(status.code(), Some(0), "{logs}");
    assert!(logs.contains("serving /healthz and /metrics"), "{logs}");
    println!("stopped {:.2} s after SIGTERM", took.as_secs_f64());
    std::fs::remove_dir_all(&dir).unwrap();
}
