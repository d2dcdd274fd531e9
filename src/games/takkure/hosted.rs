//! Takkure as the bot hosts it: the two squads and the dice seed as
//! challenge options (RULINGS Takkure 3, 4), one declaration played from
//! text at a time, whose input comes next (the attacker, then the
//! defender, then the attacker again: RULINGS Takkure 5), every roll told
//! in the reply that resolves it, the field as text, a record of the match
//! and the rules.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::{
    computer, Activation, Ball, Game, Input, Outcome, ParseInputError, PlayerId, Side, Squad,
    Square, Step,
};
use crate::games::kit::options::{challenge, opt, Chosen, OptionKind, OptionSpec, OptionValue};
use crate::games::kit::{
    resignation_result, Completion, Export, ExportMeta, GameError, GameOutcome, HostedGame, InPlay,
    Played, Seat, Typed, DRAW_RESULT,
};

/// The largest seed a challenge may fix: Discord's integer options stop at
/// 2^53 - 1.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// Takkure's options. Stored as JSON inside the game's settings, so every
/// field is part of the stored format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakkureSettings {
    /// The home team's squad (coach 1, defends the north in-goal).
    pub home: Squad,
    pub away: Squad,
    /// The dice's seed: fixed by the challenge (`seed:N`) or drawn when it
    /// is made. A drawn seed is kept secret until the match ends (RULINGS
    /// Takkure 4).
    pub seed: u64,
    /// Whether the challenger fixed the seed. The challenger then knows
    /// the dice, so the seed is shown to both coaches from the challenge on
    /// (docs/takkure.md, "Readings where the rulings are silent").
    #[serde(default, skip_serializing_if = "is_false")]
    pub fixed: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl TakkureSettings {
    /// Yamato at home against Teriomorph, with this seed.
    pub fn standard(seed: u64) -> TakkureSettings {
        TakkureSettings {
            home: Squad::Yamato,
            away: Squad::Teriomorph,
            seed,
            fixed: false,
        }
    }

    /// The match these settings start.
    fn start(&self) -> Game {
        Game::new(self.home, self.away, self.seed)
    }
}

/// A match of Takkure: Player 1 coaches the home team (RULINGS Takkure 1).
#[derive(Clone, Debug)]
pub struct TakkureGame {
    pub settings: TakkureSettings,
    pub start: Game,
    pub game: Game,
    pub inputs: Vec<Input>,
    /// The roll log of the last accepted input, for the picture's caption.
    pub last_log: Vec<String>,
    /// The activation under way, or the one the last input ended (none
    /// after a kick-off input): the picture shows its path.
    pub last_activation: Option<Activation>,
    /// The ball's last scatters, from where to where: the picture draws
    /// them while the ball lies where they left it.
    pub last_scatters: Vec<(Square, Square)>,
}

pub fn side_seat(side: Side) -> Seat {
    match side {
        Side::Home => Seat::Player1,
        Side::Away => Seat::Player2,
    }
}

/// A seed nobody can guess, for a challenge that does not fix one: the
/// standard library's per-process random hash keys, mixed with the time.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    if let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(now.as_nanos());
    }
    hasher.finish() & MAX_SEED
}

const SQUADS: &[&str] = &["yamato", "teriomorph"];

const CHALLENGE_OPTIONS: &[OptionSpec] = &[
    challenge::OPPONENT,
    // RULINGS Takkure 1: the home team is the challenger's side.
    challenge::color(
        "Your team: white is home (coach 1, defends the north in-goal, left), black away (default white)",
    )
    .default("white"),
    opt(
        "home",
        "The home team's squad: yamato or teriomorph (default yamato)",
        OptionKind::String,
    )
    .choices(SQUADS)
    .default("yamato"),
    opt(
        "away",
        "The away team's squad: yamato or teriomorph (default teriomorph)",
        OptionKind::String,
    )
    .choices(SQUADS)
    .default("teriomorph"),
    opt(
        "team",
        "Your own squad, the opponent coaching the other (you are home unless color:black)",
        OptionKind::String,
    )
    .choices(SQUADS),
    opt(
        "seed",
        "Fix the dice (tournaments, tests): the same seed and inputs give the same rolls",
        OptionKind::Integer,
    )
    .bounds(0.0, MAX_SEED as f64),
    // The computer coaches at levels 1-5 (issue 30), not Tak's 1-10.
    opt(
        "level",
        "The bot's strength, 1 to 5, when you challenge the bot itself (default 3)",
        OptionKind::Integer,
    )
    .bounds(1.0, 5.0)
    .default("3"),
    challenge::RATED,
];

