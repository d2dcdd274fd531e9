//! Buttons. Every button is a shortcut for a command: its custom id names
//! the challenge or game (and the game version) it was made for, and a press
//! runs the matching command with the same checks. A press on a button whose
//! offer is gone is answered "This offer has expired."; a press by someone
//! the button is not meant for, "This is not for you." (both ephemeral).
//!
//! The custom ids are written and read by [`crate::bot::ground::button_ids`].
//!
//! Issue 15: nobody should press a dead button at all. An adapter records
//! each public message it posted with buttons ([`crate::bot::Bot::record_buttons`]);
//! after every command in a channel it asks which of that channel's
//! messages answer nothing any more ([`crate::bot::Bot::dead_button_messages`]: the
//! challenge was answered, withdrawn or expired; the offer answered or
//! lapsed; a new game began) and takes their buttons off.

use chrono::{DateTime, Utc};

use crate::bot::correspondence::games;
use crate::bot::ground::button_ids::{parse, Press, EXPIRED, NOT_FOR_YOU};
use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::place::Place;
use crate::bot::life::challenge;
use crate::bot::play::{answers, offers};
use crate::bot::standings;
use crate::bot::tournament;
use crate::bot::views::{replay, spectate};
use crate::store::tournaments::TournamentStatus;
use crate::store::{ChallengeStatus, GameStatus, OfferKind, Store, StoreError};

/// Runs a button press as its command.
pub fn press(ctx: &Ctx<'_>, custom_id: &str) -> Outcome {
    let Some(press) = parse(custom_id) else {
        return refuse(EXPIRED);
    };
    let here =
        |guild: &str, channel: &str| guild == ctx.place.guild && channel == ctx.place.channel;
    let me = ctx.user.id;
    match press {
        Press::Challenge { id, accept } => {
            let Some(c) = ctx.store().challenge(id)? else {
                return refuse(EXPIRED);
            };
            if c.status != ChallengeStatus::Open
                || c.expires_at <= ctx.now
                || !here(&c.guild, &c.channel)
            {
                return refuse(EXPIRED);
            }
            let for_me = if accept {
                c.challenger != me && c.opponent.map_or(true, |o| o == me)
            } else {
                c.opponent == Some(me)
            };
            if !for_me {
                return refuse(NOT_FOR_YOU);
            }
            if accept {
                answers::accept(ctx, Some(id))
            } else {
                answers::decline(ctx, Some(id))
            }
        }
        Press::Offer {
            kind,
            game,
            version,
            accept,
        } => {
            let Some(row) = ctx.store().game(game)? else {
                return refuse(EXPIRED);
            };
            if row.status != GameStatus::Active
                || row.version != version
                || !here(&row.guild, &row.channel)
            {
                return refuse(EXPIRED);
            }
            let Some(offer) = ctx.store().offer(game, kind, version)? else {
                return refuse(EXPIRED);
            };
            if row.seat_of(me) != Some(offer.seat.other()) {
                return refuse(NOT_FOR_YOU);
            }
            match (kind, accept) {
                (OfferKind::Draw, true) => offers::draw(ctx, Some(version)),
                (OfferKind::Undo, true) => offers::undo(ctx, Some(version)),
                (kind, false) => match offers::answer_pending(ctx, false, Some(kind))? {
                    Some(replies) => Ok(replies),
                    None => refuse(EXPIRED),
                },
            }
        }
        Press::Rematch { game } => {
            let Some(row) = ctx.store().game(game)? else {
                return refuse(EXPIRED);
            };
            if row.seat_of(me).is_none() {
                return refuse(NOT_FOR_YOU);
            }
            if row.status == GameStatus::Active || !here(&row.guild, &row.channel) {
                return refuse(EXPIRED);
            }
            challenge::rematch(ctx, Some(game))
        }
        // `/replay game:<n>` checks that the game is of this server.
        Press::Replay { game } => replay::replay(ctx, Some(game)),
        // Lists anyone may read; a page past the end is refused as typed.
        Press::HistoryPage { user, page } => {
            standings::history::history(ctx, Some(user), Some(page_number(page)))
        }
        Press::GamesPage { page } => spectate::games_in_progress(ctx, Some(page_number(page))),
        Press::MyGamesPage { page } => games::games(ctx, Some(page_number(page))),
        Press::Leaderboard { game } => standings::leaderboard::leaderboard(ctx, Some(game), None),
        Press::Rating { user, game } => standings::rating::rating(ctx, Some(user), Some(game)),
        Press::Tournament { id, join: true } => tournament::signup::join(ctx, Some(id)),
        Press::Tournament { id, join: false } => tournament::signup::leave(ctx, Some(id)),
    }
}

/// A button's page as a typed `page:` (one past any list when it is huge).
fn page_number(page: usize) -> i64 {
    i64::try_from(page).unwrap_or(i64::MAX)
}

