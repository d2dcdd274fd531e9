//! The computer opponent (issue 14): the bot's own user plays the games
//! that have a computer ([`crate::games::HostedGame::computer_move`]).
//!
//! - A challenge to the bot (`opponent:` the bot, `level:` 1-10) is
//!   accepted at once and is unrated; the level is kept beside the game.
//! - The bot moves when a game awaits it: [`Bot::computer_turns`] finds
//!   those games (after a restart too), [`ComputerTurn::play`] thinks
//!   outside every lock and then plays through the same path as a human's
//!   `/move`, against the version it thought about, so a move made stale
//!   meanwhile (an undo, a resignation) changes nothing.
//! - It waits while a game's thread is being opened (see
//!   [`super::threads`]), so its moves are posted in the thread, after the
//!   thread's opening message.
//! - When it runs is the adapter's choice: the terminal plays at once after
//!   each command ([`Bot::play_computer_turns`]); Discord on blocking
//!   threads, one search per core, woken by [`Bot::set_computer_waker`].
//! - Offers made to it are answered at once: an undo request is accepted, a
//!   draw offer only when it judges its own position worse.

use tracing::error;

use super::commands::ChallengeRequest;
use super::offers;
use super::reply::{mention, Reply};
use super::{refuse, Bot, Command, Ctx, Failure, Invocation, Outcome, Place, User};
use crate::games::options::challenge::color_of_seat;
use crate::games::options::UserRef;
use crate::games::{GameState, Seat};
use crate::store::{GameRow, NewChallenge, OfferKind, Store, StoreError, UserId};

/// Called after every handled command (see [`Bot::set_computer_waker`]).
pub type Waker = Box<dyn Fn() + Send + Sync>;

/// The level when a challenge gives none.
pub const DEFAULT_LEVEL: u8 = 3;

/// The bot's user name in the terminal (`@taktable`).
pub const NAME: &str = "taktable";

/// A game that awaits the computer's move, as it was when found.
#[derive(Clone, Debug)]
pub struct ComputerTurn {
    place: Place,
    game_id: i64,
    version: i64,
    state: GameState,
    level: u8,
}

impl Bot {
    /// Makes `user` the computer opponent (the adapter's own user), and
    /// wakes the computer so it resumes the games awaiting it.
    pub fn set_computer(&self, user: User) {
        // Its name is known before anyone names it in a command.
        if let Err(e) = self.store.upsert_user(user.id, &user.name, self.now()) {
            error!("computer: can't record its name: {e}");
        }
        let _ = self.computer.set(user);
        self.wake_computer();
    }

    /// The computer opponent's user, once set.
    pub fn computer(&self) -> Option<&User> {
        self.computer.get()
    }

    /// Sets what is called after every handled command, so the adapter's
    /// computer player can look for games awaiting it. Set once.
    pub fn set_computer_waker(&self, waker: Waker) {
        let _ = self.computer_waker.set(waker);
        self.wake_computer();
    }

    pub(super) fn wake_computer(&self) {
        if let Some(wake) = self.computer_waker.get() {
            wake();
        }
    }

    /// The games in progress whose awaited player is the computer.
    pub fn computer_turns(&self) -> Vec<ComputerTurn> {
        let Some(computer) = self.computer() else {
            return Vec::new();
        };
        let games = match self.store.active_games_with(computer.id) {
            Ok(games) => games,
            Err(e) => {
                error!("computer: can't list its games: {e}");
                return Vec::new();
            }
        };
        let mut turns = Vec::new();
        for game in games {
            let state = match self.position(&game) {
                Ok(state) => state,
                // A move landed since the list was read: the command that
                // made it wakes the computer again, which then reads it anew.
                Err(StoreError::Stale) => continue,
                Err(e) => {
                    error!("computer: can't replay game {}: {e}", game.id);
                    continue;
                }
            };
            let awaits_computer = state
                .awaiting()
                .is_some_and(|seat| game.player(seat) == computer.id);
            if !awaits_computer || self.thread_openings.holds(game.id) {
                continue;
            }
            turns.push(ComputerTurn {
                place: Place {
                    guild: game.guild.clone(),
                    channel: game.channel.clone(),
                },
                game_id: game.id,
                version: game.version,
                level: level(&self.store, game.id),
                state,
            });
        }
        turns
    }

