//! `taktable tally`: sums up a match file of Tak games one after another
//! (racetrack's `--ptnout`) for one player: its score, how the games were
//! won and lost, White's and Black's wins, and the time and depth a move
//! from racetrack's move comments (`{+0.52/11 0.43s}`), with the kinds of
//! those moves (flats, walls and capstones placed, spreads). Every game is
//! replayed through the rules, and a result the rules contradict is named.
//! With `--by-ply`, also what each engine thought of the games the player
//! lost, ten plies at a time: when the loser saw it coming, and when the
//! winner did.

use std::path::PathBuf;

use clap::Args;

use super::score::Score;
use crate::games::tak::ptn_file::{result_winner, split_games, PtnGame};
use crate::games::tak::{Color, Move, Outcome, Role};
use crate::games::DRAW_RESULT;

#[derive(Args)]
pub struct TallyArgs {
    /// The match file: Tak games one after another, each with its tags.
    file: PathBuf,
    /// Whom to count for: part of its name in the Player1 (White) or
    /// Player2 (Black) tag of every game.
    #[arg(long)]
    player: String,
    /// Also the median score each side's engine wrote in the games the
    /// player lost, from the player's view, ten plies at a time.
    #[arg(long)]
    by_ply: bool,
}

pub fn run(args: TallyArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("can't read {}: {e}", args.file.display()))?;
    let tally = tally(&text, &args.player)?;
    print!("{}", tally.lines(&args.player));
    if args.by_ply {
        print!("{}", tally.lost_by_ply.lines(&args.player));
    }
    Ok(())
}

/// How a game ended for the counted player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ends {
    pub road: u32,
    pub flats: u32,
    /// On time, by resignation or by agreement: a result the file gives
    /// for a game the rules had not ended.
    pub otherwise: u32,
}

impl Ends {
    fn count(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::Road(_)) => self.road += 1,
            Some(Outcome::Flats(_)) => self.flats += 1,
            _ => self.otherwise += 1,
        }
    }
}

/// The moves one side made with a racetrack comment (an engine's, not
/// the book's), summed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moves {
    pub count: u32,
    pub seconds: f64,
    pub depth: u64,
    /// Of those moves: flats placed, walls placed, capstones placed,
    /// spreads.
    pub kinds: [u32; 4],
}

/// The index in [`Moves::kinds`] of a move's kind: a placement's role
/// (flat, wall, capstone), then spreads.
fn kind(mv: Move) -> usize {
    match mv {
        Move::Place { role, .. } => role.index(),
        Move::Spread { .. } => Role::ALL.len(),
    }
}

impl Moves {
    fn line(&self) -> String {
        if self.count == 0 {
            return "no move comments".into();
        }
        let n = self.count as f64;
        let share = |i: usize| self.kinds[i] as f64 * 100.0 / n;
        format!(
            "{} moves, {:.2} s and depth {:.1} a move; {:.1}% flats, {:.1}% walls, \
             {:.1}% capstones placed, {:.1}% spreads",
            self.count,
            self.seconds / n,
            self.depth as f64 / n,
            share(0),
            share(1),
            share(2),
            share(3)
        )
    }
}

/// Plies in a row of [`ByPly`].
pub const PLIES_A_ROW: usize = 10;

/// The scores each side's engine wrote in some games, from the counted
/// player's view (racetrack writes White's: a score of Black's move is
/// negated when the player is Black), ten plies at a time. Each engine's
/// score is in its own unit (ours centiflats / 100, tiltak's a winning
/// chance from -1 to +1), so the two columns are compared by their
/// course, not their size; medians, since a found win is written as
/// some 10,000 flats.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ByPly {
    pub games: u32,
    /// Per row: the scores of the player's engine, then its opponent's.
    pub rows: Vec<[Vec<f64>; 2]>,
}

impl ByPly {
    fn add(&mut self, ply: usize, own: bool, score: f64) {
        let row = ply / PLIES_A_ROW;
        if self.rows.len() <= row {
            self.rows.resize(row + 1, Default::default());
        }
        self.rows[row][usize::from(!own)].push(score);
    }

