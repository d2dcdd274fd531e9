//! The operator's window (issue 43), off unless `METRICS_ADDR` is set: an HTTP server (axum) with
//!
//! - `GET /healthz`: `200 ok` while every gateway shard of this process is connected and every
//!   database takes a write; else `503` and what is wrong, one line each (for a container's or
//!   a load balancer's health check);
//! - `GET /metrics`: [`super::metrics`] in Prometheus' text format.
//!
//! The gateway's state is sampled every [`SAMPLE_EVERY`] from serenity's shard runners (stage and
//! heartbeat latency); a shard that was connected and is not any more counts as a disconnect.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{info, warn};

use super::metrics::{enable, FileLabel, ShardLabel};
use crate::bot::Bot;

/// How often the gateway's state is sampled.
pub(crate) const SAMPLE_EVERY: Duration = Duration::from_secs(1);

/// The meta key a health check writes.
const PROBE_KEY: &str = "health.checked_at";

/// What the health check and the scrape look at.
pub(crate) struct Status {
    /// Each core with its database file.
    pub stores: Vec<(Arc<Bot>, PathBuf)>,
    /// Whether every shard was connected at the last sample.
    connected: AtomicBool,
    /// Each shard's stage at the last sample, in words.
    stages: Mutex<HashMap<u32, String>>,
}

impl Status {
    pub(crate) fn new(stores: Vec<(Arc<Bot>, PathBuf)>) -> Status {
        Status {
            stores,
            connected: AtomicBool::new(false),
            stages: Mutex::default(),
        }
    }

    /// Samples the gateway: each shard's stage and latency, disconnects since the last sample.
    pub(crate) async fn sample(&self, managers: &[Arc<serenity::ShardManager>]) {
        let mut now: HashMap<u32, (bool, Option<Duration>, String)> = HashMap::new();
        for manager in managers {
            for (id, runner) in manager.runners.lock().await.iter() {
                let connected = runner.stage == serenity::ConnectionStage::Connected;
                now.insert(
                    id.0,
                    (connected, runner.latency, format!("{:?}", runner.stage)),
                );
            }
        }
        let m = enable();
        let mut stages = self.stages.lock().unwrap_or_else(|e| e.into_inner());
        for (&shard, (connected, latency, stage)) in &now {
            let label = ShardLabel { shard };
            let was = stages.get(&shard).is_some_and(|s| s == "Connected");
            if was && !connected {
                m.gateway_disconnects.get_or_create(&label).inc();
            }
            m.gateway_connected
                .get_or_create(&label)
                .set(i64::from(*connected));
            if let Some(latency) = latency {
                m.gateway_latency_seconds
                    .get_or_create(&label)
                    .set(latency.as_secs_f64());
            }
            stages.insert(shard, stage.clone());
        }
        let all = !now.is_empty() && now.values().all(|(connected, ..)| *connected);
        self.connected.store(all, Ordering::Release);
    }

    /// What is wrong, one line each (none: healthy).
    async fn problems(self: &Arc<Self>) -> Vec<String> {
        let mut problems = Vec::new();
        if !self.connected.load(Ordering::Acquire) {
            let stages = self
                .stages
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone();
            let mut stages: Vec<_> = stages.into_iter().collect();
            stages.sort();
            let said: Vec<String> = stages
                .iter()
                .map(|(shard, stage)| format!("shard {shard}: {stage}"))
                .collect();
            problems.push(format!(
                "gateway not connected ({})",
                if said.is_empty() {
                    "no shard started yet".to_string()
                } else {
                    said.join(", ")
                }
            ));
        }
        let status = Arc::clone(self);
        let writes = tokio::task::spawn_blocking(move || {
            status
                .stores
                .iter()
                .filter_map(|(bot, path)| {
                    let wrote = bot
                        .store()
                        .set_meta(PROBE_KEY, &crate::store::time_text(chrono::Utc::now()));
                    match wrote {
                        Ok(()) if bot.store().file_is_sound() => None,
                        Ok(()) => Some(format!(
                            "database {} was replaced under the bot",
                            path.display()
                        )),
                        Err(e) => Some(format!("database {} not writable: {e}", path.display())),
                    }
                })
                .collect::<Vec<_>>()
        })
        .await;
        match writes {
            Ok(failed) => problems.extend(failed),
            Err(e) => problems.push(format!("database check failed: {e}")),
        }
        problems
    }

    /// The files' sizes (with their write-ahead logs), into the metrics.
    fn measure_files(&self) {
        for (_, path) in &self.stores {
            let size = |suffix: &str| {
                let mut name = path.as_os_str().to_owned();
                name.push(suffix);
                std::fs::metadata(PathBuf::from(name)).map_or(0, |m| m.len())
            };
            let bytes = size("") + size("-wal");
            let file = path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
            enable()
                .database_bytes
                .get_or_create(&FileLabel { file })
                .set(i64::try_from(bytes).unwrap_or(i64::MAX));
        }
    }
}

async fn healthz(State(status): State<Arc<Status>>) -> impl IntoResponse {
    let problems = status.problems().await;
    if problems.is_empty() {
        (StatusCode::OK, "ok\n".to_string())
    } else {
        (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{}\n", problems.join("\n")),
        )
    }
}

async fn scrape(State(status): State<Arc<Status>>) -> impl IntoResponse {
    status.measure_files();
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        enable().text(),
    )
}

/// Binds `addr` now (a taken address stops the start), then serves until `stop` turns true.
pub(crate) async fn serve(
    addr: SocketAddr,
    status: Arc<Status>,
    managers: Vec<Arc<serenity::ShardManager>>,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<tokio::task::JoinHandle<()>> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    enable();
    let bound = listener.local_addr()?;
    info!(address = %bound, "serving /healthz and /metrics");
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(scrape))
        .with_state(Arc::clone(&status));
    Ok(tokio::spawn(async move {
        let sampling = async {
            let mut every = tokio::time::interval(SAMPLE_EVERY);
            loop {
                every.tick().await;
                status.sample(&managers).await;
            }
        };
        let mut stopped = stop.clone();
        let server = axum::serve(listener, app).with_graceful_shutdown(async move {
            let _ = stopped.wait_for(|s| *s).await;
        });
        tokio::select! {
            served = server => if let Err(why) = served {
                warn!("the /metrics server stopped: {why}");
            },
            () = sampling => {}
            _ = stop.wait_for(|s| *s) => {}
        }
    }))
}
