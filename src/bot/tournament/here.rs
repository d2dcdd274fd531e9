//! Which tournament a command means (the latest of this channel, or of
//! the channel a game's thread was opened from), and a tournament read
//! whole from the store: its entrants by seed, its rounds, its record.

use super::record::Record;
use super::rounds::record_of;
use super::standings::Format;
use crate::bot::ground::context::{Ctx, Failure};
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::mention;
use crate::store::tournaments::{Entrant, PairingRow, RoundRow, TournamentRow};
use crate::store::{Store, StoreError};

/// The channel a tournament command speaks of: this one, or the parent of
/// the game's thread it is typed in.
pub fn home(ctx: &Ctx<'_>) -> Result<Place, Failure> {
    let place = ctx.place;
    let parent = ctx.store().thread_parent(&place.guild, &place.channel)?;
    Ok(Place {
        guild: place.guild.clone(),
        channel: parent.unwrap_or_else(|| place.channel.clone()),
    })
}

/// The latest tournament of this channel (see [`home`]), or the refusal
/// that says there is none.
pub fn tournament_here(ctx: &Ctx<'_>) -> Result<TournamentRow, Failure> {
    let home = home(ctx)?;
    ctx.store()
        .latest_tournament(&home.guild, &home.channel)?
        .ok_or_else(|| {
            Failure::User(
                "There's no tournament in this channel. A server admin starts one with /tournament create."
                    .into(),
            )
        })
}

/// A tournament as stored, read whole.
pub struct Loaded {
    pub row: TournamentRow,
    pub format: Format,
    /// By seed once started, else in the order they joined.
    pub entrants: Vec<Entrant>,
    pub rounds: Vec<RoundRow>,
    pub pairings: Vec<PairingRow>,
    pub record: Record,
}

impl Loaded {
    pub fn read(store: &Store, row: TournamentRow) -> Result<Loaded, StoreError> {
        let format = Format::parse(&row.format)
            .ok_or_else(|| StoreError::Corrupt(format!("tournament format `{}`", row.format)))?;
        let entrants = store.entrants(row.id)?;
        let rounds = store.tournament_rounds(row.id)?;
        let pairings = store.tournament_pairings(row.id)?;
        let record = record_of(format, entrants.len(), &rounds, &pairings);
        Ok(Loaded {
            row,
            format,
            entrants,
            rounds,
            pairings,
            record,
        })
    }

    /// How many rounds it plays in all.
    pub fn total_rounds(&self) -> u32 {
        self.format.rounds(self.row.rounds, self.entrants.len())
    }

    /// Round `number`, once it is paired.
    pub fn round(&self, number: u32) -> Option<&RoundRow> {
        self.rounds.iter().find(|r| r.number == number)
    }

    /// How many rounds are over.
    pub fn rounds_played(&self) -> usize {
        self.rounds
            .iter()
            .filter(|r| r.finished_at.is_some())
            .count()
    }

    /// The record of the rounds that are over: what the standings count.
    /// A round under way adds neither its games nor its bye until it
    /// ends, so the standings posted at a round's end and `/tournament
    /// standings` read the same until the next round ends (issue 42: the
    /// next round's bye was counted, and its pairings in Buchholz, as
    /// soon as it was paired).
    pub fn finished_record(&self) -> Record {
        let mut record = self.record.clone();
        record.rounds = (self.record.rounds.iter().zip(&self.rounds))
            .filter(|(_, row)| row.finished_at.is_some())
            .map(|(round, _)| round.clone())
            .collect();
        record
    }

    /// The entrants as the chat shows them (mentions, by seed).
    pub fn labels(&self) -> Vec<String> {
        self.entrants.iter().map(|e| mention(e.user)).collect()
    }

    /// The entrants' names as the crosstable draws them.
    pub fn names(&self, store: &Store) -> Result<Vec<String>, StoreError> {
        self.entrants
            .iter()
            .map(|e| {
                Ok(store
                    .user_name(e.user)?
                    .unwrap_or_else(|| format!("player {}", e.user)))
            })
            .collect()
    }

    /// Where it is played.
    pub fn place(&self) -> Place {
        place_of(&self.row)
    }

    /// The format as a sentence's words: "Swiss, 3 rounds" or "round robin".
    pub fn format_words(&self) -> String {
        format_words(self.format, self.row.rounds)
    }
}

/// The channel a tournament is played in.
pub fn place_of(row: &TournamentRow) -> Place {
    Place {
        guild: row.guild.clone(),
        channel: row.channel.clone(),
    }
}

/// "Swiss, 3 rounds" or "round robin (every pair once)".
pub fn format_words(format: Format, rounds: u32) -> String {
    match format {
        Format::Swiss => format!(
            "Swiss, {rounds} round{}",
            if rounds == 1 { "" } else { "s" }
        ),
        Format::RoundRobin => "round robin (every pair once)".to_string(),
    }
}
