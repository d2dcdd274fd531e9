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
                "choose which way the piece on {spot} faces with the ball: add N, E, S or W"
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
                 (3 forward, 2 sideways or backward)",
                if forward { "forward" } else { "that way" }
            ),
            PathBlocked(sq) => write!(
                f,
                "the way is blocked by the piece on {sq}: pieces cannot move through pieces"
            ),
            OverLooseBall(sq) => write!(
                f,
                "a move stops at a loose ball: it may end on {sq} but not go past it"
            ),
            Occupied(sq) => write!(f, "{sq} is taken: two pieces never share a square"),
            LooseBallThere(sq) => write!(
                f,
                "{sq} has a loose ball: only a piece without a ball may move onto it"
            ),
            GoalSquare(sq) => write!(
                f,
                "{sq} is a goal square: only goalies enter goal squares"
            ),
            DribbleOneSquare { from, to } => {
                write!(f, "a dribble goes one square: {to} is not next to {from}")
            }
            CircleOnlyGoalie => write!(f, "only the goalie may enter its circle"),
            CircleWithBall => write!(
                f,
                "the goalie enters its circle only without the ball"
            ),
            NotNextToCircle(sq) => write!(
                f,
                "the goalie steps into its circle only from one of the four squares around \
                 it, not from {sq}"
            ),
            CircleOnlyActivation => write!(
                f,
                "a goalie in its circle leaves it only by activation, e.g. O-E2"
            ),
            CircleNoTurning => write!(
                f,
                "a goalie in its circle has no facing: it passes along the two diagonals \
                 away from its goal"
            ),
            CircleNoBall => write!(f, "your goalie holds no ball in its circle"),
            GoalieNotInCircle => write!(f, "your goalie is not in its circle"),
            OutsideActivationArea(sq) => write!(
                f,
                "an activated goalie jumps to rows 1-3 (Black: 12-14), columns D-G, \
                 not to {sq}"
            ),
            FollowUpTackle => write!(
                f,
                "after a pick-up or a tackle you may dribble, turn or pass once, not tackle"
            ),
            TacklerHolds(sq) => write!(
                f,
                "the piece on {sq} holds a ball: only a piece without a ball tackles"
            ),
            NoCarrier(spot) => write!(
                f,
                "there is no opposing piece with a ball on {spot} to tackle"
            ),
            TackleNotAdjacent { from, at } => write!(
                f,
                "{from} is not next to {at}: a tackle is made from a neighbouring square"
            ),
            TackleProtected { at, facing, from } => write!(
                f,
                "the piece on {at} faces {facing}: its body shields the ball from {from}: a carrier is \
                 tackled only from the square in front of it, beside it, or diagonally in front"
            ),
            TackleOntoGoal => write!(
                f,
                "that tackle would put a field piece on a goal square: only goalies enter goal squares"
            ),
            PassBehind { facing, dir } => write!(
                f,
                "you can't pass behind you while facing {facing} ({dir} is closed): a piece passes the way it \
                 faces, to either side, or diagonally between them"
            ),
            NotOnCircleDiagonal(sq) => write!(
                f,
                "{sq} is not on a diagonal through your circle: a pass reaches the circle \
                 only along one"
            ),
            CircleDiagonalsOnly => write!(
                f,
                "from its circle the goalie passes only along the two diagonals away from \
                 its goal"
            ),
            GoalMouth(sq) => write!(
                f,
                "the goal mouth is not a corridor: the pass would cross the goal square {sq}"
            ),
            ChipBlocked(sq) => write!(
                f,
                "the chip is blocked: the square next to the passer is taken ({sq}): a chip needs a free square in front of the passer"
            ),
            SecondChip => write!(f, "only one chip pass per turn"),
            ChipOverGoalie => write!(
                f,
                "a piece on its own last row can't chip over a goalie"
            ),
            OwnGoal => write!(f, "you can't pass into your own goal"),
            ShotBlocked(sq) => write!(
                f,
                "the shot is blocked: the goalie stands on {sq}"
            ),
            ShotOutOfZone(side) => write!(
                f,
                "{side} shoots only from inside the opponent's shooting zone (rows {})",
                match side {
                    Side::White => "10-14",
                    Side::Black => "1-5",
                }
            ),
            PassToOpponent(sq) => write!(
                f,
                "{sq} holds an opponent: pass to a teammate or an empty square"
            ),
            ReceiverHolds(spot) => write!(
                f,
                "the piece on {spot} already holds a ball: a piece never holds two"
            ),
            OntoLooseBall(sq) => write!(
                f,
                "{sq} already has a loose ball: two balls never share a square"
            ),
            Offside(spot) => write!(f, "{spot} is offside: a pass may not reach a teammate who is nearer the \
                 opponent's goal line than both the passer and the second-to-last opponent"),
            OnlyPassAfterPass => write!(
                f,
                "after a pass only a second pass may follow"
            ),
            SecondPassNeedsTeammate => write!(
                f,
                "a second pass follows only a pass that reaches a teammate"
            ),
            CrossZoneEndsTurn => write!(
                f,
                "a cross-zone pass takes the whole turn: no second pass and no \
                 move-to-receive"
            ),
            RunnerNotHere(sq) => write!(
                f,
                "{sq} cannot move to receive here: that is only for a single pass to an \
                 empty square"
            ),
            RunnerNeedsEmptySquare(sq) => write!(
                f,
                "{sq} cannot move to receive: the pass reaches a teammate already"
            ),
            RunnerNotWithSecondPass => write!(
                f,
                "no move-to-receive in a consecutive pass"
            ),
            RunnerNotAfterFollowUp => write!(
                f,
                "no move-to-receive on a follow-up pass"
            ),
            RunnerNotOnChip => write!(f, "no move-to-receive on a chip pass"),
            RunnerIsPasser => write!(f, "the passer cannot also receive"),
            RunnerNotNext { runner, to } => write!(
                f,
                "{runner} is not next to {to}: a runner moves one square to receive"
            ),
            NoGoalToReplace => write!(
                f,
                "no goal was scored: there is no ball to put back"
            ),
            ReplacementNeeded => write!(
                f,
                "after a goal, put the ball back in your shooting zone: add e.g. =E3 S"
            ),
            WinningGoalNoReplacement => write!(
                f,
                "that goal wins the game: there is nothing to put back"
            ),
            PlacementOutsideZone(sq) => write!(
                f,
                "{sq} is not in your own shooting zone: the ball goes back there"
            ),
            PlacementOnOpponent(sq) => write!(
                f,
                "{sq} holds an opponent: put the ball on your own piece or an empty square"
            ),
        }
    }
}

impl std::error::Error for TurnError {}
