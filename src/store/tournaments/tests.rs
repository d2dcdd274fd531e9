//! The tournaments' store: one per channel at a time, sign-ups, seeds,
//! rounds with their games in one transaction, and what falls due.

use chrono::{Duration, TimeZone, Utc};

use super::*;
use crate::games::GameState;
use crate::store::{Finish, GameStatus};

fn at(hour: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 1, hour, 0, 0).unwrap()
}

fn settings() -> GameSettings {
    crate::games::GameKind::ALL[0]
        .settings_from_options(crate::games::Chosen(&[]))
        .unwrap()
}

fn new_tournament(channel: &str) -> NewTournament {
    NewTournament {
        guild: "g".into(),
        channel: channel.into(),
        creator: 1,
        settings: settings(),
        format: "swiss",
        rounds: 3,
        round_time: Duration::days(1),
        rated: true,
        starts_at: None,
        created_at: at(0),
    }
}

fn store_with_users(users: &[UserId]) -> Store {
    let store = Store::open_in_memory().unwrap();
    for &user in users {
        store
            .upsert_user(user, &format!("user{user}"), at(0))
            .unwrap();
    }
    store
}

fn game(store: &Store, channel: &str, players: [UserId; 2]) -> NewGame {
    let _ = store;
    let settings = settings();
    NewGame {
        guild: "g".into(),
        channel: channel.into(),
        snapshot: GameState::new(&settings).unwrap().snapshot(),
        settings,
        players,
        rated: true,
        created_at: at(1),
        blind: false,
    }
}

#[test]
fn one_tournament_signs_up_or_runs_per_channel() {
    let store = store_with_users(&[1]);
    let id = store.create_tournament(&new_tournament("c")).unwrap();
    assert!(matches!(
        store.create_tournament(&new_tournament("c")),
        Err(StoreError::Conflict(_))
    ));
    // Another channel is free, and so is this one once the first ends.
    store.create_tournament(&new_tournament("d")).unwrap();
    assert!(store
        .end_tournament(id, TournamentStatus::Cancelled, at(1))
        .unwrap());
    assert!(!store
        .end_tournament(id, TournamentStatus::Cancelled, at(1))
        .unwrap());
    assert_eq!(store.open_tournament("g", "c").unwrap(), None);
    store.create_tournament(&new_tournament("c")).unwrap();
    let row = store.tournament(id).unwrap().unwrap();
    assert_eq!(row.status, TournamentStatus::Cancelled);
    assert_eq!(row.round_time, Duration::days(1));
    assert_eq!(row.settings, settings());
}

#[test]
fn sign_ups_close_when_the_tournament_starts_and_seeds_follow_the_given_order() {
    let store = store_with_users(&[1, 2, 3, 4]);
    let id = store.create_tournament(&new_tournament("c")).unwrap();
    assert!(store.join_tournament(id, 2, at(1)).unwrap());
    assert!(!store.join_tournament(id, 2, at(1)).unwrap());
    assert!(store.join_tournament(id, 3, at(2)).unwrap());
    assert!(store.join_tournament(id, 4, at(3)).unwrap());
    assert!(store.leave_tournament(id, 4).unwrap());
    assert!(!store.leave_tournament(id, 4).unwrap());
    let joined: Vec<UserId> = store.entrants(id).unwrap().iter().map(|e| e.user).collect();
    assert_eq!(joined, [2, 3]);
    store
        .start_tournament(id, &[(3, 1600), (2, 1500)], at(4))
        .unwrap();
    assert!(matches!(
        store.start_tournament(id, &[], at(4)),
        Err(StoreError::Stale)
    ));
    assert!(matches!(
        store.join_tournament(id, 4, at(5)),
        Err(StoreError::Stale)
    ));
    assert!(matches!(
        store.leave_tournament(id, 2),
        Err(StoreError::Stale)
    ));
    let seeded: Vec<(UserId, Option<usize>, Option<i32>)> = store
        .entrants(id)
        .unwrap()
        .iter()
        .map(|e| (e.user, e.seed, e.rating))
        .collect();
    assert_eq!(seeded, [(3, Some(0), Some(1600)), (2, Some(1), Some(1500))]);
    assert!(store.withdraw_from_tournament(id, 2, 1).unwrap());
    assert!(!store.withdraw_from_tournament(id, 2, 1).unwrap());
    assert_eq!(store.entrants(id).unwrap()[1].withdrawn_after, Some(1));
}

