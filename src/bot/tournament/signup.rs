//! A tournament's sign-up: `/tournament create` (a server admin), the
//! Join and Leave buttons (and `/tournament join|leave`), and
//! `/tournament start` (its creator or a server admin).

use chrono::Duration;

use super::here::{format_words, home, place_of, tournament_here, Loaded};
use super::options::{game_settings, round_time};
use super::runner;
use super::standings::Format;
use crate::bot::commands::TournamentRequest;
use crate::bot::ground::button_ids::tournament_id;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::escape;
use crate::bot::ground::interval::span;
use crate::bot::ground::reply::{mention, sentence, time, ButtonStyle, Reply};
use crate::bot::life::start::rated_word;
use crate::games::GameState;
use crate::store::tournaments::{NewTournament, TournamentRow, TournamentStatus};
use crate::store::StoreError;

/// The most players a tournament takes: every one a row of the crosstable
/// picture, which stays legible at chat size up to this many.
pub const MAX_ENTRANTS: usize = crate::render::crosstable::MAX_ROWS;

/// The shortest and longest `starts:` delay.
fn start_bounds() -> (Duration, Duration) {
    (Duration::minutes(1), Duration::days(30))
}

/// A refusal from an option's reader ("round-time must be ..."), as a sentence.
fn refusal(text: String) -> Failure {
    Failure::User(sentence(&text))
}

/// `/tournament create`.
pub fn create(ctx: &Ctx<'_>, request: &TournamentRequest) -> Outcome {
    if !ctx.user.is_admin
        && !ctx
            .store()
            .guild_settings(&ctx.place.guild)?
            .tournaments_by_anyone
    {
        return refuse(
            "Only a server admin can create a tournament (an admin can let anyone, with /settings tournaments:true).",
        );
    }
    if home(ctx)? != *ctx.place {
        return refuse("This is a game's thread: create the tournament in a channel.");
    }
    let format = Format::parse(&request.format).ok_or_else(|| {
        refusal(format!(
            "format must be swiss or round-robin, not {}",
            escape::echo(&request.format)
        ))
    })?;
    let round_time = round_time(&request.round_time).map_err(refusal)?;
    let settings = game_settings(request.game, &request.settings).map_err(refusal)?;
    // The settings must make a game (a start position, for one, may not).
    GameState::new(&settings).map_err(|e| refusal(e.to_string()))?;
    let starts_at = request
        .starts
        .as_deref()
        .map(|text| {
            let typed = escape::echo(text);
            let delay = humantime::parse_duration(text.trim())
                .ok()
                .and_then(|d| Duration::from_std(d).ok())
                .ok_or_else(|| {
                    refusal(format!(
                        "starts needs a delay such as 2h or 1d, not {typed}"
                    ))
                })?;
            let (soonest, latest) = start_bounds();
            if delay < soonest || delay > latest {
                return Err(refusal(format!(
                    "starts must be from 1 minute to 30 days from now, not {typed}"
                )));
            }
            Ok(ctx.now + delay)
        })
        .transpose()?;
    // Some settings are never rated (Tak on 3x3 and 4x4).
    let rated = request.rated && settings.can_be_rated();
    let rated_words = if request.rated && !rated {
        "unrated (games with these settings are never rated)"
    } else {
        rated_word(rated)
    };
    let new = NewTournament {
        guild: ctx.place.guild.clone(),
        channel: ctx.place.channel.clone(),
        creator: ctx.user.id,
        settings,
        format: format.as_str(),
        rounds: request.rounds,
        round_time,
        rated,
        starts_at,
        created_at: ctx.now,
    };
    let id = match ctx.store().create_tournament(&new) {
        Err(StoreError::Conflict(_)) => {
            return refuse(
                "A tournament is already signing up or running in this channel: see /tournament standings.",
            )
        }
        other => other?,
    };
    let start = match starts_at {
        Some(at) => format!(
            "It starts by itself {} (in {}), or at /tournament start.",
            time(at),
            span(at - ctx.now)
        ),
        None => format!(
            "It starts when {} (or a server admin) types /tournament start.",
            mention(ctx.user.id)
        ),
    };
    let text = format!(
        "Tournament #{id}: {}, {}, {} a round, {}. Sign up with the button or /tournament join (at most {MAX_ENTRANTS} players). {start}",
        new.settings.describe(),
        format_words(format, request.rounds),
        span(round_time),
        rated_words,
    );
    Ok(vec![signup_reply(ctx, id, text)])
}

