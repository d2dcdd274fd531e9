//! `/analyze`: the computer's evaluation of every position of a finished
//! game, as a graph, with the moves that swung it marked and the best
//! action at the worst mistakes. The game judges its own positions
//! ([`crate::games::HostedGame::computer_evaluation`]); this module turns
//! the scores into winning chances and marks.
//!
//! Marks, in the mover's winning chance, from the game's searches (the
//! best action's score and the played action's, to the same horizon; and
//! what a shallower search made of the position):
//! - `??` (blunder): the action lost at least 0.30 of a game against the
//!   best one, or walked into a forced loss the best one avoided;
//! - `?` (mistake): it lost at least 0.15;
//! - `!!` (brilliant): it was the best action, and the position was worth
//!   at least 0.30 more with it than the shallower search saw (an action
//!   hard to find);
//! - `!` (good): the same, at least 0.15.
//!
//! A winning chance is `1 / (1 + e^(-score / 150))` of the score in
//! hundredths of the game's unit (one and a half units ahead is about
//! 73%); a forced result is 0 or 1.

use std::sync::Arc;
use std::time::Duration;

use super::export::plies;
use crate::bot::ground::board::{drawn_with, player_names, theme_of};
use crate::bot::ground::context::{refuse, Ctx, Outcome, RESTARTING};
use crate::bot::ground::escape;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{mention, Image, Reply};
use crate::games::{Evaluations, Seat, DECIDED_EVALUATION};
use crate::render::analysis::{evaluation_graph, Mark, Point};
use crate::store::artefacts::{Artefact, ArtefactKey};
use crate::store::{GameRow, GameStatus};

/// The loss (or gain) of winning chance that marks an action.
const BLUNDER: f32 = 0.30;
const MISTAKE: f32 = 0.15;
/// The longest an analysis may take: a longer game is analyzed from its
/// start as far as this goes, and the answer says so. (Each search has a
/// budget of its own, in the game's analysis module.)
pub const ANALYSIS_TIME: Duration = Duration::from_secs(20);
/// How many of the worst mistakes the reply names with the better action.
const WORST_SHOWN: usize = 3;

/// `/analyze [game]`: `game` names a finished game of this server;
/// without it, this channel's last game, which must be over (no hints in
/// a game being played).
pub fn analyze(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let place = ctx.place;
    let game = match id {
        Some(id) => match ctx.store().game(id)? {
            Some(game) if game.guild == place.guild => game,
            _ => {
                return refuse(format!(
                    "There's no game #{id} in this server. /history lists the finished games."
                ))
            }
        },
        None => match ctx.store().latest_game(&place.guild, &place.channel)? {
            Some(game) => game,
            None => {
                return refuse("There's no finished game in this channel to analyze; name one with game: (see /history).")
            }
        },
    };
    if game.status == GameStatus::Active {
        return refuse(format!(
            "Game #{} is still being played: /analyze is for finished games.",
            game.id
        ));
    }
    let names = player_names(ctx, &game);
    let theme = theme_of(ctx);
    let variant = drawn_with(theme, &names);
    let key = ArtefactKey::of(&game, "analysis", &variant);
    if let Some(kept) = ctx.store().artefact(key)? {
        if let Ok(shown) = serde_json::from_str::<Shown>(&kept.meta) {
            return Ok(vec![shown.reply(place, kept.bytes)]);
        }
    }
    let state = ctx.core.position(&game)?;
    // Each position's search is told to whoever watches (the adapter
    // edits the deferred answer with it).
    let progress = ctx
        .core
        .progress_watcher(place, ctx.user.id)
        .map(|watcher| {
            let id = game.id;
            let report: crate::budget::Progress = Arc::new(move |done, total| {
                watcher(format!(
                    "Analyzing game #{id}: {done} of its {total} positions searched..."
                ))
            });
            report
        });
    let budget = ctx.core.job_budget(ANALYSIS_TIME).with_progress(progress);
    let Some(evaluations) = state.computer_evaluation(&budget) else {
        return refuse("The computer can't analyze this game.");
    };
    if budget.stopped() {
        return refuse(RESTARTING);
    }
    let settings = state.settings();
    let labels =
        Seat::ALL.map(|seat| format!("{} ({})", names[seat.index()], settings.seat_name(seat)));
    let judged = judge(&evaluations);
    let points: Vec<Point> = judged
        .iter()
        .map(|j| Point {
            chance: j.chance,
            mark: j.mark,
        })
        .collect();
    // Names are escaped in the text; the graph draws them as they are.
    let shown_labels = labels.clone().map(|label| escape::markdown(&label));
    let mut text = describe(&game, &evaluations, &judged, &shown_labels);
    let positions = state.action_count() + 1;
    if evaluations.positions.len() < positions {
        text.push_str(&format!(
            "\nThe analysis stopped after {} s: it covers the first {} of the game's {}; the rest is not analyzed.",
            ANALYSIS_TIME.as_secs(),
            plies(evaluations.positions.len().saturating_sub(1)),
            plies(positions - 1),
        ));
    }
    let mut shown = Shown { text, graph: None };
    let mut png = Vec::new();
    match evaluation_graph(&points, [&labels[0], &labels[1]], theme) {
        Ok(bytes) => {
            png = bytes;
            shown.graph = Some(Graph {
                alt: format!(
                    "The evaluation of game #{} position by position, {} up",
                    game.id, labels[0]
                ),
                file_name: format!("game-{}-analysis.png", game.id),
                text: marked_actions(&evaluations, &judged),
            });
        }
        Err(e) => tracing::error!(game = game.id, "{e}"),
    }
    let kept = Artefact {
        meta: serde_json::to_string(&shown).unwrap_or_default(),
        bytes: png,
    };
    ctx.store().keep_artefact(key, &kept, ctx.now)?;
    Ok(vec![shown.reply(place, kept.bytes)])
}

