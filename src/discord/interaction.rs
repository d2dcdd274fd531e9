//! From an interaction to the core and back: who and where (`Place`, `User`), the gate, the call
//! to the core off the async threads, and the answer within Discord's deadline.
//!
//! Deadline: Discord wants a first answer within 3 seconds. The core runs (in `spawn_blocking`:
//! it is synchronous and uses SQLite) while the answer waits for at most
//! `Config::defer_after` (1.5 s by default). Nearly every command is done by then (a move with
//! its board picture takes milliseconds) and is answered directly, with its own visibility:
//! public, or ephemeral for a refusal. Only when the core is slower does the bot defer: a public
//! "thinking..." (callback type 5), then the result replaces it (an edit of the original
//! answer); a refusal that comes late deletes the public placeholder and follows up
//! ephemerally. So the visibility never has to be guessed before the outcome is known, except in
//! that rare slow case.
//!
//! Before any of that, the command is admitted to its channel's lane or the job queue
//! ([`super::lanes`]) or refused at once; its wait there counts towards the deadline.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;
use tracing::{error, info, warn};

use super::answer::Answer;
use super::data::Data;
use super::lanes::Work;
use super::metrics::{outcome as ended, record};
use super::outbox::Message;
use super::rest::RestError;
use crate::bot::reply::{sentence, Target};
use crate::bot::{Bot, Command, Invocation, Place, Reply, User, RESTARTING};

/// The answer to a command used outside a server (in direct messages with the bot).
pub(crate) const NOT_IN_A_SERVER: &str =
    "Games are played in servers: use taktable's commands in a channel (or thread) of a server the bot is in.";

/// The answer to a command that arrives while the bot is shutting down.
pub(crate) const STOPPING: &str =
    "taktable is restarting; nothing was done. Please try again in a minute.";

/// How often a deferred answer is edited with a job's progress (Discord rate-limits edits).
const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// Where a command was given: the channel (a thread is its own channel) in its server. `None`
/// outside servers.
pub(crate) fn place(
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
) -> Option<Place> {
    guild.map(|guild| Place {
        guild: guild.get().to_string(),
        channel: channel.get().to_string(),
    })
}

/// Who gave a command: their id, the name the server shows (nickname, else global name, else
/// user name) and whether they may manage the server (Manage Server or Administrator in the
/// interaction's `member.permissions`).
pub(crate) fn user(user: &serenity::User, member: Option<&serenity::Member>) -> User {
    let name = member
        .and_then(|m| m.nick.clone())
        .unwrap_or_else(|| user.display_name().to_string());
    let is_admin = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild() || p.administrator());
    User {
        id: user.id.get(),
        name,
        is_admin,
    }
}

