//! The transport-agnostic core: one [`Invocation`] (where, who, what) in,
//! replies out. It knows no Discord types; adapters only translate.
//!
//! Invocations for one channel are serialised (a mutex per channel), and
//! every change to a game is checked against the version it was made from,
//! so two racing moves can never both apply, even from two processes.

pub mod analyze;
pub mod announce;
pub mod blind;
pub mod board;
pub mod button_ids;
pub mod buttons;
pub mod challenge;
pub mod clock;
pub mod commands;
pub mod computer;
pub mod correspondence;
pub mod export;
pub mod help;
pub mod info;
pub mod interval;
pub mod live;
pub mod offers;
pub mod pages;
pub mod play;
pub mod replay;
pub mod reply;
pub mod rules;
pub mod spectate;
pub mod spelling;
pub mod standings;
pub mod suggest;
pub mod summary;
pub mod themes;
pub mod threads;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use chrono::{DateTime, Utc};
use tracing::error;

use crate::games::{GameState, Seat};
use crate::store::{GameRow, Store, StoreError, UserId};

pub use announce::{player_label, start_hint, to_move_line};
pub use clock::{Clock, OffsetClock, SystemClock};
pub use commands::Command;
pub use reply::{mention, Reply};

/// Where a command was given: a server (guild) and a channel in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub guild: String,
    pub channel: String,
}

/// Who gave a command. `is_admin`: a server admin (may `/abort`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub is_admin: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub place: Place,
    pub user: User,
    pub command: Command,
}

/// Why a command did nothing.
#[derive(Debug)]
pub enum Failure {
    /// The user's request can't be done; the text says why (ephemeral).
    User(String),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        match e {
            StoreError::Stale => Failure::User(POSITION_CHANGED.to_string()),
            StoreError::Conflict(why) => Failure::User(format!("Nothing was done: {why}.")),
            e if e.is_disk_full() => {
                error!("store error: {e}");
                Failure::User(DISK_FULL.to_string())
            }
            e => Failure::Store(e),
        }
    }
}

/// The answer to a move (or other change) made against an old version.
pub const POSITION_CHANGED: &str =
    "The position changed before your command was applied, so nothing was done. Look at /board and try again.";

/// The answer to a change the database had no room for (issue 16).
pub const DISK_FULL: &str =
    "The bot's disk is full, so nothing was saved: your command changed nothing (a move was not played). Please try again later.";

/// Shorthand for a refusal.
pub fn refuse<T>(text: impl Into<String>) -> Result<T, Failure> {
    Err(Failure::User(text.into()))
}

pub type Outcome = Result<Vec<Reply>, Failure>;

/// The bot: the store, the clock and the per-channel locks.
pub struct Bot {
    store: Store,
    clock: Arc<dyn Clock>,
    locks: Mutex<HashMap<Place, Arc<Mutex<()>>>>,
    /// The bot's own user, the computer opponent, once the adapter knows it.
    computer: OnceLock<User>,
    /// Called after every handled command: the adapter's computer player
    /// looks for games awaiting it ([`computer`]).
    computer_waker: OnceLock<computer::Waker>,
    /// Games' positions by version, so a command needn't replay its game.
    live: live::LivePositions,
    /// The games whose thread is being opened, where the computer waits.
    thread_openings: threads::Openings,
}

/// What a handler sees.
pub struct Ctx<'a> {
    pub bot: &'a Bot,
    pub place: &'a Place,
    pub user: &'a User,
    pub now: DateTime<Utc>,
}

