//! A tournament under way: its start (seeds by rating), each round's
//! pairings stored with their games (each opened in a thread of its own,
//! with the round's deadline), the end of a round (when every game is over,
//! or at the deadline, where games still running are decided as a claim
//! would), the standings after it, and the end. The scheduler calls
//! [`run_due`] at its times and after every command; each step is
//! committed once (a round is stored, closed and the tournament ended
//! each by one guarded update), so a step seen twice, or by two
//! processes, is done once.

use chrono::{DateTime, Utc};

use super::here::{place_of, Loaded};
use super::record::Outcome;
use super::rounds::{at_deadline, next_round, outcome_of, outcome_text};
use super::show::{standings_heading, standings_reply};
use super::warnings::{next_warning, warn_round};
use crate::bot::ground::announce::game_over_reply;
use crate::bot::ground::context::Ctx;
use crate::bot::ground::core::Core;
use crate::bot::ground::place::{Place, NOBODY};
use crate::bot::ground::reply::{mention, time, Reply, ThreadStart};
use crate::bot::life::threads::thread_name;
use crate::games::{resignation_result, GameState, Seat};
use crate::store::tournaments::{NewPairing, NewRound, TournamentDue, TournamentStatus};
use crate::store::{ratings::counts_for_rating, Finish, GameStatus, NewGame, StoreError};

/// At most this many steps (a start, a round closed) in one call: a round
/// of forfeits only is over at once, and so may be the next.
const MAX_STEPS: usize = 64;

/// Does what has fallen due for tournaments by `now`: starts at their
/// `starts:` time, rounds over or past their deadline, reminders before
/// a deadline; only in `guild` when given (after a command there).
pub fn run_due(
    core: &Core,
    now: DateTime<Utc>,
    guild: Option<&str>,
) -> Result<Vec<Reply>, StoreError> {
    let mut replies = Vec::new();
    for _ in 0..MAX_STEPS {
        let Some(due) = core.store().tournaments_due(now, guild)?.into_iter().next() else {
            break;
        };
        let id = match due {
            TournamentDue::Start(id) | TournamentDue::Round(id, _) | TournamentDue::Warn(id, _) => {
                id
            }
        };
        let Some(row) = core.store().tournament(id)? else {
            break;
        };
        let place = place_of(&row);
        let mut step = core.in_channel(&place, || -> Result<Vec<Reply>, StoreError> {
            let loaded = Loaded::read(core.store(), row)?;
            match due {
                TournamentDue::Start(_) => start(core, loaded, now),
                TournamentDue::Round(_, number) => end_round(core, loaded, number, now),
                TournamentDue::Warn(_, number) => warn_round(core, loaded, number, now),
            }
        })?;
        if step.is_empty() && !matches!(due, TournamentDue::Warn(..)) {
            // Done by another tick or process meanwhile. (A reminder with
            // nobody left to remind is marked sent all the same.)
            break;
        }
        replies.append(&mut step);
    }
    Ok(replies)
}

/// Starts a tournament taking sign-ups: seeds by the server's rating for
/// the game (then the order of sign-up), then pairs round 1. With fewer
/// than two players (at its `starts:` time) it is cancelled.
pub fn start(core: &Core, t: Loaded, now: DateTime<Utc>) -> Result<Vec<Reply>, StoreError> {
    let store = core.store();
    let place = t.place();
    if t.entrants.len() < 2 {
        if store.end_tournament(t.row.id, TournamentStatus::Cancelled, now)? {
            return Ok(vec![Reply::public(
                &place,
                format!(
                    "Tournament #{} was to start now, but {} signed up: it needs at least 2 players, so it is cancelled.",
                    t.row.id,
                    t.entrants.len()
                ),
            )]);
        }
        return Ok(Vec::new());
    }
    let rated = store.standings(&t.row.guild, t.row.settings.kind())?;
    let default = crate::rating::Rating::default().rating;
    let mut seeds: Vec<(usize, i32)> = t
        .entrants
        .iter()
        .enumerate()
        .map(|(joined, e)| {
            let rating = rated
                .iter()
                .find(|r| r.user == e.user)
                .map_or(default, |r| r.rating.rating);
            (joined, rating.round() as i32)
        })
        .collect();
    // Highest rating first; equal ratings in the order they joined.
    seeds.sort_by_key(|&(joined, rating)| (std::cmp::Reverse(rating), joined));
    let seeded: Vec<_> = seeds
        .iter()
        .map(|&(joined, rating)| (t.entrants[joined].user, rating))
        .collect();
    match store.start_tournament(t.row.id, &seeded, now) {
        Err(StoreError::Stale) => return Ok(Vec::new()),
        other => other?,
    }
    let list: Vec<String> = seeded
        .iter()
        .enumerate()
        .map(|(seed, (user, rating))| format!("{}. {} ({rating})", seed + 1, mention(*user)))
        .collect();
    let t = Loaded::read(store, t.row.clone())?;
    let mut replies = vec![Reply::public(
        &place,
        format!(
            "Tournament #{} starts: {} players, {}, seeded by rating: {}.",
            t.row.id,
            seeded.len(),
            t.format_words(),
            list.join(", ")
        ),
    )];
    replies.extend(start_round(core, t, 1, now)?);
    Ok(replies)
}