    /// Plays every game awaiting the computer, one after another, until
    /// none does (the terminal's way; it blocks while thinking).
    pub fn play_computer_turns(&self) -> Vec<Reply> {
        let mut replies = Vec::new();
        // A move stale by the time it is played leaves its game awaiting the
        // computer; a game is tried at most twice per call.
        for _ in 0..2 {
            let turns = self.computer_turns();
            if turns.is_empty() {
                break;
            }
            for turn in turns {
                replies.extend(turn.play(self));
            }
        }
        replies
    }
}

impl ComputerTurn {
    pub fn game_id(&self) -> i64 {
        self.game_id
    }

    pub fn level(&self) -> u8 {
        self.level
    }

    /// The action the computer chooses (blocking: the search runs here).
    pub fn think(&self) -> Option<String> {
        let seed = (self.game_id as u64)
            .wrapping_mul(1_000_003)
            .wrapping_add(self.state.action_count() as u64);
        self.state.computer_move(self.level, seed)
    }

    /// Thinks, then plays the move as `/move` against the version thought
    /// about; returns what the channel (and the opponent's direct
    /// messages) should see. A stale move changes nothing and says nothing.
    pub fn play(self, bot: &Bot) -> Vec<Reply> {
        let Some(computer) = bot.computer().cloned() else {
            return Vec::new();
        };
        let Some(notation) = self.think() else {
            return Vec::new();
        };
        let game = self.game_id;
        let place = self.place.clone();
        let invocation = Invocation {
            place: self.place,
            user: computer,
            command: Command::Move {
                notation,
                version: Some(self.version),
            },
        };
        // While it thought, the game may have moved into its thread (or be
        // moving): then it says nothing here and moves there once the
        // thread's start is posted.
        let Some(replies) = bot.handle_if(&invocation, || still_at(bot, game, &place)) else {
            return Vec::new();
        };
        let (refused, replies): (Vec<Reply>, Vec<Reply>) =
            replies.into_iter().partition(Reply::is_ephemeral);
        // A stale move is expected (the game changed while it thought); any
        // other refusal would be a bug worth seeing in the log.
        for reply in refused.iter().filter(|r| r.text != super::POSITION_CHANGED) {
            error!(game, "computer: its move was refused: {}", reply.text);
        }
        replies
    }
}

/// Whether the computer may still move in `game` at `place`: the game is
/// played there and its thread is not being opened.
fn still_at(bot: &Bot, game: i64, place: &Place) -> bool {
    if bot.thread_openings.holds(game) {
        return false;
    }
    match bot.store.active_game(&place.guild, &place.channel) {
        Ok(found) => found.is_some_and(|found| found.id == game),
        Err(e) => {
            error!(game, "computer: can't read the game: {e}");
            false
        }
    }
}

/// The level the computer plays at in a game.
pub fn level(store: &Store, game_id: i64) -> u8 {
    match store.computer_level(game_id) {
        Ok(level) => level.unwrap_or(DEFAULT_LEVEL),
        Err(e) => {
            error!("computer: can't read the level of game {game_id}: {e}");
            DEFAULT_LEVEL
        }
    }
}

fn is_computer(ctx: &Ctx<'_>, user: UserId) -> bool {
    ctx.bot.computer().is_some_and(|c| c.id == user)
}

/// The computer's own context, in the channel of `ctx`.
fn as_computer<'a>(ctx: &Ctx<'a>, computer: &'a User) -> Ctx<'a> {
    Ctx {
        bot: ctx.bot,
        place: ctx.place,
        user: computer,
        now: ctx.now,
    }
}

