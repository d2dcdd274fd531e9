//! A tournament's rounds as the store keeps them, read back as a
//! [`Record`], and what comes next: the next round's pairings (forfeits
//! for players who withdrew), and the outcome of a game still running at
//! its round's deadline.

use super::record::{Outcome, Record, Round};
use super::round_robin::schedule;
use super::standings::Format;
use super::swiss;
use crate::games::Seat;
use crate::store::tournaments::{Entrant, PairingRow, RoundRow};
use crate::store::GameStatus;

impl Format {
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Swiss => "swiss",
            Format::RoundRobin => "round-robin",
        }
    }

    pub fn parse(text: &str) -> Option<Format> {
        match text {
            "swiss" => Some(Format::Swiss),
            "round-robin" => Some(Format::RoundRobin),
            _ => None,
        }
    }

    /// How many rounds a tournament of `players` plays: a round robin as
    /// many as every pair needs, a Swiss the rounds asked for.
    pub fn rounds(self, asked: u32, players: usize) -> u32 {
        match self {
            Format::Swiss => asked,
            Format::RoundRobin => schedule(players).len() as u32,
        }
    }
}

/// An outcome as the store writes it.
pub fn outcome_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Pending => "pending",
        Outcome::WhiteWins => "white",
        Outcome::BlackWins => "black",
        Outcome::Draw => "draw",
        Outcome::BothLose => "both-lose",
    }
}

/// A stored pairing's outcome: its own if decided, else its game's (the
/// game's first player is white; an aborted game counts as unplayed by
/// both).
pub fn outcome_of(row: &PairingRow) -> Outcome {
    match row.outcome.as_str() {
        "white" => Outcome::WhiteWins,
        "black" => Outcome::BlackWins,
        "draw" => Outcome::Draw,
        "both-lose" => Outcome::BothLose,
        _ => match (row.game_status, row.game_winner) {
            (Some(GameStatus::Finished), Some(Seat::Player1)) => Outcome::WhiteWins,
            (Some(GameStatus::Finished), Some(Seat::Player2)) => Outcome::BlackWins,
            (Some(GameStatus::Finished), None) => Outcome::Draw,
            (Some(GameStatus::Aborted), _) => Outcome::BothLose,
            _ => Outcome::Pending,
        },
    }
}

/// The record of `players` entrants of a tournament of `format` from the
/// stored rounds and pairings.
pub fn record_of(
    format: Format,
    players: usize,
    rounds: &[RoundRow],
    pairings: &[PairingRow],
) -> Record {
    let mut record = Record::new(players);
    if format == Format::RoundRobin {
        record.bye_points = 0;
    }
    for row in rounds {
        record.rounds.push(Round {
            pairings: pairings
                .iter()
                .filter(|p| p.round == row.number)
                .map(|p| super::record::Pairing {
                    white: p.white,
                    black: p.black,
                    outcome: outcome_of(p),
                })
                .collect(),
            bye: row.bye,
        });
    }
    record
}

/// Whether an entrant plays round `number` (from 1): not withdrawn before it.
pub fn plays_in(entrant: &Entrant, number: u32) -> bool {
    !matches!(entrant.withdrawn_after, Some(after) if number > after)
}

/// Round `number` (from 1) of a tournament of `entrants` (by seed) that
/// has played `record`: a round robin's scheduled round, a Swiss pairing
/// of the players still in. A game with a player who withdrew is a
/// forfeit, decided at once. `None`: no legal Swiss pairing exists, or the
/// round robin has no such round.
pub fn next_round(
    format: Format,
    record: &Record,
    entrants: &[Entrant],
    number: u32,
) -> Option<Round> {
    let index = usize::try_from(number).ok()?.checked_sub(1)?;
    let mut round = match format {
        Format::RoundRobin => schedule(entrants.len()).into_iter().nth(index)?,
        Format::Swiss => {
            let active: Vec<usize> = (0..entrants.len())
                .filter(|&seed| plays_in(&entrants[seed], number))
                .collect();
            let ratings: Vec<i32> = entrants.iter().map(|e| e.rating.unwrap_or(0)).collect();
            swiss::pair(record, &active, &ratings)?
        }
    };
    for pairing in &mut round.pairings {
        let [white_in, black_in] =
            [pairing.white, pairing.black].map(|seed| plays_in(&entrants[seed], number));
        pairing.outcome = match (white_in, black_in) {
            (true, true) => Outcome::Pending,
            (true, false) => Outcome::WhiteWins,
            (false, true) => Outcome::BlackWins,
            (false, false) => Outcome::BothLose,
        };
    }
    Some(round)
}