    /// The table `tally --by-ply` prints.
    pub fn lines(&self, player: &str) -> String {
        let mut out = format!(
            "the {} games {player} lost, median score from its view (each engine's own unit):\n",
            self.games
        );
        let median = |scores: &Vec<f64>| {
            let mut sorted = scores.clone();
            sorted.sort_by(f64::total_cmp);
            match sorted.len() {
                0 => "-".to_string(),
                n if n % 2 == 1 => format!("{:+.2} ({n})", sorted[n / 2]),
                n => format!("{:+.2} ({n})", (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0),
            }
        };
        for (row, [own, theirs]) in self.rows.iter().enumerate() {
            let from = row * PLIES_A_ROW;
            out += &format!(
                "plies {from}-{}: {player} {}, its opponents {}\n",
                from + PLIES_A_ROW - 1,
                median(own),
                median(theirs)
            );
        }
        out
    }
}

/// A match file summed up for one player.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub score: Score,
    pub won: Ends,
    pub lost: Ends,
    /// Finished games won by White and by Black.
    pub white_wins: u32,
    pub black_wins: u32,
    /// Games without a result.
    pub unfinished: u32,
    pub own_moves: Moves,
    pub opponent_moves: Moves,
    /// The engines' scores in the games the player lost.
    pub lost_by_ply: ByPly,
    /// Each game whose given result the rules contradict, as a sentence.
    pub disagreements: Vec<String>,
}

impl Tally {
    /// The report `tally` prints.
    pub fn lines(&self, player: &str) -> String {
        let mut out = format!(
            "{player}: {} games, {}\n",
            self.score.games(),
            self.score.line()
        );
        let ends = |e: &Ends| {
            format!(
                "{} by road, {} on flats, {} otherwise",
                e.road, e.flats, e.otherwise
            )
        };
        out += &format!("won {}; lost {}\n", ends(&self.won), ends(&self.lost));
        out += &format!(
            "white won {}, black {}, {} drawn",
            self.white_wins, self.black_wins, self.score.draws
        );
        if self.unfinished > 0 {
            out += &format!("; {} without a result (not counted)", self.unfinished);
        }
        out += "\n";
        out += &format!("{player}: {}\n", self.own_moves.line());
        out += &format!("its opponents: {}\n", self.opponent_moves.line());
        if self.disagreements.is_empty() {
            let all = self.score.games() + self.unfinished;
            out += &format!("every result agrees with the rules ({all} games replayed)\n");
        }
        for line in &self.disagreements {
            out += &format!("{line}\n");
        }
        out
    }
}

/// Sums up the games of `text` for the player whose tag contains `player`.
pub fn tally(text: &str, player: &str) -> Result<Tally, String> {
    let games = split_games(text);
    if games.is_empty() {
        // (A score of nothing would read 0.000 and Elo -inf.)
        return Err("the file holds no games".into());
    }
    let mut tally = Tally::default();
    for (index, game) in games.iter().enumerate() {
        let number = index + 1;
        let fail = |why: String| format!("game {number}: {why}");
        let parsed = PtnGame::parse(game).map_err(|e| fail(e.to_string()))?;
        let plays_white = parsed.tag("Player1").is_some_and(|n| n.contains(player));
        let plays_black = parsed.tag("Player2").is_some_and(|n| n.contains(player));
        let colour = match (plays_white, plays_black) {
            (true, false) => Color::White,
            (false, true) => Color::Black,
            (true, true) => return Err(fail(format!("both players' names contain `{player}`"))),
            (false, false) => return Err(fail(format!("no player's name contains `{player}`"))),
        };
        let replay = parsed.replay().map_err(|e| fail(e.to_string()))?;

        // Who made each move: the sides alternate from the start's mover.
        let first = parsed.start.to_move();
        let moves = parsed.comments.iter().zip(&replay.moves);
        let mut scores = Vec::new();
        for (ply, (comment, &mv)) in moves.enumerate() {
            if let Some(said) = comment.as_deref().and_then(Comment::parse) {
                let mover = if ply % 2 == 0 {
                    first
                } else {
                    first.opponent()
                };
                let own = mover == colour;
                let view = match colour {
                    Color::White => said.score,
                    Color::Black => -said.score,
                };
                scores.push((ply, own, view));
                let side = if own {
                    &mut tally.own_moves
                } else {
                    &mut tally.opponent_moves
                };
                side.count += 1;
                side.seconds += said.seconds;
                side.depth += said.depth as u64;
                side.kinds[kind(mv)] += 1;
            }
        }

        let by_rule = replay.position.outcome();
        let given = parsed.result.as_deref().unwrap_or("*");
        if let Some(outcome) = by_rule {
            if given != outcome.result_string() {
                tally.disagreements.push(fail(format!(
                    "the file gives {given}, the rules {}",
                    outcome.result_string()
                )));
            }
        } else if Outcome::from_result_string(given).is_some_and(|o| o != Outcome::Draw) {
            tally.disagreements.push(fail(format!(
                "the file gives {given}, but the game is not over by the rules"
            )));
        }
        // The rules' result where they ended the game; else the file's
        // if it is one they leave to the players (on time, by resignation
        // or agreement). A road or flat win they do not see is not counted.
        let winner = match by_rule {
            Some(outcome) => Some(outcome.winner()),
            None => match given {
                "1-0" | "0-1" | DRAW_RESULT => result_winner(given),
                _ => None,
            },
        };
        match winner {
            None => tally.unfinished += 1,
            Some(None) => tally.score.draws += 1,
            Some(Some(side)) => {
                if side == Color::White {
                    tally.white_wins += 1;
                } else {
                    tally.black_wins += 1;
                }
                if side == colour {
                    tally.score.wins += 1;
                    tally.won.count(by_rule);
                } else {
                    tally.score.losses += 1;
                    tally.lost.count(by_rule);
                    tally.lost_by_ply.games += 1;
                    for &(ply, own, score) in &scores {
                        tally.lost_by_ply.add(ply, own, score);
                    }
                }
            }
        }
    }
    Ok(tally)
}

