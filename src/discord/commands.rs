//! Placeholder slash commands that prove the plumbing: `/help` (fixed text, with autocomplete of
//! its topic) and `/ping` (a reply carrying a PNG and a button). The bot core's command registry
//! replaces this file: [`all`] lists the commands the framework registers and serves, and
//! [`on_button`] answers button presses.

use poise::serenity_prelude as serenity;
use poise::CreateReply;

use super::framework::{Command, CommandError, Context, Data};

/// The custom id of the "Ping again" button.
const PING_BUTTON: &str = "ping";

/// The help topics and their texts.
const TOPICS: &[(&str, &str)] = &[
    (
        "commands",
        "`/help [topic]` shows this help; `/ping` checks that the bot answers.",
    ),
    (
        "games",
        "taktable hosts Tak, Taka, Takat and Takkure. Challenges and moves are coming soon.",
    ),
];

/// Every command the framework registers and serves.
pub(crate) fn all() -> Vec<Command> {
    vec![help(), ping()]
}

/// The fixed help text, or one topic's.
pub(crate) fn help_text(topic: Option<&str>) -> String {
    match topic.map(str::trim).filter(|t| !t.is_empty()) {
        None => format!(
            "**taktable** hosts the Tak family of board games.\nTopics: {}.",
            TOPICS
                .iter()
                .map(|(name, _)| *name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Some(topic) => match TOPICS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(topic))
        {
            Some((_, text)) => (*text).to_string(),
            None => format!("No help topic {topic:?}; try `/help` for the list."),
        },
    }
}

async fn autocomplete_topic(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    let choices = TOPICS
        .iter()
        .filter(|(name, _)| name.starts_with(&partial))
        .map(|(name, _)| serenity::AutocompleteChoice::new(*name, *name))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Show what taktable can do.
#[poise::command(slash_command)]
async fn help(
    ctx: Context<'_>,
    #[description = "What to explain"]
    #[autocomplete = "autocomplete_topic"]
    topic: Option<String>,
) -> Result<(), CommandError> {
    let reply = CreateReply::default()
        .content(help_text(topic.as_deref()))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

/// Check that the bot answers (with a small picture).
#[poise::command(slash_command)]
async fn ping(ctx: Context<'_>) -> Result<(), CommandError> {
    let reply = CreateReply::default()
        .content("Pong!")
        .attachment(pong_attachment()?)
        .components(vec![ping_again_row()]);
    ctx.send(reply).await?;
    Ok(())
}

/// Answers a button press. Every button stands for a slash command: "Ping again" is `/ping`,
/// answered the way slow replies (board pictures) will be: acknowledged at once (Discord allows
/// 3 seconds), then the reply posted as a followup.
pub(crate) async fn on_button(
    ctx: &serenity::Context,
    press: &serenity::ComponentInteraction,
    _data: &Data,
) -> Result<(), CommandError> {
    if press.data.custom_id != PING_BUTTON {
        let message = serenity::CreateInteractionResponseMessage::new()
            .content("This button is no longer in use.")
            .ephemeral(true);
        press
            .create_response(ctx, serenity::CreateInteractionResponse::Message(message))
            .await?;
        return Ok(());
    }
    press.defer(ctx).await?;
    let followup = serenity::CreateInteractionResponseFollowup::new()
        .content("Pong!")
        .add_file(pong_attachment()?)
        .components(vec![ping_again_row()]);
    press.create_followup(ctx, followup).await?;
    Ok(())
}

fn ping_again_row() -> serenity::CreateActionRow {
    serenity::CreateActionRow::Buttons(vec![serenity::CreateButton::new(PING_BUTTON)
        .label("Ping again")
        .style(serenity::ButtonStyle::Secondary)])
}

fn pong_attachment() -> Result<serenity::CreateAttachment, CommandError> {
    Ok(serenity::CreateAttachment::bytes(pong_png()?, "pong.png"))
}

/// A tiny generated picture (a 2x2 checkerboard of 8-pixel squares), standing in for a board.
pub(crate) fn pong_png() -> Result<Vec<u8>, png::EncodingError> {
    const SIZE: u32 = 16;
    let pixels: Vec<u8> = (0..SIZE * SIZE)
        .flat_map(|i| {
            let (x, y) = (i % SIZE, i / SIZE);
            if (x / 8 + y / 8) % 2 == 0 {
                [0xd8, 0xc3, 0x9e]
            } else {
                [0x5a, 0x3e, 0x2b]
            }
        })
        .collect();
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, SIZE, SIZE);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_topics() {
        assert!(help_text(None).contains("commands, games"));
        assert!(help_text(Some("Games")).contains("Takkure"));
        assert!(help_text(Some("chess")).contains("No help topic"));
    }

    #[test]
    fn the_placeholder_picture_is_a_png() {
        let bytes = pong_png().unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().unwrap();
        assert_eq!((reader.info().width, reader.info().height), (16, 16));
    }
}
