//! The transport-agnostic core: one [`Invocation`] (where, who, what) in,
//! replies out. It knows no Discord types; adapters only translate.
//!
//! Invocations for one channel are serialised (a lock per channel), and
//! every change to a game is checked against the version it was made from,
//! so two racing moves can never both apply, even from two processes.
//!
//! The core's floors, each importing only the ones below it (see
//! `docs/architecture.md`):
//!
//! 1. [`ground`]: where and who, replies, time, the [`ground::core::Core`]
//!    every handler reaches through its [`ground::context::Ctx`].
//! 2. [`commands`]: the registry of commands, and typed [`Command`]s.
//! 3. [`life`]: a game's life: challenges, the start (in a thread), the
//!    computer opponent's challenges.
//! 4. [`play`]: moves, offers, resignations and the answers to what waits.
//! 5. [`correspondence`] (reminders, timeouts, claims, `/games`) and
//!    [`standings`] (leaderboards, ratings, history).
//! 6. [`views`]: what shows a game without changing it.
//! 7. [`buttons`]: a button press, as the command it stands for.
//! 8. This module: [`Bot`] and the dispatch of an [`Invocation`].
//! 9. [`hooks`]: what adapters call beside [`Bot::handle`].

pub mod buttons;
pub mod commands;
pub mod correspondence;
pub mod ground;
pub mod hooks;
pub mod life;
pub mod play;
pub mod standings;
pub mod tournament;
pub mod views;

use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};
use tracing::error;

use correspondence::{claim, due, games, privacy, remind, settings};
use ground::context::{Ctx, Failure};
use ground::core::Core;
use life::{challenge, threads};
use play::{answers, moves, offers};
use standings::{history, leaderboard, rating};
use views::{analyze, export, help, info, replay, rules, spectate, summary, themes};

pub use commands::Command;
pub use correspondence::vanished::PlaceLost;
pub use ground::announce::{player_label, start_hint, to_move_line};
pub use ground::channels::{ChannelTurn, ChannelTurns};
pub use ground::clock::{self as clock, Clock, OffsetClock, SystemClock};
pub use ground::context::{DISK_FULL, POSITION_CHANGED, RESTARTING};
pub use ground::core::Watcher;
pub use ground::place::{Place, User};
pub use ground::reply::{self as reply, mention, Reply};
pub use ground::{button_ids, interval};
pub use life::computer;
pub use play::suggest;

#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub place: Place,
    pub user: User,
    pub command: Command,
}

/// Called after every handled command (see [`Bot::set_computer_waker`]).
pub type Waker = Box<dyn Fn() + Send + Sync>;

/// The bot: its [`Core`] (the store, the clock, the channels' locks, what
/// is kept in memory) and the dispatch of invocations to their handlers.
pub struct Bot {
    core: Core,
    /// Called after every handled command: the adapter's computer player
    /// looks for games awaiting it ([`hooks::computer`]).
    computer_waker: OnceLock<Waker>,
}

impl Deref for Bot {
    type Target = Core;

    fn deref(&self) -> &Core {
        &self.core
    }
}

impl Bot {
    pub fn new(store: crate::store::Store, clock: Arc<dyn Clock>) -> Bot {
        Bot {
            core: Core::new(store, clock),
            computer_waker: OnceLock::new(),
        }
    }

    /// Handles one invocation. Everything it changes is committed before
    /// the replies are returned.
    pub fn handle(&self, inv: &Invocation) -> Vec<Reply> {
        self.handle_if(inv, || true).unwrap_or_default()
    }

    /// [`Bot::handle`] for a caller that may hold the invocation's channel
    /// turn already ([`ChannelTurns::take`]): the command runs in it rather
    /// than waiting for the turn again.
    pub fn handle_in(&self, held: Option<&ChannelTurn>, inv: &Invocation) -> Vec<Reply> {
        match held {
            Some(turn) => turn.within(|| self.handle(inv)),
            None => self.handle(inv),
        }
    }