/// Takkure in short (RULINGS Takkure 1-12) and its notation (docs/takkure.md).
const RULES: &str = "\
Takkure: rugby for two coaches, 4 players a side, D12 dice (roll at most the stat; 1 critical, 12 fumble). A skill's advantage rolls two dice and keeps the better (a critical, else the higher success). Field A-P x 1-28, north (row 1) at the picture's left, as its compass shows: home defends rows 1-2 and scores by a TRY in rows 27-28; away the reverse. A scatter goes 2 squares the way a clock face points, 12 north.
- Kick-off: the winner of the referee's coin flip chooses `kick` or `receive`; players are placed (`runner F12`), the kick aimed (`kick H20 guard`), players move while the ball flies (`runner F14`, `done`), then BaC decides where it lands.
- The team with the ball attacks with 4 activation tokens. An activation: the attacker's first action (`runner move F12`, `via G10` for a turn, `stand`, `pass playmaker` from the ground, `hold`); the defender declares for each player (`guard tackle F12` on the marked path, `brute pressure G10`, `beast steal H11`, `stand`, `rest`), then `done`; the move is made; the attacker's second action (`move F12`, `pass runner`, `pickup`, `dodge`, `break`, `try`, `none`); the dice decide, each roll shown. After a dodge or a critical pass: `to F12`.
- No forward passes. Tackles knock players to the ground; a grounded player can only stand up. Wounds, fatigue (3rd activation in a cycle) and injuries as in the rulebook.
- Time: both coaches' time tokens stand on box 5, active side up. Taking your 4 activation tokens turns yours over (turned); taking them when it is already turned, or keeping the ball after all 4, moves both tokens down a box, active again. Box 0 ends the half; the trailing team on box 1 may `end half`. Two halves; most tries wins, equal draws.
Case and spaces don't matter. /takkure challenge seed:N fixes the dice and tells both coaches; a drawn seed is in the record once the match is over.";

const HELP: &str = "\
Takkure declarations: `kick`/`receive`, `runner F12` (kick-off placement), `runner move F12` (first action), `guard tackle F12` then `done` (defence), `pass playmaker`, `dodge`, `try` (second action). Each reply says who declares next and what. Challenge defaults: Yamato (home) against Teriomorph (away), random dice. /rules game:takkure has the rules.";

impl HostedGame for TakkureGame {
    type Settings = TakkureSettings;

