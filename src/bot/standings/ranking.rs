//! How the standings commands rank players and write them: the order of a
//! leaderboard, a player's rating, deviation and record, a result's verb.

use crate::rating::Score;
use crate::store::PlayerRating;

/// Players per leaderboard page.
pub const PAGE_SIZE: usize = 10;

/// How many results `/rating` lists.
pub const RECENT_RESULTS: usize = 10;

pub fn rounded(x: f64) -> i64 {
    x.round() as i64
}

/// The players of a server's leaderboard in order: established players by
/// rating, then provisional ones (deviation above 110) by rating.
pub fn ranked(mut players: Vec<PlayerRating>) -> Vec<PlayerRating> {
    players.sort_by(|a, b| {
        a.rating
            .is_provisional()
            .cmp(&b.rating.is_provisional())
            .then(b.rating.rating.total_cmp(&a.rating.rating))
            .then(b.games.cmp(&a.games))
            .then(a.user.cmp(&b.user))
    });
    players
}

pub fn record(p: &PlayerRating) -> String {
    format!(
        "{}: {}, {}, {}",
        crate::games::plural(p.games as u32, "game"),
        crate::games::plural(p.wins as u32, "win"),
        crate::games::plural(p.losses as u32, "loss").replace("losss", "losses"),
        crate::games::plural(p.draws as u32, "draw")
    )
}

pub fn deviation_text(p: &PlayerRating) -> String {
    let rd = rounded(p.rating.deviation);
    if p.rating.is_provisional() {
        format!("RD {rd}, provisional")
    } else {
        format!("RD {rd}")
    }
}
pub fn verb(score: Score) -> &'static str {
    match score {
        Score::Win => "won",
        Score::Loss => "lost",
        Score::Draw => "drew",
    }
}
