//! The computer opponent at play (issue 14): the bot moves when a game
//! awaits it. [`Bot::computer_turns`] finds those games (after a restart
//! too); [`ComputerTurn::play`] thinks outside every lock, then plays
//! through the same path as a human's `/move`, against the version it
//! thought about, so a move made stale meanwhile (an undo, a resignation)
//! changes nothing. It waits while a game's thread is being opened, so its
//! moves are posted in the thread, after the thread's opening message.
//!
//! When it runs is the adapter's choice: the terminal plays at once after
//! each command ([`Bot::play_computer_turns`]); Discord on blocking
//! threads, one search per core, woken by [`Bot::set_computer_waker`].

use tracing::error;

use crate::bot::commands::Command;
use crate::bot::ground::context::POSITION_CHANGED;
use crate::bot::ground::place::{Place, User};
use crate::bot::ground::reply::Reply;
use crate::bot::life::computer::level;
use crate::bot::{Bot, Invocation};
use crate::games::GameState;
use crate::store::StoreError;

/// How many times one call of [`Bot::play_computer_turns`] looks for games
/// awaiting the computer: enough for the longest run of one side's inputs
/// (a Takkure kick-off and activation), and a bound should a move keep
/// going stale.
const COMPUTER_ROUNDS_PER_CALL: usize = 32;

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
        if let Err(e) = self.store().upsert_user(user.id, &user.name, self.now()) {
            error!("computer: can't record its name: {e}");
        }
        self.set_computer_user(user);
        self.wake_computer();
    }

    /// The games in progress whose awaited player is the computer.
    pub fn computer_turns(&self) -> Vec<ComputerTurn> {
        let Some(computer) = self.computer() else {
            return Vec::new();
        };
        let games = match self.store().active_games_with(computer.id) {
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
                place: Place::of(&game),
                game_id: game.id,
                version: game.version,
                level: level(self.store(), game.id),
                state,
            });
        }
        turns
    }

    /// Plays every game awaiting the computer, one after another, until
    /// none does (the terminal's way; it blocks while thinking).
    pub fn play_computer_turns(&self) -> Vec<Reply> {
        let mut replies = Vec::new();
        // A game may await the computer again after its move (a stale move,
        // or a game whose turn is several inputs, as a Takkure kick-off):
        // look again until none awaits it, at most this many times a call.
        for _ in 0..COMPUTER_ROUNDS_PER_CALL {
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

    /// The inputs the computer chooses, its run until the game awaits the
    /// other seat (a Takkure kick-off set-up, a defence's declarations),
    /// each thought on the position the earlier ones lead to (blocking:
    /// the searches run here). Empty when it has nothing to play.
    pub fn think(&self) -> Vec<String> {
        let mut state = self.state.clone();
        let seat = state.awaiting();
        let mut run = Vec::new();
        while seat.is_some() && state.awaiting() == seat && run.len() < COMPUTER_ROUNDS_PER_CALL {
            let seed = (self.game_id as u64)
                .wrapping_mul(1_000_003)
                .wrapping_add(state.action_count() as u64);
            let Some(notation) = state.computer_move(self.level, seed) else {
                break;
            };
            if state.play(&notation).is_err() {
                // Refused by its own game: the core will say so in the log.
                run.push(notation);
                break;
            }
            run.push(notation);
        }
        run
    }

    /// Thinks, then plays its run as `/move`s against the version thought
    /// about, announced as one message; returns what the channel (and the
    /// opponent's direct messages) should see. A stale run changes nothing
    /// and says nothing.
    pub fn play(self, bot: &Bot) -> Vec<Reply> {
        let Some(computer) = bot.computer().cloned() else {
            return Vec::new();
        };
        let notations = self.think();
        if notations.is_empty() {
            return Vec::new();
        }
        let game = self.game_id;
        let place = self.place.clone();
        let invocation = Invocation {
            place: self.place,
            user: computer,
            command: Command::MoveRun {
                notations,
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
        for reply in refused.iter().filter(|r| r.text != POSITION_CHANGED) {
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
    match bot.store().active_game(&place.guild, &place.channel) {
        Ok(found) => found.is_some_and(|found| found.id == game),
        Err(e) => {
            error!(game, "computer: can't read the game: {e}");
            false
        }
    }
}
