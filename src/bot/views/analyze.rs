//! `/analyze`: the computer's evaluation of every position of a finished
//! game, as a graph, with the moves that swung it marked and the best
//! action at the worst mistakes. The game judges its own positions
//! ([`crate::games::HostedGame::computer_evaluation`]) and gives the scale
//! that turns its scores into winning chances ([`Evaluations::chance`]);
//! this module marks the moves and writes them in the game's numbering
//! (PTN's `17. Sf1??`, `17... c3`). Everything is said in winning chances,
//! in percent: the graph the first player's, at every position from
//! searches of the same parity (no zigzag, [`Evaluations::level_chances`]);
//! the text the mover's.
//!
//! Marks, in the mover's winning chance, from the game's searches (the
//! best action's score and the played action's, to the same horizon; the
//! position without its best action; and the graph):
//! - `??` (blunder): the action lost at least 30% of a game against the
//!   best one, or walked into a forced loss the best one avoided, or,
//!   when it was not the search's best action, the graph fell that much
//!   for its mover across it (a loss the search saw only after the move:
//!   issue 42, a 35-point drop went unmarked);
//! - `?` (mistake): the same at 15%, or it lost at least [`SLIP`] and
//!   with the mover's earlier such losses since their last mark came to
//!   15% (a game given away slowly is marked along the way, not only at
//!   the last blow);
//! - `!!` and `!` (an only move): it was the best action, and every other
//!   would have cost at least 30% (`!!`) or 15% (`!`). A game whose
//!   analysis does not search a position without its best action marks
//!   instead a best action a shallower search misjudged by as much (one
//!   hard to find).
//!
//! See docs/analyze.md.

use std::sync::Arc;
use std::time::Duration;

use super::export::plies;
use super::kept_analysis::{Graph, Shown};
use super::marks::{judge, Judged, BLUNDER, MISTAKE};
use crate::bot::ground::board::{drawn_with, player_names, theme_of};
use crate::bot::ground::context::{refuse, Ctx, Outcome, RESTARTING};
use crate::bot::ground::escape;
use crate::bot::ground::reply::{mention, word_list};
use crate::games::{Evaluations, GameKind, PositionEvaluation, Seat};
use crate::render::analysis::{evaluation_graph, Mark, Point};
use crate::store::artefacts::{Artefact, ArtefactKey};
use crate::store::GameStatus;

/// What the kept analyses were made by: an analysis kept by an earlier
/// version of this module, or by shallower searches (issue 44's larger
/// node budget: "chances-3"), is made again.
const FORMAT: &str = "chances-3";
/// The longest an analysis may take: a longer game is analyzed from its
/// start as far as this goes, and the answer says so. (Each game's analysis
/// module bounds its searches too: Tak's by nodes, which took 59.8 s for a
/// 100-position game on an idle core (docs/analyze.md), so that this
/// ceiling cuts only on a machine far slower or busier. The heavy-job queue
/// holds 8 (`JOB_QUEUE` in src/discord/lanes.rs), so the last waits at most
/// 12 minutes: within the 15 minutes Discord keeps an answer open.)
pub const ANALYSIS_TIME: Duration = Duration::from_secs(90);
/// How many of the worst mistakes the reply names with the better action.
const WORST_SHOWN: usize = 4;

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
    let kind = game.settings.kind();
    if !kind.analyzed() {
        return refuse(cant_analyze(kind));
    }
    let names = player_names(ctx, &game);
    let theme = theme_of(ctx);
    let variant = format!("{} {FORMAT}", drawn_with(theme, &names));
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
        return refuse(cant_analyze(kind));
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
        .zip(&evaluations.positions)
        .map(|(j, position)| Point {
            chance: j.chance,
            mark: j.mark,
            move_number: (position.to_move == Seat::Player1).then_some(position.move_number),
        })
        .collect();
    // Names are escaped in the text; the graph draws them as they are.
    let shown_labels = labels.clone().map(|label| escape::markdown(&label));
    let title = format!(
        "Game #{} ({} vs {})",
        game.id,
        mention(game.players[0]),
        mention(game.players[1])
    );
    let mut text = describe(&title, &evaluations, &judged, &shown_labels);
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
                    "{}'s winning chance in game #{}, move by move",
                    labels[0], game.id
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

