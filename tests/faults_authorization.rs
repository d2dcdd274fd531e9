//! Who may do what in a game (issue 16, "An authorization matrix"): every
//! in-game command and the offer buttons, for each role, against the
//! intended outcome, judged by what changed in the database (a reply's
//! wording can't hide a change). The table is written to
//! `docs/authorization.md`; the test fails when that file is out of date
//! (regenerate with `AUTHZ_WRITE=1 cargo test --release --test
//! faults_authorization`).
//!
//! The game: Tak 5x5, alice (white) against bob, one move each, so alice is
//! to move. Roles: alice (the player to move), bob (the opponent), carol (a
//! stranger), dave (a server admin who is not playing) and the bot's own
//! user (the core knows no special bot user: it is a stranger to the game).

use std::path::Path;
use std::sync::Arc;

use taktable::bot::button_ids;
use taktable::bot::{Bot, Command, Invocation, Place, SystemClock, User};
use taktable::console::parse::{parse_command, user_id};
use taktable::store::{OfferKind, Store};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Outcome {
    /// The change was made.
    Applied,
    /// Nothing changed (the reply says why).
    Refused,
    /// Shown, changing nothing (a read-only command).
    Shown,
}

struct Role {
    title: &'static str,
    user: User,
}

fn roles() -> Vec<Role> {
    let user = |name: &str, is_admin: bool| User {
        id: user_id(name),
        name: name.to_string(),
        is_admin,
    };
    vec![
        Role {
            title: "player to move",
            user: user("alice", false),
        },
        Role {
            title: "opponent",
            user: user("bob", false),
        },
        Role {
            title: "stranger",
            user: user("carol", false),
        },
        Role {
            title: "server admin",
            user: user("dave", true),
        },
        Role {
            title: "the bot itself",
            user: User {
                id: 1_100_000_000_000_000_001,
                name: "taktable".to_string(),
                is_admin: false,
            },
        },
    ]
}

fn place() -> Place {
    Place {
        guild: "authz".to_string(),
        channel: "table".to_string(),
    }
}

fn send(bot: &Bot, user: &User, command: Command) -> Vec<taktable::bot::Reply> {
    bot.handle(&Invocation {
        place: place(),
        user: user.clone(),
        command,
    })
}

fn line(bot: &Bot, user: &User, text: &str) {
    let replies = send(bot, user, parse_command(text).unwrap());
    assert!(!replies.is_empty(), "{text}");
}

/// What the database holds about the game: moves, status, offers.
fn state(db: &Path) -> (i64, String, i64) {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT (SELECT COUNT(*) FROM moves), (SELECT status || ' ' || COALESCE(result, '') FROM games),
                (SELECT COUNT(*) FROM offers)",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )
    .unwrap()
}

/// Each action: its name in the table, the intended outcome per role (in
/// the order of [`roles`]), and how to do it.
type Act = fn(&Bot, &User, i64);

fn actions() -> Vec<(&'static str, [Outcome; 5], &'static str, Act)> {
    use Outcome::*;
    vec![
        (
            "/move c3",
            // Only the player whose input the game awaits (DESIGN.md, bot/play.rs).
            [Applied, Refused, Refused, Refused, Refused],
            "only the player to move",
            |bot, user, _| line(bot, user, "/move c3"),
        ),
        (
            "/resign",
            // A player gives up (RULINGS Tak 6); nobody resigns for them.
            [Applied, Applied, Refused, Refused, Refused],
            "either player",
            |bot, user, _| line(bot, user, "/resign"),
        ),
        (
            "/abort",
            // Either player until both have made two moves, a server admin at any time (issue 13 item 1).
            [Applied, Applied, Refused, Applied, Refused],
            "either player before two moves each; a server admin",
            |bot, user, _| line(bot, user, "/abort"),
        ),
        (
            "/draw (offer)",
            [Applied, Applied, Refused, Refused, Refused],
            "either player",
            |bot, user, _| line(bot, user, "/draw"),
        ),
        (
            "/undo (ask)",
            [Applied, Applied, Refused, Refused, Refused],
            "either player",
            |bot, user, _| line(bot, user, "/undo"),
        ),
        (
            "/board",
            [Shown, Shown, Shown, Shown, Shown],
            "anyone",
            |bot, user, _| line(bot, user, "/board"),
        ),
        (
            "[Accept] on bob's draw offer",
            // Only the player the offer was made to.
            [Applied, Refused, Refused, Refused, Refused],
            "only the player offered to",
            |bot, user, version| {
                send(
                    bot,
                    user,
                    Command::Button(button_ids::offer_id(OfferKind::Draw, 1, version, true)),
                );
            },
        ),
        (
            "[Decline] on bob's draw offer",
            [Applied, Refused, Refused, Refused, Refused],
            "only the player offered to",
            |bot, user, version| {
                send(
                    bot,
                    user,
                    Command::Button(button_ids::offer_id(OfferKind::Draw, 1, version, false)),
                );
            },
        ),
    ]
}

fn symbol(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Applied => "yes",
        Outcome::Refused => "refused",
        Outcome::Shown => "shown",
    }
}

#[test]
fn every_role_gets_exactly_the_intended_outcome() {
    let roles = roles();
    let mut table = String::from(
        "# Who may do what in a game\n\n\
         Generated by `tests/faults_authorization.rs` (do not edit by hand): each cell is\n\
         what the database showed after that role tried that action in a Tak game where\n\
         alice (white) and bob have made one move each, so alice is to move (the offer\n\
         buttons: after bob offered a draw). *yes*: the change was made; *refused*:\n\
         nothing changed and the reply says why; *shown*: answered, nothing to change.\n\
         The core knows no special bot user: the bot's own id is a stranger to every game.\n\n",
    );
    table.push_str("| action | who may |");
    for role in &roles {
        table.push_str(&format!(" {} |", role.title));
    }
    table.push_str("\n|---|---|");
    table.push_str(&"---|".repeat(roles.len()));
    table.push('\n');
    let mut wrong = Vec::new();
    for (name, intended, who, act) in actions() {
        table.push_str(&format!("| {name} | {who} |"));
        for (role, want) in roles.iter().zip(intended) {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("authz.db");
            let bot = Bot::new(Store::open(&db).unwrap(), Arc::new(SystemClock));
            let alice = &roles[0].user;
            let bob = &roles[1].user;
            line(
                &bot,
                alice,
                "/tak challenge opponent:@bob size:5 color:white rated:false",
            );
            line(&bot, bob, "/accept");
            line(&bot, alice, "/move a1");
            line(&bot, bob, "/move e5");
            if name.contains("draw offer") {
                line(&bot, bob, "/draw");
            }
            let before = state(&db);
            let version: i64 = rusqlite::Connection::open(&db)
                .unwrap()
                .query_row("SELECT version FROM games", [], |r| r.get(0))
                .unwrap();
            act(&bot, &role.user, version);
            let after = state(&db);
            let got = if name == "/board" {
                assert_eq!(before, after, "{name} changed the game");
                Outcome::Shown
            } else if after != before {
                Outcome::Applied
            } else {
                Outcome::Refused
            };
            if got != want {
                wrong.push(format!(
                    "{name} by the {}: {got:?}, intended {want:?}",
                    role.title
                ));
            }
            table.push_str(&format!(" {} |", symbol(got)));
        }
        table.push('\n');
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/authorization.md");
    if std::env::var("AUTHZ_WRITE").is_ok() {
        std::fs::write(&path, &table).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        written, table,
        "docs/authorization.md is out of date: rerun with AUTHZ_WRITE=1"
    );
}
