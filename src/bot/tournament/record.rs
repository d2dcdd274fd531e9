//! What a tournament has played, as its pairers and tie-breaks see it:
//! entrants by index (their seed), rounds of pairings, each with its
//! outcome, and at most one bye a round. Points are counted in halves
//! (a win 2, a draw 1) so that every sum is exact.

/// A win, in half points (a bye is worth a win).
pub const WIN: u32 = 2;
/// A draw, in half points.
pub const DRAW: u32 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a tournament game ended (forfeits, at a deadline or by a
/// withdrawal, are wins like any other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Pending,
    WhiteWins,
    BlackWins,
    Draw,
    /// Left unplayed by both players at the deadline: a loss for each.
    BothLose,
}

impl Outcome {
    /// The half points the player of `colour` scored (`None`: not over).
    pub fn points(self, colour: Colour) -> Option<u32> {
        match (self, colour) {
            (Outcome::Pending, _) => None,
            (Outcome::Draw, _) => Some(DRAW),
            (Outcome::WhiteWins, Colour::White) | (Outcome::BlackWins, Colour::Black) => Some(WIN),
            _ => Some(0),
        }
    }

    pub fn is_over(self) -> bool {
        self != Outcome::Pending
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub white: usize,
    pub black: usize,
    pub outcome: Outcome,
}

impl Pairing {
    pub fn new(white: usize, black: usize) -> Pairing {
        Pairing {
            white,
            black,
            outcome: Outcome::Pending,
        }
    }

    /// `player`'s colour in this pairing (`None`: not in it).
    pub fn colour_of(&self, player: usize) -> Option<Colour> {
        if player == self.white {
            Some(Colour::White)
        } else if player == self.black {
            Some(Colour::Black)
        } else {
            None
        }
    }

    pub fn opponent_of(&self, player: usize) -> Option<usize> {
        match self.colour_of(player)? {
            Colour::White => Some(self.black),
            Colour::Black => Some(self.white),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub pairings: Vec<Pairing>,
    pub bye: Option<usize>,
}

impl Round {
    pub fn is_over(&self) -> bool {
        self.pairings.iter().all(|p| p.outcome.is_over())
    }

    /// `player`'s pairing this round, if any.
    pub fn pairing_of(&self, player: usize) -> Option<&Pairing> {
        self.pairings.iter().find(|p| p.colour_of(player).is_some())
    }
}

/// One game from a player's side: the opponent, the colour and the half
/// points scored (`None`: not over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encounter {
    pub opponent: usize,
    pub colour: Colour,
    pub scored: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub players: usize,
    pub rounds: Vec<Round>,
    /// What a bye is worth: a win in a Swiss; nothing in a round robin,
    /// where every player has one.
    pub bye_points: u32,
}

impl Record {
    /// A record without rounds, its byes worth a win.
    pub fn new(players: usize) -> Record {
        Record {
            players,
            rounds: Vec::new(),
            bye_points: WIN,
        }
    }

    /// `player`'s games, round by round (byes left out).
    pub fn encounters(&self, player: usize) -> impl Iterator<Item = Encounter> + '_ {
        self.rounds.iter().filter_map(move |round| {
            let pairing = round.pairing_of(player)?;
            let colour = pairing.colour_of(player)?;
            Some(Encounter {
                opponent: pairing.opponent_of(player)?,
                colour,
                scored: pairing.outcome.points(colour),
            })
        })
    }

    /// `player`'s half points: games over, and byes.
    pub fn points(&self, player: usize) -> u32 {
        let games: u32 = self.encounters(player).filter_map(|e| e.scored).sum();
        games + self.bye_points * self.byes(player)
    }

    pub fn byes(&self, player: usize) -> u32 {
        self.rounds.iter().filter(|r| r.bye == Some(player)).count() as u32
    }

    /// The colours `player` has had, in order.
    pub fn colours(&self, player: usize) -> Vec<Colour> {
        self.encounters(player).map(|e| e.colour).collect()
    }

    pub fn met(&self, a: usize, b: usize) -> bool {
        self.encounters(a).any(|e| e.opponent == b)
    }
}