/// The refusal of a game the computer does not analyze, naming those it does.
fn cant_analyze(kind: GameKind) -> String {
    let analyzed: Vec<&str> = GameKind::ALL
        .iter()
        .filter(|k| k.analyzed())
        .map(|k| k.title())
        .collect();
    format!(
        "The computer can't analyze {} games; it analyzes games of {}.",
        kind.title(),
        word_list(&analyzed, "and")
    )
}

/// How the game's notation numbers the action played from `position`:
/// `17.` for the first player's, `17...` for the second's.
fn numbered(position: &PositionEvaluation) -> String {
    match position.to_move {
        Seat::Player1 => format!("{}.", position.move_number),
        Seat::Player2 => format!("{}...", position.move_number),
    }
}

/// The actions played, numbered as the game's notation numbers them
/// (`1. a1 e5 2. c3 c2?`, a move's second action without its number),
/// each with its mark: the picture's text, six moves a line.
fn marked_actions(evaluations: &Evaluations, judged: &[Judged]) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line: Vec<String> = Vec::new();
    let mut numbers = 0;
    let mut last: Option<&PositionEvaluation> = None;
    for (index, position) in evaluations.positions.iter().enumerate() {
        let Some(played) = &position.played else {
            continue;
        };
        let mark = judged
            .get(index + 1)
            .and_then(|j| j.mark)
            .map_or("", Mark::symbol);
        let follows = last.is_some_and(|l| {
            l.to_move == Seat::Player1
                && position.to_move == Seat::Player2
                && l.move_number == position.move_number
        });
        if !follows {
            if numbers == 6 {
                lines.push(line.join(" "));
                line.clear();
                numbers = 0;
            }
            numbers += 1;
            line.push(numbered(position));
        }
        line.push(format!("{played}{mark}"));
        last = Some(position);
    }
    if !line.is_empty() {
        lines.push(line.join(" "));
    }
    lines.join("\n")
}