/// A sign-up message: `text` and the Join and Leave buttons.
fn signup_reply(ctx: &Ctx<'_>, id: i64, text: String) -> Reply {
    Reply::public(ctx.place, text)
        .button("Join", tournament_id(id, true), ButtonStyle::Primary)
        .button("Leave", tournament_id(id, false), ButtonStyle::Secondary)
}

/// The tournament a sign-up command means: the button's, else this
/// channel's; refused unless it is taking sign-ups.
fn signing_up(ctx: &Ctx<'_>, id: Option<i64>) -> Result<TournamentRow, Failure> {
    let row = match id {
        Some(id) => ctx
            .store()
            .tournament(id)?
            .ok_or_else(|| Failure::User("This tournament no longer exists.".into()))?,
        None => tournament_here(ctx)?,
    };
    if row.status != TournamentStatus::SignUp {
        return closed(row.id);
    }
    Ok(row)
}

/// The refusal of a sign-up (or a leave) once a tournament has started.
fn closed<T>(id: i64) -> Result<T, Failure> {
    refuse(format!("Tournament #{id} is no longer taking sign-ups."))
}

/// "Players (3): @a, @b, @c."
fn players_line(ctx: &Ctx<'_>, id: i64) -> Result<String, Failure> {
    let entrants = ctx.store().entrants(id)?;
    if entrants.is_empty() {
        return Ok("Nobody is signed up.".into());
    }
    let names: Vec<String> = entrants.iter().map(|e| mention(e.user)).collect();
    Ok(format!("Players ({}): {}.", names.len(), names.join(", ")))
}

/// `/tournament join`, or the Join button of tournament `id`.
pub fn join(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let row = signing_up(ctx, id)?;
    if ctx.core.computer().is_some_and(|c| c.id == ctx.user.id) {
        return refuse("The computer doesn't play in tournaments.");
    }
    if ctx.store().entrants(row.id)?.len() >= MAX_ENTRANTS {
        return refuse(format!(
            "Tournament #{} is full: it takes at most {MAX_ENTRANTS} players.",
            row.id
        ));
    }
    match ctx.store().join_tournament(row.id, ctx.user.id, ctx.now) {
        Ok(true) => {}
        Ok(false) => {
            return refuse(format!(
                "You're already signed up for tournament #{}.",
                row.id
            ))
        }
        Err(StoreError::Stale) => return closed(row.id),
        Err(e) => return Err(e.into()),
    }
    let text = format!(
        "{} joins tournament #{}. {}",
        mention(ctx.user.id),
        row.id,
        players_line(ctx, row.id)?
    );
    Ok(vec![Reply::public(&place_of(&row), text)])
}

/// `/tournament leave`, or the Leave button of tournament `id`.
pub fn leave(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let row = signing_up(ctx, id)?;
    match ctx.store().leave_tournament(row.id, ctx.user.id) {
        Ok(true) => {}
        Ok(false) => return refuse(format!("You're not signed up for tournament #{}.", row.id)),
        Err(StoreError::Stale) => {
            return refuse(format!(
                "Tournament #{} has started: /tournament withdraw leaves it.",
                row.id
            ))
        }
        Err(e) => return Err(e.into()),
    }
    let text = format!(
        "{} leaves tournament #{}. {}",
        mention(ctx.user.id),
        row.id,
        players_line(ctx, row.id)?
    );
    Ok(vec![Reply::public(&place_of(&row), text)])
}

/// `/tournament start`: its creator or a server admin closes the sign-ups.
pub fn start(ctx: &Ctx<'_>) -> Outcome {
    let row = signing_up(ctx, None)?;
    if row.creator != ctx.user.id && !ctx.user.is_admin {
        return refuse(format!(
            "Only {} (who created it) or a server admin can start tournament #{}.",
            mention(row.creator),
            row.id
        ));
    }
    let signed = ctx.store().entrants(row.id)?.len();
    if signed < 2 {
        return refuse(format!(
            "Tournament #{} needs at least 2 players to start; {signed} signed up.",
            row.id
        ));
    }
    let loaded = Loaded::read(ctx.store(), row)?;
    runner::start(ctx.core, loaded, ctx.now).map_err(Failure::from)
}