    const NAME: &'static str = "takkure";
    const TITLE: &'static str = "Takkure";
    const CHALLENGE_DESCRIPTION: &'static str =
        "Challenge someone (or anyone) to a match of Takkure";
    const CHALLENGE_OPTIONS: &'static [OptionSpec] = CHALLENGE_OPTIONS;
    const RULES: &'static str = RULES;
    const HELP: &'static str = HELP;
    // Shown when a match starts, which is always with the choice of kick or
    // receive (RULINGS Takkure 9).
    const EXAMPLE_ACTION: &'static str = "kick";
    // RULINGS Takkure 4: the rolls come from the game's seed, so a move
    // taken back would be replayed with the rolls already seen.
    const NO_TAKEBACK: Option<&'static str> = Some(
        "the dice come from the game's seed, so a coach who takes a move back would know the rolls that come next",
    );
    const MOVE_HINT: &'static str =
        "as declarations: runner move F12, guard tackle F12, pass runner, done";
    const NOTATION_EXAMPLES: &'static str =
        "kick, runner F12 (kick-off), runner move F12, guard tackle F12, done, pass runner, dodge, try";
    const EXPORT_FORMAT: &'static str = "a Takkure record (with the dice seed once it is over)";

    fn settings_from_options(chosen: Chosen<'_>) -> Result<TakkureSettings, GameError> {
        let squad = |name: &str, default: Squad| -> Result<Squad, GameError> {
            match chosen.string(name) {
                Some(text) => text.parse().map_err(GameError::Settings),
                None => Ok(default),
            }
        };
        let (home, away) = match chosen.string("team") {
            Some(text) => team_squads(&chosen, &text)?,
            None => (
                squad("home", Squad::Yamato)?,
                squad("away", Squad::Teriomorph)?,
            ),
        };
        let seed = match chosen.integer("seed") {
            Some(n) => u64::try_from(n)
                .ok()
                .filter(|&n| n <= MAX_SEED)
                .ok_or_else(|| {
                    GameError::Settings(format!("the seed must be from 0 to {MAX_SEED}, not {n}"))
                })?,
            None => random_seed(),
        };
        Ok(TakkureSettings {
            home,
            away,
            seed,
            fixed: chosen.integer("seed").is_some(),
        })
    }

    /// Any two squads and any seed make a match (the squads are read back
    /// by serde, which refuses unknown names).
    fn check_settings(_settings: &TakkureSettings) -> Result<(), GameError> {
        Ok(())
    }

    /// "Takkure, Yamato (home) against Teriomorph (away)": a drawn seed
    /// stays secret (RULINGS Takkure 4); one the challenger fixed is shown,
    /// so that both coaches know as much about the dice.
    fn describe(s: &TakkureSettings) -> String {
        let fixed = if s.fixed {
            format!(", dice fixed by seed {}", s.seed)
        } else {
            String::new()
        };
        format!(
            "Takkure, {} (home) against {} (away){fixed}",
            s.home.title(),
            s.away.title()
        )
    }

    fn seat_name(seat: Seat) -> &'static str {
        match seat {
            Seat::Player1 => "home",
            Seat::Player2 => "away",
        }
    }

    fn new(settings: &TakkureSettings) -> Result<TakkureGame, GameError> {
        Ok(TakkureGame::from_start(settings, settings.start()))
    }

    /// From the position format of docs/takkure.md, generator state
    /// included; its squads and seed must be the game's.
    fn from_snapshot(settings: &TakkureSettings, snapshot: &str) -> Result<TakkureGame, GameError> {
        let start: Game = snapshot
            .parse()
            .map_err(|e: super::ParsePositionError| GameError::Settings(e.to_string()))?;
        let squads = [start.squad(Side::Home), start.squad(Side::Away)];
        if squads != [settings.home, settings.away] {
            return Err(GameError::Settings(format!(
                "the position is {} against {}, the game {} against {}",
                squads[0].title(),
                squads[1].title(),
                settings.home.title(),
                settings.away.title()
            )));
        }
        if start.seed() != settings.seed {
            return Err(GameError::Settings(
                "the position's dice seed is not the game's".into(),
            ));
        }
        Ok(TakkureGame::from_start(settings, start))
    }

    fn settings(&self) -> &TakkureSettings {
        &self.settings
    }

    fn parses(text: &str) -> bool {
        text.parse::<Input>().is_ok()
    }

    /// Matched without spaces, so typing `runner` or `runnermove` narrows
    /// to that player's declarations. No input puts a new piece down in
    /// the sense autocomplete ranks first.
    fn completion(action: &str) -> Completion {
        Completion {
            key: completion_key(action),
            placement: false,
        }
    }

    fn typed(text: &str) -> Typed {
        Typed {
            key: completion_key(text),
            placements_only: false,
        }
    }

    /// `--home`, `--away` and `--seed` as in a challenge, but the command
    /// line's seed is 1 when not given (the perft suite's), so its runs
    /// repeat; from a position, the squads and seed are the position's
    /// unless given.
    fn from_command_line(chosen: Chosen<'_>, position: Option<&str>) -> Result<Self, GameError> {
        let mut given = chosen.0.to_vec();
        let start = match position {
            Some(text) => Some(
                text.parse::<Game>()
                    .map_err(|e: super::ParsePositionError| GameError::Settings(e.to_string()))?,
            ),
            None => None,
        };
        let defaults = match &start {
            Some(game) => [
                (
                    "home",
                    OptionValue::String(game.squad(Side::Home).name().into()),
                ),
                (
                    "away",
                    OptionValue::String(game.squad(Side::Away).name().into()),
                ),
                ("seed", OptionValue::Integer(game.seed() as i64)),
            ],
            None => [
                ("home", OptionValue::String(Squad::Yamato.name().into())),
                ("away", OptionValue::String(Squad::Teriomorph.name().into())),
                ("seed", OptionValue::Integer(1)),
            ],
        };
        for (name, value) in defaults {
            if !given.iter().any(|(n, _)| n == name) {
                given.push((name.to_string(), value));
            }
        }
        let settings = TakkureGame::settings_from_options(Chosen(&given))?;
        match position {
            Some(text) => TakkureGame::from_snapshot(&settings, text),
            None => TakkureGame::new(&settings),
        }
    }

    /// The computer coaches every step (issue 30, docs/ai.md "Takkure").
    fn has_computer(_settings: &TakkureSettings) -> bool {
        true
    }
}

