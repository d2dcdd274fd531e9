//! Long lists shown a page at a time (`/leaderboard`, `/history`, `/games
//! all:true`): which page was asked for, a refusal that says how many
//! there are when it is past the last, and Previous/Next buttons that run
//! the same command for the page before or after.

use super::context::{refuse, Failure};
use super::reply::{ButtonStyle, Reply};

/// One page of a list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Page {
    /// From 1.
    pub number: usize,
    /// How many pages the list has (at least 1, even when it is empty).
    pub count: usize,
    /// Items a page.
    pub size: usize,
}

impl Page {
    /// The page `asked` (default: the first) of a list of `total` items,
    /// `size` a page. Past the last page (or below 1) it is refused, naming
    /// the list (`what`, e.g. "The Tak leaderboard") and its page count.
    pub fn of(total: usize, size: usize, asked: Option<i64>, what: &str) -> Result<Page, Failure> {
        let count = total.div_ceil(size).max(1);
        let number = asked.unwrap_or(1);
        match usize::try_from(number) {
            Ok(n) if (1..=count).contains(&n) => Ok(Page {
                number: n,
                count,
                size,
            }),
            _ => refuse(format!(
                "{what} has {} (page {number} asked for).",
                crate::games::plural(count as u32, "page")
            )),
        }
    }

    /// How many items come before this page.
    pub fn skip(&self) -> usize {
        (self.number - 1) * self.size
    }

    pub fn is_last(&self) -> bool {
        self.number == self.count
    }

    /// ", page 2 of 3" for a list of several pages; nothing for one page.
    pub fn of_text(&self) -> String {
        if self.count > 1 {
            format!(", page {} of {}", self.number, self.count)
        } else {
            String::new()
        }
    }

    /// `reply` with a Previous button (unless this is the first page) and
    /// a Next button (unless it is the last); `id` gives a page's button id.
    pub fn buttons(&self, mut reply: Reply, id: impl Fn(usize) -> String) -> Reply {
        if self.number > 1 {
            reply = reply.button("Previous", id(self.number - 1), ButtonStyle::Secondary);
        }
        if !self.is_last() {
            reply = reply.button("Next", id(self.number + 1), ButtonStyle::Secondary);
        }
        reply
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Place;

    fn refusal(result: Result<Page, Failure>) -> String {
        match result {
            Err(Failure::User(text)) => text,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn a_page_past_the_last_or_below_the_first_is_refused_with_the_count() {
        let page = Page::of(21, 10, Some(3), "The list").unwrap();
        assert_eq!((page.number, page.count, page.skip()), (3, 3, 20));
        assert!(page.is_last());
        assert_eq!(
            refusal(Page::of(21, 10, Some(4), "The list")),
            "The list has 3 pages (page 4 asked for)."
        );
        assert_eq!(
            refusal(Page::of(5, 10, Some(0), "The list")),
            "The list has 1 page (page 0 asked for)."
        );
        assert_eq!(Page::of(0, 10, None, "x").unwrap().count, 1);
        assert_eq!(Page::of(20, 10, None, "x").unwrap().count, 2);
    }

    #[test]
    fn only_the_pages_that_exist_get_a_button() {
        let place = Place {
            guild: "g".into(),
            channel: "c".into(),
        };
        let labels = |number| {
            let page = Page::of(25, 10, Some(number), "x").unwrap();
            page.buttons(Reply::public(&place, ""), |n| format!("p:{n}"))
                .buttons
                .into_iter()
                .map(|b| format!("{} {}", b.label, b.custom_id))
                .collect::<Vec<_>>()
        };
        assert_eq!(labels(1), ["Next p:2"]);
        assert_eq!(labels(2), ["Previous p:1", "Next p:3"]);
        assert_eq!(labels(3), ["Previous p:2"]);
        assert_eq!(Page::of(3, 10, None, "x").unwrap().of_text(), "");
    }
}
