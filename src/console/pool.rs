//! `--jobs N`: commands for different channels handled at once, as Discord
//! delivers them. Each channel's commands go to the same worker, in order;
//! a reply block is printed whole when its command is done, so blocks of
//! different channels may interleave.

use std::io::{self, Write};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use super::{command_line, LocalArgs, Session};
use crate::bot::Bot;

struct Job {
    text: String,
    session: Session,
}

/// Commands in flight, to wait for before the clock moves or input ends.
#[derive(Default)]
struct Pending {
    count: Mutex<usize>,
    done: Condvar,
}

pub struct Pool {
    senders: Vec<Sender<Job>>,
    workers: Vec<JoinHandle<()>>,
    pending: Arc<Pending>,
}

impl Pool {
    pub fn new(jobs: usize, bot: Arc<Bot>, args: Arc<LocalArgs>) -> Pool {
        let pending = Arc::new(Pending::default());
        let mut senders = Vec::new();
        let mut workers = Vec::new();
        for _ in 0..jobs {
            let (tx, rx) = channel::<Job>();
            let (bot, args, pending) = (bot.clone(), args.clone(), pending.clone());
            workers.push(std::thread::spawn(move || {
                for job in rx {
                    let mut buffer = Vec::new();
                    let _ = command_line(&job.text, &job.session, &bot, &mut buffer, &args);
                    let stdout = io::stdout();
                    let mut out = stdout.lock();
                    let _ = out.write_all(&buffer);
                    let _ = out.flush();
                    drop(out);
                    let mut count = pending.count.lock().unwrap_or_else(|e| e.into_inner());
                    *count -= 1;
                    pending.done.notify_all();
                }
            }));
            senders.push(tx);
        }
        Pool {
            senders,
            workers,
            pending,
        }
    }

    /// Hands a command to the worker of its channel.
    pub fn submit(&self, text: &str, session: &Session) {
        let worker = channel_worker(&session.channel, self.senders.len());
        *self.pending.count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        let job = Job {
            text: text.to_string(),
            session: session.clone(),
        };
        if self.senders[worker].send(job).is_err() {
            // The worker is gone (it can only stop when the pool is dropped).
            *self.pending.count.lock().unwrap_or_else(|e| e.into_inner()) -= 1;
        }
    }

    /// Waits until every submitted command is done.
    pub fn wait_idle(&self) {
        let mut count = self.pending.count.lock().unwrap_or_else(|e| e.into_inner());
        while *count > 0 {
            count = self
                .pending
                .done
                .wait(count)
                .unwrap_or_else(|e| e.into_inner());
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.senders.clear();
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// The worker that handles a channel: the same one every time.
fn channel_worker(channel: &str, workers: usize) -> usize {
    let hash = channel.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    (hash % workers as u64) as usize
}
