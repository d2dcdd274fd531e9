//! The terminal adapter, `taktable local`: slash commands typed one per
//! line, exactly as in Discord, plus console lines:
//!
//! - `:user NAME` who is typing (default `alice`);
//! - `:channel NAME` where (default `general`); a game's thread, which the
//!   console opens as a channel `CHANNEL/game-N`, is `:channel general/game-3`;
//! - `:advance DURATION` moves the bot's clock forward (`90m`, `25h`, `3d`)
//!   and runs whatever falls due on the way, each at its own time (as the
//!   Discord adapter, sleeping until [`Bot::next_due`], would);
//! - `:admin on|off` makes the current user a server admin (for `/abort`);
//! - `:leave` removes the bot from the server (as Discord's GUILD_DELETE
//!   does): nothing is posted there, commands are not heard, and its data
//!   is deleted once the grace period (30 days) has passed; `:join` invites
//!   it back (GUILD_CREATE);
//! - `:quit`.
//!
//! Lines starting with `#` are comments. Without a terminal there is no
//! prompt, so a piped transcript gives clean output. The clock's offset is
//! kept in the database, so a restart keeps the bot's time; the environment
//! variable `TAKTABLE_NOW` (e.g. `2026-01-01T00:00:00Z`) pins its start.
//! At start-up the bot first sends whatever fell due while it was not
//! running (reminders are in the database).

pub mod output;
pub mod parse;
mod pool;

use std::collections::HashSet;
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use chrono::Duration;
use clap::Args;

use crate::bot::{clock, computer, Bot, Invocation, OffsetClock, Place, PlaceLost, User};
use crate::store::{time_text, Store};

/// The guild (server) the console plays in.
pub const GUILD: &str = "local";

/// The environment variable that pins the clock's start.
pub const NOW_VAR: &str = "TAKTABLE_NOW";

const OFFSET_KEY: &str = "console.clock_offset_seconds";

/// At most this many due times are stepped through in one `:advance`
/// (then the clock jumps to the end and what is due is sent at once).
const MAX_STEPS: usize = 10_000;

#[derive(Args, Debug)]
pub struct LocalArgs {
    /// The SQLite database file (created if missing).
    #[arg(long, default_value = "taktable.db")]
    db: PathBuf,
    /// Where images and exported files are written.
    #[arg(long, default_value = "taktable-out")]
    out: PathBuf,
    /// Print each input line (as `> line`) before its output (for transcripts).
    #[arg(long, hide = true)]
    echo: bool,
    /// Handle commands of different channels on this many threads at once
    /// (each channel's commands stay in order; replies of different
    /// channels may interleave). 1 keeps every reply in input order.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    jobs: u16,
    /// Also serve the web pages of the games here on this address (e.g. 127.0.0.1:8080); the
    /// links the bot prints start with WEB_BASE_URL if set, else http://ADDR. Turn the pages on
    /// with `:admin on` and `/settings web:true`.
    #[arg(long, value_name = "ADDR")]
    web: Option<std::net::SocketAddr>,
}

/// With `--web ADDR`, serves the web pages on a thread of their own for as
/// long as the session runs. Without it, `WEB_BASE_URL` alone still has the
/// bot print links (the transcripts of the links use it), and nothing is
/// served.
fn serve_web(bot: &Arc<Bot>, addr: Option<std::net::SocketAddr>) -> Result<(), String> {
    let base = std::env::var(crate::web::config::BASE_URL_VAR)
        .ok()
        .filter(|b| !b.trim().is_empty());
    let base = match (base, addr) {
        (Some(base), _) => crate::web::config::base_url(base.trim()).ok_or_else(|| {
            format!(
                "{} must be an address such as https://taktable.example, not {base:?}",
                crate::web::config::BASE_URL_VAR
            )
        })?,
        (None, Some(addr)) => format!("http://{addr}"),
        (None, None) => return Ok(()),
    };
    bot.set_web_base(&base);
    let Some(addr) = addr else {
        return Ok(());
    };
    let config = crate::web::WebConfig {
        addr,
        base_url: base,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("can't start the web server: {e}"))?;
    let serving = runtime
        .block_on(crate::web::start(
            &config,
            vec![Arc::clone(bot)],
            std::future::pending(),
        ))
        .map_err(|e| format!("can't serve the web pages on {addr}: {e}"))?;
    eprintln!("web pages on {}", config.base_url);
    std::thread::spawn(move || {
        if let Err(e) = runtime.block_on(serving) {
            eprintln!("the web pages stopped: {e}");
        }
    });
    Ok(())
}

#[derive(Clone)]
struct Session {
    user: String,
    channel: String,
    admins: HashSet<String>,
}

