//! `taktable replay`: plays a game file (or `--moves` from `--position`)
//! through the rules and prints the final position and the result the
//! rules give; a result the file claims otherwise is warned of on stderr.
//! PTN Ninja's files with branches are read along their main line.

use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use super::setup::PositionArgs;
use crate::games::{GameKind, GameState, DRAW_RESULT};

#[derive(Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The game file, as /export writes it (Tak: PTN; Takat, Taka: a
    /// record). Without it, `--moves` are played from `--position`.
    file: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> Result<(), String> {
    let kind = args.position.game.game;
    let (game, claimed) = match &args.file {
        Some(path) => {
            let p = &args.position;
            if p.position.is_some() || p.moves.is_some() || !p.game.chosen()?.is_empty() {
                return Err(
                    "a game file sets its own start and options: give either the file or \
                     --position, --moves and the game's options"
                        .into(),
                );
            }
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("can't read {}: {e}", path.display()))?;
            kind.read_file(&text).map_err(|e| e.to_string())?
        }
        None if args.position.moves.is_none() && args.position.position.is_none() => {
            return Err("give a game file to replay, or --moves (and --position)".into());
        }
        None => (args.position.start()?, None),
    };
    let result = game.outcome().map_or_else(|| "*".to_string(), |o| o.result);
    let text = format!("{}\n{result}\n", game.snapshot());
    print(&mut io::stdout().lock(), &text)?;
    if let Some(claimed) = claimed {
        check_claim(kind, &game, &claimed, &result);
    }
    Ok(())
}

/// Writes the replay's lines. A reader that stops early (`replay | head
/// -1`) closes the pipe: that ends the output quietly, as `legal` does;
/// any other write error is reported.
fn print(out: &mut dyn Write, text: &str) -> Result<(), String> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            Err(format!("could not write the replay: {e}"))
        }
        _ => Ok(()),
    }
}

/// A file's result that the game does not know, or that the rules
/// contradict, is warned of on stderr: the rules' result, printed, is the
/// one that counts, and the replay succeeds (issue 15). A win or draw the
/// rules did not decide (a resignation, an agreed draw) is accepted.
fn check_claim(kind: GameKind, game: &GameState, claimed: &str, result: &str) {
    if claimed == result || claimed == "*" {
        return;
    }
    let shared = ["1-0", "0-1", DRAW_RESULT];
    let known = shared.contains(&claimed) || kind.rule_results().contains(&claimed);
    let reason = game
        .outcome()
        .map_or(String::new(), |o| format!(" ({})", o.reason));
    if !known {
        let results: Vec<&str> = kind.rule_results().iter().copied().chain(shared).collect();
        eprintln!(
            "warning: the file gives the result {}, which is not a {} result ({}); the rules give {result}{reason}",
            crate::games::error::quoted(claimed),
            kind.title(),
            results.join(", "),
        );
    } else if result != "*" || kind.rule_results().contains(&claimed) {
        let rules = if result == "*" {
            "the game is not over by the rules (*)".to_string()
        } else {
            format!("the rules give {result}{reason}")
        };
        eprintln!(
            "warning: the file gives the result {claimed} but {rules} for the final position"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose reader has gone (`replay | head -1`), or that fails
    /// otherwise.
    struct Closed(io::ErrorKind);

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(self.0))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_ends_the_replay_quietly() {
        let text = "position\n*\n";
        assert_eq!(print(&mut Closed(io::ErrorKind::BrokenPipe), text), Ok(()));
        let err = print(&mut Closed(io::ErrorKind::PermissionDenied), text).unwrap_err();
        assert!(err.contains("could not write the replay"), "{err}");
        let mut out = Vec::new();
        print(&mut out, text).unwrap();
        assert_eq!(out, text.as_bytes());
    }
}
