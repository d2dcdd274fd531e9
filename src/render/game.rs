//! The board picture of any game the bot hosts: the hook the bot calls to
//! attach an image to a reply.
//!
//! It lives here, not in `games`, so that `games` depends on nothing of
//! ours (`render` depends on `games`, not the other way round); Rust lets
//! the method sit on [`GameState`] all the same.

use super::theme::Theme;
use super::{position, tak, takat};
use crate::games::GameState;

impl GameState {
    /// The board after the last action as a PNG in `theme`, with its alt
    /// text: the last action highlighted, the players' names (white's
    /// first) on the cards. `None` for a game without pictures (none yet).
    pub fn render_png(&self, players: [String; 2], theme: Theme) -> Option<(Vec<u8>, String)> {
        match self {
            GameState::Tak(g) => {
                let last = g.moves.last().copied();
                let view = tak::TakBoardView::from_position(&g.position, players, last);
                let last_text = self.actions().pop();
                Some((
                    tak::render_png(&view, theme),
                    position::alt_text(&g.position, last_text.as_deref()),
                ))
            }
            GameState::Takat(g) => {
                let last = g.turns.last().copied();
                let view = takat::TakatBoardView::from_position(&g.position, players, last)
                    .with_turns_played(g.turns.len());
                let last_text = last.map(|t| t.to_string());
                Some((
                    takat::render_png(&view, theme),
                    takat::alt_text(&g.position, last_text.as_deref()),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::{GameSettings, GameState, TakSettings, TakatSettings};
    use crate::render::Theme;

    #[test]
    fn both_games_render_with_alt_text() {
        let mut tak =
            GameState::new(&GameSettings::Tak(TakSettings::standard(5).unwrap())).unwrap();
        tak.play("a1").unwrap();
        let (png, alt) = tak
            .render_png(["al".into(), "bo".into()], Theme::default())
            .unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert!(
            alt.starts_with("Tak board") && alt.ends_with("(last move a1)"),
            "{alt}"
        );

        let mut takat = GameState::new(&GameSettings::Takat(TakatSettings::default())).unwrap();
        takat.play("+n").unwrap();
        let (png, alt) = takat
            .render_png(["al".into(), "bo".into()], Theme::Paper)
            .unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert_eq!(
            alt,
            "Takat board, position x/w/x/x/x/x/x b N (last turn +N)"
        );
    }
}
