//! The kick-off (rulebook 5.03, RULINGS Takkure 9): placements, the target,
//! the moves while the ball is in the air, the kicker's BaC roll, the
//! landing and the catches.

use super::error::{refuse, InputError};
use super::game::{Ball, Game, KickOff, Step};
use super::player::{Absence, PlayerId};
use super::side::Side;
use super::squad::Role;
use super::square::Square;

impl Game {
    /// Starts a kick-off by `kicker`: everyone able to play comes back to be
    /// placed (players out "until the next kick-off" return).
    pub(super) fn start_kickoff(&mut self, kicker: Side, log: &mut Vec<String>) {
        log.push(format!("{kicker} kicks off"));
        self.kickoff = KickOff {
            kicker: Some(kicker),
            ..KickOff::default()
        };
        self.activation = None;
        self.ball = Ball::Out;
        self.tokens = 0;
        self.attack = kicker.other();
        for side in Side::BOTH {
            for id in Game::ids(side) {
                let player = self.player_mut(id);
                if player.out == Some(Absence::KickOff) {
                    player.out = None;
                }
                player.square = None;
                player.ground = false;
                player.activations = 0;
            }
        }
        self.next_placement(log);
    }

    /// Players of `side` able to play (not injured).
    fn available(&self, side: Side) -> impl Iterator<Item = PlayerId> + '_ {
        Game::ids(side).filter(|&id| self.player(id).out.is_none())
    }

    /// Placements go kicking team first, then receivers; then the target.
    fn next_placement(&mut self, log: &mut Vec<String>) {
        let Some(kicker) = self.kickoff.kicker else {
            return;
        };
        for side in [kicker, kicker.other()] {
            if self.available(side).any(|id| !self.player(id).on_field()) {
                self.step = Step::Place { side };
                return;
            }
        }
        if self.available(kicker).next().is_none() {
            // Nobody left to kick: the ball lies at the centre of the
            // receivers' half (a case the rulebook does not foresee).
            let row = if kicker.other() == Side::Home { 8 } else { 19 };
            let sq = self.nearest_free(7, row);
            log.push(format!("{kicker} has nobody left to kick off"));
            match sq {
                Some(sq) => self.catches(sq, log),
                None => self.take_tokens(kicker.other(), false, log),
            }
            return;
        }
        self.step = Step::Target;
    }

    pub(super) fn check_place(
        &self,
        side: Side,
        role: Role,
        square: Square,
    ) -> Result<(), InputError> {
        let id = self.id_of(side, role)?;
        let player = self.player(id);
        let name = role.title();
        if let Some(absence) = player.out {
            refuse!(
                "the {name} is injured ({}): it can't be placed",
                absence.describe()
            );
        }
        if let Some(at) = player.square {
            refuse!("the {name} is already placed, on {at}");
        }
        if Some(side) == self.kickoff.kicker {
            if square.row() != side.kick_row() {
                refuse!(
                    "the kicking team stands just inside its line of 10: on row {}",
                    side.kick_row() + 1
                );
            }
        } else if !side.own_half(square) {
            let rows = if side == Side::Home { "3-14" } else { "15-26" };
            refuse!("the receiving team stands in its own half of the field: rows {rows}");
        }
        if self.filled(square) {
            refuse!("{square} is taken");
        }
        Ok(())
    }

    pub(super) fn place(&mut self, side: Side, role: Role, square: Square, log: &mut Vec<String>) {
        let id = PlayerId {
            side,
            slot: role.slot() as u8,
        };
        self.player_mut(id).square = Some(square);
        log.push(format!("the {} stands on {square}", self.name(id)));
        self.next_placement(log);
    }

    pub(super) fn check_target(&self, target: Square, kicker: Role) -> Result<(), InputError> {
        let Some(side) = self.kickoff.kicker else {
            refuse!("no kick-off is under way");
        };
        let id = self.id_of(side, kicker)?;
        if !self.player(id).on_field() {
            refuse!(
                "the {} is not on the field: another player kicks",
                kicker.title()
            );
        }
        if !side.other().kick_target(target) {
            let rows = if side.other() == Side::Home {
                "3-12"
            } else {
                "17-26"
            };
            refuse!(
                "the kick-off must land between the receivers' line of 10 and their in-goal \
                 (rows {rows}), at least 2 squares from the side edges (columns C-N)"
            );
        }
        Ok(())
    }

    pub(super) fn aim(&mut self, target: Square, kicker: Role, log: &mut Vec<String>) {
        self.kickoff.target = Some(target);
        self.kickoff.by = Some(kicker.slot() as u8);
        log.push(format!(
            "the kick-off is aimed at {target}; the ball is in the air"
        ));
        if let Some(side) = self.kickoff.kicker {
            self.next_movers(side, log);
        }
    }

    /// The kick-off moves go kickers first, then receivers (5.03); a side
    /// with nobody left to move is skipped.
    fn next_movers(&mut self, side: Side, log: &mut Vec<String>) {
        let kicker = self.kickoff.kicker.unwrap_or(side);
        let order = if side == kicker {
            vec![kicker, kicker.other()]
        } else {
            vec![side]
        };
        for s in order {
            if Game::ids(s).any(|id| {
                self.player(id).on_field()
                    && !self.kickoff.moved[s.index()][usize::from(id.slot) % 4]
            }) {
                self.step = Step::KickMoves { side: s };
                return;
            }
        }
        self.kick(log);
    }

    pub(super) fn check_kick_move(
        &self,
        side: Side,
        role: Role,
        square: Square,
    ) -> Result<(), InputError> {
        let id = self.id_of(side, role)?;
        let name = role.title();
        let Some(at) = self.player(id).square else {
            refuse!("the {name} is not on the field");
        };
        if self.kickoff.moved[side.index()][usize::from(id.slot) % 4] {
            refuse!("the {name} has already moved while the ball is in the air");
        }
        if at == square {
            refuse!("the {name} is already on {square}: move another player, or write `done`");
        }
        let steps = self.defensive_reach(id);
        if !self.reach(id, steps).iter().any(|&(sq, _)| sq == square) {
            refuse!(
                "the {name} can't reach {square}: it moves its defensive MOV ({steps}) around the other players"
            );
        }
        Ok(())
    }

    pub(super) fn kick_move(
        &mut self,
        side: Side,
        role: Role,
        square: Square,
        log: &mut Vec<String>,
    ) {
        let id = PlayerId {
            side,
            slot: role.slot() as u8,
        };
        self.player_mut(id).square = Some(square);
        self.kickoff.moved[side.index()][usize::from(id.slot) % 4] = true;
        log.push(format!("the {} moves to {square}", self.name(id)));
        self.next_movers(side, log);
    }

    pub(super) fn kick_moves_done(&mut self, side: Side, log: &mut Vec<String>) {
        for id in Game::ids(side) {
            self.kickoff.moved[side.index()][usize::from(id.slot) % 4] = true;
        }
        self.next_movers(side, log);
    }

    /// The kicker's BaC roll: success lets the coach place the ball near
    /// the target, failure scatters it from the target.
    fn kick(&mut self, log: &mut Vec<String>) {
        let (Some(side), Some(target), Some(slot)) =
            (self.kickoff.kicker, self.kickoff.target, self.kickoff.by)
        else {
            return;
        };
        let id = PlayerId { side, slot };
        let bac = self.characteristic(id, "BaC", self.stats(id).bac);
        let roll = bac.roll(self.dice.d12());
        log.push(format!("{} kicks: {}", self.name(id), roll.against(&bac)));
        if roll.success() {
            self.step = Step::BallLands;
        } else {
            self.scatter(target, log);
            if let Ball::Loose(sq) = self.ball {
                self.catches(sq, log);
            }
        }
    }

    pub(super) fn check_ball(&self, square: Square) -> Result<(), InputError> {
        let Some(target) = self.kickoff.target else {
            refuse!("no kick-off is under way");
        };
        if square.distance(target) > 2 {
            refuse!("a good kick lands within 2 squares of the target {target}");
        }
        if self.filled(square) {
            refuse!("{square} is taken: the ball lands on a free square");
        }
        Ok(())
    }

    pub(super) fn land(&mut self, square: Square, log: &mut Vec<String>) {
        log.push(format!("the ball comes down on {square}"));
        self.catches(square, log);
    }

    /// Catching the ball in the air: players within 2 try, receivers first,
    /// nearest first, BaC -2; the first success catches it (5.03). Then the
    /// team in possession takes its activation tokens.
    pub(super) fn catches(&mut self, at: Square, log: &mut Vec<String>) {
        self.ball = Ball::Loose(at);
        let receivers = self.kickoff.kicker.map_or(Side::Home, Side::other);
        let mut candidates: Vec<(usize, i32, Square, PlayerId)> = Vec::new();
        for (rank, side) in [receivers, receivers.other()].into_iter().enumerate() {
            for id in Game::ids(side) {
                if let Some(sq) = self.player(id).square {
                    if sq.distance(at) <= 2 {
                        candidates.push((rank, sq.distance(at), sq, id));
                    }
                }
            }
        }
        candidates.sort_by_key(|&(rank, d, sq, _)| (rank, d, sq));
        for (_, _, _, id) in candidates {
            let target = self
                .characteristic(id, "BaC", self.stats(id).bac)
                .plus(-2, "catch");
            let roll = target.roll(self.dice.d12());
            log.push(format!(
                "{} tries to catch the ball: {}",
                self.name(id),
                roll.against(&target)
            ));
            if roll.success() {
                self.ball = Ball::Held(id);
                log.push(self.has_ball(id));
                break;
            }
        }
        let attack = match self.ball {
            Ball::Held(id) => id.side,
            _ => {
                log.push(format!("the ball lies loose on {at}"));
                receivers
            }
        };
        self.take_tokens(attack, false, log);
    }
}