pub fn run(args: LocalArgs) -> Result<(), String> {
    let store =
        Store::open(&args.db).map_err(|e| format!("can't open {}: {e}", args.db.display()))?;
    let start = match std::env::var(NOW_VAR) {
        Ok(text) if !text.trim().is_empty() => {
            Some(clock::parse_start(&text).map_err(|e| format!("{NOW_VAR}: {e}"))?)
        }
        _ => None,
    };
    let offset = store
        .meta(OFFSET_KEY)
        .map_err(|e| e.to_string())?
        .and_then(|s| s.parse::<i64>().ok())
        .unwrap_or(0);
    let clock = Arc::new(OffsetClock::new(start, Duration::seconds(offset)));
    let bot = Arc::new(Bot::new(store, clock.clone()));
    // The bot's own user, `@taktable`, is the computer opponent.
    bot.set_computer(User {
        id: parse::user_id(computer::NAME),
        name: computer::NAME.to_string(),
        is_admin: false,
    });
    serve_web(&bot, args.web)?;
    let args = Arc::new(args);
    let pool =
        (args.jobs > 1).then(|| pool::Pool::new(args.jobs as usize, bot.clone(), args.clone()));
    let mut session = Session {
        user: "alice".to_string(),
        channel: "general".to_string(),
        admins: HashSet::new(),
    };
    let interactive = io::stdin().is_terminal();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    // Whatever fell due while the program was not running.
    print_due(&bot, &session, &mut stdout.lock(), &args).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    loop {
        if interactive {
            let mut out = stdout.lock();
            let _ = write!(out, "{}@{}> ", session.user, session.channel);
            let _ = out.flush();
        }
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(format!("can't read standard input: {e}")),
        }
        let mut out = stdout.lock();
        // A line that is not UTF-8 is refused alone; the session goes on.
        let Ok(line) = std::str::from_utf8(&bytes) else {
            writeln!(
                out,
                "[console] that line is not UTF-8 text ({} bytes); it was ignored",
                bytes.len()
            )
            .map_err(|e| e.to_string())?;
            continue;
        };
        let text = line.trim();
        if args.echo && !text.is_empty() {
            let shown = output::controls_escaped(text);
            if text.starts_with('#') {
                writeln!(out, "{shown}").map_err(|e| e.to_string())?;
            } else {
                writeln!(out, "> {shown}").map_err(|e| e.to_string())?;
            }
        }
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if let Some(meta) = text.strip_prefix(':') {
            if let Some(pool) = &pool {
                // The clock and the session change only between commands.
                drop(out);
                pool.wait_idle();
                out = stdout.lock();
            }
            match console_line(meta, &mut session, &bot, &clock, &mut out, &args) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(e.to_string()),
            }
            continue;
        }
        // `@bob #load3 /move a1`: this line's own user and channel.
        let (text, named) = match parse::addressed(text) {
            Ok(None) => (text, None),
            Ok(Some(line)) => {
                let mut named = session.clone();
                named.user = line.user;
                if let Some(channel) = line.channel {
                    named.channel = channel;
                }
                (line.command, Some(named))
            }
            Err(e) => {
                writeln!(out, "[console] {e}").map_err(|e| e.to_string())?;
                continue;
            }
        };
        let session = named.as_ref().unwrap_or(&session);
        match &pool {
            Some(pool) => pool.submit(text, session),
            None => {
                command_line(text, session, &bot, &mut out, &args).map_err(|e| e.to_string())?
            }
        }
    }
    if let Some(pool) = &pool {
        pool.wait_idle();
    }
    Ok(())
}

fn print_due(
    bot: &Bot,
    session: &Session,
    out: &mut impl Write,
    args: &LocalArgs,
) -> io::Result<()> {
    for reply in bot.run_due() {
        output::print_reply(out, bot, &reply, &session.user, &args.out)?;
        // A tournament's round started by the clock opens its games' threads.
        open_thread(bot, &reply, session, out, args)?;
    }
    print_computer_turns(bot, session, out, args)
}

/// The computer's moves in the games awaiting it, played at once (the
/// terminal waits for them, so a transcript is deterministic).
fn print_computer_turns(
    bot: &Bot,
    session: &Session,
    out: &mut impl Write,
    args: &LocalArgs,
) -> io::Result<()> {
    for reply in bot.play_computer_turns() {
        output::print_reply(out, bot, &reply, &session.user, &args.out)?;
    }
    Ok(())
}

fn command_line(
    text: &str,
    session: &Session,
    bot: &Bot,
    out: &mut impl Write,
    args: &LocalArgs,
) -> io::Result<()> {
    print_due(bot, session, out, args)?;
    if bot.server_is_left(GUILD) {
        // In Discord a server without the bot sends it nothing.
        writeln!(
            out,
            "[console] the bot is not in this server (it left; :join invites it back), so nobody hears the command"
        )?;
        return out.flush();
    }
    let place = Place {
        guild: GUILD.to_string(),
        channel: session.channel.clone(),
    };
    let replies = match parse::parse_command(text) {
        Ok(command) => bot.handle(&Invocation {
            place,
            user: User {
                id: parse::user_id(&session.user),
                name: session.user.clone(),
                is_admin: session.admins.contains(&session.user),
            },
            command,
        }),
        Err(why) => vec![crate::bot::Reply::ephemeral(
            &place,
            crate::bot::reply::sentence(&why),
        )],
    };
    for reply in &replies {
        output::print_reply(out, bot, reply, &session.user, &args.out)?;
        open_thread(bot, reply, session, out, args)?;
    }
    print_computer_turns(bot, session, out, args)?;
    out.flush()
}