/// A racetrack move comment, `+0.52/11 0.43s`: the engine's score (from
/// White's view, in the engine's unit / 100), depth and seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Comment {
    score: f64,
    depth: u32,
    seconds: f64,
}

impl Comment {
    fn parse(comment: &str) -> Option<Comment> {
        let mut words = comment.split_whitespace();
        let (score, depth) = words.next()?.split_once('/')?;
        let seconds = words.next()?.strip_suffix('s')?.parse().ok()?;
        Some(Comment {
            score: score.parse().ok()?,
            depth: depth.parse().ok()?,
            seconds,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three 3x3 games: a road for White (our player) with comments, a
    /// game White (theirs) won on time or by resignation (no outcome by
    /// rule), and one whose file claims a road the rules do not see.
    const MATCH: &str = "[Player1 \"ours-1\"]\n[Player2 \"theirs\"]\n[Size \"3\"]\n[Result \"R-0\"]\n\n\
        1. c3 {+0.10/4 0.20s} a1 {-0.10/6 0.40s}\n2. b1 {+0.50/5 0.30s} Sc2 {-0.50/7 0.20s}\n3. c1 {+1.00/1 0.10s} R-0\n\n\
        [Player1 \"theirs\"]\n[Player2 \"ours-1\"]\n[Size \"3\"]\n[Result \"1-0\"]\n\n\
        1. a1 c3 2. b2 1-0\n\n\
        [Player1 \"ours-1\"]\n[Player2 \"theirs\"]\n[Size \"3\"]\n[Result \"0-R\"]\n\n\
        1. a1 c3 2. b2 0-R\n";

    #[test]
    fn a_match_is_counted_for_one_player_and_checked_by_the_rules() {
        let tally = tally(MATCH, "ours").unwrap();
        // Game 1: the first two plies place the opponent's flat (RULINGS
        // Tak 2), so White's road is a1-b1-c1 (RULINGS Tak 4, 5): ours won
        // by road. Game 2: 1-0 (resignation, forfeit, timeout: RULINGS Tak
        // 6) with the game going on: White (theirs) won otherwise. Game 3:
        // the claimed 0-R is not over by the rules: not counted, and named.
        assert_eq!(
            tally.score,
            Score {
                wins: 1,
                losses: 1,
                draws: 0
            }
        );
        assert_eq!(
            tally.won,
            Ends {
                road: 1,
                flats: 0,
                otherwise: 0
            }
        );
        assert_eq!(
            tally.lost,
            Ends {
                road: 0,
                flats: 0,
                otherwise: 1
            }
        );
        assert_eq!((tally.white_wins, tally.black_wins), (2, 0));
        assert_eq!(tally.unfinished, 1);
        assert_eq!(tally.own_moves.count, 3);
        assert!((tally.own_moves.seconds - 0.6).abs() < 1e-9);
        assert_eq!(tally.own_moves.depth, 10);
        assert_eq!(tally.opponent_moves.count, 2);
        // Ours placed three flats (the first the opponent's, RULINGS Tak
        // 2); theirs a flat and a wall. The uncommented moves of game 2
        // are not counted.
        assert_eq!(tally.own_moves.kinds, [3, 0, 0, 0]);
        assert_eq!(tally.opponent_moves.kinds, [1, 1, 0, 0]);
        assert!(tally.lines("ours").contains(
            "its opponents: 2 moves, 0.30 s and depth 6.5 a move; 50.0% flats, 50.0% walls, \
             0.0% capstones placed, 0.0% spreads\n"
        ));
        assert_eq!(
            tally.disagreements,
            ["game 3: the file gives 0-R, but the game is not over by the rules"]
        );
    }

    #[test]
    fn a_player_named_in_no_game_or_in_both_seats_is_an_error() {
        let err = tally(MATCH, "nobody").unwrap_err();
        assert_eq!(err, "game 1: no player's name contains `nobody`");
        let err = tally(MATCH, "s").unwrap_err();
        assert_eq!(err, "game 1: both players' names contain `s`");
    }

    #[test]
    fn a_file_without_games_is_an_error() {
        // A file still empty (a match that has not finished a game).
        assert_eq!(tally("", "ours").unwrap_err(), "the file holds no games");
        assert_eq!(
            tally("\n\n", "ours").unwrap_err(),
            "the file holds no games"
        );
    }

    #[test]
    fn racetrack_comments_give_score_depth_and_time() {
        let said = |score, depth, seconds| {
            Some(Comment {
                score,
                depth,
                seconds,
            })
        };
        assert_eq!(Comment::parse("+0.52/11 0.43s"), said(0.52, 11, 0.43));
        assert_eq!(Comment::parse("-1.00/3 0s"), said(-1.0, 3, 0.0));
        assert_eq!(Comment::parse("better"), None);
        assert_eq!(Comment::parse("+0.5/x 1s"), None);
        assert_eq!(Comment::parse("even/4 1s"), None);
    }

    /// A game ours lost as Black, then one it won: only the lost one's
    /// scores are kept, ten plies a row, each turned to Black's view.
    #[test]
    fn the_lost_games_scores_are_kept_by_ply_from_the_players_view() {
        let lost = "[Player1 \"theirs\"]\n[Player2 \"ours\"]\n[Size \"3\"]\n[Result \"R-0\"]\n\n\
            1. a3 c1 2. a1 {+0.20/4 0.1s} b2 {+0.40/5 0.1s}\n3. c3 {+0.60/4 0.1s} b3 {+1.00/5 0.1s}\n\
            4. b1 {+1.00/1 0.1s} R-0\n\n";
        let won = MATCH.split("\n\n[").next().unwrap();
        let text = format!("{lost}{won}\n");
        let t = tally(&text, "ours").unwrap();
        assert_eq!((t.score.wins, t.score.losses), (1, 1));
        // White's road a1-b1-c1 (RULINGS Tak 4, 5; the first two plies
        // place the opponent's flat, Tak 2). Plies 2 and 4, 6 are White's
        // (theirs), 3 and 5 Black's (ours); all in the first row.
        assert_eq!(t.lost_by_ply.games, 1);
        assert_eq!(
            t.lost_by_ply.rows,
            [[vec![-0.4, -1.0], vec![-0.2, -0.6, -1.0]]]
        );
        assert_eq!(
            t.lost_by_ply.lines("ours"),
            "the 1 games ours lost, median score from its view (each engine's own unit):\n\
             plies 0-9: ours -0.70 (2), its opponents -0.60 (3)\n"
        );
    }

    #[test]
    fn rows_hold_ten_plies() {
        let mut by_ply = ByPly::default();
        by_ply.add(9, true, 1.0);
        by_ply.add(10, false, -1.0);
        by_ply.add(25, true, 0.5);
        let empty = Vec::new();
        assert_eq!(
            by_ply.rows,
            [
                [vec![1.0], empty.clone()],
                [empty.clone(), vec![-1.0]],
                [vec![0.5], empty]
            ]
        );
        assert!(by_ply
            .lines("x")
            .contains("plies 10-19: x -, its opponents -1.00 (1)\n"));
    }
}
