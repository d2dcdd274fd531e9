//! The options a game of Taka is played with (RULINGS Taka 15, 16).

/// How many goals win and how many turns a side gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Goals needed to win: 1 ("first goal", the default) or more ("first to
    /// N", with the re-placement after each goal that does not win).
    pub goals: u8,
    /// Turns each side gets (default 75, i.e. 150 in all). When they run
    /// out the higher score wins; equal scores draw.
    pub turn_limit: u16,
}

impl Settings {
    /// The most goals a game may be played to.
    pub const MAX_GOALS: u8 = 9;
    /// The longest turn limit accepted.
    pub const MAX_TURN_LIMIT: u16 = 999;

    /// Settings, if both values are in range (goals 1-9, turns 1-999).
    pub fn new(goals: u8, turn_limit: u16) -> Option<Settings> {
        ((1..=Settings::MAX_GOALS).contains(&goals)
            && (1..=Settings::MAX_TURN_LIMIT).contains(&turn_limit))
        .then_some(Settings { goals, turn_limit })
    }
}

impl Default for Settings {
    /// First goal wins, 75 turns each.
    fn default() -> Settings {
        Settings {
            goals: 1,
            turn_limit: 75,
        }
    }
}
