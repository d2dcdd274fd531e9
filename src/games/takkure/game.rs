//! The state of a Takkure match: the field, both teams, the ball, score,
//! half and time, whose input it awaits and of what kind, the activation
//! being resolved and the dice. Change it only with [`Game::play`], which
//! refuses what the rules forbid and logs every roll.

use serde::{Deserialize, Serialize};

use super::dice::Dice;
use super::error::{refuse, InputError};
use super::input::{Action, Input, Second};
use super::player::{Player, PlayerId};
use super::side::Side;
use super::squad::{Role, Skill, Squad, Stats};
use super::square::{Square, COLS, ROWS};

/// Squares on the grid.
const SQUARES: usize = COLS as usize * ROWS as usize;
use super::time::Time;

/// Where the ball is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ball {
    /// In a player's hands.
    Held(PlayerId),
    /// On the ground, filling its square.
    Loose(Square),
    /// Not in play: between a try and the kick, or in the air at a kick-off.
    Out,
}

/// What the game waits for, and from whom (see [`Game::awaiting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// `chooser` decides whether its team kicks or receives the kick-off.
    Choose { chooser: Side },
    /// Kick-off: `side` places its players, one input each.
    Place { side: Side },
    /// Kick-off: the kicking coach names the target and the kicker.
    Target,
    /// Kick-off, the ball in the air: `side` moves its players.
    KickMoves { side: Side },
    /// A good kick: the kicking coach places the ball near the target.
    BallLands,
    /// The attacking coach activates a player (step 1).
    First,
    /// The defending coach declares its players' actions (step 2).
    Defence,
    /// The attacking coach declares the second action (step 4).
    Second,
    /// The dodger moves after a successful dodge.
    DodgeTo,
    /// The receiver of a critical pass may move.
    ReceiverTo,
    /// The match is over.
    Over,
}

/// The kick-off under way (rulebook 5.03, RULINGS Takkure 9).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KickOff {
    /// The kicking team.
    pub kicker: Option<Side>,
    pub target: Option<Square>,
    /// The slot of the player who rolls BaC for the kick.
    pub by: Option<u8>,
    /// Which players made their move while the ball was in the air, by slot.
    pub moved: [[bool; 4]; 2],
}

/// How a TRY came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TryResult {
    Scored,
    Missed,
}

/// The activation being resolved (rulebook 1.02).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Activation {
    /// The active player's slot (its team is the attacker).
    pub slot: u8,
    pub first: Action,
    /// The marked path, from where the player started; one square when the
    /// first action is no move.
    pub marked: Vec<Square>,
    /// The path executed in step 3, from the active player token.
    #[serde(default)]
    pub executed: Vec<Square>,
    /// The defenders' declarations, in the order made.
    #[serde(default)]
    pub declared: Vec<(u8, Action)>,
    #[serde(default)]
    pub second: Option<Second>,
    /// A successful dodge's reach (2, or 4 on a critical).
    #[serde(default)]
    pub dodge: u8,
    /// A critical pass's receiver, who may move 2.
    #[serde(default)]
    pub receiver: Option<u8>,
    #[serde(default)]
    pub tried: Option<TryResult>,
}

/// The result of a finished match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Side),
    Draw,
}

/// A match.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    pub(super) squads: [Squad; 2],
    pub(super) players: [[Player; 4]; 2],
    pub(super) ball: Ball,
    pub(super) score: [u8; 2],
    pub(super) half: u8,
    pub(super) time: Time,
    /// The team in possession (rulebook 0.05).
    pub(super) attack: Side,
    /// Activation tokens the attacker has left.
    pub(super) tokens: u8,
    pub(super) step: Step,
    #[serde(default)]
    pub(super) kickoff: KickOff,
    #[serde(default)]
    pub(super) activation: Option<Activation>,
    pub(super) seed: u64,
    pub(super) dice: Dice,
    /// What the last input did that the position does not show, for the
    /// picture: not part of the position (never stored, never compared).
    #[serde(skip)]
    pub(super) trace: Trace,
}

/// The ball's flights of the last input that the position does not show:
/// each scatter, from where to where (RULINGS Takkure 8). Two games that
/// differ only in their trace are the same position, so it compares equal
/// and hashes to nothing.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub scatters: Vec<(Square, Square)>,
}

impl PartialEq for Trace {
    fn eq(&self, _: &Trace) -> bool {
        true
    }
}

impl Eq for Trace {}