/// Where a round's game waits until its thread is open: a name no real
/// channel has, one per game (a channel holds one game in progress).
fn waiting_room(t: &Loaded, round: u32, board: usize) -> String {
    format!(
        "{}/tournament-{}-round-{round}-board-{}",
        t.row.channel,
        t.row.id,
        board + 1
    )
}

/// Pairs and stores round `number`, and starts its games, each in a
/// thread of its own. With no legal pairing left (a Swiss that has
/// played almost every pair), the tournament ends.
fn start_round(
    core: &Core,
    t: Loaded,
    number: u32,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, StoreError> {
    let Some(round) = next_round(t.format, &t.record, &t.entrants, number) else {
        return finish(core, t, now, Some("no legal pairing is left"));
    };
    let store = core.store();
    let deadline = now + t.row.round_time;
    let user = |seed: usize| t.entrants[seed].user;
    let state = GameState::new(&t.row.settings).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    let pairings: Vec<NewPairing> = round
        .pairings
        .iter()
        .enumerate()
        .map(|(board, p)| {
            let players = [user(p.white), user(p.black)];
            NewPairing {
                white: p.white,
                black: p.black,
                game: (p.outcome == Outcome::Pending).then(|| NewGame {
                    guild: t.row.guild.clone(),
                    channel: waiting_room(&t, number, board),
                    settings: t.row.settings.clone(),
                    players,
                    rated: counts_for_rating(&t.row.settings, players, t.row.rated),
                    snapshot: state.snapshot(),
                    created_at: now,
                    blind: false,
                }),
                outcome: outcome_text(p.outcome),
            }
        })
        .collect();
    let games = match store.add_round(
        t.row.id,
        &NewRound {
            number,
            bye: round.bye,
            started_at: now,
            deadline,
            warn_at: next_warning(now, deadline, now),
            pairings,
        },
    ) {
        // Paired already (by another tick or process).
        Err(StoreError::Stale) => return Ok(Vec::new()),
        other => other?,
    };
    let place = t.place();
    let bye = match round.bye {
        Some(seed) if t.format == super::standings::Format::Swiss => {
            format!(" Bye: {} (a win).", mention(user(seed)))
        }
        Some(seed) => format!(" Bye: {} (no game this round).", mention(user(seed))),
        None => String::new(),
    };
    let mut replies = vec![Reply::public(
        &place,
        format!(
            "Round {number} of {} of tournament #{}: every game must be over by {}.{bye}",
            t.total_rounds(),
            t.row.id,
            time(deadline)
        ),
    )];
    let ctx = Ctx {
        core,
        place: &place,
        user: &NOBODY,
        now,
    };
    for (board, (pairing, game)) in round.pairings.iter().zip(&games).enumerate() {
        let [white, black] = [user(pairing.white), user(pairing.black)];
        let board = board + 1;
        let Some(game) = game.map(|id| store.game(id)).transpose()?.flatten() else {
            let text = match pairing.outcome {
                Outcome::WhiteWins => format!("{} wins by forfeit", mention(white)),
                Outcome::BlackWins => format!("{} wins by forfeit", mention(black)),
                _ => "both withdrew: a loss for each".into(),
            };
            replies.push(Reply::public(
                &place,
                format!(
                    "Board {board}: {} (white) vs {} (black): {text}.",
                    mention(white),
                    mention(black)
                ),
            ));
            continue;
        };
        let name = thread_name(&ctx, &game);
        store.add_game_thread(&game, &t.row.channel, None, &name, now)?;
        core.thread_openings.hold(game.id);
        replies.push(
            Reply::public(
                &place,
                format!(
                    "Board {board}: {} (white) vs {} (black), game #{}, played in a thread of its own, \"{name}\".",
                    mention(white),
                    mention(black),
                    game.id
                ),
            )
            .mention([white, black])
            .with_thread(ThreadStart {
                game: game.id,
                name,
            }),
        );
    }
    Ok(replies)
}

/// Ends `game` as won by `winner` by forfeit (`reason`: why); its result.
pub fn forfeit(
    store: &crate::store::Store,
    game: &crate::store::GameRow,
    winner: Seat,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<&'static str, StoreError> {
    let finish = Finish::forfeit(winner, reason);
    store.end_game(game.id, game.version, &finish, now)?;
    Ok(resignation_result(winner))
}

/// Ends `game` with no result (`reason`: why).
pub fn abort(
    store: &crate::store::Store,
    game: &crate::store::GameRow,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    store.end_game(game.id, game.version, &Finish::aborted(reason), now)
}

/// Closes round `number`: games still running (at the deadline) are
/// decided as a claim would decide them, then the standings are posted
/// and the next round paired, or the tournament ends.
fn end_round(
    core: &Core,
    t: Loaded,
    number: u32,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, StoreError> {
    let store = core.store();
    let Some(round) = t.round(number) else {
        return Ok(Vec::new());
    };
    if round.finished_at.is_some() {
        return Ok(Vec::new());
    }
    let mut replies = Vec::new();
    for pairing in t.pairings.iter().filter(|p| p.round == number) {
        let Some(game) = pairing
            .game_id
            .map(|id| store.game(id))
            .transpose()?
            .flatten()
        else {
            continue;
        };
        if outcome_of(pairing) != Outcome::Pending || game.status != GameStatus::Active {
            continue;
        }
        if now < round.deadline {
            // Not over yet: another game finished, this one still runs.
            return Ok(replies);
        }
        let state = core.position(&game)?;
        let decided = at_deadline(state.action_count(), state.awaiting());
        let game_place = Place::of(&game);
        let ctx = Ctx {
            core,
            place: &game_place,
            user: &NOBODY,
            now,
        };
        let winner = match decided {
            Outcome::WhiteWins => Some(Seat::Player1),
            Outcome::BlackWins => Some(Seat::Player2),
            _ => None,
        };
        match winner {
            Some(winner) => {
                let result = forfeit(store, &game, winner, "forfeit at the round's deadline", now)?;
                let text = format!(
                    "The round's deadline has passed with {} to move: {} wins game #{} by forfeit, {result}.",
                    mention(game.player(winner.other())),
                    mention(game.player(winner)),
                    game.id
                );
                replies.push(game_over_reply(&ctx, &game, text));
            }
            None => {
                abort(
                    store,
                    &game,
                    "unplayed by both by the round's deadline",
                    now,
                )?;
                store.set_pairing_outcome(
                    t.row.id,
                    number,
                    pairing.board,
                    outcome_text(Outcome::BothLose),
                )?;
                replies.push(
                    Reply::public(
                        &game_place,
                        format!(
                            "The round's deadline has passed and nobody moved in game #{}: it counts as a loss for both.",
                            game.id
                        ),
                    )
                    .mention(game.players),
                );
            }
        }
    }
    if !store.finish_round(t.row.id, number, now)? {
        return Ok(replies);
    }
    let t = Loaded::read(store, t.row)?;
    if number >= t.total_rounds() {
        replies.extend(finish(core, t, now, None)?);
        return Ok(replies);
    }
    let heading = format!(
        "Round {number} of {} of tournament #{} is over; {}",
        t.total_rounds(),
        t.row.id,
        standings_heading(t.rounds_played(), t.total_rounds())
    );
    replies.push(standings_reply(store, &t, &t.place(), heading, None)?);
    replies.extend(start_round(core, t, number + 1, now)?);
    Ok(replies)
}

/// Ends a tournament: names the winner (or those sharing first place) and
/// every game played, each one's record a `/export` away.
fn finish(
    core: &Core,
    t: Loaded,
    now: DateTime<Utc>,
    early: Option<&str>,
) -> Result<Vec<Reply>, StoreError> {
    let store = core.store();
    if !store.end_tournament(t.row.id, TournamentStatus::Finished, now)? {
        return Ok(Vec::new());
    }
    let lines = super::standings::standings(&t.finished_record(), t.format);
    let first: Vec<String> = lines
        .iter()
        .filter(|l| l.rank == 1)
        .map(|l| mention(t.entrants[l.player].user))
        .collect();
    let points = lines
        .first()
        .map(|l| super::standings::points_text(l.points))
        .unwrap_or_default();
    let winner = match first.len() {
        0 => "Nobody played.".to_string(),
        1 => format!("The winner is {} with {points} points!", first[0]),
        _ => format!(
            "First place is shared by {} with {points} points each!",
            first.join(" and ")
        ),
    };
    let games: Vec<String> = t
        .pairings
        .iter()
        .filter_map(|p| p.game_id)
        .map(|id| format!("#{id}"))
        .collect();
    let games = if games.is_empty() {
        String::new()
    } else {
        format!(
            "\nIts games: {}. /export game:<number> gives any one's record.",
            games.join(", ")
        )
    };
    let early = early
        .map(|why| format!(" early ({why})"))
        .unwrap_or_default();
    let heading = format!(
        "Tournament #{} is over{early}. {winner}{games}\nFinal standings:",
        t.row.id
    );
    let mentions: Vec<_> = lines
        .iter()
        .filter(|l| l.rank == 1)
        .map(|l| t.entrants[l.player].user)
        .collect();
    Ok(vec![
        standings_reply(store, &t, &t.place(), heading, None)?.mention(mentions)
    ])
}
