//! A thread per game (issue 15): a reply that starts a game with `thread:true` asks for a
//! thread ([`ThreadStart`]). Once the reply is posted, the bot opens a public thread (type 11)
//! in the reply's channel with Discord's "Start Thread without Message"
//! (`POST /channels/{channel}/threads`), archived after a week without activity (a message in
//! it, which every move is, unarchives it), and tells the core, which moves the game into the
//! thread and says what to post there and in the parent channel. When Discord refuses (no
//! Create Public Threads permission, or the channel is itself a thread), the core is told why
//! and the game is played in the channel it was challenged in. The courier
//! ([`super::courier::Courier::open_threads`]) drives this and tries again while Discord fails
//! on the way.

use poise::serenity_prelude as serenity;

use super::outbox::{channel_id, Outbox};
use super::rest::{timed, RestError, CALL_LIMIT};
use crate::bot::reply::ThreadStart;
use crate::bot::Place;

impl Outbox {
    /// Opens the thread `start` asks for in `parent`: the thread as a place.
    pub async fn open_thread(
        &self,
        parent: &Place,
        start: &ThreadStart,
    ) -> Result<Place, RestError> {
        let channel = channel_id(&parent.channel).ok_or(RestError::NotDiscord)?;
        let builder = serenity::CreateThread::new(start.name.clone())
            .kind(serenity::ChannelType::PublicThread)
            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        let thread = timed(CALL_LIMIT, channel.create_thread(self.http(), builder)).await?;
        Ok(Place {
            guild: parent.guild.clone(),
            channel: thread.id.get().to_string(),
        })
    }
}
