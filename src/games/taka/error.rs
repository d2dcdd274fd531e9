//! Why a turn is illegal, in words a player can act on. Each message names
//! the rule (RULINGS Taka N) that forbids the turn.

use std::fmt;

use super::facing::Facing;
use super::side::Side;
use super::square::{Direction, Spot, Square};

/// An illegal turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnError {
    /// The game has ended: no turn is legal.
    GameOver,
    NoPiece {
        side: Side,
        at: Square,
    },
    NoBall(Spot),
    NeedFacing(Spot),
    NoFacingToChoose(&'static str),
    NothingMayFollow(&'static str),
    SameFacing {
        at: Square,
        facing: Facing,
    },
    NotALine {
        from: Spot,
        to: Spot,
    },
    TooFar {
        from: Square,
        to: Square,
        max: u8,
        forward: bool,
    },
    PathBlocked(Square),
    OverLooseBall(Square),
    Occupied(Square),
    LooseBallThere(Square),
    GoalSquare(Square),
    DribbleOneSquare {
        from: Square,
        to: Square,
    },
    CircleOnlyGoalie,
    CircleWithBall,
    NotNextToCircle(Square),
    CircleOnlyActivation,
    CircleNoTurning,
    CircleNoBall,
    GoalieNotInCircle,
    OutsideActivationArea(Square),
    FollowUpTackle,
    TacklerHolds(Square),
    NoCarrier(Spot),
    TackleNotAdjacent {
        from: Square,
        at: Square,
    },
    TackleProtected {
        at: Square,
        facing: Facing,
        from: Square,
    },
    TackleOntoGoal,
    PassBehind {
        facing: Facing,
        dir: Direction,
    },
    NotOnCircleDiagonal(Square),
    CircleDiagonalsOnly,
    GoalMouth(Square),
    ChipBlocked(Square),
    SecondChip,
    ChipOverGoalie,
    OwnGoal,
    ShotBlocked(Square),
    ShotOutOfZone(Side),
    PassToOpponent(Square),
    ReceiverHolds(Spot),
    OntoLooseBall(Square),
    Offside(Spot),
    OnlyPassAfterPass,
    SecondPassNeedsTeammate,
    CrossZoneEndsTurn,
    RunnerNotHere(Square),
    RunnerNeedsEmptySquare(Square),
    RunnerNotWithSecondPass,
    RunnerNotAfterFollowUp,
    RunnerNotOnChip,
    RunnerIsPasser,
    RunnerNotNext {
        runner: Square,
        to: Square,
    },
    NoGoalToReplace,
    ReplacementNeeded,
    WinningGoalNoReplacement,
    PlacementOutsideZone(Square),
    PlacementOnOpponent(Square),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TurnError::*;
        match *self {
            GameOver => write!(f, "the game is over"),
            NoPiece { side, at } => write!(f, "there is no {side} piece on {at}"),
            NoBall(Spot::Circle) => write!(f, "your goalie holds no ball in its circle"),
            NoBall(spot) => write!(f, "the piece on {spot} holds no ball"),
            NeedFacing(Spot::Circle) => write!(f, "choose a facing: add N, E, S or W"),
            NeedFacing(spot) => write!(
                f,
                "choose which way the piece on {spot} faces with the ball: add N, E, S or W \
                 (RULINGS Taka 3)"
            ),
            NoFacingToChoose(why) => write!(f, "no facing to choose here: {why}"),
            NothingMayFollow(what) => write!(f, "nothing may follow {what}: it ends the turn"),
            SameFacing { at, facing } => write!(
                f,
                "the piece on {at} already faces {facing}: a turn must change the facing"
            ),
            NotALine { from, to } => write!(
                f,
                "{from} and {to} are not on one row, column or diagonal: pieces and passes \
                 go in a straight line"
            ),
            TooFar {
                from,
                to,
                max,
                forward,
            } => write!(
                f,
                "{from} to {to} is too far: a piece moves at most {max} squares {} \
                 (3 forward, 2 sideways or backward; RULINGS Taka 5)",
                if forward { "forward" } else { "that way" }
            ),
            PathBlocked(sq) => write!(
                f,
                "the way is blocked by the piece on {sq}: pieces cannot move through pieces"
            ),
            OverLooseBall(sq) => write!(
                f,
                "a move stops at a loose ball: it may end on {sq} but not go past it \
                 (RULINGS Taka 5)"
            ),
            Occupied(sq) => write!(f, "{sq} is taken: two pieces never share a square"),
            LooseBallThere(sq) => write!(
                f,
                "{sq} has a loose ball: only a piece without a ball may move onto it \
                 (RULINGS Taka 5)"
            ),
            GoalSquare(sq) => write!(
                f,
                "{sq} is a goal square: only goalies enter goal squares (RULINGS Taka 6)"
            ),
            DribbleOneSquare { from, to } => {
                write!(f, "a dribble goes one square: {to} is not next to {from}")
            }
            CircleOnlyGoalie => write!(f, "only the goalie may enter its circle (RULINGS Taka 4)"),
            CircleWithBall => write!(
                f,
                "the goalie enters its circle only without the ball (RULINGS Taka 4)"
            ),
            NotNextToCircle(sq) => write!(
                f,
                "the goalie steps into its circle only from one of the four squares around \
                 it, not from {sq} (RULINGS Taka 4)"
            ),
            CircleOnlyActivation => write!(
                f,
                "a goalie in its circle leaves it only by activation, e.g. O-E2 \
                 (RULINGS Taka 14)"
            ),
            CircleNoTurning => write!(
                f,
                "a goalie in its circle has no facing: it passes along the two diagonals \
                 away from its goal (RULINGS Taka 4)"
            ),
            CircleNoBall => write!(f, "your goalie holds no ball in its circle"),
            GoalieNotInCircle => write!(f, "your goalie is not in its circle"),
            OutsideActivationArea(sq) => write!(
                f,
                "an activated goalie jumps to rows 1-3 (Black: 12-14), columns D-G, \
                 not to {sq} (RULINGS Taka 14)"
            ),
            FollowUpTackle => write!(
                f,
                "after a pick-up or a tackle you may dribble, turn or pass once, not tackle \
                 (RULINGS Taka 5, 12)"
            ),
            TacklerHolds(sq) => write!(
                f,
                "the piece on {sq} holds a ball: only a piece without a ball tackles \
                 (RULINGS Taka 12)"
            ),
            NoCarrier(spot) => write!(
                f,
                "there is no opposing piece with a ball on {spot} to tackle"
            ),
            TackleNotAdjacent { from, at } => write!(
                f,
                "{from} is not next to {at}: a tackle is made from a neighbouring square \
                 (RULINGS Taka 12)"
            ),
            TackleProtected { at, facing, from } => write!(
                f,
                "the piece on {at} faces {facing}: its body shields the ball from {from} \
                 (RULINGS Taka 3, 12)"
            ),
            TackleOntoGoal => write!(
                f,
                "that tackle would put a field piece on a goal square (RULINGS Taka 6)"
            ),
            PassBehind { facing, dir } => write!(
                f,
                "you can't pass behind you while facing {facing} ({dir} is closed; \
                 RULINGS Taka 3)"
            ),
            NotOnCircleDiagonal(sq) => write!(
                f,
                "{sq} is not on a diagonal through your circle: a pass reaches the circle \
                 only along one (RULINGS Taka 4)"
            ),
            CircleDiagonalsOnly => write!(
                f,
                "from its circle the goalie passes only along the two diagonals away from \
                 its goal (RULINGS Taka 4)"
            ),
            GoalMouth(sq) => write!(
                f,
                "the goal mouth is not a corridor: the pass would cross the goal square {sq} \
                 (RULINGS Taka 7)"
            ),
            ChipBlocked(sq) => write!(
                f,
                "the chip is blocked: the square next to the passer is taken ({sq}; \
                 RULINGS Taka 7)"
            ),
            SecondChip => write!(f, "only one chip pass per turn (RULINGS Taka 7, 9)"),
            ChipOverGoalie => write!(
                f,
                "a piece on its own last row can't chip over a goalie (RULINGS Taka 7)"
            ),
            OwnGoal => write!(f, "you can't pass into your own goal (RULINGS Taka 7)"),
            ShotBlocked(sq) => write!(
                f,
                "the shot is blocked: the goalie stands on {sq} (RULINGS Taka 8)"
            ),
            ShotOutOfZone(side) => write!(
                f,
                "{side} shoots only from inside the opponent's shooting zone (rows {}; \
                 RULINGS Taka 8)",
                match side {
                    Side::White => "10-14",
                    Side::Black => "1-5",
                }
            ),
            PassToOpponent(sq) => write!(
                f,
                "{sq} holds an opponent: pass to a teammate or an empty square \
                 (RULINGS Taka 7)"
            ),
            ReceiverHolds(spot) => write!(
                f,
                "the piece on {spot} already holds a ball: a piece never holds two \
                 (RULINGS Taka 5, 7)"
            ),
            OntoLooseBall(sq) => write!(
                f,
                "{sq} already has a loose ball: two balls never share a square \
                 (RULINGS Taka 7)"
            ),
            Offside(spot) => write!(f, "{spot} is offside (RULINGS Taka 13)"),
            OnlyPassAfterPass => write!(
                f,
                "after a pass only a second pass may follow (RULINGS Taka 9)"
            ),
            SecondPassNeedsTeammate => write!(
                f,
                "a second pass follows only a pass that reaches a teammate (RULINGS Taka 9)"
            ),
            CrossZoneEndsTurn => write!(
                f,
                "a cross-zone pass takes the whole turn: no second pass and no \
                 move-to-receive (RULINGS Taka 11)"
            ),
            RunnerNotHere(sq) => write!(
                f,
                "{sq} cannot move to receive here: that is only for a single pass to an \
                 empty square (RULINGS Taka 10)"
            ),
            RunnerNeedsEmptySquare(sq) => write!(
                f,
                "{sq} cannot move to receive: the pass reaches a teammate already \
                 (RULINGS Taka 10)"
            ),
            RunnerNotWithSecondPass => write!(
                f,
                "no move-to-receive in a consecutive pass (RULINGS Taka 10)"
            ),
            RunnerNotAfterFollowUp => write!(
                f,
                "no move-to-receive on a follow-up pass (RULINGS Taka 5, 10, 12)"
            ),
            RunnerNotOnChip => write!(f, "no move-to-receive on a chip pass (RULINGS Taka 10)"),
            RunnerIsPasser => write!(f, "the passer cannot also receive (RULINGS Taka 10)"),
            RunnerNotNext { runner, to } => write!(
                f,
                "{runner} is not next to {to}: a runner moves one square to receive \
                 (RULINGS Taka 10)"
            ),
            NoGoalToReplace => write!(
                f,
                "no goal was scored: there is no ball to put back (RULINGS Taka 15)"
            ),
            ReplacementNeeded => write!(
                f,
                "after a goal, put the ball back in your shooting zone: add e.g. =E3 S \
                 (RULINGS Taka 15)"
            ),
            WinningGoalNoReplacement => write!(
                f,
                "that goal wins the game: there is nothing to put back (RULINGS Taka 15)"
            ),
            PlacementOutsideZone(sq) => write!(
                f,
                "{sq} is not in your own shooting zone: the ball goes back there \
                 (RULINGS Taka 15)"
            ),
            PlacementOnOpponent(sq) => write!(
                f,
                "{sq} holds an opponent: put the ball on your own piece or an empty square \
                 (RULINGS Taka 15)"
            ),
        }
    }
}

impl std::error::Error for TurnError {}