#[test]
fn a_round_starts_its_games_and_is_due_when_they_are_over_or_at_its_deadline() {
    let store = store_with_users(&[1, 2, 3, 4, 5]);
    let id = store.create_tournament(&new_tournament("c")).unwrap();
    for user in [2, 3, 4, 5] {
        store.join_tournament(id, user, at(1)).unwrap();
    }
    store
        .start_tournament(id, &[(2, 0), (3, 0), (4, 0), (5, 0)], at(2))
        .unwrap();
    let round = NewRound {
        number: 1,
        bye: None,
        started_at: at(2),
        deadline: at(20),
        warn_at: None,
        pairings: vec![
            NewPairing {
                white: 0,
                black: 2,
                game: Some(game(&store, "c/1", [2, 4])),
                outcome: "pending",
            },
            NewPairing {
                white: 3,
                black: 1,
                game: Some(game(&store, "c/2", [5, 3])),
                outcome: "pending",
            },
        ],
    };
    let games = store.add_round(id, &round).unwrap();
    assert!(games.iter().all(Option::is_some));
    // A round is stored once.
    assert!(matches!(
        store.add_round(id, &round),
        Err(StoreError::Stale)
    ));
    assert_eq!(
        store.tournament_of_game(games[1].unwrap()).unwrap(),
        Some((id, 1, 2))
    );
    assert_eq!(store.next_tournament_due().unwrap(), Some(at(20)));
    assert_eq!(store.tournaments_due(at(3), None).unwrap(), []);
    // Both games end: the round is due before its deadline.
    for game_id in games.iter().flatten() {
        let row = store.game(*game_id).unwrap().unwrap();
        store
            .end_game(
                *game_id,
                row.version,
                &Finish::forfeit(Seat::Player1, "resignation"),
                at(4),
            )
            .unwrap();
    }
    assert_eq!(
        store.tournaments_due(at(5), None).unwrap(),
        [TournamentDue::Round(id, 1)]
    );
    // A command checks its own server's tournaments only.
    assert_eq!(
        store.tournaments_due(at(5), Some("g")).unwrap(),
        [TournamentDue::Round(id, 1)]
    );
    assert_eq!(store.tournaments_due(at(5), Some("other")).unwrap(), []);
    let pairings = store.tournament_pairings(id).unwrap();
    assert_eq!(pairings.len(), 2);
    assert_eq!(pairings[0].game_status, Some(GameStatus::Finished));
    assert_eq!(pairings[0].game_winner, Some(Seat::Player1));
    assert!(store.finish_round(id, 1, at(5)).unwrap());
    assert!(!store.finish_round(id, 1, at(5)).unwrap());
    assert_eq!(store.tournaments_due(at(21), None).unwrap(), []);
    assert_eq!(store.next_tournament_due().unwrap(), None);
}

#[test]
fn a_round_past_its_deadline_is_due_and_a_start_time_too() {
    let store = store_with_users(&[1, 2, 3]);
    let mut later = new_tournament("e");
    later.starts_at = Some(at(10));
    let starting = store.create_tournament(&later).unwrap();
    assert_eq!(store.next_tournament_due().unwrap(), Some(at(10)));
    assert_eq!(store.tournaments_due(at(9), None).unwrap(), []);
    assert_eq!(
        store.tournaments_due(at(10), None).unwrap(),
        [TournamentDue::Start(starting)]
    );
    let id = store.create_tournament(&new_tournament("c")).unwrap();
    store.join_tournament(id, 2, at(1)).unwrap();
    store.join_tournament(id, 3, at(1)).unwrap();
    store
        .start_tournament(id, &[(2, 0), (3, 0)], at(2))
        .unwrap();
    store
        .add_round(
            id,
            &NewRound {
                number: 1,
                bye: None,
                started_at: at(2),
                deadline: at(8),
                warn_at: Some(at(6)),
                pairings: vec![NewPairing {
                    white: 0,
                    black: 1,
                    game: Some(game(&store, "c/1", [2, 3])),
                    outcome: "pending",
                }],
            },
        )
        .unwrap();
    // Issue 42: its reminder before the deadline is due first, once.
    assert_eq!(store.next_tournament_due().unwrap(), Some(at(6)));
    assert_eq!(store.tournaments_due(at(5), None).unwrap(), []);
    assert_eq!(
        store.tournaments_due(at(6), Some("g")).unwrap(),
        [TournamentDue::Warn(id, 1)]
    );
    assert!(store.take_round_warning(id, 1, at(6), None).unwrap());
    assert!(!store.take_round_warning(id, 1, at(6), None).unwrap());
    assert_eq!(store.tournament_rounds(id).unwrap()[0].warn_at, None);
    assert_eq!(store.next_tournament_due().unwrap(), Some(at(8)));
    assert_eq!(store.tournaments_due(at(7), None).unwrap(), []);
    assert_eq!(
        store.tournaments_due(at(8), None).unwrap(),
        [TournamentDue::Round(id, 1)]
    );
    // A reminder left when the round ends is not due beside it.
    store
        .conn()
        .execute(
            "UPDATE tournament_rounds SET warn_at = ?1",
            [crate::store::sql::time_text(at(7))],
        )
        .unwrap();
    assert_eq!(
        store.tournaments_due(at(8), None).unwrap(),
        [TournamentDue::Round(id, 1)]
    );
    store.set_pairing_outcome(id, 1, 1, "both-lose").unwrap();
    assert_eq!(
        store.tournament_pairings(id).unwrap()[0].outcome,
        "both-lose"
    );
    let rounds = store.tournament_rounds(id).unwrap();
    assert_eq!((rounds[0].number, rounds[0].deadline), (1, at(8)));
}
