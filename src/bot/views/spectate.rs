//! `/games all:true`: every game in progress in the server, for
//! spectators (issue 15): where it is played, what, by whom, how far it
//! has got and whose turn it is, 10 a page.

use crate::bot::ground::announce::{player_label, start_hint};
use crate::bot::ground::button_ids;
use crate::bot::ground::context::{Ctx, Outcome};
use crate::bot::ground::pages::Page;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, Reply};
use crate::games::Seat;

/// Games a page.
pub const PAGE_SIZE: usize = 10;

/// `/games all:true [page]`.
pub fn games_in_progress(ctx: &Ctx<'_>, page: Option<i64>) -> Outcome {
    let store = ctx.store();
    let total = store.active_games_len(&ctx.place.guild)?;
    if total == 0 {
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!("No games are in progress in this server. {}", start_hint()),
        )]);
    }
    let page = Page::of(
        total,
        PAGE_SIZE,
        page,
        "The list of games in progress in this server",
    )?;
    let mut text = format!(
        "{} in progress in this server{}, oldest first:",
        crate::games::plural(total as u32, "game"),
        page.of_text()
    );
    for game in store.active_games_in(&ctx.place.guild, page.skip(), page.size)? {
        let state = ctx.core.position(&game)?;
        let place = Place {
            guild: game.guild.clone(),
            channel: game.channel.clone(),
        };
        let description = game.settings.describe();
        let turn = match state.awaiting() {
            Some(seat) => format!("{} to move", player_label(&game, seat)),
            None => "nobody to move".to_string(),
        };
        text.push_str(&format!(
            "\n- {}: game #{}, {}, {} vs {}, {}, {turn}.",
            channel_mention(&place),
            game.id,
            description.split(',').next().unwrap_or(&description),
            player_label(&game, Seat::Player1),
            player_label(&game, Seat::Player2),
            lowercase_first(&state.step_line())
        ));
    }
    if !page.is_last() {
        text.push_str(&format!("\nMore: /games all:true page:{}", page.number + 1));
    }
    let reply = Reply::ephemeral(ctx.place, text);
    Ok(vec![page.buttons(reply, button_ids::games_page_id)])
}

/// "Move 7" -> "move 7", for the middle of a line.
fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::Reply;
    use crate::bot::tests::support::{clock, place};
    use crate::bot::{Bot, Command, Invocation, User};
    use crate::console::parse::{parse_command, user_id};
    use crate::store::Store;

    /// `command` from the user `who` in the channel `channel`.
    fn send(bot: &Bot, who: &str, channel: &str, command: Command) -> Vec<Reply> {
        bot.handle(&Invocation {
            place: place(channel),
            user: User {
                id: user_id(who),
                name: who.into(),
                is_admin: false,
            },
            command,
        })
    }

    fn line(bot: &Bot, who: &str, channel: &str, text: &str) -> Vec<Reply> {
        send(bot, who, channel, parse_command(text).unwrap())
    }

    /// The one reply's text and its buttons' labels and ids.
    fn shown(replies: &[Reply]) -> (String, Vec<(String, String)>) {
        assert_eq!(replies.len(), 1, "{replies:?}");
        let r = &replies[0];
        let buttons = r
            .buttons
            .iter()
            .map(|b| (b.label.clone(), b.custom_id.clone()))
            .collect();
        (r.text.clone(), buttons)
    }

    #[test]
    fn page_buttons_run_the_list_for_their_page_whoever_presses_them() {
        // Issue 15: /history pages; every button is a shortcut for a command.
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
        for _ in 0..11 {
            line(
                &bot,
                "alice",
                "general",
                "/tak challenge opponent:@bob size:3",
            );
            line(&bot, "bob", "general", "/accept");
            line(&bot, "bob", "general", "/resign");
        }
        let alice = user_id("alice");
        let (first, buttons) = shown(&line(&bot, "alice", "general", "/history"));
        assert!(first.contains("page 1 of 2"), "{first}");
        let next = format!("history:{alice}:2");
        assert_eq!(buttons, [("Next".to_string(), next.clone())]);
        // Carol, a stranger, presses alice's Next: the second page, as typed.
        let typed = shown(&line(
            &bot,
            "carol",
            "general",
            "/history user:@alice page:2",
        ));
        let pressed = shown(&send(&bot, "carol", "general", Command::Button(next)));
        assert_eq!(pressed, typed);
        assert!(pressed.0.contains("game #1 in"), "{}", pressed.0);
        assert!(!pressed.0.contains("game #2 in"), "{}", pressed.0);
        assert_eq!(
            pressed.1,
            [("Previous".to_string(), format!("history:{alice}:1"))]
        );
        // A page gone past the end is refused, changing nothing.
        let past = Command::Button(format!("history:{alice}:3"));
        let (text, buttons) = shown(&send(&bot, "carol", "general", past));
        assert_eq!(
            text,
            format!("<@{alice}>'s history in this server has 2 pages (page 3 asked for).")
        );
        assert!(buttons.is_empty());
    }

    #[test]
    fn the_games_in_progress_button_shows_the_next_page() {
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
        for i in 1..=12 {
            let room = format!("room{i}");
            line(&bot, "alice", &room, "/tak challenge opponent:@bob size:3");
            line(&bot, "bob", &room, "/accept");
        }
        let (text, buttons) = shown(&line(&bot, "carol", "lobby", "/games all:true"));
        assert!(
            text.starts_with("12 games in progress in this server, page 1 of 2"),
            "{text}"
        );
        assert_eq!(text.matches("\n- ").count(), 10);
        assert_eq!(buttons, [("Next".to_string(), "games:2".to_string())]);
        let page = Command::Button("games:2".into());
        let (second, buttons) = shown(&send(&bot, "carol", "lobby", page));
        assert_eq!(second.matches("\n- ").count(), 2, "{second}");
        assert!(second.contains("<#room12>: game #12"), "{second}");
        assert_eq!(buttons, [("Previous".to_string(), "games:1".to_string())]);
    }
}