/// A challenge to the computer: posted and accepted at once, unrated, at
/// its level. `None` when the challenge is to someone else (a `level:`
/// without the computer as opponent is refused).
pub(super) fn challenge(
    ctx: &Ctx<'_>,
    request: &ChallengeRequest,
) -> Result<Option<Outcome>, Failure> {
    let computer = match (&request.opponent, ctx.bot.computer()) {
        (Some(opponent), Some(computer)) if opponent.id == computer.id => computer,
        _ if request.level.is_some() => {
            return refuse(format!(
                "level: is the bot's strength, for a challenge to the bot itself (opponent:{}); leave it out when you challenge a person.",
                ctx.bot.computer().map_or_else(|| format!("@{NAME}"), |c| mention(c.id))
            ))
        }
        _ => return Ok(None),
    };
    let settings = &request.settings;
    if !settings.has_computer() {
        return refuse(format!(
            "{} doesn't play this game itself yet; challenge a person, or leave out opponent for an open challenge.",
            mention(computer.id)
        ));
    }
    let level = request.level.unwrap_or(DEFAULT_LEVEL);
    let new = NewChallenge {
        guild: ctx.place.guild.clone(),
        channel: ctx.place.channel.clone(),
        challenger: ctx.user.id,
        opponent: Some(computer.id),
        settings: settings.clone(),
        color: color_of_seat(request.seat).to_string(),
        rated: false,
        rematch_of: None,
        created_at: ctx.now,
        expires_at: ctx.now + super::challenge::challenge_lifetime(),
        thread: request.thread == Some(true),
        blind: request.blind,
    };
    let id = ctx.store().create_challenge(&new)?;
    let me = mention(ctx.user.id);
    let colours = match request.seat {
        Some(seat) => format!("{me} plays {}.", settings.seat_name(seat)),
        None => "Colours are drawn at random.".to_string(),
    };
    let line = Reply::public(
        ctx.place,
        format!(
            "{me} challenges {} to {}, unrated, level {level}. {colours}{}{}",
            mention(computer.id),
            settings.describe(),
            super::threads::words(request.thread == Some(true)),
            super::blind::words(request.blind)
        ),
    );
    let Some(challenge) = ctx.store().challenge(id)? else {
        return refuse("The challenge could not be found.");
    };
    let accepted = super::challenge::accept_challenge(&as_computer(ctx, computer), challenge)?;
    let Some(game) = ctx
        .store()
        .active_game(&ctx.place.guild, &ctx.place.channel)?
    else {
        return refuse("The new game could not be found.");
    };
    ctx.store().set_computer_level(game.id, level)?;
    Ok(Some(Ok(std::iter::once(line).chain(accepted).collect())))
}

/// A rematch of `last` against the computer: a new challenge to it with
/// the same settings and level and the colours swapped, accepted at once.
/// `None` when the opponent of `seat` in `last` is not the computer.
pub(super) fn rematch(
    ctx: &Ctx<'_>,
    last: &GameRow,
    seat: Seat,
) -> Result<Option<Outcome>, Failure> {
    let Some(computer) = ctx.bot.computer() else {
        return Ok(None);
    };
    if last.player(seat.other()) != computer.id {
        return Ok(None);
    }
    let request = ChallengeRequest {
        opponent: Some(UserRef {
            id: computer.id,
            name: computer.name.clone(),
        }),
        settings: last.settings.clone(),
        seat: Some(seat.other()),
        rated: false,
        level: Some(level(ctx.store(), last.id)),
        thread: Some(super::threads::wanted(ctx, None)?),
        blind: last.blind,
    };
    challenge(ctx, &request)
}

/// The computer's answer to an offer just made to it in `game`: an undo
/// request is accepted (and when that leaves the computer to move, the
/// challenger's move before it goes too, so the challenger moves again);
/// a draw offer is accepted only when it judges its position worse.
pub(super) fn answer_offer(ctx: &Ctx<'_>, game: &GameRow, kind: OfferKind) -> Outcome {
    let Some(seat) = game.seat_of(ctx.user.id) else {
        return Ok(Vec::new());
    };
    let Some(computer) = ctx.bot.computer() else {
        return Ok(Vec::new());
    };
    if !is_computer(ctx, game.player(seat.other())) {
        return Ok(Vec::new());
    }
    let me = as_computer(ctx, computer);
    match kind {
        OfferKind::Draw => {
            let state = ctx.bot.position(game)?;
            let worse = state
                .computer_judgement(seat.other())
                .is_some_and(|score| score < 0);
            if worse {
                offers::draw(&me, None)
            } else {
                Ok(offers::answer_pending(&me, false, Some(OfferKind::Draw))?.unwrap_or_default())
            }
        }
        OfferKind::Undo => {
            let mut replies = offers::undo(&me, None)?;
            let Some(now) = ctx.store().game(game.id)? else {
                return Ok(replies);
            };
            let state = ctx.bot.position(&now)?;
            if state.awaiting() == Some(seat.other()) && state.action_count() > 0 {
                ctx.store()
                    .set_offer(now.id, OfferKind::Undo, seat, now.version, ctx.now)?;
                replies.extend(offers::undo(&me, None)?);
            }
            Ok(replies)
        }
    }
}

/// How a player is named in a game file: the computer with its level.
pub(super) fn export_name(ctx: &Ctx<'_>, game: &GameRow, user: UserId, name: String) -> String {
    if !is_computer(ctx, user) {
        return name;
    }
    format!("{name} (level {})", level(ctx.store(), game.id))
}
