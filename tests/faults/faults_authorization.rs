//! Who may do what (issue 16, "An authorization matrix"): every command
//! and every button, for each role, against the intended outcome, judged
//! by what changed in the database (a reply's wording can't hide a
//! change). The table is written to `docs/authorization.md`; the test
//! fails when that file is out of date (regenerate with `AUTHZ_WRITE=1
//! cargo test --release --test faults faults_authorization::`).
//!
//! Each action runs in a fresh database, after its setting: an empty
//! channel; alice's challenge to bob; a Tak 5x5 game of alice (white)
//! against bob with one move each, so alice is to move (with a draw offer
//! or an undo request of bob's, or with alice's timeout passed); or that
//! game resigned by alice. Roles: alice (the player to move, or the
//! challenger), bob (the opponent, or the one challenged), carol (a
//! stranger), dave (a server admin who is not playing) and the bot's own
//! user (the core knows no special bot user: it is a stranger to the game).

use std::path::Path;
use std::sync::Arc;

use chrono::Duration;
use taktable::bot::button_ids;
use taktable::bot::clock::parse_start;
use taktable::bot::{Bot, Command, Invocation, OffsetClock, Place, Reply, User};
use taktable::console::parse::{parse_command, user_id};
use taktable::store::{OfferKind, Store};

#[derive(Clone, Copy, PartialEq, Debug)]
enum Outcome {
    /// The change was made.
    Applied,
    /// Nothing changed (the reply says why).
    Refused,
    /// Answered, changing nothing (a read-only command).
    Shown,
}

use Outcome::{Applied as Y, Refused as N, Shown as S};

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
            title: "player to move (challenger)",
            user: user("alice", false),
        },
        Role {
            title: "opponent (challenged)",
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

fn send(bot: &Bot, user: &User, command: Command) -> Vec<Reply> {
    bot.handle(&Invocation {
        place: place(),
        user: user.clone(),
        command,
    })
}

fn line(bot: &Bot, who: &str, text: &str) {
    let user = User {
        id: user_id(who),
        name: who.to_string(),
        is_admin: false,
    };
    let replies = send(bot, &user, parse_command(text).unwrap());
    assert!(!replies.is_empty(), "{text}");
}

/// Where an action is tried.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Setting {
    EmptyChannel,
    /// alice challenged bob.
    Challenge,
    /// alice (white) and bob made a move each: alice to move.
    Game,
    /// The game, bob having offered a draw.
    DrawOffer,
    /// The game, bob having asked to take back his move.
    UndoRequest,
    /// The game, alice's timeout (the server's default, a week) passed.
    TimedOut,
    /// The game, resigned by alice.
    Finished,
}

fn set_up(bot: &Bot, clock: &OffsetClock, setting: Setting) {
    if setting == Setting::EmptyChannel {
        return;
    }
    line(
        bot,
        "alice",
        "/tak challenge opponent:@bob size:5 color:white rated:false",
    );
    if setting == Setting::Challenge {
        return;
    }
    line(bot, "bob", "/accept");
    line(bot, "alice", "/move a1");
    line(bot, "bob", "/move e5");
    match setting {
        Setting::DrawOffer => line(bot, "bob", "/draw"),
        Setting::UndoRequest => line(bot, "bob", "/undo"),
        Setting::TimedOut => {
            clock.advance(Duration::days(8)).unwrap();
        }
        Setting::Finished => line(bot, "alice", "/resign"),
        _ => {}
    }
}

/// Everything the database holds that a command may change: every table's
/// rows (users only by their chosen theme: a name and the time it was
/// seen are recorded for whoever gives any command; artefacts not at all:
/// they keep what was shown, so showing it again costs nothing).
fn state(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table'
             AND name NOT IN ('users', 'button_messages', 'artefacts') AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = String::new();
    let queries = tables
        .iter()
        .map(|t| format!("SELECT * FROM \"{t}\" ORDER BY rowid"))
        .chain(["SELECT id, theme FROM users WHERE theme IS NOT NULL ORDER BY id".to_string()]);
    for query in queries {
        let mut stmt = conn.prepare(&query).unwrap();
        let columns = stmt.column_count();
        let mut rows = stmt.query([]).unwrap();
        out.push_str(&query);
        while let Some(row) = rows.next().unwrap() {
            for i in 0..columns {
                let value: rusqlite::types::Value = row.get(i).unwrap();
                out.push_str(&format!(" {value:?}"));
            }
            out.push('\n');
        }
    }
    out
}

