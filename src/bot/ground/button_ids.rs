//! Buttons' custom ids, written where a button is offered and read where
//! it is pressed: `challenge:<id>:accept|decline`,
//! `draw:<game>:<version>:accept|decline`, `undo:<game>:<version>:accept|decline`,
//! `rematch:<game>`, `replay:<game>`, and the pages of lists:
//! `history:<user>:<page>`, `games:<page>`, and the answers to "which game?":
//! `leaderboard:<game>`, `rating:<user>:<game>`; and a tournament's sign-up,
//! `tournament:<id>:join|leave`. This module uses no other module of the bot.

use crate::games::GameKind;
use crate::store::{OfferKind, UserId};

pub const EXPIRED: &str = "This offer has expired.";
pub const NOT_FOR_YOU: &str = "This is not for you.";

fn verb(accept: bool) -> &'static str {
    if accept {
        "accept"
    } else {
        "decline"
    }
}

pub fn challenge_id(challenge: i64, accept: bool) -> String {
    format!("challenge:{challenge}:{}", verb(accept))
}

pub fn offer_id(kind: OfferKind, game: i64, version: i64, accept: bool) -> String {
    format!("{}:{game}:{version}:{}", kind.as_str(), verb(accept))
}

pub fn rematch_id(game: i64) -> String {
    format!("rematch:{game}")
}

pub fn replay_id(game: i64) -> String {
    format!("replay:{game}")
}

/// A page of `/history user:<user>`.
pub fn history_page_id(user: UserId, page: usize) -> String {
    format!("history:{user}:{page}")
}

/// A page of `/games all:true`.
pub fn games_page_id(page: usize) -> String {
    format!("games:{page}")
}

/// A page of `/games` (the presser's own list).
pub fn my_games_page_id(page: usize) -> String {
    format!("mygames:{page}")
}

/// `/leaderboard game:<game>`, a choice of "which game?" (issue 29).
pub fn leaderboard_id(game: GameKind) -> String {
    format!("leaderboard:{}", game.name())
}

/// `/rating user:<user> game:<game>`, a choice of "which game?" (issue 29).
pub fn rating_id(user: UserId, game: GameKind) -> String {
    format!("rating:{user}:{}", game.name())
}

/// A parsed custom id.
pub fn tournament_id(tournament: i64, join: bool) -> String {
    format!(
        "tournament:{tournament}:{}",
        if join { "join" } else { "leave" }
    )
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    Challenge {
        id: i64,
        accept: bool,
    },
    Offer {
        kind: OfferKind,
        game: i64,
        version: i64,
        accept: bool,
    },
    Rematch {
        game: i64,
    },
    /// The Replay button under a finished game: anyone may press it.
    Replay {
        game: i64,
    },
    /// Previous/Next under `/history`: anyone may press it.
    HistoryPage {
        user: UserId,
        page: usize,
    },
    /// Previous/Next under `/games all:true`: anyone may press it.
    GamesPage {
        page: usize,
    },
    /// Previous/Next under `/games`: the presser's own list.
    MyGamesPage {
        page: usize,
    },
    /// A game chosen for `/leaderboard`: anyone may press it.
    Leaderboard {
        game: GameKind,
    },
    /// A game chosen for `/rating` of `user`: anyone may press it.
    Rating {
        user: UserId,
        game: GameKind,
    },
    /// Join or leave a tournament's sign-up list (issue 32).
    Tournament {
        id: i64,
        join: bool,
    },
}

pub fn parse(custom_id: &str) -> Option<Press> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    let accept = |s: &str| match s {
        "accept" => Some(true),
        "decline" => Some(false),
        _ => None,
    };
    match parts[..] {
        ["challenge", id, verb] => Some(Press::Challenge {
            id: id.parse().ok()?,
            accept: accept(verb)?,
        }),
        [kind @ ("draw" | "undo"), game, version, verb] => Some(Press::Offer {
            kind: if kind == "draw" {
                OfferKind::Draw
            } else {
                OfferKind::Undo
            },
            game: game.parse().ok()?,
            version: version.parse().ok()?,
            accept: accept(verb)?,
        }),
        ["rematch", game] => Some(Press::Rematch {
            game: game.parse().ok()?,
        }),
        ["replay", game] => Some(Press::Replay {
            game: game.parse().ok()?,
        }),
        ["history", user, page] => Some(Press::HistoryPage {
            user: user.parse().ok()?,
            page: page.parse().ok()?,
        }),
        ["games", page] => Some(Press::GamesPage {
            page: page.parse().ok()?,
        }),
        ["mygames", page] => Some(Press::MyGamesPage {
            page: page.parse().ok()?,
        }),
        ["leaderboard", game] => Some(Press::Leaderboard {
            game: GameKind::parse(game)?,
        }),
        ["rating", user, game] => Some(Press::Rating {
            user: user.parse().ok()?,
            game: GameKind::parse(game)?,
        }),
        ["tournament", id, verb] => Some(Press::Tournament {
            id: id.parse().ok()?,
            join: match verb {
                "join" => true,
                "leave" => false,
                _ => return None,
            },
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip() {
        assert_eq!(
            parse(&challenge_id(7, true)),
            Some(Press::Challenge {
                id: 7,
                accept: true
            })
        );
        assert_eq!(
            parse(&offer_id(OfferKind::Undo, 3, 12, false)),
            Some(Press::Offer {
                kind: OfferKind::Undo,
                game: 3,
                version: 12,
                accept: false
            })
        );
        assert_eq!(parse(&rematch_id(4)), Some(Press::Rematch { game: 4 }));
        for join in [true, false] {
            assert_eq!(
                parse(&tournament_id(6, join)),
                Some(Press::Tournament { id: 6, join })
            );
        }
        assert_eq!(parse("tournament:6:maybe"), None);
        assert_eq!(parse(&replay_id(5)), Some(Press::Replay { game: 5 }));
        assert_eq!(
            parse(&history_page_id(9, 2)),
            Some(Press::HistoryPage { user: 9, page: 2 })
        );
        assert_eq!(parse(&games_page_id(3)), Some(Press::GamesPage { page: 3 }));
        assert_eq!(
            parse(&my_games_page_id(2)),
            Some(Press::MyGamesPage { page: 2 })
        );
        for kind in GameKind::ALL {
            assert_eq!(
                parse(&leaderboard_id(*kind)),
                Some(Press::Leaderboard { game: *kind })
            );
            assert_eq!(
                parse(&rating_id(6, *kind)),
                Some(Press::Rating {
                    user: 6,
                    game: *kind
                })
            );
        }
        for bad in [
            "leaderboard:chess",
            "rating:x:chess",
            "rating:1",
            "",
            "challenge:x:accept",
            "draw:1:2:maybe",
            "rematch",
            "replay:x",
            "history:1",
            "history:x:2",
            "games:",
            "a:b:c:d:e",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