/// The outcome of a game still running at its round's deadline: left
/// unplayed by both (no move made), a loss for each; else a loss for the
/// player whose move it was, as a claim at the deadline gives.
pub fn at_deadline(moves_made: usize, awaited: Option<Seat>) -> Outcome {
    match (moves_made, awaited) {
        (0, _) | (_, None) => Outcome::BothLose,
        (_, Some(Seat::Player1)) => Outcome::BlackWins,
        (_, Some(Seat::Player2)) => Outcome::WhiteWins,
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;

    fn entrant(withdrawn_after: Option<u32>) -> Entrant {
        Entrant {
            user: 1,
            joined_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
            seed: None,
            rating: Some(1500),
            withdrawn_after,
        }
    }

    fn pairing_row(outcome: &str, status: Option<GameStatus>, winner: Option<Seat>) -> PairingRow {
        PairingRow {
            round: 1,
            board: 1,
            white: 0,
            black: 1,
            game_id: Some(1),
            outcome: outcome.into(),
            game_status: status,
            game_winner: winner,
        }
    }

    #[test]
    fn a_pairing_takes_its_games_result_unless_decided_otherwise() {
        use GameStatus::*;
        let cases = [
            (pairing_row("pending", Some(Active), None), Outcome::Pending),
            (
                pairing_row("pending", Some(Finished), Some(Seat::Player1)),
                Outcome::WhiteWins,
            ),
            (
                pairing_row("pending", Some(Finished), Some(Seat::Player2)),
                Outcome::BlackWins,
            ),
            (pairing_row("pending", Some(Finished), None), Outcome::Draw),
            (
                pairing_row("pending", Some(Aborted), None),
                Outcome::BothLose,
            ),
            (
                pairing_row("both-lose", Some(Finished), Some(Seat::Player1)),
                Outcome::BothLose,
            ),
            (pairing_row("black", None, None), Outcome::BlackWins),
        ];
        for (row, expected) in cases {
            assert_eq!(outcome_of(&row), expected, "{row:?}");
        }
        for outcome in [
            Outcome::WhiteWins,
            Outcome::BlackWins,
            Outcome::Draw,
            Outcome::BothLose,
        ] {
            let row = pairing_row(outcome_text(outcome), None, None);
            assert_eq!(outcome_of(&row), outcome);
        }
    }

    #[test]
    fn a_withdrawn_players_round_robin_games_are_forfeits_and_a_swiss_leaves_them_out() {
        // Issue 32: "/tournament withdraw (a player leaves; their
        // remaining games forfeited)".
        let entrants = [
            entrant(None),
            entrant(None),
            entrant(Some(1)),
            entrant(None),
        ];
        let record = Record::new(4);
        let round = next_round(Format::RoundRobin, &record, &entrants, 2).unwrap();
        for p in &round.pairings {
            let expected = match (p.white, p.black) {
                (2, _) => Outcome::BlackWins,
                (_, 2) => Outcome::WhiteWins,
                _ => Outcome::Pending,
            };
            assert_eq!(p.outcome, expected);
        }
        // In round 1 they still play.
        let first = next_round(Format::RoundRobin, &record, &entrants, 1).unwrap();
        assert!(first.pairings.iter().all(|p| p.outcome == Outcome::Pending));
        let swiss = next_round(Format::Swiss, &record, &entrants, 2).unwrap();
        assert!(swiss.pairings.iter().all(|p| p.white != 2 && p.black != 2));
        assert_eq!(swiss.bye.map(|b| b != 2), Some(true));
        assert_eq!(next_round(Format::RoundRobin, &record, &entrants, 4), None);
        assert_eq!(next_round(Format::RoundRobin, &record, &entrants, 0), None);
    }

    #[test]
    fn at_the_deadline_an_unplayed_game_is_lost_by_both_else_by_the_player_to_move() {
        assert_eq!(at_deadline(0, Some(Seat::Player1)), Outcome::BothLose);
        assert_eq!(at_deadline(3, Some(Seat::Player1)), Outcome::BlackWins);
        assert_eq!(at_deadline(4, Some(Seat::Player2)), Outcome::WhiteWins);
    }

    #[test]
    fn the_record_reads_the_stored_rounds() {
        let round = RoundRow {
            number: 1,
            bye: Some(2),
            started_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
            deadline: Utc.with_ymd_and_hms(2026, 1, 2, 0, 0, 0).unwrap(),
            finished_at: None,
            warn_at: None,
        };
        let rows = [pairing_row(
            "pending",
            Some(GameStatus::Finished),
            Some(Seat::Player2),
        )];
        let record = record_of(Format::Swiss, 3, std::slice::from_ref(&round), &rows);
        assert_eq!(record.points(1), super::super::record::WIN);
        assert_eq!(record.points(2), super::super::record::WIN);
        assert_eq!(record.points(0), 0);
        // A round robin's bye scores nothing: every player has one.
        let record = record_of(Format::RoundRobin, 3, &[round], &rows);
        assert_eq!(record.points(2), 0);
        assert_eq!(
            Format::parse(Format::RoundRobin.as_str()),
            Some(Format::RoundRobin)
        );
        assert_eq!(Format::RoundRobin.rounds(9, 5), 5);
        assert_eq!(Format::Swiss.rounds(3, 5), 3);
    }
}