impl Bot {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Bot {
        Bot {
            store,
            clock,
            locks: Mutex::new(HashMap::new()),
            computer: OnceLock::new(),
            computer_waker: OnceLock::new(),
            live: live::LivePositions::default(),
            thread_openings: threads::Openings::default(),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The position of `game` at its version, without replaying it when
    /// it was just played here ([`live`]).
    pub fn position(&self, game: &GameRow) -> Result<GameState, StoreError> {
        self.live.state(&self.store, game)
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Runs `f` while no other command or announcement runs in `place`.
    /// A channel's lock leaves the map once its last user is done, so the
    /// map holds only the channels busy right now.
    fn in_channel<T>(&self, place: &Place, f: impl FnOnce() -> T) -> T {
        let lock = {
            let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(locks.entry(place.clone()).or_default())
        };
        let out = {
            let _serialised = lock.lock().unwrap_or_else(|e| e.into_inner());
            f()
        };
        let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
        // Clones are only made under the map's lock, so with the map's lock held a count of
        // two (the map's and ours) means no one else holds or waits for this channel.
        if Arc::strong_count(&lock) == 2 {
            locks.remove(place);
        }
        out
    }

    /// How many channels hold a lock now (tests check that the map is pruned).
    #[cfg(test)]
    fn locked_channels(&self) -> usize {
        self.locks.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Handles one invocation. Everything it changes is committed before
    /// the replies are returned.
    pub fn handle(&self, inv: &Invocation) -> Vec<Reply> {
        self.handle_if(inv, || true).unwrap_or_default()
    }

    /// [`Bot::handle`], if `still_wanted` says so once no other command
    /// runs in the invocation's channel (`None`: it did not, and nothing
    /// was done).
    fn handle_if(
        &self,
        inv: &Invocation,
        still_wanted: impl FnOnce() -> bool,
    ) -> Option<Vec<Reply>> {
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
        self.wake_computer();
        Some(replies)
    }

    fn handle_locked(&self, inv: &Invocation) -> Vec<Reply> {
        let ctx = Ctx {
            bot: self,
            place: &inv.place,
            user: &inv.user,
            now: self.now(),
        };
        let outcome = self
            .record_names(&ctx, &inv.command)
            .and_then(|()| match &inv.command {
                Command::Challenge(request) => challenge::challenge(&ctx, request),
                Command::Accept => challenge::accept(&ctx, None),
                Command::Decline => challenge::decline(&ctx, None),
                Command::Cancel => challenge::cancel(&ctx),
                Command::Rematch => challenge::rematch(&ctx, None),
                Command::Move { notation, version } => play::play_move(&ctx, notation, *version),
                Command::Board => summary::board(&ctx),
                Command::Resign => play::resign(&ctx),
                Command::Abort => play::abort(&ctx),
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
                Command::Claim => correspondence::claim(&ctx),
                Command::Games { all: false, .. } => correspondence::games(&ctx),
                Command::Games { all: true, page } => spectate::games_in_progress(&ctx, *page),
                Command::Remind { every } => correspondence::remind(&ctx, *every),
                Command::RemindIn { after } => correspondence::remind_in(&ctx, *after),
                Command::RemindStatus => correspondence::remind_status(&ctx),
                Command::Notify { dm } => correspondence::notify(&ctx, *dm),
                Command::Settings {
                    reminder,
                    timeout,
                    thread,
                } => correspondence::settings(
                    &ctx,
                    &crate::store::SettingsChange {
                        reminder: *reminder,
                        timeout: *timeout,
                        threads: *thread,
                    },
                ),
                Command::Leaderboard { game, page } => standings::leaderboard(&ctx, *game, *page),
                Command::Rating { user, game } => {
                    standings::rating(&ctx, user.as_ref().map(|u| u.id), *game)
                }
                Command::History { user, page } => {
                    standings::history(&ctx, user.as_ref().map(|u| u.id), *page)
                }
                Command::Rules(kind) => Ok(vec![rules::rules(ctx.place, *kind)]),
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
        self.store
            .upsert_user(ctx.user.id, &ctx.user.name, ctx.now)?;
        for user in command.named_users() {
            self.store.upsert_user(user.id, &user.name, ctx.now)?;
        }
        Ok(())
    }

    /// Runs whatever has fallen due by the clock's now (challenge expiry,
    /// reminders, passed deadlines) and returns the announcements. Each is
    /// marked as done in the database before it is returned, so it is
    /// never returned twice, and whatever fell due while the bot was not
    /// running is found at the next call.
    pub fn run_due(&self) -> Vec<Reply> {
        let now = self.now();
        let mut replies = match challenge::expire_due(self, now) {
            Ok(replies) => replies,
            Err(e) => {
                error!("scheduler error: {e}");
                Vec::new()
            }
        };
        match correspondence::run_reminders(self, now) {
            Ok(mut more) => replies.append(&mut more),
            Err(e) => error!("scheduler error: {e}"),
        }
        replies
    }

    /// When [`Bot::run_due`] next has something to do (`None`: nothing is
    /// scheduled). An adapter sleeps until then (or until a command
    /// arrives, which may schedule something earlier) and calls `run_due`.
    /// The time is the core clock's: it may already be past.
    pub fn next_due(&self) -> Option<DateTime<Utc>> {
        match self.store.next_due() {
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
        let games = self.store.all_games().map_err(|e| e.to_string())?;
        for game in &games {
            let state = self.store.replay(game).map_err(|e| e.to_string())?;
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
}

impl Ctx<'_> {
    pub fn store(&self) -> &Store {
        &self.bot.store
    }

    /// The game in progress here, or a refusal that says how to start one.
    pub fn active_game(&self) -> Result<(GameRow, GameState), Failure> {
        let Some(game) = self
            .store()
            .active_game(&self.place.guild, &self.place.channel)?
        else {
            return Err(Failure::User(challenge::no_game_here(self)?));
        };
        let state = self.bot.position(&game)?;
        Ok((game, state))
    }

    /// The invoking user's seat, or a refusal for a bystander.
    pub fn seat_in(&self, game: &GameRow) -> Result<Seat, Failure> {
        game.seat_of(self.user.id).map_or_else(
            || {
                refuse(format!(
                    "You're not playing in this game ({} vs {}).",
                    mention(game.players[0]),
                    mention(game.players[1])
                ))
            },
            Ok,
        )
    }
}

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

#[cfg(test)]
mod correspondence_tests;
#[cfg(test)]
mod threads_tests;