impl InPlay for TakkureGame {
    /// The attacker for its first and second actions, the defender for its
    /// declarations, the kicking or receiving team at a kick-off.
    fn awaiting(&self) -> Option<Seat> {
        self.game.awaiting().map(side_seat)
    }

    /// The note is the roll log: one sentence per roll and event.
    fn play(&mut self, text: &str) -> Result<Played, GameError> {
        let input: Input = text
            .parse()
            .map_err(|e: ParseInputError| GameError::Parse(e.to_string()))?;
        let before = self.under_way();
        let log = self
            .game
            .play(&input)
            .map_err(|e| GameError::Illegal(e.to_string()))?;
        let note = sentences(&log);
        self.inputs.push(input.clone());
        self.last_log = log;
        self.last_activation = self.under_way().or(before);
        if !self.game.scatters().is_empty() {
            self.last_scatters = self.game.scatters().to_vec();
        }
        Ok(Played {
            notation: input.to_string(),
            note,
            outcome: self.outcome(),
        })
    }

    fn legal_actions(&self) -> Vec<String> {
        self.game
            .legal_inputs()
            .iter()
            .map(Input::to_string)
            .collect()
    }

    /// RULINGS Takkure 12: two halves, most tries wins, equal is a draw.
    fn outcome(&self) -> Option<GameOutcome> {
        let outcome = self.game.outcome()?;
        let score = format!(
            "{}-{}",
            self.game.score(Side::Home),
            self.game.score(Side::Away)
        );
        Some(match outcome {
            Outcome::Win(side) => {
                let seat = side_seat(side);
                GameOutcome {
                    result: resignation_result(seat).to_string(),
                    winner: Some(seat),
                    reason: format!("more tries at the end of the match ({score})"),
                }
            }
            Outcome::Draw => GameOutcome {
                result: DRAW_RESULT.to_string(),
                winner: None,
                reason: format!("level on tries at the end of the match ({score})"),
            },
        })
    }

    /// What to type now, with a legal example (issue 12: "every reply says
    /// what happens next").
    fn turn_note(&self) -> Option<String> {
        self.game.note()
    }

    /// Half, time box, score and the step, instead of a move number
    /// (which means nothing in Takkure: an activation takes several inputs).
    fn step_line(&self) -> String {
        self.game.step_line()
    }

    fn action_count(&self) -> usize {
        self.inputs.len()
    }

    fn actions(&self) -> Vec<String> {
        self.inputs.iter().map(Input::to_string).collect()
    }

    fn snapshot(&self) -> String {
        self.game.to_string()
    }

    fn text_board(&self) -> String {
        text_board(&self.game)
    }

    /// The engine's perft: distinct inputs, the dice fixed by the seed.
    fn perft(&self, depth: u32) -> u64 {
        super::perft(&self.game, depth)
    }

    /// The coach's next input at `level` (1-5; above, 5), one step at a
    /// time as a person's, so each is posted with its rolls.
    fn computer_move(&self, level: u8, seed: u64) -> Option<String> {
        computer::coach_input(&self.game, level, seed).map(|input| input.to_string())
    }

    /// A record: tags as `[Name "value"]`, then one input a line. The seed
    /// (and a start position other than the standard one, which holds the
    /// generator) is written only once the match is over (RULINGS Takkure 4).
    fn export(&self, meta: &ExportMeta) -> Export {
        let mut text = String::new();
        let over = meta.result != "*" || self.game.step() == Step::Over;
        let show_seed = over || self.settings.fixed;
        let mut tags = vec![
            ("Game", "Takkure".to_string()),
            ("Player1", meta.players[0].clone()),
            ("Player2", meta.players[1].clone()),
            // Named as the challenge's options, so the command line reads them back.
            ("Home", self.settings.home.name().to_string()),
            ("Away", self.settings.away.name().to_string()),
            ("Date", meta.date.replace('.', "-")),
        ];
        if show_seed {
            tags.push(("Seed", self.settings.seed.to_string()));
        }
        tags.push(("Result", meta.result.clone()));
        tags.push(("Site", meta.site.clone()));
        if over && self.start != self.settings.start() {
            tags.push(("Position", self.start.to_string()));
        }
        for (name, value) in tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(text, "[{name} \"{value}\"]");
        }
        text.push('\n');
        for input in &self.inputs {
            let _ = writeln!(text, "{input}");
        }
        Export {
            extension: "takkure",
            text,
            viewer_link: None,
        }
    }

    fn mark_last(&mut self, action: &str) -> Result<(), GameError> {
        Err(GameError::Parse(format!(
            "Takkure pictures highlight only a turn played (use --moves), not `{action}`"
        )))
    }
}

