//! A short text account of a match, for replies and the command line:
//! score, half, time, possession, and every player with its marks.

use std::fmt::Write;

use super::game::{Ball, Game};
use super::side::Side;

impl Game {
    /// Several lines: the score line, then one line per team.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "half {}, home {} - away {}, {}; {} attacks with {} token(s) left",
            self.half(),
            self.score(Side::Home),
            self.score(Side::Away),
            self.time().describe(),
            self.attacker(),
            self.tokens()
        );
        match self.ball() {
            Ball::Held(id) => {
                let _ = write!(out, "; the {} has the ball", self.name(id));
            }
            Ball::Loose(sq) => {
                let _ = write!(out, "; the ball lies loose on {sq}");
            }
            Ball::Out => {}
        }
        for side in Side::BOTH {
            let _ = write!(out, "\n{side} ({}):", self.squad(side).title());
            for id in Game::ids(side) {
                let p = self.player(id);
                let at = match (p.square, p.out) {
                    (Some(sq), _) => sq.to_string(),
                    (None, Some(absence)) => format!("injured, {}", absence.describe()),
                    (None, None) => "off the field".to_string(),
                };
                let mut marks = Vec::new();
                if p.ground {
                    marks.push("ground".to_string());
                }
                if p.wounds > 0 {
                    marks.push(format!("{} wound(s)", p.wounds));
                }
                if p.fatigue > 0 {
                    marks.push(format!(
                        "fatigue {}/{} active",
                        p.active_fatigue(),
                        p.fatigue
                    ));
                }
                if p.activations > 0 {
                    marks.push(format!("{} activation(s)", p.activations));
                }
                let marks = if marks.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", marks.join(", "))
                };
                let _ = write!(out, " {} {at}{marks};", self.role(id));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::squad::Squad;
    use super::*;

    #[test]
    fn summary_names_the_score_and_every_player() {
        let game = Game::new(Squad::Yamato, Squad::Teriomorph, 1);
        let text = game.summary();
        assert!(
            text.starts_with("half 1, home 0 - away 0, time box 5"),
            "{text}"
        );
        for role in ["runner", "playmaker", "guard", "oni", "stalker", "beast"] {
            assert!(text.contains(&format!(" {role} off the field")), "{text}");
        }
    }
}
