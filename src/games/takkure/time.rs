//! The time dashboard (rulebook 6.04, RULINGS Takkure 10): both teams'
//! tokens stand on the same box, 5 down to 0, each showing its active side
//! or not.

use serde::{Deserialize, Serialize};

use super::side::Side;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Time {
    /// The box both tokens stand on.
    pub clock: u8,
    /// Per team, whether its token shows its non-active side.
    pub turned: [bool; 2],
}

/// The box the tokens start each half on.
pub const START: u8 = 5;

impl Default for Time {
    fn default() -> Self {
        Time {
            clock: START,
            turned: [false; 2],
        }
    }
}

impl Time {
    /// A coach takes its 4 activation tokens: turns its token, or, when it
    /// is already turned (or `kept` the ball after spending all four), both
    /// tokens go down a box, active side up, and it turns its own. Returns
    /// false when the box reached is 0: the half is over.
    pub fn take_tokens(&mut self, side: Side, kept: bool) -> bool {
        if kept || self.turned[side.index()] {
            self.clock = self.clock.saturating_sub(1);
            self.turned = [false; 2];
            if self.clock == 0 {
                return false;
            }
        }
        self.turned[side.index()] = true;
        true
    }

    pub fn describe(&self) -> String {
        let token = |b: bool| if b { "turned" } else { "active" };
        format!(
            "time box {} (home {}, away {})",
            self.clock,
            token(self.turned[0]),
            token(self.turned[1])
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Rulebook 6.04 Fig 1-4: turn, then go down a box and turn.
    #[test]
    fn dashboard_goes_down_when_turned() {
        let mut t = Time::default();
        assert!(t.take_tokens(Side::Home, false));
        assert_eq!((t.clock, t.turned), (5, [true, false]));
        assert!(t.take_tokens(Side::Away, false));
        assert_eq!((t.clock, t.turned), (5, [true, true]));
        assert!(t.take_tokens(Side::Home, false));
        assert_eq!((t.clock, t.turned), (4, [true, false]));
        // Keeping the ball after four activations always goes down.
        assert!(t.take_tokens(Side::Home, true));
        assert_eq!((t.clock, t.turned), (3, [true, false]));
        assert!(t.take_tokens(Side::Home, true));
        assert!(t.take_tokens(Side::Home, true));
        assert_eq!(t.clock, 1);
        assert!(!t.take_tokens(Side::Home, true));
        assert_eq!(t.clock, 0);
    }
}
