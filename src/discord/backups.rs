//! The bot's own periodic backups (issue 43), on when `BACKUP_DIR` is set: every `BACKUP_EVERY`
//! (6 hours by default) each database file of this process is copied into the folder, checked,
//! and the oldest copies beyond `BACKUP_KEEP` (7 by default) are removed (see
//! [`crate::store::backup::backup_keeping`]). The copies are taken while the bot runs; moves go
//! on meanwhile.

use std::path::PathBuf;
use std::time::Duration;

use tokio::sync::watch;
use tracing::{error, info};

use super::config::Backups;
use super::metrics::{backup, record, KindLabel};
use crate::store::backup::backup_keeping;

/// Runs until `stop` turns true: a backup of every file in `files` every `backups.every`, the
/// first one after one period.
pub(crate) async fn run(backups: Backups, files: Vec<PathBuf>, mut stop: watch::Receiver<bool>) {
    let start = tokio::time::Instant::now() + backups.every;
    let mut every = tokio::time::interval_at(start, backups.every);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stop.wait_for(|s| *s) => return,
        }
        for file in &files {
            let (file, backups) = (file.clone(), backups.clone());
            let made = tokio::task::spawn_blocking(move || {
                backup_keeping(&file, &backups.dir, backups.keep, chrono::Utc::now())
                    .map_err(|e| e.to_string())
            })
            .await
            .unwrap_or_else(|e| Err(e.to_string()));
            match made {
                Ok((copy, removed)) => {
                    info!(
                        copy = %copy.path.display(),
                        bytes = copy.bytes,
                        games = copy.games,
                        removed = removed.len(),
                        "backed up the database"
                    );
                    let now = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .unwrap_or(Duration::ZERO);
                    record(|m| {
                        m.backups
                            .get_or_create(&KindLabel { kind: backup::OK })
                            .inc();
                        m.last_backup_timestamp
                            .set(i64::try_from(now.as_secs()).unwrap_or(0));
                    });
                }
                Err(why) => {
                    error!("the periodic backup failed: {why}");
                    record(|m| {
                        m.backups
                            .get_or_create(&KindLabel {
                                kind: backup::FAILED,
                            })
                            .inc()
                    });
                }
            }
        }
    }
}