impl std::hash::Hash for Trace {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Game {
    /// A new match: `home` defends the north in-goal. The referee roll for
    /// the first kick-off is made at once (RULINGS Takkure 9).
    pub fn new(home: Squad, away: Squad, seed: u64) -> Game {
        let mut dice = Dice::new(seed);
        let chooser = if dice.coin() { Side::Home } else { Side::Away };
        Game {
            squads: [home, away],
            players: Default::default(),
            ball: Ball::Out,
            score: [0; 2],
            half: 1,
            time: Time::default(),
            attack: chooser,
            tokens: 0,
            step: Step::Choose { chooser },
            kickoff: KickOff::default(),
            activation: None,
            seed,
            dice,
            trace: Trace::default(),
        }
    }

    // ---- Reading the state ----

    pub fn squad(&self, side: Side) -> Squad {
        self.squads[side.index()]
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn ball(&self) -> Ball {
        self.ball
    }

    pub fn score(&self, side: Side) -> u8 {
        self.score[side.index()]
    }

    pub fn half(&self) -> u8 {
        self.half
    }

    pub fn time(&self) -> &Time {
        &self.time
    }

    /// The team in possession.
    pub fn attacker(&self) -> Side {
        self.attack
    }

    /// Activation tokens the attacker has left.
    pub fn tokens(&self) -> u8 {
        self.tokens
    }

    pub fn activation(&self) -> Option<&Activation> {
        self.activation.as_ref()
    }

    pub fn kickoff(&self) -> &KickOff {
        &self.kickoff
    }

    /// The ball's scatters in the last input played, from where to where.
    pub fn scatters(&self) -> &[(Square, Square)] {
        &self.trace.scatters
    }

    pub fn player(&self, id: PlayerId) -> &Player {
        &self.players[id.side.index()][usize::from(id.slot) % 4]
    }

    pub(super) fn player_mut(&mut self, id: PlayerId) -> &mut Player {
        &mut self.players[id.side.index()][usize::from(id.slot) % 4]
    }

    pub fn role(&self, id: PlayerId) -> Role {
        self.squad(id.side).roles()[usize::from(id.slot) % 4]
    }

    pub fn stats(&self, id: PlayerId) -> Stats {
        self.role(id).stats()
    }

    /// The player's position skill, unless fatigue took it away.
    pub fn skill(&self, id: PlayerId) -> Option<Skill> {
        self.player(id).has_skill().then(|| self.stats(id).skill)
    }

    /// The player of `side` with that role, if its squad has it.
    pub fn id_of(&self, side: Side, role: Role) -> Result<PlayerId, InputError> {
        if role.squad() != self.squad(side) {
            refuse!(
                "there is no {} in the {} squad: its players are {}",
                role.title(),
                self.squad(side).title(),
                self.squad(side).roles().map(Role::name).join(", ")
            );
        }
        Ok(PlayerId {
            side,
            slot: role.slot() as u8,
        })
    }

    /// Every player of a side, in line-up order.
    pub fn ids(side: Side) -> impl Iterator<Item = PlayerId> {
        (0..4).map(move |slot| PlayerId { side, slot })
    }

    /// "the Yamato Guard", or "the home Guard" when both teams play the
    /// same squad.
    pub fn name(&self, id: PlayerId) -> String {
        let team = if self.squads[0] == self.squads[1] {
            id.side.to_string()
        } else {
            self.squad(id.side).title().to_string()
        };
        format!("{team} {}", self.role(id).title())
    }

    /// The ball carrier, if a player holds the ball.
    pub fn carrier(&self) -> Option<PlayerId> {
        match self.ball {
            Ball::Held(id) => Some(id),
            _ => None,
        }
    }

    /// The player standing on `sq`.
    pub fn occupant(&self, sq: Square) -> Option<PlayerId> {
        Side::BOTH
            .into_iter()
            .flat_map(Game::ids)
            .find(|&id| self.player(id).square == Some(sq))
    }

    /// Whether a player or the loose ball fills `sq` (RULINGS Takkure 2).
    pub fn filled(&self, sq: Square) -> bool {
        self.ball == Ball::Loose(sq) || self.occupant(sq).is_some()
    }

    /// The match result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        (self.step == Step::Over).then(|| match self.score[0].cmp(&self.score[1]) {
            std::cmp::Ordering::Greater => Outcome::Win(Side::Home),
            std::cmp::Ordering::Less => Outcome::Win(Side::Away),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// Whose input the game awaits (none once the match is over).
    pub fn awaiting(&self) -> Option<Side> {
        match self.step {
            Step::Choose { chooser } => Some(chooser),
            Step::Place { side } | Step::KickMoves { side } => Some(side),
            Step::Target | Step::BallLands => self.kickoff.kicker,
            Step::First | Step::Second | Step::DodgeTo | Step::ReceiverTo => Some(self.attack),
            Step::Defence => Some(self.attack.other()),
            Step::Over => None,
        }
    }

    /// What the awaited coach must type, in a sentence: "home: ..." with
    /// the step's note ([`Game::note`]).
    pub fn prompt(&self) -> String {
        let coach = self
            .awaiting()
            .map_or("nobody".to_string(), |s| s.to_string());
        match self.note() {
            Some(note) => format!("{coach}: {note}"),
            None => "the match is over".to_string(),
        }
    }

    // ---- Geometry over the field ----

    /// Squares `mover` can reach in at most `steps` king steps around the
    /// other players and the loose ball, with the steps taken; its own
    /// square first (RULINGS Takkure 5, 6).
    pub fn reach(&self, mover: PlayerId, steps: i32) -> Vec<(Square, i32)> {
        let Some(start) = self.player(mover).square else {
            return Vec::new();
        };
        // Filled squares and squares seen, by index: the search runs for
        // every candidate input, so it avoids scanning the players each time.
        let mut blocked = [false; SQUARES];
        for id in Side::BOTH.into_iter().flat_map(Game::ids) {
            if let Some(sq) = self.player(id).square {
                blocked[sq.index()] = true;
            }
        }
        if let Ball::Loose(sq) = self.ball {
            blocked[sq.index()] = true;
        }
        blocked[start.index()] = true;
        let mut out = vec![(start, 0)];
        let mut frontier = vec![start];
        for step in 1..=steps {
            let mut next = Vec::new();
            for sq in frontier {
                for n in sq.neighbours() {
                    if !blocked[n.index()] {
                        blocked[n.index()] = true;
                        next.push(n);
                        out.push((n, step));
                    }
                }
            }
            frontier = next;
        }
        out
    }

    /// The defensive move's length: second MOV value, doubled by Defensive
    /// Vision (4.05).
    pub fn defensive_reach(&self, id: PlayerId) -> i32 {
        let base = self.stats(id).mov_defence;
        if self.skill(id) == Some(Skill::DefensiveVision) {
            2 * base
        } else {
            base
        }
    }

    /// The free square nearest to the point (`col`, `row`), which may lie
    /// off the grid: fewest king steps, then the straightest (smallest
    /// squared straight-line distance), then first in reading order.
    pub(super) fn nearest_free(&self, col: i32, row: i32) -> Option<Square> {
        Square::all()
            .filter(|&sq| !self.filled(sq))
            .min_by_key(|sq| {
                let (dc, dr) = ((sq.col() - col).abs(), (sq.row() - row).abs());
                (dc.max(dr), dc * dc + dr * dr)
            })
    }

    // ---- Playing ----

    /// Whether `input` is legal now; the error says what the rules forbid.
    pub fn check(&self, input: &Input) -> Result<(), InputError> {
        match (self.step, input) {
            (Step::Over, _) => refuse!("the match is over"),
            (Step::Choose { .. }, Input::Kick | Input::Receive) => Ok(()),
            (Step::Choose { chooser }, _) => {
                refuse!("{chooser} decides who kicks off: `kick` or `receive`")
            }
            (Step::Place { side }, Input::Place { role, square }) => {
                self.check_place(side, *role, *square)
            }
            (Step::Target, Input::KickAt { target, kicker }) => self.check_target(*target, *kicker),
            (Step::KickMoves { .. }, Input::Done) => Ok(()),
            (Step::KickMoves { side }, Input::Place { role, square }) => {
                self.check_kick_move(side, *role, *square)
            }
            (Step::BallLands, Input::Ball(sq)) => self.check_ball(*sq),
            (Step::First, Input::Act { role, action }) => self.check_first(*role, action),
            (Step::First, Input::EndHalf) => self.check_end_half(),
            (Step::Defence, Input::Done) => Ok(()),
            (Step::Defence, Input::Act { role, action }) => self.check_defence(*role, action),
            (Step::Second, Input::Second(second)) => self.check_second(second),
            (Step::DodgeTo | Step::ReceiverTo, Input::To(sq)) => self.check_to(*sq),
            _ => refuse!("{}", self.wrong_step(false)),
        }
    }

    /// Whether `input` is of a kind the current step takes.
    fn fits_step(&self, input: &Input) -> bool {
        matches!(
            (self.step, input),
            (Step::Choose { .. }, Input::Kick | Input::Receive)
                | (Step::Place { .. }, Input::Place { .. })
                | (Step::Target, Input::KickAt { .. })
                | (Step::KickMoves { .. }, Input::Done | Input::Place { .. })
                | (Step::BallLands, Input::Ball(_))
                | (Step::First, Input::Act { .. } | Input::EndHalf)
                | (Step::Defence, Input::Done | Input::Act { .. })
                | (Step::Second, Input::Second(_))
                | (Step::DodgeTo | Step::ReceiverTo, Input::To(_))
        )
    }

    /// Plays `input` if legal, returning one log line per roll and event;
    /// a refused input changes nothing.
    pub fn play(&mut self, input: &Input) -> Result<Vec<String>, InputError> {
        if !self.fits_step(input) && !matches!(self.step, Step::Over | Step::Choose { .. }) {
            // What the step takes, with an example legal now (worked out
            // here rather than in `check`, which must stay cheap).
            return Err(InputError(self.wrong_step(true)));
        }
        self.check(input)?;
        self.trace = Trace::default();
        let mut log = Vec::new();
        match (self.step, input) {
            (Step::Choose { chooser }, Input::Kick) => self.start_kickoff(chooser, &mut log),
            (Step::Choose { chooser }, Input::Receive) => {
                self.start_kickoff(chooser.other(), &mut log)
            }
            (Step::Place { side }, Input::Place { role, square }) => {
                self.place(side, *role, *square, &mut log)
            }
            (Step::Target, Input::KickAt { target, kicker }) => {
                self.aim(*target, *kicker, &mut log)
            }
            (Step::KickMoves { side }, Input::Done) => self.kick_moves_done(side, &mut log),
            (Step::KickMoves { side }, Input::Place { role, square }) => {
                self.kick_move(side, *role, *square, &mut log)
            }
            (Step::BallLands, Input::Ball(sq)) => self.land(*sq, &mut log),
            (Step::First, Input::Act { role, action }) => self.first(*role, action, &mut log),
            (Step::First, Input::EndHalf) => {
                log.push(format!(
                    "{} puts the ball out of the field and ends the half",
                    self.attack
                ));
                self.end_half(&mut log);
            }
            (Step::Defence, Input::Done) => self.defence_done(&mut log),
            (Step::Defence, Input::Act { role, action }) => self.declare(*role, action, &mut log),
            (Step::Second, Input::Second(second)) => self.second(second, &mut log),
            (Step::DodgeTo | Step::ReceiverTo, Input::To(sq)) => self.move_to(*sq, &mut log),
            _ => {}
        }
        Ok(log)
    }
}

impl Game {
    /// What the current step expects, for an input of the wrong kind; with
    /// `example`, an example legal now (and the second actions legal now).
    fn wrong_step(&self, example: bool) -> String {
        let ex = example
            .then(|| self.example())
            .flatten()
            .map_or(String::new(), |e| format!(", e.g. `{e}`"));
        match self.step {
            Step::Choose { .. } => "first decide who kicks off: `kick` or `receive`".to_string(),
            Step::Place { .. } => format!("the kick-off is being set up: place a player{ex}"),
            Step::Target => format!("aim the kick-off and name the kicker{ex}"),
            Step::KickMoves { .. } => {
                format!("the ball is in the air: move a player{ex}, or write `done`")
            }
            Step::BallLands => format!("place the kicked ball within 2 of the target{ex}"),
            Step::First => format!(
                "an activation starts with a first action (move, stand, pass from the ground \
                 or hold){ex}"
            ),
            Step::Defence => {
                let ex = example
                    .then(|| self.example())
                    .flatten()
                    .filter(|e| *e != Input::Done)
                    .map_or(String::new(), |e| format!(", e.g. `{e}`"));
                format!(
                    "the defence declares now (tackle, pressure, steal, stand, rest){ex}, or `done`"
                )
            }
            Step::Second | Step::DodgeTo | Step::ReceiverTo if example => {
                self.note().unwrap_or_default()
            }
            Step::Second => "the active player's second action now: `move`, `pass`, `pickup`, \
                             `dodge`, `break`, `try` or `none`"
                .to_string(),
            Step::DodgeTo | Step::ReceiverTo => {
                "name where the player moves: `to` and a square".to_string()
            }
            Step::Over => "the match is over".to_string(),
        }
    }
}

impl Game {
    pub(super) fn dice_valid(&self) -> bool {
        self.dice.is_valid()
    }
}