/// The reply's text: what was searched, each player's marks, and the
/// worst mistakes with the action the computer preferred.
fn describe(
    game: &str,
    evaluations: &Evaluations,
    judged: &[Judged],
    labels: &[String; 2],
) -> String {
    let positions = &evaluations.positions;
    let only_moves = positions.iter().any(|p| p.second_score.is_some());
    let good = if only_moves {
        format!(
            "! the only good move: every other move would have cost {} or more, !! {} or more",
            percent(MISTAKE),
            percent(BLUNDER)
        )
    } else {
        format!(
            "! a best move hard to see: worth {} or more than a quick look thought, !! {} or more",
            percent(MISTAKE),
            percent(BLUNDER)
        )
    };
    let mut text = format!(
        "{game}, analyzed by {} at each of its {} positions. The graph is {}'s winning chance, move by move. Marks: ?? a move that cost its player {} or more of their winning chance, ? {} or more (alone, or added up over their moves since their last mark); {good}.",
        evaluations.search,
        positions.len(),
        labels[0],
        percent(BLUNDER),
        percent(MISTAKE),
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
        .filter(|&i| matches!(judged[i].mark, Some(Mark::Mistake | Mark::Blunder)))
        .collect();
    worst.sort_by(|&a, &b| {
        judged[b]
            .cost()
            .total_cmp(&judged[a].cost())
            .then(a.cmp(&b))
    });
    worst.truncate(WORST_SHOWN);
    worst.sort_unstable();
    if worst.is_empty() {
        text.push_str("\nNo mistakes found.");
    }
    for i in worst {
        let before = &positions[i - 1];
        let mover = before.to_move;
        let played = before.played.as_deref().unwrap_or("?");
        let mark = judged[i].mark.map_or("", Mark::symbol);
        let (after, best) = (judged[i].played, judged[i].best);
        let better = match &before.best {
            Some(best) if best != played => format!(" ({best})"),
            _ => String::new(),
        };
        let slide = match judged[i].slide {
            Some((from, total)) if from + 1 < i => format!(
                "; {} given away since {} {}",
                percent(total),
                numbered(&positions[from]),
                positions[from].played.as_deref().unwrap_or("?"),
            ),
            _ => String::new(),
        };
        text.push_str(&format!(
            "\n{} {played}{mark} {}: {} after it, {} after the best move{better}{slide}.",
            numbered(before),
            labels[mover.index()],
            chance_words(after),
            chance_words(best),
        ));
    }
    text
}

/// A share of a game in percent: "15%".
fn percent(share: f32) -> String {
    format!("{:.0}%", share * 100.0)
}

/// The mover's winning chance in words: "62%", or a forced result (an
/// undecided chance is never shown as 0% or 100%).
fn chance_words(chance: f32) -> String {
    if chance >= 1.0 {
        "a forced win".to_string()
    } else if chance <= 0.0 {
        "a forced loss".to_string()
    } else {
        format!("{:.0}%", (chance * 100.0).clamp(1.0, 99.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::DECIDED_EVALUATION;

    fn position(to_move: Seat, score: i32, played: i32, shallow: i32) -> PositionEvaluation {
        PositionEvaluation {
            to_move,
            move_number: 1,
            score,
            best: Some("b".into()),
            played: Some(if shallow == score { "p" } else { "b" }.into()),
            played_score: Some(played),
            shallow_score: shallow,
            second_score: None,
        }
    }

    fn last(to_move: Seat, score: i32) -> PositionEvaluation {
        PositionEvaluation::end(to_move, 1, score)
    }

    fn evaluations(positions: Vec<PositionEvaluation>) -> Evaluations {
        Evaluations {
            scale: 150,
            search: "a test".into(),
            positions,
        }
    }

    #[test]
    fn marks_follow_the_movers_winning_chance_against_the_best_move() {
        let evaluations = evaluations(vec![
            // Player 1 lost 0.3 flats (5%): a first slip, no mark.
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
            last(Seat::Player2, 250),
        ]);
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
        // The graph at an odd position is the move's search (same parity).
        assert_eq!(judged[1].chance, evaluations.chance(-30));
    }

    /// A position where `played` was played, the search preferring `best`.
    fn searched(
        to_move: Seat,
        score: i32,
        (best, played): (&str, &str),
        played_score: i32,
        second_score: Option<i32>,
    ) -> PositionEvaluation {
        PositionEvaluation {
            to_move,
            move_number: 1,
            score,
            best: Some(best.into()),
            played: Some(played.into()),
            played_score: Some(played_score),
            shallow_score: score,
            second_score,
        }
    }

    #[test]
    fn an_only_move_is_marked_by_what_every_other_move_would_cost() {
        // Issue 42: the only saving move of the newcomer's game (18.
        // 2c4<11) got no "!". Scale 150, even positions.
        let evaluations = evaluations(vec![
            // White's best, and without it White falls to 12% (38% less): !!.
            searched(Seat::Player1, 0, ("b", "b"), 0, Some(-300)),
            // Black's best; without it Black falls to 34% (16% less): !.
            searched(Seat::Player2, 0, ("b", "b"), 0, Some(100)),
            // White's best again, but the others are nearly as good.
            searched(Seat::Player1, 0, ("b", "b"), 0, Some(-20)),
            // Not the best move (an equal one): no only move to speak of.
            searched(Seat::Player2, 0, ("b", "p"), 0, None),
            // Every other move walks into a forced loss: !!.
            searched(
                Seat::Player1,
                -250,
                ("b", "b"),
                -250,
                Some(-DECIDED_EVALUATION),
            ),
            last(Seat::Player2, -250),
        ]);
        let marks: Vec<Option<Mark>> = judge(&evaluations).iter().map(|j| j.mark).collect();
        assert_eq!(
            marks,
            vec![
                None,
                Some(Mark::Brilliant),
                Some(Mark::Good),
                None,
                None,
                Some(Mark::Brilliant)
            ]
        );
        let text = describe_text(&evaluations, &judge(&evaluations));
        assert!(
            text.contains("! the only good move: every other move would have cost 15% or more"),
            "{text}"
        );
    }

    #[test]
    fn every_drop_of_the_graph_past_the_threshold_is_marked() {
        // Issue 42: the graph fell 35 points with no mark. Black's move
        // `p` from position 1 lost nothing by the search before it (both
        // scores even), but the next position's own search sees White
        // at 79% (Black down 29 points on the graph): marked `?`, and the
        // text gives the graph's chances.
        let evaluations = evaluations(vec![
            searched(Seat::Player1, 0, ("b", "b"), 0, None),
            searched(Seat::Player2, 0, ("b", "p"), 0, None),
            last(Seat::Player1, 200),
        ]);
        let judged = judge(&evaluations);
        assert_eq!(judged[2].mark, Some(Mark::Mistake));
        assert!((judged[2].loss - 0.29).abs() < 0.01, "{judged:?}");
        let text = describe_text(&evaluations, &judged);
        assert!(
            text.contains("1... p? b: 21% after it, 50% after the best move (b)."),
            "{text}"
        );
    }

    #[test]
    fn a_game_given_away_slowly_is_marked_along_the_way() {
        // Issue 29: White loses 0.4 flats a move against the best move
        // (about 6-7% of a game each), never 15% at once: its losses are
        // added up, and every time they pass 15% since White's last mark
        // the move that passed it is marked `?`. Black plays the best move.
        let mut positions = Vec::new();
        let mut score = 0;
        for number in 1..=8 {
            let mut white = position(Seat::Player1, score, score - 40, score);
            white.move_number = number;
            positions.push(white);
            score -= 40;
            let mut black = position(Seat::Player2, score, score, score);
            black.move_number = number;
            positions.push(black);
        }
        let mut end = last(Seat::Player1, score);
        end.move_number = 9;
        positions.push(end);
        let evaluations = evaluations(positions);
        let judged = judge(&evaluations);
        let white_marks: Vec<usize> = (1..judged.len())
            .filter(|&i| judged[i].mark == Some(Mark::Mistake))
            .collect();
        assert!(white_marks.len() >= 2, "{judged:?}");
        assert!(white_marks.iter().all(|&i| i % 2 == 1));
        // No single move lost 15%: every mark is a slide's, from the
        // first loss after the last mark.
        assert!(judged.iter().all(|j| j.loss < MISTAKE));
        let (from, total) = judged[white_marks[0]].slide.unwrap();
        assert_eq!(from, 0);
        assert!(total >= MISTAKE);
        let (from, _) = judged[white_marks[1]].slide.unwrap();
        assert_eq!(from, white_marks[0] + 1);
        // The text names where the slide began.
        assert!(
            describe_text(&evaluations, &judged).contains("\n3. p? a: ")
                && describe_text(&evaluations, &judged).contains("given away since 1. p."),
            "{}",
            describe_text(&evaluations, &judged)
        );
    }

    fn describe_text(evaluations: &Evaluations, judged: &[Judged]) -> String {
        describe("Game #1", evaluations, judged, &["a".into(), "b".into()])
    }

    #[test]
    fn moves_are_numbered_as_ptn_numbers_them() {
        // Issue 29: `1. a1 e5 2. c3 c2?`, and a game from a position with
        // the second player to move starts `7... c3`.
        let numbered = |first: Seat, number: u32| {
            let mut positions = Vec::new();
            let mut seat = first;
            let mut number = number;
            for mv in ["a1", "e5", "c3", "c2"] {
                let mut p = position(seat, 0, 0, 0);
                p.move_number = number;
                p.played = Some(mv.into());
                p.best = Some(mv.into());
                positions.push(p);
                if seat == Seat::Player2 {
                    number += 1;
                }
                seat = seat.other();
            }
            let mut end = last(seat, 0);
            end.move_number = number;
            positions.push(end);
            let evaluations = evaluations(positions);
            let mut judged = judge(&evaluations);
            judged[4].mark = Some(Mark::Mistake);
            marked_actions(&evaluations, &judged)
        };
        assert_eq!(numbered(Seat::Player1, 1), "1. a1 e5 2. c3 c2?");
        assert_eq!(numbered(Seat::Player2, 7), "7... a1 8. e5 c3 9. c2?");
    }
}
