//! What the running bot counts, for an operator (issue 43): commands by name and outcome, how
//! long answers take, the lanes and the job pool, the computer's searches, the gateway, the
//! scheduler, the databases and the backups. Kept in one process-wide registry of the
//! `prometheus-client` crate and served in Prometheus' text format by [`super::status`] when
//! `METRICS_ADDR` is set.
//!
//! Off unless `METRICS_ADDR` is set: until [`enable`] is called, [`record`] does nothing (one
//! atomic load). Every label value comes from a fixed set (command names from the registry, outcomes, reasons,
//! shard numbers, file names), never from what a member typed.

use std::sync::atomic::AtomicU64;
use std::sync::OnceLock;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// A command and how it ended.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct CommandLabels {
    pub command: String,
    pub outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct CommandLabel {
    pub command: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct ReasonLabel {
    pub reason: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct ShardLabel {
    pub shard: u32,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct FileLabel {
    pub file: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub(crate) struct KindLabel {
    pub kind: &'static str,
}

/// How a command ended, as `outcome` says it.
pub(crate) mod outcome {
    /// Answered with at least one public message.
    pub const PUBLIC: &str = "public";
    /// Answered privately only (a refusal, or a private answer such as `/privacy`).
    pub const PRIVATE: &str = "private";
    /// Its options did not make a command (answered with why).
    pub const INVALID: &str = "invalid";
    /// Turned away before it ran: see `taktable_refusals_total`.
    pub const REFUSED: &str = "refused";
    /// Turned away or cut short because the bot is stopping.
    pub const STOPPING: &str = "stopping";
    /// The core failed on it (a bug: the member was told so).
    pub const FAILED: &str = "failed";
}

/// Why a command was turned away before it ran, as `reason` says it.
pub(crate) mod reason {
    /// The member's own rate was over.
    pub const SLOW_DOWN: &str = "slow_down";
    /// The channel's lane was full.
    pub const CHANNEL_BUSY: &str = "channel_busy";
    /// No room for another heavy job (the member's or everyone's).
    pub const JOBS_FULL: &str = "jobs_full";
    pub(super) const ALL: [&str; 3] = [SLOW_DOWN, CHANNEL_BUSY, JOBS_FULL];
}

/// How a gateway session began, as `kind` says it.
pub(crate) mod session {
    /// A new session (IDENTIFY, READY).
    pub const READY: &str = "ready";
    /// A reconnection that resumed the session (RESUMED).
    pub const RESUME: &str = "resume";
    pub(super) const ALL: [&str; 2] = [READY, RESUME];
}

/// How a periodic backup ended, as `kind` says it.
pub(crate) mod backup {
    pub const OK: &str = "ok";
    pub const FAILED: &str = "failed";
    pub(super) const ALL: [&str; 2] = [OK, FAILED];
}

/// Seconds, as histograms take them.
fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// Every metric, registered once.
pub(crate) struct Metrics {
    registry: Registry,
    pub commands: Family<CommandLabels, Counter>,
    pub answer_seconds: Family<CommandLabel, Histogram>,
    pub lane_commands: Gauge,
    pub refusals: Family<ReasonLabel, Counter>,
    pub jobs: Gauge,
    pub job_wait_seconds: Histogram,
    pub computer_searches: Counter,
    pub computer_search_seconds: Histogram,
    pub gateway_sessions: Family<KindLabel, Counter>,
    pub gateway_disconnects: Family<ShardLabel, Counter>,
    pub gateway_connected: Family<ShardLabel, Gauge>,
    pub gateway_latency_seconds: Family<ShardLabel, Gauge<f64, AtomicU64>>,
    pub scheduler_lag_seconds: Histogram,
    pub database_bytes: Family<FileLabel, Gauge>,
    pub backups: Family<KindLabel, Counter>,
    pub last_backup_timestamp: Gauge,
}

/// The answer times' buckets: 5 ms to about 20 s.
fn answer_buckets() -> Histogram {
    Histogram::new(exponential_buckets(0.005, 2.0, 13))
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("taktable");
        let commands = Family::<CommandLabels, Counter>::default();
        registry.register(
            "commands",
            "Commands (slash commands and button presses) by registry name and outcome",
            commands.clone(),
        );
        let answer_seconds =
            Family::<CommandLabel, Histogram>::new_with_constructor(answer_buckets as fn() -> _);
        registry.register(
            "answer_seconds",
            "From a command's arrival to its answer sent (including its wait in the lanes)",
            answer_seconds.clone(),
        );
        let lane_commands = Gauge::default();
        registry.register(
            "lane_commands",
            "Commands admitted to the channels' lanes, waiting or running",
            lane_commands.clone(),
        );
        let refusals = Family::<ReasonLabel, Counter>::default();
        registry.register(
            "refusals",
            "Commands turned away before they ran (slow_down, channel_busy, jobs_full)",
            refusals.clone(),
        );
        let jobs = Gauge::default();
        registry.register(
            "jobs",
            "Heavy jobs (replays, analyses) admitted, waiting or running",
            jobs.clone(),
        );
        let job_wait_seconds = answer_buckets();
        registry.register(
            "job_wait_seconds",
            "How long an admitted job waited for a slot of the job pool",
            job_wait_seconds.clone(),
        );
        let computer_searches = Counter::default();
        registry.register(
            "computer_searches",
            "The computer opponent's searches (one per move it plays)",
            computer_searches.clone(),
        );
        let computer_search_seconds = answer_buckets();
        registry.register(
            "computer_search_seconds",
            "How long a computer opponent's move took, search and save",
            computer_search_seconds.clone(),
        );
        let gateway_sessions = Family::<KindLabel, Counter>::default();
        registry.register(
            "gateway_sessions",
            "Gateway sessions begun (kind ready: a new session; resume: a reconnection that resumed)",
            gateway_sessions.clone(),
        );
        let gateway_disconnects = Family::<ShardLabel, Counter>::default();
        registry.register(
            "gateway_disconnects",
            "Times a connected gateway shard lost its connection (it then reconnects)",
            gateway_disconnects.clone(),
        );
        let gateway_connected = Family::<ShardLabel, Gauge>::default();
        registry.register(
            "gateway_connected",
            "1 while the shard's gateway connection is up",
            gateway_connected.clone(),
        );
        let gateway_latency_seconds = Family::<ShardLabel, Gauge<f64, AtomicU64>>::default();
        registry.register(
            "gateway_latency_seconds",
            "The shard's last heartbeat round trip",
            gateway_latency_seconds.clone(),
        );
        let scheduler_lag_seconds = answer_buckets();
        registry.register(
            "scheduler_lag_seconds",
            "How late the scheduler ran what fell due (reminders, deadlines, expiries)",
            scheduler_lag_seconds.clone(),
        );
        let database_bytes = Family::<FileLabel, Gauge>::default();
        registry.register(
            "database_bytes",
            "Each database file's size with its write-ahead log, at the scrape",
            database_bytes.clone(),
        );
        let backups = Family::<KindLabel, Counter>::default();
        registry.register(
            "backups",
            "The bot's own periodic backups (kind ok or failed), one per file",
            backups.clone(),
        );
        let last_backup_timestamp = Gauge::default();
        registry.register(
            "last_backup_timestamp_seconds",
            "When the last periodic backup that was checked ended (Unix time)",
            last_backup_timestamp.clone(),
        );
        // Every label value known in advance is counted from zero, so that a rate or an
        // alert sees the series before its first event (a missing series is no rate at all).
        for reason in reason::ALL {
            let _ = refusals.get_or_create(&ReasonLabel { reason });
        }
        for kind in session::ALL {
            let _ = gateway_sessions.get_or_create(&KindLabel { kind });
        }
        for kind in backup::ALL {
            let _ = backups.get_or_create(&KindLabel { kind });
        }
        Metrics {
            registry,
            commands,
            answer_seconds,
            lane_commands,
            refusals,
            jobs,
            job_wait_seconds,
            computer_searches,
            computer_search_seconds,
            gateway_sessions,
            gateway_disconnects,
            gateway_connected,
            gateway_latency_seconds,
            scheduler_lag_seconds,
            database_bytes,
            backups,
            last_backup_timestamp,
        }
    }

    /// A command `name` ended with `outcome`, `took` after it arrived.
    pub(crate) fn command(&self, name: &str, outcome: &'static str, took: Duration) {
        self.commands
            .get_or_create(&CommandLabels {
                command: name.to_string(),
                outcome,
            })
            .inc();
        self.answer_seconds
            .get_or_create(&CommandLabel {
                command: name.to_string(),
            })
            .observe(seconds(took));
    }

    /// A command turned away before it ran.
    pub(crate) fn refused(&self, reason: &'static str) {
        self.refusals.get_or_create(&ReasonLabel { reason }).inc();
    }

    /// The metrics in Prometheus' text format.
    pub(crate) fn text(&self) -> String {
        let mut text = String::new();
        // Writing to a String does not fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// The process's metrics, once [`enable`]d.
static METRICS: OnceLock<Metrics> = OnceLock::new();

/// Turns the metrics on (for the process, once): from then on [`record`] records.
pub(crate) fn enable() -> &'static Metrics {
    METRICS.get_or_init(Metrics::new)
}

/// Records with `f`, if the metrics are on (what `f` returns is dropped).
pub(crate) fn record<T>(f: impl FnOnce(&Metrics) -> T) {
    if let Some(metrics) = METRICS.get() {
        f(metrics);
    }
}

/// A duration's seconds, for observing elsewhere.
pub(crate) fn observe(histogram: &Histogram, took: Duration) {
    histogram.observe(seconds(took));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prometheus' advice for labelled counters: the series a dashboard or an alert reads exist
    /// at zero from the start, not only after their first event.
    #[test]
    fn known_label_values_are_counted_from_zero() {
        let text = Metrics::new().text();
        for line in [
            "taktable_refusals_total{reason=\"slow_down\"} 0",
            "taktable_refusals_total{reason=\"channel_busy\"} 0",
            "taktable_refusals_total{reason=\"jobs_full\"} 0",
            "taktable_gateway_sessions_total{kind=\"ready\"} 0",
            "taktable_gateway_sessions_total{kind=\"resume\"} 0",
            "taktable_backups_total{kind=\"ok\"} 0",
            "taktable_backups_total{kind=\"failed\"} 0",
        ] {
            assert!(text.lines().any(|l| l == line), "no `{line}` in\n{text}");
        }
    }
}