impl TakkureGame {
    /// The activation under way.
    fn under_way(&self) -> Option<Activation> {
        self.game.activation().cloned()
    }

    /// A game from `start`; a position with an activation under way shows
    /// its path and declarations from the first picture on.
    fn from_start(settings: &TakkureSettings, start: Game) -> TakkureGame {
        let mut game = TakkureGame {
            settings: settings.clone(),
            game: start.clone(),
            start,
            inputs: Vec::new(),
            last_log: Vec::new(),
            last_activation: None,
            last_scatters: Vec::new(),
        };
        game.last_activation = game.under_way();
        game
    }
}

/// `team:` names the challenger's own squad, and the opponent coaches the
/// other one (issue 12). Which side is the challenger's comes from
/// `color:`: home when it is left out (RULINGS Takkure 1); with
/// `color:random` the bot draws the side after the squads are fixed, so
/// `team:` then can't be honoured and is refused, as it is next to `home:`
/// or `away:`.
fn team_squads(chosen: &Chosen<'_>, text: &str) -> Result<(Squad, Squad), GameError> {
    let team: Squad = text.parse().map_err(GameError::Settings)?;
    let other = match team {
        Squad::Yamato => Squad::Teriomorph,
        Squad::Teriomorph => Squad::Yamato,
    };
    if chosen.string("home").is_some() || chosen.string("away").is_some() {
        return Err(GameError::Settings(
            "team: names your squad and gives the opponent the other; leave out home: and \
             away:, or name both squads with them instead of team:"
                .into(),
        ));
    }
    match chosen.string("color").as_deref() {
        Some("white") | None => Ok((team, other)),
        Some("black") => Ok((other, team)),
        _ => Err(GameError::Settings(
            "team: names your own squad, so say which side you coach: color:white (home) or \
             color:black (away); or name both squads with home: and away:"
                .into(),
        )),
    }
}

/// The log as sentences: "Home kicks off. Yamato Guard tackles: 4 vs STR 7, success."
fn sentences(log: &[String]) -> Option<String> {
    let lines: Vec<String> = log
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut chars = line.trim().chars();
            let mut s: String = chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default();
            if !s.ends_with(['.', '!', '?']) {
                s.push('.');
            }
            s
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join(" "))
}