    /// [`Bot::handle`], if `still_wanted` says so once no other command
    /// runs in the invocation's channel (`None`: it did not, and nothing
    /// was done).
    fn handle_if(
        &self,
        inv: &Invocation,
        still_wanted: impl FnOnce() -> bool,
    ) -> Option<Vec<Reply>> {
        // A replay or an analysis only reads a game: it does not wait for
        // the channel's turn, nor hold it for seconds (issue 26).
        if inv.command.is_heavy() {
            return still_wanted().then(|| self.handle_locked(inv));
        }
        let replies = self.in_channel(&inv.place, || {
            if !still_wanted() {
                return None;
            }
            // A game ending in its thread is announced in the parent channel too.
            let watched = threads::watch(self, &inv.place);
            let mut replies = self.handle_locked(inv);
            replies.extend(threads::result_for_parent(self, watched));
            Some(replies)
        })?;
        // A game just over may close its tournament's round (issue 32):
        // this server's tournaments are checked, nobody else's.
        let mut replies = replies;
        replies.extend(self.run_tournaments(Some(&inv.place.guild)));
        self.wake_computer();
        Some(replies)
    }

    fn handle_locked(&self, inv: &Invocation) -> Vec<Reply> {
        let ctx = Ctx {
            core: self,
            place: &inv.place,
            user: &inv.user,
            now: self.now(),
        };
        let outcome = self
            .record_names(&ctx, &inv.command)
            .and_then(|()| match &inv.command {
                Command::Challenge(request) => challenge::challenge(&ctx, request),
                Command::Accept => answers::accept(&ctx, None),
                Command::Decline => answers::decline(&ctx, None),
                Command::Cancel => answers::cancel(&ctx),
                Command::Rematch => challenge::rematch(&ctx, None),
                Command::Move { notation, version } => {
                    moves::play_moves(&ctx, std::slice::from_ref(notation), *version)
                }
                Command::MoveRun { notations, version } => {
                    moves::play_moves(&ctx, notations, *version)
                }
                Command::Board => summary::board(&ctx),
                Command::Resign { game } => moves::resign(&ctx, *game),
                Command::Abort { game } => moves::abort(&ctx, *game),
                Command::Draw => offers::draw(&ctx, None),
                Command::Undo => offers::undo(&ctx, None),
                Command::Export { game } => export::export(&ctx, *game),
                Command::Replay { game } => replay::replay(&ctx, *game),
                Command::Analyze { game } => analyze::analyze(&ctx, *game),
                Command::Info { game } => info::info(&ctx, *game),
                Command::Help { command } => help::help(ctx.place, command.as_deref())
                    .map(|reply| vec![reply])
                    .map_err(Failure::User),
                Command::Theme(name) => themes::set_theme(&ctx, name),
                Command::Themes => themes::list(&ctx),
                Command::Claim { game } => claim::claim(&ctx, *game),
                Command::Games { all: false, page } => games::games(&ctx, *page),
                Command::Games { all: true, page } => spectate::games_in_progress(&ctx, *page),
                Command::Remind { every } => remind::remind(&ctx, *every),
                Command::RemindIn { after } => remind::remind_in(&ctx, *after),
                Command::RemindStatus => remind::remind_status(&ctx),
                Command::Notify { dm } => settings::notify(&ctx, *dm),
                Command::Privacy { delete } => privacy::privacy(&ctx, *delete),
                Command::Settings {
                    reminder,
                    timeout,
                    thread,
                    tournaments,
                    web,
                } => settings::settings(
                    &ctx,
                    &crate::store::SettingsChange {
                        reminder: *reminder,
                        timeout: *timeout,
                        threads: *thread,
                        tournaments: *tournaments,
                        web: *web,
                    },
                ),
                Command::Leaderboard { game, page } => leaderboard::leaderboard(&ctx, *game, *page),
                Command::Rating { user, game } => {
                    rating::rating(&ctx, user.as_ref().map(|u| u.id), *game)
                }
                Command::History { user, page } => {
                    history::history(&ctx, user.as_ref().map(|u| u.id), *page)
                }
                Command::Rules(kind) => Ok(vec![rules::rules(ctx.place, *kind)]),
                Command::Tournament(command) => tournament::commands::handle(&ctx, command),
                Command::Button(custom_id) => buttons::press(&ctx, custom_id),
            });
        match outcome {
            Ok(replies) => replies,
            Err(Failure::User(text)) => vec![Reply::ephemeral(&inv.place, text)],
            Err(Failure::Store(e)) => {
                error!("store error: {e}");
                vec![Reply::ephemeral(
                    &inv.place,
                    "Something went wrong with the bot's database, so nothing was done. Please try again.",
                )]
            }
        }
    }