/// Opens the thread a reply asks for (issue 15): a new channel named
/// `CHANNEL/game-N` after the reply's channel, where the game then goes on.
fn open_thread(
    bot: &Bot,
    reply: &crate::bot::Reply,
    session: &Session,
    out: &mut impl Write,
    args: &LocalArgs,
) -> io::Result<()> {
    let (Some(start), crate::bot::reply::Target::Channel(parent)) = (&reply.thread, &reply.to)
    else {
        return Ok(());
    };
    let thread = Place {
        guild: parent.guild.clone(),
        channel: format!("{}/game-{}", parent.channel, start.game),
    };
    writeln!(
        out,
        "[console] thread \"{}\" opened: #{}",
        start.name, thread.channel
    )?;
    for reply in bot.thread_opened(start, Ok(thread)) {
        output::print_reply(out, bot, &reply, &session.user, &args.out)?;
    }
    bot.thread_start_posted(start);
    Ok(())
}

/// A console line (after the `:`). `Ok(false)` ends the session.
fn console_line(
    meta: &str,
    session: &mut Session,
    bot: &Bot,
    clock: &OffsetClock,
    out: &mut impl Write,
    args: &LocalArgs,
) -> io::Result<bool> {
    let (word, rest) = meta
        .trim()
        .split_once(char::is_whitespace)
        .map_or((meta.trim(), ""), |(w, r)| (w, r.trim()));
    match word {
        "quit" | "exit" | "q" => return Ok(false),
        "user" => match parse::check_name(rest) {
            Ok(name) => session.user = name,
            Err(e) => writeln!(out, "[console] {e}")?,
        },
        "channel" => match parse::check_channel(rest) {
            Ok(name) => session.channel = name,
            Err(e) => writeln!(out, "[console] {e}")?,
        },
        "admin" => match rest {
            "on" => {
                session.admins.insert(session.user.clone());
                writeln!(out, "[console] {} is a server admin", session.user)?;
            }
            "off" => {
                session.admins.remove(&session.user);
                writeln!(out, "[console] {} is not a server admin", session.user)?;
            }
            _ => writeln!(out, "[console] write :admin on or :admin off")?,
        },
        "leave" => {
            bot.server_left(GUILD);
            writeln!(
                out,
                "[console] the bot was removed from this server: nothing is posted here, and its data is deleted in {} days unless it is invited back (:join)",
                bot.data_grace().num_days()
            )?;
        }
        "join" => {
            let said = if bot.server_returned(GUILD) {
                "the bot is back in this server within the grace period: everything was kept"
            } else {
                "the bot is in this server (nothing was kept waiting for it)"
            };
            writeln!(out, "[console] {said}")?;
        }
        "advance" => match humantime::parse_duration(rest)
            .ok()
            .and_then(|d| Duration::from_std(d).ok())
        {
            Some(by) => {
                if let Err(e) = clock.check_advance(by) {
                    writeln!(out, "[console] {e}")?;
                    return Ok(true);
                }
                let target = bot.now() + by;
                writeln!(out, "[console] the clock is now {}", time_text(target))?;
                // Step from one due time to the next, so that each reminder
                // goes out at its own time, as with a running bot.
                let mut steps = 0;
                loop {
                    let now = bot.now();
                    let next = bot.next_due().filter(|t| *t > now && *t <= target);
                    let step_to = match next {
                        Some(t) if steps < MAX_STEPS => t,
                        _ => target,
                    };
                    if let Err(e) = clock.advance(step_to - now) {
                        writeln!(out, "[console] {e}")?;
                        break;
                    }
                    print_due(bot, session, out, args)?;
                    steps += 1;
                    if step_to >= target {
                        break;
                    }
                }
                if let Err(e) = bot
                    .store()
                    .set_meta(OFFSET_KEY, &clock.offset().num_seconds().to_string())
                {
                    writeln!(out, "[console] could not save the clock: {e}")?;
                }
            }
            None => writeln!(
                out,
                "[console] `{rest}` is not a duration; write e.g. :advance 90m, :advance 25h or :advance 3d"
            )?,
        },
        // As Discord's CHANNEL_DELETE / THREAD_DELETE (issue 40).
        "delete" => match parse::check_channel(rest) {
            Ok(name) => {
                writeln!(out, "[console] #{name} deleted")?;
                let place = Place {
                    guild: GUILD.to_string(),
                    channel: name,
                };
                for reply in bot.place_lost(&place, PlaceLost::Gone) {
                    output::print_reply(out, bot, &reply, &session.user, &args.out)?;
                }
            }
            Err(e) => writeln!(out, "[console] {e}")?,
        },
        _ => writeln!(
            out,
            "[console] unknown console line `:{word}`; use :user NAME, :channel NAME, :advance DURATION, :admin on|off, :leave, :join, :delete CHANNEL or :quit"
        )?,
    }
    out.flush()?;
    Ok(true)
}