/// An analysis as shown, kept with its graph's PNG.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Shown {
    text: String,
    graph: Option<Graph>,
}

/// What goes with the graph's PNG.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Graph {
    alt: String,
    file_name: String,
    text: String,
}

impl Shown {
    fn reply(self, place: &Place, png: Vec<u8>) -> Reply {
        let image = self.graph.map(|graph| Image {
            bytes: png,
            alt: graph.alt,
            file_name: graph.file_name,
            text: graph.text,
        });
        Reply::public(place, self.text).with_image(image)
    }
}

/// One position, judged: the first player's winning chance there, and the
/// mark of the action that led to it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Judged {
    chance: f32,
    mark: Option<Mark>,
    /// The winning chance the action that led here cost its mover.
    loss: f32,
}

/// The first player's winning chance at a score.
fn chance(score: i32) -> f32 {
    if score >= DECIDED_EVALUATION {
        1.0
    } else if score <= -DECIDED_EVALUATION {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f32) / 150.0).exp())
    }
}

/// The mark of an action that lost `loss` of a game against the best
/// one, and, when it was the best one, found `found` more than a quick
/// look saw.
fn mark_of(loss: f32, found: Option<f32>) -> Option<Mark> {
    if loss >= BLUNDER {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE {
        Some(Mark::Mistake)
    } else {
        match found {
            Some(found) if found >= BLUNDER => Some(Mark::Brilliant),
            Some(found) if found >= MISTAKE => Some(Mark::Good),
            _ => None,
        }
    }
}

fn judge(evaluations: &Evaluations) -> Vec<Judged> {
    let positions = &evaluations.positions;
    let mut judged = Vec::with_capacity(positions.len());
    for (index, position) in positions.iter().enumerate() {
        let now = chance(position.score);
        let (mark, loss) = match index.checked_sub(1).map(|i| &positions[i]) {
            None => (None, 0.0),
            Some(before) => {
                let for_mover = |c: f32| {
                    if before.to_move == Seat::Player1 {
                        c
                    } else {
                        1.0 - c
                    }
                };
                let best = for_mover(chance(before.score));
                let played = for_mover(chance(before.played_score.unwrap_or(position.score)));
                // Walking into a forced loss is a blunder however bad the
                // position already was.
                let loss = if played == 0.0 && best > 0.0 {
                    1.0
                } else {
                    best - played
                };
                let found = (before.played.is_some() && before.played == before.best)
                    .then(|| best - for_mover(chance(before.shallow_score)));
                (mark_of(loss, found), loss)
            }
        };
        judged.push(Judged {
            chance: now,
            mark,
            loss,
        });
    }
    judged
}

/// The actions played, numbered, each with its mark: the picture's text.
fn marked_actions(evaluations: &Evaluations, judged: &[Judged]) -> String {
    let mut words = Vec::new();
    for (index, position) in evaluations.positions.iter().enumerate() {
        let Some(played) = &position.played else {
            continue;
        };
        let mark = judged
            .get(index + 1)
            .and_then(|j| j.mark)
            .map_or("", Mark::symbol);
        words.push(format!("{}.{played}{mark}", index + 1));
    }
    let mut lines = Vec::new();
    for chunk in words.chunks(10) {
        lines.push(chunk.join(" "));
    }
    lines.join("\n")
}

/// The reply's text: what was searched, each player's marks, and the
/// worst mistakes with the action the computer preferred.
fn describe(
    game: &GameRow,
    evaluations: &Evaluations,
    judged: &[Judged],
    labels: &[String; 2],
) -> String {
    let positions = &evaluations.positions;
    let mut text = format!(
        "Game #{} ({} vs {}), analyzed by {} of each of its {} positions (a graph of the evaluation, {} up; marks: ?? lost at least {:.2} of a game's winning chance against the best move, ? {:.2}; !! and ! the best move, worth as much more than a 2-ply look saw).",
        game.id,
        mention(game.players[0]),
        mention(game.players[1]),
        evaluations.search,
        positions.len(),
        labels[0],
        BLUNDER,
        MISTAKE,
    );
    for seat in Seat::ALL {
        let count = |mark: Mark| {
            (1..positions.len())
                .filter(|&i| positions[i - 1].to_move == seat && judged[i].mark == Some(mark))
                .count()
        };
        let counts: Vec<String> = [Mark::Brilliant, Mark::Good, Mark::Mistake, Mark::Blunder]
            .into_iter()
            .map(|m| format!("{} {}", m.symbol(), count(m)))
            .collect();
        text.push_str(&format!(
            "\n{}: {}.",
            labels[seat.index()],
            counts.join(", ")
        ));
    }
    let mut worst: Vec<usize> = (1..positions.len())
        .filter(|&i| judged[i].loss >= MISTAKE)
        .collect();
    worst.sort_by(|&a, &b| judged[b].loss.total_cmp(&judged[a].loss).then(a.cmp(&b)));
    worst.truncate(WORST_SHOWN);
    worst.sort_unstable();
    if worst.is_empty() {
        text.push_str("\nNo mistakes found.");
    }
    for i in worst {
        let before = &positions[i - 1];
        let played = before.played.as_deref().unwrap_or("?");
        let mark = judged[i].mark.map_or("", Mark::symbol);
        let best = match &before.best {
            Some(best) if best != played => format!("; better was {best}"),
            _ => String::new(),
        };
        text.push_str(&format!(
            "\nAction {i}, {}: {played}{mark} ({} for {} after it, {} after the best){best}.",
            labels[before.to_move.index()],
            evaluation_words(
                before.played_score.unwrap_or(positions[i].score),
                evaluations.unit
            ),
            labels[0],
            evaluation_words(before.score, evaluations.unit),
        ));
    }
    text
}

/// A score in words: "+1.25 flats", or a forced result.
fn evaluation_words(score: i32, unit: &str) -> String {
    if score >= DECIDED_EVALUATION {
        "a forced win".to_string()
    } else if score <= -DECIDED_EVALUATION {
        "a forced loss".to_string()
    } else {
        format!("{:+.2} {unit}", score as f32 / 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::PositionEvaluation;

    fn position(to_move: Seat, score: i32, played: i32, shallow: i32) -> PositionEvaluation {
        PositionEvaluation {
            to_move,
            score,
            best: Some("b".into()),
            played: Some(if shallow == score { "p" } else { "b" }.into()),
            played_score: Some(played),
            shallow_score: shallow,
        }
    }

    #[test]
    fn marks_follow_the_movers_winning_chance_against_the_best_move() {
        let evaluations = Evaluations {
            unit: "flats",
            search: "a test".into(),
            positions: vec![
                // Player 1 lost 0.3 flats: no mark.
                position(Seat::Player1, 0, -30, 0),
                // Player 2 missed a road: player 1 wins by force.
                position(Seat::Player2, 0, DECIDED_EVALUATION, 0),
                // Player 1 let the win go (to even): a blunder.
                position(Seat::Player1, DECIDED_EVALUATION, 0, DECIDED_EVALUATION),
                // Player 2 played the best move, worth 1.2 flats more than
                // the quick look saw (0.69 against 0.5): good.
                position(Seat::Player2, -120, -120, 0),
                // Player 1 played the best move, worth 2.5 flats more than
                // the quick look saw (0.84 against 0.5): brilliant.
                position(Seat::Player1, 250, 250, 0),
                PositionEvaluation {
                    to_move: Seat::Player2,
                    score: 250,
                    best: None,
                    played: None,
                    played_score: None,
                    shallow_score: 250,
                },
            ],
        };
        let judged = judge(&evaluations);
        let marks: Vec<Option<Mark>> = judged.iter().map(|j| j.mark).collect();
        assert_eq!(
            marks,
            vec![
                None,
                None,
                Some(Mark::Blunder),
                Some(Mark::Blunder),
                Some(Mark::Good),
                Some(Mark::Brilliant)
            ]
        );
        assert_eq!(judged[2].chance, 1.0);
        assert!((judged[1].chance - 0.5).abs() < 0.01);
    }
}
