//! A thread per game (issue 15): a reply that starts a game with `thread:true` asks for a
//! thread ([`ThreadStart`]). Once the reply is posted, the bot opens a public thread (type 11)
//! in the reply's channel with Discord's "Start Thread without Message"
//! (`POST /channels/{channel}/threads`), archived after a week without activity (a message in
//! it, which every move is, unarchives it), and tells the core, which moves the game into the
//! thread and says what to post there and in the parent channel. When Discord refuses (no
//! Create Public Threads permission, or the channel is itself a thread), the core is told why
//! and the game is played in the channel it was challenged in. Once the game's start is posted,
//! the core is told, so the computer, when it plays the game, moves only after that start.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::outbox::{channel_id, Outbox};
use crate::bot::reply::{Reply, Target, ThreadStart};
use crate::bot::Place;

impl Outbox {
    /// Opens the threads `replies` ask for (they were just posted) and posts what the core
    /// says once each is open, or could not be.
    pub async fn open_threads(&self, replies: &[Reply]) {
        for reply in replies {
            if let (Some(start), Target::Channel(parent)) = (&reply.thread, &reply.to) {
                self.open_thread(parent, start).await;
            }
        }
    }

    async fn open_thread(&self, parent: &Place, start: &ThreadStart) {
        let opened = match channel_id(&parent.channel) {
            Some(channel) => {
                let builder = serenity::CreateThread::new(start.name.clone())
                    .kind(serenity::ChannelType::PublicThread)
                    .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
                match channel.create_thread(self.http(), builder).await {
                    Ok(thread) => Ok(Place {
                        guild: parent.guild.clone(),
                        channel: thread.id.get().to_string(),
                    }),
                    Err(why) => {
                        warn!(
                            channel = channel.get(),
                            game = start.game,
                            "could not open a thread: {why}"
                        );
                        Err(format!("Discord answered: {why}"))
                    }
                }
            }
            None => Err("this is not a Discord channel".to_string()),
        };
        let (bot, opening) = (Arc::clone(self.bot()), start.clone());
        let replies = tokio::task::spawn_blocking(move || bot.thread_opened(&opening, opened))
            .await
            .unwrap_or_else(|why| {
                warn!("the bot core failed on an opened thread: {why}");
                Vec::new()
            });
        for reply in &replies {
            self.post(reply).await;
        }
        // Only now may the computer move in the game: after its start, in its thread.
        self.bot().thread_start_posted(start);
    }
}
