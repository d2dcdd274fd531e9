//! Which actions of an analysed game are marked, and how (`??`, `?`,
//! `!`, `!!`): the rules of `/analyze`'s marks (see [`super::analyze`] and
//! docs/analyze.md), judged from the game's searches and the graph.

use crate::games::{Evaluations, Seat};
use crate::render::analysis::Mark;

/// The loss (or gain) of winning chance that marks an action.
pub(super) const BLUNDER: f32 = 0.30;
pub(super) const MISTAKE: f32 = 0.15;
/// The least loss that counts towards a slide (smaller ones are the
/// searches' own wobble).
pub(super) const SLIP: f32 = 0.03;

/// One position, judged: the first player's winning chance there, and the
/// mark of the action that led to it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Judged {
    pub(super) chance: f32,
    pub(super) mark: Option<Mark>,
    /// The winning chance the action that led here cost its mover.
    pub(super) loss: f32,
    /// The mover's chance after the best action and after the one played,
    /// as the loss was measured (the searches', or the graph's when it
    /// fell further).
    pub(super) best: f32,
    pub(super) played: f32,
    /// For a mark earned by a slide: the position its first loss was
    /// played from, and what the mover's losses since came to.
    pub(super) slide: Option<(usize, f32)>,
}

impl Judged {
    /// What the marked action cost, alone or with its slide.
    pub(super) fn cost(&self) -> f32 {
        self.slide
            .map_or(self.loss, |(_, total)| total.max(self.loss))
    }
}

/// The mark of an action that lost `loss` of a game; when it was the best
/// one, `margin` is what every other action would have cost (or, for a
/// game that does not search that, how much more it was worth than a
/// quick look saw).
pub(super) fn mark_of(loss: f32, margin: Option<f32>) -> Option<Mark> {
    if loss >= BLUNDER {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE {
        Some(Mark::Mistake)
    } else {
        match margin {
            Some(margin) if margin >= BLUNDER => Some(Mark::Brilliant),
            Some(margin) if margin >= MISTAKE => Some(Mark::Good),
            _ => None,
        }
    }
}

/// What `from` cost against `to`, both the mover's chances: a forced loss
/// where `to` had any chance costs the whole game.
pub(super) fn cost(to: f32, from: f32) -> f32 {
    if from == 0.0 && to > 0.0 {
        1.0
    } else {
        to - from
    }
}

/// The mover's winning chance from the first player's.
pub(super) fn for_mover(mover: Seat, chance: f32) -> f32 {
    match mover {
        Seat::Player1 => chance,
        Seat::Player2 => 1.0 - chance,
    }
}

pub(super) fn judge(evaluations: &Evaluations) -> Vec<Judged> {
    let positions = &evaluations.positions;
    let chances = evaluations.level_chances();
    let chance = |score: i32| evaluations.chance(score);
    let mut judged = Vec::with_capacity(positions.len());
    // Each seat's losses since its last mark: where they began, their sum.
    let mut sliding: [Option<(usize, f32)>; 2] = [None, None];
    for (index, position) in positions.iter().enumerate() {
        let mut entry = Judged {
            chance: chances[index],
            mark: None,
            loss: 0.0,
            best: 0.0,
            played: 0.0,
            slide: None,
        };
        if let Some(before) = index.checked_sub(1).map(|i| &positions[i]) {
            let mover = before.to_move;
            let best = for_mover(mover, chance(before.score));
            let played = for_mover(mover, chance(before.played_score.unwrap_or(position.score)));
            // Walking into a forced loss is a blunder however bad the
            // position already was.
            let searched = cost(best, played);
            // The graph's fall for the mover across an action other than
            // the search's best: every such drop past a threshold is
            // marked, also one the search before the action did not see
            // coming. (Under the best action a fall is the position's,
            // not the action's: no other action was seen to do better.)
            let was_best = before.played.is_some() && before.played == before.best;
            let [then, now] = [chances[index - 1], chances[index]].map(|c| for_mover(mover, c));
            let (loss, best, played) = if !was_best && cost(then, now) > searched {
                (cost(then, now), then, now)
            } else {
                (searched, best, played)
            };
            let margin = match before.second_score {
                Some(second) => Some(cost(best, for_mover(mover, chance(second)))),
                None => Some(best - for_mover(mover, chance(before.shallow_score))),
            }
            .filter(|_| was_best);
            entry.loss = loss;
            entry.best = best;
            entry.played = played;
            entry.mark = mark_of(loss, margin);
            let slide = &mut sliding[mover.index()];
            if loss >= SLIP {
                let (from, total) = slide.get_or_insert((index - 1, 0.0));
                *total += loss;
                if entry.mark.is_none() {
                    entry.mark = mark_of(*total, None);
                    if entry.mark.is_some() {
                        entry.slide = Some((*from, *total));
                    }
                }
            }
            if matches!(entry.mark, Some(Mark::Mistake | Mark::Blunder)) {
                *slide = None;
            }
        }
        judged.push(entry);
    }
    judged
}