/// What autocomplete compares: lower case, no spaces.
fn completion_key(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A player's two letters: upper case for home, lower case for away.
fn label(game: &Game, id: PlayerId) -> String {
    let name = game.role(id).title();
    let two: String = name.chars().take(2).collect();
    match id.side {
        Side::Home => two,
        Side::Away => two.to_lowercase(),
    }
}

/// The field as text, row 1 (the north in-goal) at the top: players by
/// two letters of their role (home `Ru`, away `ru`), then `*` for the ball
/// carrier or `_` for a player on the ground; `()` a loose ball, `:` the
/// in-goal squares; then the summary (score, half, time, marks).
fn text_board(game: &Game) -> String {
    let mut out = String::from("  ");
    for col in 0..16u8 {
        let _ = write!(out, "  {} ", (b'A' + col) as char);
    }
    out.push('\n');
    for row in 0..28 {
        let _ = write!(out, "{:>2}", row + 1);
        for col in 0..16 {
            let Some(sq) = Square::new(col, row) else {
                continue;
            };
            let cell = match game.occupant(sq) {
                Some(id) => {
                    let mut c = label(game, id);
                    if game.carrier() == Some(id) {
                        c.push('*');
                    } else if game.player(id).ground {
                        c.push('_');
                    }
                    c
                }
                None if game.ball() == Ball::Loose(sq) => "()".to_string(),
                None if !(2..26).contains(&row) => ":".to_string(),
                None => ".".to_string(),
            };
            let _ = write!(out, " {cell:<3}");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str(&game.summary());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameSettings, GameState, OptionValue};

    fn takkure(seed: u64) -> GameSettings {
        GameSettings::Takkure(TakkureSettings::standard(seed))
    }

    #[test]
    fn settings_come_from_the_options_and_keep_the_seed() {
        let chosen = [
            ("home".to_string(), OptionValue::String("teriomorph".into())),
            ("seed".to_string(), OptionValue::Integer(42)),
        ];
        let s = GameKind::Takkure
            .settings_from_options(Chosen(&chosen))
            .unwrap();
        // A seed the challenger fixed is told to both coaches.
        assert_eq!(
            s.describe(),
            "Takkure, Teriomorph (home) against Teriomorph (away), dice fixed by seed 42"
        );
        assert_eq!(
            s.to_json(),
            r#"{"game":"takkure","home":"teriomorph","away":"teriomorph","seed":42,"fixed":true}"#
        );
        assert_eq!(GameSettings::from_json(&s.to_json()).unwrap(), s);
        // RULINGS Takkure 4: without `seed`, one is drawn at the challenge
        // and stored, so replays reproduce every roll.
        let a = GameKind::Takkure
            .settings_from_options(Chosen(&[]))
            .unwrap();
        let b = GameKind::Takkure
            .settings_from_options(Chosen(&[]))
            .unwrap();
        assert_ne!(a, b, "two challenges drew the same seed");
        assert_eq!(
            a.describe(),
            "Takkure, Yamato (home) against Teriomorph (away)"
        );
        let bad = [("seed".to_string(), OptionValue::Integer(-1))];
        let err = GameKind::Takkure.settings_from_options(Chosen(&bad));
        assert!(err.unwrap_err().to_string().contains("from 0 to"));
        assert!(GameSettings::from_json(
            r#"{"game":"takkure","home":"orcs","away":"yamato","seed":1}"#
        )
        .is_err());
        assert_eq!(s.seat_name(Seat::Player1), "home");
        // Settings stored before `fixed` existed read as a drawn seed.
        let old = GameSettings::from_json(
            r#"{"game":"takkure","home":"yamato","away":"teriomorph","seed":42}"#,
        )
        .unwrap();
        assert_eq!(
            old.describe(),
            "Takkure, Yamato (home) against Teriomorph (away)"
        );
    }

    fn options(pairs: &[(&str, &str)]) -> Vec<(String, OptionValue)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), OptionValue::String(v.to_string())))
            .collect()
    }

    #[test]
    fn team_names_the_challengers_squad_on_the_side_color_gives() {
        // Issue 12 `team:`; RULINGS Takkure 1: white is home (coach 1).
        let settings = |pairs: &[(&str, &str)]| {
            let chosen = options(pairs);
            TakkureGame::settings_from_options(Chosen(&chosen))
        };
        let s = settings(&[("team", "teriomorph"), ("color", "white")]).unwrap();
        assert_eq!((s.home, s.away), (Squad::Teriomorph, Squad::Yamato));
        let s = settings(&[("team", "teriomorph"), ("color", "black")]).unwrap();
        assert_eq!((s.home, s.away), (Squad::Yamato, Squad::Teriomorph));
        // Left out, color: is white: the challenger coaches the home side.
        let s = settings(&[("team", "teriomorph")]).unwrap();
        assert_eq!((s.home, s.away), (Squad::Teriomorph, Squad::Yamato));
        // With the side drawn at acceptance, the squad can't follow it.
        let err = settings(&[("team", "yamato"), ("color", "random")])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("color:white") && err.contains("home:"),
            "{err}"
        );
        let err = settings(&[("team", "yamato"), ("color", "white"), ("away", "yamato")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("leave out home:"), "{err}");
        let s = settings(&[("home", "teriomorph"), ("away", "yamato")]).unwrap();
        assert_eq!(
            (s.home, s.away, s.fixed),
            (Squad::Teriomorph, Squad::Yamato, false)
        );
    }

    #[test]
    fn the_game_waits_on_the_attacker_then_the_defender() {
        // RULINGS Takkure 9: with seed 1 the referee roll picks the chooser;
        // then the kicking team places first.
        let mut game = GameState::new(&takkure(1)).unwrap();
        let chooser = game.awaiting().unwrap();
        assert!(game.turn_note().unwrap().contains("`kick`"));
        let played = game.play(" KICK ").unwrap();
        assert_eq!(played.notation, "kick");
        assert!(played.note.unwrap().ends_with("kicks off."));
        assert_eq!(game.awaiting(), Some(chooser));
        let note = game.turn_note().unwrap();
        assert!(note.contains("place a player"), "{note}");
        let before = game.snapshot();
        // RULINGS Takkure 9: the kicking team stands on the row inside its line of 10.
        let err = game.play("runner A20").unwrap_err();
        assert!(matches!(&err, GameError::Illegal(_)), "{err:?}");
        assert!(matches!(
            game.play("runner walks"),
            Err(GameError::Parse(_))
        ));
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 1);
        let again = GameState::replay(&takkure(1), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
    }

    /// Plays the middle legal input until `stop` holds, or `limit` inputs.
    fn drive(game: &mut GameState, limit: usize, stop: impl Fn(&GameState) -> bool) {
        for _ in 0..limit {
            if stop(game) || game.awaiting().is_none() {
                return;
            }
            let legal = game.legal_actions();
            let pick = legal[legal.len() / 2].clone();
            game.play(&pick).unwrap();
        }
    }

    #[test]
    fn an_activation_asks_attacker_defender_attacker_and_logs_rolls() {
        let mut game = GameState::new(&takkure(7)).unwrap();
        drive(&mut game, 400, |g| {
            g.turn_note().is_some_and(|n| n.starts_with("activate"))
        });
        let GameState::Takkure(t) = &game else {
            panic!("not takkure")
        };
        assert_eq!(t.game.step(), Step::First, "{}", game.text_board());
        let attacker = game.awaiting().unwrap();
        // RULINGS Takkure 5: step 1 the attacker, step 2 the defender.
        let first = game
            .legal_actions()
            .into_iter()
            .find(|a| a.contains(" move "))
            .unwrap();
        game.play(&first).unwrap();
        assert_eq!(game.awaiting(), Some(attacker.other()));
        assert!(game.turn_note().unwrap().contains("then `done`"));
        game.play("done").unwrap();
        assert_eq!(game.awaiting(), Some(attacker));
        let note = game.turn_note().unwrap();
        assert!(
            note.contains("'s second action: ") && note.contains("`none`"),
            "{note}"
        );
        let again = GameState::replay(&takkure(7), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
        let from = GameState::from_snapshot(&takkure(7), &game.snapshot()).unwrap();
        assert_eq!(from.legal_actions(), game.legal_actions());
        // The snapshot holds the generator: another seed's game refuses it.
        assert!(GameState::from_snapshot(&takkure(8), &game.snapshot()).is_err());
    }

    #[test]
    fn a_whole_match_ends_with_a_result_and_the_seed_in_the_record() {
        let mut game = GameState::new(&takkure(3)).unwrap();
        drive(&mut game, 20_000, |_| false);
        let GameState::Takkure(t) = &game else {
            panic!("not takkure")
        };
        assert_eq!(game.awaiting(), None, "{}", game.text_board());
        let outcome = t.outcome().unwrap();
        let (h, a) = (t.game.score(Side::Home), t.game.score(Side::Away));
        assert_eq!(outcome.winner.is_none(), h == a);
        assert!(outcome.reason.contains(&format!("({h}-{a})")));
        let meta = |result: &str| ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.31".into(),
            site: "taktable".into(),
            result: result.into(),
        };
        let export = game.export(&meta(&outcome.result));
        assert_eq!(export.extension, "takkure");
        assert!(export.text.contains("[Seed \"3\"]"), "{}", export.text);
        assert!(
            export.text.starts_with(
                "[Game \"Takkure\"]\n[Player1 \"alice\"]\n[Player2 \"bob\"]\n[Home \"yamato\"]"
            ),
            "{}",
            export.text
        );
        // The record of a finished match replays to the same position (the
        // seed is in it), as the command line's `replay` reads it.
        let GameState::Takkure(t) = &game else {
            panic!("not takkure")
        };
        let (again, claimed) = TakkureGame::read_file(&export.text).unwrap();
        assert_eq!(again.snapshot(), t.snapshot());
        assert_eq!(claimed.as_deref(), Some(outcome.result.as_str()));
        assert_eq!(
            export
                .text
                .lines()
                .filter(|l| !l.starts_with('[') && !l.is_empty())
                .count(),
            game.action_count()
        );
    }

    #[test]
    fn the_command_line_fixes_the_seed_and_reads_positions() {
        // docs/takkure.md: perft from the start with seed 1 is 2, 128, 5760.
        let start = TakkureGame::from_command_line(Chosen(&[]), None).unwrap();
        assert_eq!(start.settings().seed, 1);
        assert_eq!([1, 2, 3].map(|d| start.perft(d)), [2, 128, 5760]);
        let seed = [("seed".to_string(), OptionValue::Integer(9))];
        let mut game = TakkureGame::from_command_line(Chosen(&seed), None).unwrap();
        game.play("kick").unwrap();
        let from = TakkureGame::from_command_line(Chosen(&[]), Some(&game.snapshot())).unwrap();
        assert_eq!(
            (from.settings().seed, from.snapshot()),
            (9, game.snapshot())
        );
        // A seed given that is not the position's is refused.
        assert!(TakkureGame::from_command_line(Chosen(&seed[..0]), Some("{")).is_err());
        let other = [("seed".to_string(), OptionValue::Integer(2))];
        assert!(TakkureGame::from_command_line(Chosen(&other), Some(&game.snapshot())).is_err());
    }

    #[test]
    fn a_fixed_seed_is_in_the_record_from_the_start() {
        // Reading (docs/takkure.md): the challenger who fixed the seed
        // knows the dice, so both coaches are told.
        let settings = GameSettings::Takkure(TakkureSettings {
            fixed: true,
            ..TakkureSettings::standard(12345)
        });
        let game = GameState::new(&settings).unwrap();
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.31".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        assert!(export.text.contains("[Seed \"12345\"]"), "{}", export.text);
        assert!(settings.describe().ends_with("dice fixed by seed 12345"));
    }

    #[test]
    fn the_seed_stays_secret_while_the_match_goes_on() {
        // RULINGS Takkure 4: the seed is shown once the game ends.
        let game = GameState::new(&takkure(12345)).unwrap();
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.31".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        assert!(!export.text.contains("12345"), "{}", export.text);
        assert!(!game.settings().describe().contains("12345"));
        assert!(!game.text_board().contains("12345"));
        assert!(
            GameKind::Takkure.rules().len() < 2000,
            "{}",
            GameKind::Takkure.rules().len()
        );
    }

    #[test]
    fn text_board_shows_the_field() {
        let mut game = GameState::new(&takkure(1)).unwrap();
        drive(&mut game, 400, |g| {
            g.turn_note().is_some_and(|n| n.starts_with("activate"))
        });
        let board = game.text_board();
        let lines: Vec<&str> = board.lines().collect();
        assert!(lines[0].starts_with("    A   B"), "{board}");
        // RULINGS Takkure 1: rows 1-2 and 27-28 are the in-goals, shown `:`.
        for (row, line) in lines[1..29].iter().enumerate() {
            let in_goal = !(2..26).contains(&row);
            let empty = if in_goal { ":" } else { "." };
            let other = if in_goal { "." } else { ":" };
            assert!(
                line.split_whitespace().skip(1).any(|c| c == empty),
                "{line}"
            );
            assert!(!line.split_whitespace().any(|c| c == other), "{line}");
        }
        assert!(lines[29].starts_with("half 1"), "{board}");
        // Four home players (upper case) and four away ones on the field.
        let field = lines[1..29].join("\n");
        let home = ["Ru", "Pl", "Gu", "On"]
            .iter()
            .filter(|l| field.contains(*l))
            .count();
        let away = ["st", "th", "br", "be"]
            .iter()
            .filter(|l| field.contains(*l))
            .count();
        assert_eq!((home, away), (4, 4), "{board}");
    }

    #[test]
    fn autocomplete_narrows_by_the_player() {
        let mut game = GameState::new(&takkure(1)).unwrap();
        drive(&mut game, 400, |g| {
            g.turn_note().is_some_and(|n| n.starts_with("activate"))
        });
        let GameState::Takkure(t) = &game else {
            panic!("not takkure")
        };
        let role = t
            .game
            .role(PlayerId {
                side: t.game.attacker(),
                slot: 0,
            })
            .name();
        let some = game.suggestions(&format!("{role} mo"), 25);
        assert!(!some.is_empty());
        assert!(
            some.iter().all(|a| a.starts_with(&format!("{role} move"))),
            "{some:?}"
        );
    }
}