/// Handles one interaction: `make` builds the command (off the async threads: it may look up
/// the store), the core handles it, and the replies answer the interaction. `work` says where
/// it waits for its turn; `name` is the registry's name of the command, for the metrics.
pub(crate) async fn run(
    data: &Data,
    answer: Answer<'_>,
    place: Option<Place>,
    user: User,
    (name, work): (&'static str, Work),
    make: impl FnOnce(&Bot) -> Result<Command, String> + Send + 'static,
) -> Result<(), RestError> {
    run_pressed(data, answer, place, user, (name, work), make, None).await
}

/// [`run_pressed`], counted in the metrics: its outcome and how long its answer took.
async fn run_pressed(
    data: &Data,
    answer: Answer<'_>,
    place: Option<Place>,
    user: User,
    (name, work): (&'static str, Work),
    make: impl FnOnce(&Bot) -> Result<Command, String> + Send + 'static,
    pressed: Option<(serenity::MessageId, String)>,
) -> Result<(), RestError> {
    let arrived = std::time::Instant::now();
    let mut outcome = ended::FAILED;
    let answered =
        answer_pressed(data, answer, place, user, work, make, pressed, &mut outcome).await;
    record(|m| m.command(name, outcome, arrived.elapsed()));
    answered
}

/// [`run`] for a button press: `pressed` is the message and the custom id of the pressed button,
/// whose buttons are taken off once they answer nothing any more (issue 15). `outcome_of` is set
/// to how the command ended.
#[allow(clippy::too_many_arguments)]
async fn answer_pressed(
    data: &Data,
    answer: Answer<'_>,
    place: Option<Place>,
    user: User,
    work: Work,
    make: impl FnOnce(&Bot) -> Result<Command, String> + Send + 'static,
    pressed: Option<(serenity::MessageId, String)>,
    outcome_of: &mut &'static str,
) -> Result<(), RestError> {
    *outcome_of = ended::REFUSED;
    // Discord may deliver an interaction twice (a resumed gateway replays what it sent): the
    // first delivery answers it, the second is not acted on at all (issue 40).
    if !data.seen.first_time(answer.id.get()) {
        info!(
            interaction = answer.id.get(),
            "an interaction delivered again is ignored"
        );
        return Ok(());
    }
    let Some(place) = place else {
        return answer.respond(Message::text(NOT_IN_A_SERVER, true)).await;
    };
    // Discord says with every interaction how large a file the server takes (boosts raise it).
    data.bot
        .set_upload_limit(&place.guild, answer.attachment_size_limit as usize);
    if let Some(refusal) = data.refusal(&place) {
        return answer.respond(Message::text(&refusal, true)).await;
    }
    let Some(_pass) = data.gate.enter() else {
        *outcome_of = ended::STOPPING;
        return answer.respond(Message::text(STOPPING, true)).await;
    };
    let ticket = match data.lanes.admit(user.id, &place, work) {
        Ok(ticket) => ticket,
        Err(refusal) => return answer.respond(Message::text(refusal.text(), true)).await,
    };
    let bot = Arc::clone(&data.bot);
    let here = place.clone();
    // What a heavy job answers (a GIF, an analysis) shows a game without changing it: if its
    // answer fails it is asked for again, not kept.
    let keep = work != Work::Heavy;
    // A long job says how far it has got; the deferred answer shows it.
    let (progress, mut progress_seen) = watch::channel(String::new());
    let task = async move {
        let turn = ticket.turn(bot.channel_turns()).await;
        tokio::task::spawn_blocking(move || {
            let watcher: crate::bot::Watcher = Arc::new(move |text| {
                progress.send_replace(text);
            });
            let _watching = bot.watch_progress(&place, user.id, watcher);
            let (mut replies, valid) = match make(&bot) {
                Ok(command) => {
                    let invocation = Invocation {
                        place: place.clone(),
                        user,
                        command,
                    };
                    // A lane's command runs in the channel's turn it waited for.
                    (bot.handle_in(turn.channel(), &invocation), true)
                }
                Err(why) => (vec![Reply::ephemeral(&place, sentence(&why))], false),
            };
            // Kept before anything is sent (issue 40): the answer holds those it answers, the
            // courier posts the others at once.
            if keep {
                let answered = |r: &Reply| matches!(&r.to, Target::Channel(p) if *p == place);
                bot.keep(&mut replies, &place.guild, answered);
            }
            if valid {
                Ok(replies)
            } else {
                Err(replies)
            }
        })
        .await
    };
    tokio::pin!(task);
    let abandoned = data.gate.abandoned();
    tokio::pin!(abandoned);
    let mut deferred = false;
    let mut shown_at: Option<tokio::time::Instant> = None;
    let mut progress_open = true;
    let outcome = loop {
        tokio::select! {
            biased;
            outcome = &mut task => break Some(outcome),
            () = &mut abandoned => break None,
            // With no wait set, the answer is deferred at once, but only after the task above
            // was polled and so took its place in its channel's line: a deferral Discord saw
            // sooner let the member's next command (sent on seeing it) overtake this one.
            () = std::future::ready(()), if !deferred && data.defer_after.is_zero() => {
                defer(&answer).await;
                deferred = true;
            }
            () = tokio::time::sleep(data.defer_after), if !deferred => {
                defer(&answer).await;
                deferred = true;
            }
            changed = progress_seen.changed(), if deferred && progress_open => {
                if changed.is_err() {
                    // The job is over; its outcome follows.
                    progress_open = false;
                    continue;
                }
                let due = !matches!(shown_at, Some(at) if at.elapsed() < PROGRESS_EVERY);
                if due {
                    let text = progress_seen.borrow_and_update().clone();
                    shown_at = Some(tokio::time::Instant::now());
                    // Progress is a courtesy: a failed edit is not the command's failure.
                    let _ = answer.edit_original(Message::text(text, false)).await;
                }
            }
        }
    };
    if !deferred && data.defer_after.is_zero() {
        // No wait set means every answer is deferred, even one whose work was done at its
        // first poll (the biased select above takes a ready outcome before the deferral).
        defer(&answer).await;
        deferred = true;
    }
    let Some(finished) = outcome else {
        // The work may still finish on its thread; its answer is this one.
        *outcome_of = ended::STOPPING;
        let replies = vec![Reply::ephemeral(&here, RESTARTING)];
        answered(
            answer
                .deliver(&data.courier, &here, deferred, replies, None)
                .await,
        );
        return Ok(());
    };
    let replies = match finished {
        Ok(Ok(replies)) => {
            *outcome_of = if replies
                .iter()
                .any(|r| r.visibility == crate::bot::reply::Visibility::Public)
            {
                ended::PUBLIC
            } else {
                ended::PRIVATE
            };
            replies
        }
        Ok(Err(invalid)) => {
            *outcome_of = ended::INVALID;
            invalid
        }
        Err(why) => {
            error!("the bot core failed on a command: {why}");
            *outcome_of = ended::FAILED;
            vec![Reply::ephemeral(
                &here,
                "Something went wrong on my side; please try again.",
            )]
        }
    };
    // The command may have scheduled something sooner than the scheduler's next wake-up.
    data.scheduler.notify_one();
    answered(
        answer
            .deliver(&data.courier, &here, deferred, replies, pressed)
            .await,
    );
    Ok(())
}

/// Defers the answer. A failure is logged and the command goes on: its replies are kept, and
/// what the answer cannot post, the courier posts in the channel.
async fn defer(answer: &Answer<'_>) {
    if let Err(why) = answer.defer().await {
        warn!("could not defer an answer: {why}");
    }
}

/// The end of an answer: a failure was handled (the courier has what was not said), logged
/// once here.
fn answered(outcome: Result<(), RestError>) {
    if let Err(why) = outcome {
        info!("an answer failed and its replies were left to the courier: {why}");
    }
}

/// A button press: the command its custom id stands for, with the same checks.
pub(crate) async fn button(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), RestError> {
    let answer = Answer {
        http: &ctx.http,
        id: press.id,
        token: &press.token,
        attachment_size_limit: press.attachment_size_limit,
    };
    let custom_id = press.data.custom_id.clone();
    let pressed = Some((press.message.id, custom_id.clone()));
    let command = Command::Button(custom_id);
    let work = if command.is_heavy() {
        Work::Heavy
    } else {
        Work::Light
    };
    run_pressed(
        data,
        answer,
        place(press.guild_id, press.channel_id),
        user(&press.user, press.member.as_ref()),
        ("button", work),
        move |_| Ok(command),
        pressed,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registry_messages_become_sentences() {
        assert_eq!(
            sentence("size must be from 3 to 8, not 9"),
            "Size must be from 3 to 8, not 9."
        );
        assert_eq!(sentence("done."), "Done.");
        assert_eq!(sentence(""), "");
    }

    #[test]
    fn users_are_named_as_the_server_shows_them_and_admins_manage_the_server() {
        let someone: serenity::User = serde_json::from_value(serde_json::json!({
            "id": "42", "username": "ann", "global_name": "Ann", "discriminator": "0",
            "avatar": null,
        }))
        .unwrap();
        let member = |nick: Option<&str>, permissions: u64| -> serenity::Member {
            serde_json::from_value(serde_json::json!({
                "user": someone, "nick": nick, "roles": [], "joined_at": null, "deaf": false,
                "mute": false, "flags": 0, "permissions": permissions.to_string(),
            }))
            .unwrap()
        };
        let plain = user(&someone, None);
        assert_eq!(
            (plain.id, plain.name.as_str(), plain.is_admin),
            (42, "Ann", false)
        );
        let nick = user(&someone, Some(&member(Some("Annie"), 1 << 11)));
        assert_eq!((nick.name.as_str(), nick.is_admin), ("Annie", false));
        assert!(
            user(&someone, Some(&member(None, 1 << 5))).is_admin,
            "Manage Server"
        );
        assert!(
            user(&someone, Some(&member(None, 1 << 3))).is_admin,
            "Administrator"
        );
    }

    #[test]
    fn threads_and_channels_are_places_direct_messages_are_not() {
        let channel = serenity::ChannelId::new(5);
        assert_eq!(place(None, channel), None);
        assert_eq!(
            place(Some(serenity::GuildId::new(4)), channel),
            Some(Place {
                guild: "4".into(),
                channel: "5".into()
            })
        );
    }
}
