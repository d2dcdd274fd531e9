//! The opening of a game's thread (issue 15), reported by the adapter: the
//! game moves into the thread and starts there (see
//! [`crate::bot::life::threads`]).

use tracing::error;

use crate::bot::ground::context::{Ctx, Failure};
use crate::bot::ground::place::{Place, NOBODY};
use crate::bot::ground::reply::{channel_mention, mention, time, Reply, ThreadStart};
use crate::bot::life::start::start_replies;
use crate::bot::Bot;

impl Bot {
    /// Tells the core the thread asked for by a [`ThreadStart`] is open
    /// (`Ok`: its place) or could not be opened (`Err`: why, in words).
    /// Opened, the game moves into the thread and starts there (its board,
    /// who is to move), and the parent channel gets a link; not opened, it
    /// starts in the channel it was challenged in. Returns what to post;
    /// once it is posted, the adapter calls [`Bot::thread_start_posted`].
    pub fn thread_opened(&self, start: &ThreadStart, opened: Result<Place, String>) -> Vec<Reply> {
        let game = match self.store().game(start.game) {
            Ok(Some(game)) => game,
            Ok(None) => return Vec::new(),
            Err(e) => {
                error!("threads: {e}");
                return Vec::new();
            }
        };
        // The channel it was started from: a game of a tournament round
        // waits elsewhere until its thread is open (issue 32).
        let parent = match self.store().game_thread(game.id) {
            Ok(Some(thread)) => Place {
                guild: game.guild.clone(),
                channel: thread.parent,
            },
            _ => Place::of(&game),
        };
        // Nobody acts: the start is announced by the bot itself.
        let replies = self.in_channel(&parent, || -> Result<Vec<Reply>, Failure> {
            let (here, lead) = match opened {
                Ok(thread) => {
                    if !self.store().move_game_to_thread(game.id, &thread.channel)? {
                        return Ok(Vec::new());
                    }
                    (thread, "The game starts here.".to_string())
                }
                Err(why) => {
                    if game.channel != parent.channel && !self.store().move_game_to_parent(game.id)? {
                        return Ok(vec![Reply::public(
                            &parent,
                            format!(
                                "I couldn't open a thread for game #{} ({why}), and a game is in progress here, so it can't be played yet. A server admin can let me open threads here.",
                                game.id
                            ),
                        )
                        .mention(game.players)]);
                    }
                    (
                        parent.clone(),
                        format!(
                            "I couldn't open a thread for game #{} ({why}), so it is played here.",
                            game.id
                        ),
                    )
                }
            };
            let ctx = Ctx {
                core: self,
                place: &here,
                user: &NOBODY,
                now: self.now(),
            };
            let Some(game) = self.store().game(game.id)? else {
                return Ok(Vec::new());
            };
            let state = self.position(&game)?;
            // A tournament game's first message gives the round's deadline
            // (issue 42: with 1-day rounds it is the reminder a day ahead).
            let lead = match self.store().round_deadline_of_game(game.id)? {
                Some(deadline) => format!(
                    "{lead} It is a tournament game: it must be over by {} (the round's deadline).",
                    time(deadline)
                ),
                None => lead,
            };
            let mut replies = start_replies(&ctx, &game, &state, lead)?;
            if here != parent {
                replies.push(Reply::public(
                    &parent,
                    format!(
                        "Game #{} ({} vs {}) is played in {}.",
                        game.id,
                        mention(game.players[0]),
                        mention(game.players[1]),
                        channel_mention(&here)
                    ),
                ));
            }
            Ok(replies)
        });
        replies.unwrap_or_else(|e| {
            if let Failure::Store(e) = e {
                error!("threads: {e}");
            }
            Vec::new()
        })
    }

    /// Tells the core the start of the game of `start` (what
    /// [`Bot::thread_opened`] returned) is posted: the computer may move in
    /// it from now on, after that start.
    pub fn thread_start_posted(&self, start: &ThreadStart) {
        self.thread_openings.release(start.game);
        self.wake_computer();
    }
}
