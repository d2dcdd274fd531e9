//! `/rules game:<name>`: a game's rules in short and its move notation (each game brings its
//! own text).

use crate::bot::ground::place::Place;
use crate::bot::ground::reply::Reply;
use crate::games::GameKind;

/// The rules of `kind`, for the user who asked (well under Discord's
/// 2000 characters).
pub fn rules(place: &Place, kind: GameKind) -> Reply {
    Reply::ephemeral(place, kind.rules())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_fit_in_one_discord_message() {
        let place = Place {
            guild: "g".into(),
            channel: "c".into(),
        };
        for kind in crate::games::GameKind::ALL {
            let reply = rules(&place, *kind);
            assert!(reply.text.chars().count() < 2000, "{kind:?}");
            assert!(reply.is_ephemeral());
        }
        // Each game's own text (its notation, RULINGS) is tested in its folder.
        for kind in GameKind::ALL {
            assert_eq!(rules(&place, *kind).text, kind.rules());
        }
    }
}