/// Whether a button of `place` still answers something at `now`, whoever
/// may press it: an open challenge, an offer pending at the game's version,
/// the rematch of the channel's last game while no game runs there. These
/// are the checks of [`press`] before it asks who pressed.
pub fn live(
    store: &Store,
    place: &Place,
    now: DateTime<Utc>,
    press: Press,
) -> Result<bool, StoreError> {
    let here = |guild: &str, channel: &str| guild == place.guild && channel == place.channel;
    Ok(match press {
        Press::Challenge { id, .. } => store.challenge(id)?.is_some_and(|c| {
            c.status == ChallengeStatus::Open && c.expires_at > now && here(&c.guild, &c.channel)
        }),
        Press::Offer {
            kind,
            game,
            version,
            ..
        } => {
            store.game(game)?.is_some_and(|row| {
                row.status == GameStatus::Active
                    && row.version == version
                    && here(&row.guild, &row.channel)
            }) && store.offer(game, kind, version)?.is_some()
        }
        Press::Rematch { game } => store
            .latest_game(&place.guild, &place.channel)?
            .is_some_and(|last| last.id == game && last.status != GameStatus::Active),
        // A finished game can always be replayed.
        Press::Replay { game } => store
            .game(game)?
            .is_some_and(|row| row.guild == place.guild && row.status != GameStatus::Active),
        // A list can always be paged (a page gone past the end is refused when pressed).
        Press::HistoryPage { .. } | Press::GamesPage { .. } | Press::MyGamesPage { .. } => true,
        // A game's standings can always be asked for.
        Press::Leaderboard { .. } | Press::Rating { .. } => true,
        // A sign-up list is live while the tournament takes sign-ups.
        Press::Tournament { id, .. } => store
            .tournament(id)?
            .is_some_and(|t| t.status == TournamentStatus::SignUp),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::ground::reply::Reply;
    use crate::bot::tests::support::{clock, place};
    use crate::bot::{Bot, Invocation, User};
    use crate::console::parse::{parse_command, user_id};

    fn run(bot: &Bot, who: &str, line: &str) -> Vec<Reply> {
        bot.handle(&Invocation {
            place: place("general"),
            user: User {
                id: user_id(who),
                name: who.into(),
                is_admin: false,
            },
            command: parse_command(line).unwrap(),
        })
    }

    /// Runs `line` and records its reply with buttons as the message `message`.
    fn post(bot: &Bot, who: &str, line: &str, message: &str) {
        let replies = run(bot, who, line);
        let with_buttons: Vec<&Reply> = replies.iter().filter(|r| !r.buttons.is_empty()).collect();
        assert_eq!(with_buttons.len(), 1, "{line}: {replies:?}");
        let custom_id = &with_buttons[0].buttons[0].custom_id;
        bot.record_buttons(&place("general"), message, custom_id);
    }

    fn dead(bot: &Bot) -> Vec<String> {
        bot.dead_button_messages(&place("general"))
    }

    #[test]
    fn buttons_die_when_what_they_answer_is_over_by_command() {
        // Issue 15: once a challenge or offer is answered (here by typed
        // commands), its message's buttons are found dead, once.
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
        let challenge = "/tak challenge opponent:@bob size:3 color:white";
        post(&bot, "alice", challenge, "m1");
        assert!(dead(&bot).is_empty(), "an open challenge is live");
        run(&bot, "bob", "/decline");
        assert_eq!(dead(&bot), ["m1"]);
        assert!(dead(&bot).is_empty(), "a dead message is returned once");

        post(&bot, "alice", challenge, "m2");
        run(&bot, "bob", "/accept");
        assert_eq!(dead(&bot), ["m2"]);

        // A draw offer lapses when a move is made (RULINGS Every game 1: an
        // offer holds for the version it was made at).
        run(&bot, "alice", "/move a3");
        post(&bot, "bob", "/draw", "m3");
        assert!(dead(&bot).is_empty());
        run(&bot, "bob", "/move c1");
        assert_eq!(dead(&bot), ["m3"]);

        // The rematch button stays live while no new game runs here, the
        // rematch challenge until it is taken; then both are dead.
        post(&bot, "alice", "/resign", "m4");
        post(&bot, "alice", "/rematch", "m5");
        assert!(dead(&bot).is_empty());
        run(&bot, "bob", "/accept");
        assert_eq!(dead(&bot), ["m4", "m5"]);
    }

    #[test]
    fn an_expired_challenge_and_a_withdrawn_offer_have_dead_buttons() {
        let clock = clock();
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock.clone());
        post(&bot, "alice", "/tak challenge size:3", "m1");
        clock
            .advance(crate::bot::life::start::challenge_lifetime())
            .unwrap();
        assert_eq!(dead(&bot), ["m1"], "a challenge waits 24 hours");
        assert!(!bot.button_is_live(&place("general"), "challenge:1:accept"));
        bot.run_due();

        post(
            &bot,
            "alice",
            "/tak challenge opponent:@bob size:3 color:white",
            "m2",
        );
        assert!(bot.button_is_live(&place("general"), "challenge:2:decline"));
        run(&bot, "bob", "/accept");
        run(&bot, "alice", "/move a3");
        post(&bot, "alice", "/draw", "m3");
        assert_eq!(dead(&bot), ["m2"], "the accepted challenge");
        run(&bot, "alice", "/cancel");
        assert_eq!(dead(&bot), ["m3"], "the withdrawn draw offer");
        assert!(!bot.button_is_live(&place("general"), "nonsense"));
    }
}