    fn record_names(&self, ctx: &Ctx<'_>, command: &Command) -> Result<(), Failure> {
        // A command from a server marked as left proves the bot is there (its return may have
        // been missed, e.g. during a reconnection): its data must not be deleted.
        if self.store().departed_at(&ctx.place.guild)?.is_some() {
            self.store().mark_returned(&ctx.place.guild)?;
        }
        self.store()
            .upsert_user(ctx.user.id, &ctx.user.name, ctx.now)?;
        for user in command.named_users() {
            self.store().upsert_user(user.id, &user.name, ctx.now)?;
        }
        Ok(())
    }

    /// Runs whatever has fallen due by the clock's now (challenge expiry,
    /// reminders, passed deadlines, the deletion of the data of servers
    /// left longer ago than the grace period) and returns the announcements. Each is
    /// marked as done in the database before it is returned, so it is
    /// never returned twice, and whatever fell due while the bot was not
    /// running is found at the next call.
    pub fn run_due(&self) -> Vec<Reply> {
        let now = self.now();
        // The data of servers the bot left longer ago than the grace period.
        match self.store().purge_departed(now, self.data_grace()) {
            Ok(purged) if !purged.guilds.is_empty() => tracing::info!(
                servers = ?purged.guilds,
                rows = purged.rows,
                "deleted the data of servers the bot left"
            ),
            Ok(_) => {}
            Err(e) => error!("could not delete the data of servers the bot left: {e}"),
        }
        let mut replies = match challenge::expire_due(self, now) {
            Ok(replies) => replies,
            Err(e) => {
                error!("scheduler error: {e}");
                Vec::new()
            }
        };
        match due::run_reminders(self, now) {
            Ok(mut more) => replies.append(&mut more),
            Err(e) => error!("scheduler error: {e}"),
        }
        replies.extend(self.run_tournaments(None));
        replies
    }

    /// The tournaments' steps due now: starts, rounds over or past their
    /// deadline (issue 32); in `guild` only, when given.
    fn run_tournaments(&self, guild: Option<&str>) -> Vec<Reply> {
        tournament::runner::run_due(self, self.now(), guild).unwrap_or_else(|e| {
            error!("tournaments: {e}");
            Vec::new()
        })
    }

    /// When [`Bot::run_due`] next has something to do (`None`: nothing is
    /// scheduled). An adapter sleeps until then (or until a command
    /// arrives, which may schedule something earlier) and calls `run_due`.
    /// The time is the core clock's: it may already be past.
    pub fn next_due(&self) -> Option<DateTime<Utc>> {
        let next = self.store().next_due().and_then(|games| {
            let tournaments = self.store().next_tournament_due()?;
            Ok(games.into_iter().chain(tournaments).min())
        });
        match next {
            Ok(due) => due,
            Err(e) => {
                error!("scheduler error: {e}");
                Some(self.now() + chrono::Duration::minutes(1))
            }
        }
    }

    /// Replays every stored game from its settings and move list and checks
    /// that it reproduces the stored snapshot. Returns how many games were
    /// checked.
    pub fn verify_snapshots(&self) -> Result<usize, String> {
        let games = self.store().all_games().map_err(|e| e.to_string())?;
        for game in &games {
            let state = self.store().replay(game).map_err(|e| e.to_string())?;
            if state.snapshot() != game.snapshot {
                return Err(format!(
                    "game {}: the moves give `{}` but the stored snapshot is `{}`",
                    game.id,
                    state.snapshot(),
                    game.snapshot
                ));
            }
        }
        Ok(games.len())
    }

    /// Sets what is called after every handled command, so the adapter's
    /// computer player can look for games awaiting it. Set once.
    pub fn set_computer_waker(&self, waker: Waker) {
        let _ = self.computer_waker.set(waker);
        self.wake_computer();
    }

    fn wake_computer(&self) {
        if let Some(wake) = self.computer_waker.get() {
            wake();
        }
    }
}

#[cfg(test)]
mod tests;