/// What an action does: a typed command, or a press of the button whose
/// custom id is made from the game's (or challenge's) id and version.
enum Do {
    Line(&'static str),
    Button(fn(i64) -> String),
}

struct Action {
    name: &'static str,
    /// Who may, in words, for the table.
    who: &'static str,
    setting: Setting,
    /// The intended outcome per role, in the order of [`roles`].
    intended: [Outcome; 5],
    act: Do,
}

fn action(
    name: &'static str,
    who: &'static str,
    setting: Setting,
    intended: [Outcome; 5],
    act: Do,
) -> Action {
    Action {
        name,
        who,
        setting,
        intended,
        act,
    }
}

/// A read-only command: anyone is answered, nothing changes.
fn shown(name: &'static str, setting: Setting, act: Do) -> Action {
    action(name, "anyone", setting, [S; 5], act)
}

fn actions() -> Vec<Action> {
    use Do::{Button, Line};
    use Setting::*;
    let player = "either player";
    vec![
        // Challenges (issue 3): anyone challenges, but not themselves.
        action(
            "/tak challenge opponent:@bob",
            "anyone but bob",
            EmptyChannel,
            [Y, N, Y, Y, Y],
            Line("/tak challenge opponent:@bob size:4"),
        ),
        action(
            "/tak challenge (open)",
            "anyone",
            EmptyChannel,
            [Y; 5],
            Line("/tak challenge size:4"),
        ),
        action(
            "/tak challenge in a channel with a game",
            "nobody: one game per channel",
            Game,
            [N; 5],
            Line("/tak challenge size:4"),
        ),
        action(
            "/accept alice's challenge",
            "only the one challenged",
            Challenge,
            [N, Y, N, N, N],
            Line("/accept"),
        ),
        action(
            "[Accept] on alice's challenge",
            "only the one challenged",
            Challenge,
            [N, Y, N, N, N],
            Button(|_| button_ids::challenge_id(1, true)),
        ),
        action(
            "/decline alice's challenge",
            "only the one challenged",
            Challenge,
            [N, Y, N, N, N],
            Line("/decline"),
        ),
        action(
            "[Decline] on alice's challenge",
            "only the one challenged",
            Challenge,
            [N, Y, N, N, N],
            Button(|_| button_ids::challenge_id(1, false)),
        ),
        action(
            "/cancel alice's challenge",
            "only the challenger",
            Challenge,
            [Y, N, N, N, N],
            Line("/cancel"),
        ),
        // Playing (DESIGN.md: only the player whose input the game awaits).
        action(
            "/move c3",
            "only the player to move",
            Game,
            [Y, N, N, N, N],
            Line("/move c3"),
        ),
        // A player gives up (RULINGS Tak 6); nobody resigns for them.
        action("/resign", player, Game, [Y, Y, N, N, N], Line("/resign")),
        // Either player until both have made two moves, a server admin at any time (issue 13 item 1).
        action(
            "/abort",
            "either player before two moves each; a server admin",
            Game,
            [Y, Y, N, Y, N],
            Line("/abort"),
        ),
        action(
            "/draw (offer)",
            player,
            Game,
            [Y, Y, N, N, N],
            Line("/draw"),
        ),
        action(
            "[Accept] on bob's draw offer",
            "only the player offered to",
            DrawOffer,
            [Y, N, N, N, N],
            Button(|version| button_ids::offer_id(OfferKind::Draw, 1, version, true)),
        ),
        action(
            "[Decline] on bob's draw offer",
            "only the player offered to",
            DrawOffer,
            [Y, N, N, N, N],
            Button(|version| button_ids::offer_id(OfferKind::Draw, 1, version, false)),
        ),
        action(
            "/decline bob's draw offer",
            "only the player offered to",
            DrawOffer,
            [Y, N, N, N, N],
            Line("/decline"),
        ),
        action(
            "/cancel bob's draw offer",
            "only the player who offered",
            DrawOffer,
            [N, Y, N, N, N],
            Line("/cancel"),
        ),
        action("/undo (ask)", player, Game, [Y, Y, N, N, N], Line("/undo")),
        action(
            "/undo (grant bob's request)",
            "only the player asked",
            UndoRequest,
            [Y, N, N, N, N],
            Line("/undo"),
        ),
        action(
            "[Accept] on bob's undo request",
            "only the player asked",
            UndoRequest,
            [Y, N, N, N, N],
            Button(|version| button_ids::offer_id(OfferKind::Undo, 1, version, true)),
        ),
        action(
            "[Decline] on bob's undo request",
            "only the player asked",
            UndoRequest,
            [Y, N, N, N, N],
            Button(|version| button_ids::offer_id(OfferKind::Undo, 1, version, false)),
        ),
        // Correspondence (issue 13): a win on time is claimed by the waiting player.
        action(
            "/claim before the timeout",
            "nobody",
            Game,
            [N; 5],
            Line("/claim"),
        ),
        action(
            "/claim after alice's timeout",
            "only the player waiting",
            TimedOut,
            [N, Y, N, N, N],
            Line("/claim"),
        ),
        action(
            "/remind every:6h",
            player,
            Game,
            [Y, Y, N, N, N],
            Line("/remind every:6h"),
        ),
        action(
            "/remind in:2h",
            player,
            Game,
            [Y, Y, N, N, N],
            Line("/remind in:2h"),
        ),
        shown("/remind", Game, Line("/remind")),
        // After the game.
        action(
            "/rematch during the game",
            "nobody",
            Game,
            [N; 5],
            Line("/rematch"),
        ),
        action(
            "/rematch",
            player,
            Finished,
            [Y, Y, N, N, N],
            Line("/rematch"),
        ),
        action(
            "[Rematch]",
            player,
            Finished,
            [Y, Y, N, N, N],
            Button(|_| button_ids::rematch_id(1)),
        ),
        shown("[Replay]", Finished, Button(|_| button_ids::replay_id(1))),
        shown("/replay", Finished, Line("/replay")),
        shown("/analyze", Finished, Line("/analyze")),
        shown("/export", Finished, Line("/export")),
        shown("/info", Game, Line("/info")),
        shown("/board", Game, Line("/board")),
        // Each user's own preferences, and the server's settings.
        action(
            "/theme name:wood",
            "anyone, for their own challenges",
            EmptyChannel,
            [Y; 5],
            Line("/theme name:wood"),
        ),
        action(
            "/notify dm:true",
            "anyone, for themselves",
            EmptyChannel,
            [Y; 5],
            Line("/notify dm:true"),
        ),
        action(
            "/settings reminder:6h",
            "a server admin",
            EmptyChannel,
            [N, N, N, Y, N],
            Line("/settings reminder:6h"),
        ),
        shown("/settings", EmptyChannel, Line("/settings")),
        // Lists and help.
        shown("/games", Game, Line("/games")),
        shown("/games all:true", Game, Line("/games all:true")),
        shown(
            "[Previous] or [Next] under /games all:true",
            Game,
            Button(|_| button_ids::games_page_id(1)),
        ),
        shown("/history", Finished, Line("/history user:@alice")),
        shown(
            "[Previous] or [Next] under /history",
            Finished,
            Button(|_| button_ids::history_page_id(user_id("alice"), 1)),
        ),
        shown("/leaderboard", Finished, Line("/leaderboard game:tak")),
        shown("/rating", Finished, Line("/rating game:tak")),
        shown("/help", EmptyChannel, Line("/help")),
        shown("/themes", EmptyChannel, Line("/themes")),
        shown("/rules", EmptyChannel, Line("/rules game:tak")),
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
        "# Who may do what\n\n\
         Generated by `tests/faults/faults_authorization.rs` (do not edit by hand): each cell is\n\
         what the database showed after that role tried that action, each in a fresh\n\
         database after its setting: an empty channel; alice's challenge to bob; a Tak\n\
         game where alice (white) and bob have made one move each, so alice is to move\n\
         (with bob's draw offer or undo request, or with alice's timeout passed); or that\n\
         game resigned by alice. In a challenge alice is the challenger and bob the one\n\
         challenged. *yes*: the change was made; *refused*: nothing changed and the reply\n\
         says why; *shown*: answered, nothing to change. The core knows no special bot\n\
         user: the bot's own id is a stranger to every game.\n\n",
    );
    table.push_str("| action | setting | who may |");
    for role in &roles {
        table.push_str(&format!(" {} |", role.title));
    }
    table.push_str("\n|---|---|---|");
    table.push_str(&"---|".repeat(roles.len()));
    table.push('\n');
    let mut wrong = Vec::new();
    let start = parse_start("2026-01-01T00:00:00Z").unwrap();
    for action in actions() {
        table.push_str(&format!(
            "| {} | {:?} | {} |",
            action.name, action.setting, action.who
        ));
        for (role, want) in roles.iter().zip(action.intended) {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("authz.db");
            let clock = Arc::new(OffsetClock::new(Some(start), Duration::zero()));
            let bot = Bot::new(Store::open(&db).unwrap(), clock.clone());
            set_up(&bot, &clock, action.setting);
            let before = state(&db);
            let version: i64 = rusqlite::Connection::open(&db)
                .unwrap()
                .query_row("SELECT COALESCE(MAX(version), 0) FROM games", [], |r| {
                    r.get(0)
                })
                .unwrap();
            let command = match action.act {
                Do::Line(text) => parse_command(text).unwrap(),
                Do::Button(id) => Command::Button(id(version)),
            };
            let replies = send(&bot, &role.user, command);
            assert!(!replies.is_empty(), "{} got no answer", action.name);
            let changed = state(&db) != before;
            let got = match (want, changed) {
                (Outcome::Shown, false) => Outcome::Shown,
                (_, true) => Outcome::Applied,
                (_, false) => Outcome::Refused,
            };
            if got != want {
                wrong.push(format!(
                    "{} by the {}: {got:?}, intended {want:?}: {:?}",
                    action.name,
                    role.title,
                    replies.iter().map(|r| &r.text).collect::<Vec<_>>()
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
