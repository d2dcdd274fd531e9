//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), through
//! the maintained `skillratings` crate. Every rated game is its own rating
//! period; new players start at 1500, deviation 350, volatility 0.06, and
//! the system constant tau is 0.5.

use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// Players whose deviation is above this are provisional: listed after the
/// established ones on a leaderboard.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The system constant tau.
pub const TAU: f64 = 0.5;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A game's result from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Loss,
    Draw,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::START
    }
}

impl Rating {
    pub const START: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn to_glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

fn outcome(score: Score) -> Outcomes {
    match score {
        Score::Win => Outcomes::WIN,
        Score::Loss => Outcomes::LOSS,
        Score::Draw => Outcomes::DRAW,
    }
}

/// Both players' new ratings after one game; `score` is the first player's.
pub fn update(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let (a, b) = glicko2(
        &first.to_glicko(),
        &second.to_glicko(),
        &outcome(score),
        &config(),
    );
    (Rating::from_glicko(a), Rating::from_glicko(b))
}

/// A player's new rating after a rating period of several games.
pub fn rating_period(player: Rating, games: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|&(opponent, score)| (opponent.to_glicko(), outcome(score)))
        .collect();
    Rating::from_glicko(glicko2_rating_period(
        &player.to_glicko(),
        &results,
        &config(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_worked_example() {
        // Glickman's Glicko-2 paper: a 1500 player (RD 200, volatility 0.06)
        // beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700
        // (RD 300), tau 0.5: new rating 1464.06, RD 151.52, volatility 0.05999.
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let new = rating_period(
            player,
            &[
                (opponent(1400.0, 30.0), Score::Win),
                (opponent(1550.0, 100.0), Score::Loss),
                (opponent(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn one_game_between_new_players_is_symmetric() {
        let (winner, loser) = update(Rating::START, Rating::START, Score::Win);
        assert!((winner.rating - 1662.31).abs() < 0.01, "{winner:?}");
        assert!((loser.rating - 1337.69).abs() < 0.01, "{loser:?}");
        assert!((winner.deviation - loser.deviation).abs() < 1e-9);
        assert!(winner.is_provisional());
        let (a, b) = update(Rating::START, Rating::START, Score::Draw);
        assert!((a.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    }
}
