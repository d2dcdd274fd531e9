//! Every citation of the rules, the rulings and the design in the code
//! resolves inside the repository (issue 41). `docs/rules/README.md`
//! lists the forms; each is checked against the headings of `docs/`:
//!
//! - `RULINGS Taka 7`, `RULINGS Tak 4a`, `RULINGS Takkure 5-6`,
//!   `RULINGS Taka 5, 9, 12`, `` `RULINGS.md` (Takat 1-8) ``, `RULINGS.md,
//!   section Taka`: a `### <section> <n>.` heading of
//!   `docs/rules/rulings.md` for every number (`N` stands for any);
//! - `ruling 6`, `rulings 1-15`, `fn ruling_8_and_10_...`: the same, the
//!   section being the game the file belongs to (`tests/rules/taka_rules.rs`
//!   is Taka's), and a file of no game must name it;
//! - `rulebook 1.15`, `Rulebook 1.03-1.04`, `rugby rule 0.01`, and in a
//!   Takkure file's comments any `1.12`: a heading of
//!   `docs/rules/takkure.md` starting with that number;
//! - `text 001 2.2.2`, `text 002 "Carry Limit"`: the page that
//!   `docs/rules/README.md` gives for the text, and its heading;
//! - `DESIGN.md: "quoted ... words"`, `DESIGN (bot/)`: `docs/design.md`
//!   holds the words, or the heading;
//! - `docs/ai.md`, `docs/ai.md, "Heading"`: the file exists, and so does
//!   a heading starting with those words.
//!
//! The scan reads `src/`, `tests/`, `README.md` and every page of `docs/`
//! (comments joined across lines; in `docs/rules/rulings.md` a `ruling 3`
//! is the section's game). The tests below also show that a made-up
//! citation of each form is refused.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use regex::Regex;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap()
}

/// What the citations may point at, read from `docs/`.
struct Docs {
    /// Every markdown file under `docs/`, by its path from the root
    /// (`docs/rules/tak.md`): its text and its headings (without `#`).
    pages: BTreeMap<String, (String, Vec<String>)>,
    /// The rulings' numbers by section (`## Taka`, `## Every game`), from
    /// the `### <section> <n>.` headings of `docs/rules/rulings.md`: a game
    /// added there is known here with no change to this file.
    rulings: BTreeMap<String, BTreeSet<u32>>,
    /// The published texts by number (`"001"`) and the page that keeps
    /// them in the project's words, from `docs/rules/README.md`.
    texts: BTreeMap<String, String>,
    /// Every file and folder under `docs/`, by path from the root.
    files: BTreeSet<String>,
}

impl Docs {
    fn read(root: &Path) -> Docs {
        let mut files = BTreeSet::new();
        walk(&root.join("docs"), &mut |path| {
            files.insert(relative(root, path));
        });
        let mut pages = BTreeMap::new();
        for file in &files {
            if file.ends_with(".md") {
                let text = fs::read_to_string(root.join(file)).unwrap();
                let headings = headings(&text);
                pages.insert(file.clone(), (text, headings));
            }
        }
        Docs::from_pages(pages, files)
    }

    fn from_pages(pages: BTreeMap<String, (String, Vec<String>)>, files: BTreeSet<String>) -> Docs {
        static TEXT: LazyLock<Regex> =
            LazyLock::new(|| re(r"(?m)^\| `?(\d{3})`? \|.*\]\(([a-z]+\.md)\)"));
        let rulings = pages
            .get(RULINGS_PAGE)
            .map(|(text, _)| rulings_of(text))
            .unwrap_or_default();
        let mut texts = BTreeMap::new();
        if let Some((text, _)) = pages.get("docs/rules/README.md") {
            for c in TEXT.captures_iter(text) {
                texts.insert(c[1].to_string(), format!("docs/rules/{}", &c[2]));
            }
        }
        Docs {
            pages,
            rulings,
            texts,
            files,
        }
    }

    /// Whether `page` has a heading that starts with `words` (any case,
    /// backquotes left out).
    fn has_heading(&self, page: &str, words: &str) -> bool {
        let plain = |text: &str| text.replace('`', "").to_lowercase();
        let words = plain(words);
        self.pages
            .get(page)
            .is_some_and(|(_, heads)| heads.iter().any(|h| plain(h).starts_with(&words)))
    }

    /// Whether `page` has a heading that is the section `number` (`1.12`,
    /// `2.2.2`): the number, then a space or the end.
    fn has_section(&self, page: &str, number: &str) -> bool {
        self.pages.get(page).is_some_and(|(_, heads)| {
            heads.iter().any(|h| {
                h.strip_prefix(number)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
            })
        })
    }

    fn has_ruling(&self, section: &str, number: u32) -> bool {
        self.rulings
            .get(section)
            .is_some_and(|numbers| numbers.contains(&number))
    }
}

/// The sections of a rulings page (its `## ` headings) and, in each, the
/// numbers of its `### <section> <n>.` headings.
fn rulings_of(text: &str) -> BTreeMap<String, BTreeSet<u32>> {
    static RULING: LazyLock<Regex> = LazyLock::new(|| re(r"^### (.+) (\d+)\."));
    let mut out: BTreeMap<String, BTreeSet<u32>> = BTreeMap::new();
    let mut section = None;
    for line in without_code(text) {
        if let Some(name) = line.strip_prefix("## ") {
            section = Some(name.trim().to_string());
            out.entry(name.trim().to_string()).or_default();
        } else if let (Some(c), Some(section)) = (RULING.captures(line), &section) {
            if &c[1] == section {
                let number = c[2].parse().unwrap();
                out.entry(section.clone()).or_default().insert(number);
            }
        }
    }
    out
}

fn walk(dir: &Path, visit: &mut dyn FnMut(&Path)) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        visit(&path);
        if path.is_dir() {
            walk(&path, visit);
        }
    }
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

/// The lines of a page outside fenced code blocks.
fn without_code(text: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    text.lines().filter(move |line| {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        !fenced && !line.starts_with("```")
    })
}

/// A page's headings, outside fenced code blocks.
fn headings(text: &str) -> Vec<String> {
    without_code(text)
        .filter(|line| line.starts_with('#'))
        .map(|line| line.trim_start_matches('#').trim().to_string())
        .collect()
}

/// The game a file belongs to, from its path (`tests/rules/taka_rules.rs`:
/// Taka; `src/games/tak/search/eval.rs`: Tak): the first part of the path
/// that is the name of a section of the rulings, in lower case.
fn game_of<'a>(docs: &'a Docs, path: &str) -> Option<&'a str> {
    path.split(['/', '_', '.', '-']).find_map(|part| {
        docs.rulings
            .keys()
            .find(|section| section.to_lowercase() == part)
            .map(String::as_str)
    })
}

/// The text with its lines joined: a line break, the next line's
/// indentation and its comment leader (`//`, `///`, `//!`, `#`) become one
/// space, so that a citation broken across comment lines reads whole.
fn joined(text: &str) -> String {
    static BREAK: LazyLock<Regex> = LazyLock::new(|| re(r"\n[ \t]*(?://[/!]?|#+)?[ \t]*"));
    BREAK.replace_all(text, " ").into_owned()
}

/// The numbers of a list like ` 5, 9 and 12`, `1-12`, `4a`: each item, and
/// both ends of a range.
fn numbers(list: &str) -> Vec<u32> {
    static NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"\d+"));
    NUMBER
        .find_iter(list)
        .map(|m| m.as_str().parse().unwrap())
        .collect()
}

/// Why each citation in `text` (the file `path`) does not resolve. In
/// the rulings page, a ruling cited in a game's section is that game's.
fn problems(docs: &Docs, path: &str, text: &str) -> Vec<String> {
    if path != RULINGS_PAGE {
        return problems_of(docs, game_of(docs, path), path, text);
    }
    let mut out = Vec::new();
    let (mut game, mut start, mut at) = (None, 0, 0);
    for line in text.split_inclusive('\n') {
        if let Some(section) = line.strip_prefix("## ") {
            out.extend(problems_of(docs, game, path, &text[start..at]));
            game = docs
                .rulings
                .get_key_value(section.trim())
                .map(|(k, _)| k.as_str());
            start = at;
        }
        at += line.len();
    }
    out.extend(problems_of(docs, game, path, &text[start..]));
    out
}

const RULINGS_PAGE: &str = "docs/rules/rulings.md";

/// Why each citation in `text`, of the file `path` that belongs to
/// `game`, does not resolve.
fn problems_of(docs: &Docs, game: Option<&str>, path: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let all = joined(text);
    rulings(docs, &all, &mut out);
    lowercase_rulings(docs, game, &all, &mut out);
    rulebook(docs, game, path, text, &all, &mut out);
    published_texts(docs, &all, &mut out);
    design(docs, &all, &mut out);
    doc_paths(docs, &all, &mut out);
    out
}

/// `RULINGS <section> <numbers>`.
fn rulings(docs: &Docs, text: &str, out: &mut Vec<String>) {
    static CITE: LazyLock<Regex> = LazyLock::new(|| {
        re(
            r"\bRULINGS(?:\.md`?)?(,? section | \(| )([A-Z][a-z]+(?: game)?)((?:(?:, | and |-| )\d+[a-z]?\b)*)( N\b)?",
        )
    });
    static BARE: LazyLock<Regex> = LazyLock::new(|| re(r"\bRULINGS(?:\.md`?)?:"));
    for m in BARE.find_iter(text) {
        out.push(format!(
            "`{}`: say which ruling (`RULINGS <section> <n>`)",
            m.as_str()
        ));
    }
    for c in CITE.captures_iter(text) {
        let section = &c[2];
        let list = &c[3];
        if !docs.rulings.contains_key(section) {
            let known: Vec<&str> = docs.rulings.keys().map(String::as_str).collect();
            out.push(format!(
                "`{}`: docs/rules/rulings.md has no section {section} (its sections: {})",
                &c[0],
                known.join(", ")
            ));
            continue;
        }
        let whole_section = c[1].contains("section");
        if list.is_empty() && !whole_section && c.get(4).is_none() {
            out.push(format!(
                "`{}`: say which ruling (`RULINGS {section} 2`)",
                c[0].trim()
            ));
        }
        for n in numbers(list) {
            if !docs.has_ruling(section, n) {
                out.push(format!(
                    "`{}`: docs/rules/rulings.md has no heading `### {section} {n}.`",
                    c[0].trim()
                ));
            }
        }
    }
}

/// `ruling 6`, `rulings 1-15`, `ruling_8_and_10`: the file's game.
fn lowercase_rulings(docs: &Docs, game: Option<&str>, text: &str, out: &mut Vec<String>) {
    static CITE: LazyLock<Regex> =
        LazyLock::new(|| re(r"(?:^|[^A-Za-z])(rulings?[ _](\d+(?:(?:, | and |_and_|-)\d+)*))"));
    for c in CITE.captures_iter(text) {
        let Some(game) = game else {
            out.push(format!(
                "`{}`: this file belongs to no game: write `RULINGS <game> <n>`",
                &c[1]
            ));
            continue;
        };
        for n in numbers(&c[2]) {
            if !docs.has_ruling(game, n) {
                out.push(format!(
                    "`{}` ({game}): docs/rules/rulings.md has no heading `### {game} {n}.`",
                    &c[1]
                ));
            }
        }
    }
}

/// Takkure's rulebook sections: `rulebook 1.15`, `rugby rule 0.01`, and
/// in a Takkure file's comments any `1.12` (chapters 0 to 6).
fn rulebook(
    docs: &Docs,
    game: Option<&str>,
    path: &str,
    text: &str,
    all: &str,
    out: &mut Vec<String>,
) {
    static NAMED: LazyLock<Regex> =
        LazyLock::new(|| re(r"\b(?:[Rr]ulebook|[Rr]ugby rule) (\d\.\d\d)(?:-(\d\.\d\d))?\b"));
    static NUMBER: LazyLock<Regex> = LazyLock::new(|| re(r"(?:^|[^\w.])([0-9][0-9.]*)"));
    static SECTION: LazyLock<Regex> = LazyLock::new(|| re(r"^[0-6]\.[01]\d$"));
    const PAGE: &str = "docs/rules/takkure.md";
    // Each missing section once, with the first place that cites it.
    let mut missing = BTreeMap::new();
    let mut check = |number: &str, cited: &str| {
        if !docs.has_section(PAGE, number) {
            missing
                .entry(number.to_string())
                .or_insert_with(|| cited.to_string());
        }
    };
    for c in NAMED.captures_iter(all) {
        check(&c[1], &c[0]);
        if let Some(end) = c.get(2) {
            check(end.as_str(), &c[0]);
        }
    }
    if game == Some("Takkure") {
        for comment in comments(path, text) {
            for c in NUMBER.captures_iter(comment) {
                let number = c[1].trim_end_matches('.');
                if SECTION.is_match(number) {
                    check(number, comment.trim());
                }
            }
        }
    }
    for (number, cited) in missing {
        out.push(format!("`{cited}`: {PAGE} has no heading `{number}`"));
    }
}

/// The comments of a Rust file (what follows `//` on each line); all of a
/// markdown page; nothing of other files.
fn comments<'a>(path: &str, text: &'a str) -> Vec<&'a str> {
    if path.ends_with(".rs") {
        text.lines()
            .filter_map(|line| line.split_once("//").map(|(_, comment)| comment))
            .collect()
    } else if path.ends_with(".md") {
        text.lines().collect()
    } else {
        Vec::new()
    }
}

/// `text 001 2.2.2`, `texts 001, 002`, `text 002 "Carry Limit"`.
fn published_texts(docs: &Docs, text: &str, out: &mut Vec<String>) {
    static CITE: LazyLock<Regex> = LazyLock::new(|| {
        re(r#"\b[Tt]exts? (\d{3}(?:(?:, | and )\d{3})*)(?: (\d(?:\.\d)+)\b| "([^"]+)")?"#)
    });
    for c in CITE.captures_iter(text) {
        let listed = c[1].split([',', ' ']);
        for number in listed.filter(|s| s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit())) {
            let Some(page) = docs.texts.get(number) else {
                out.push(format!(
                    "`{}`: docs/rules/README.md lists no text {number}",
                    &c[0]
                ));
                continue;
            };
            if let Some(section) = c.get(2) {
                if !docs.has_section(page, section.as_str()) {
                    out.push(format!(
                        "`{}`: {page} has no heading `{}`",
                        &c[0],
                        section.as_str()
                    ));
                }
            }
            if let Some(title) = c.get(3) {
                if !docs.has_heading(page, title.as_str()) {
                    out.push(format!(
                        "`{}`: {page} has no heading `{}`",
                        &c[0],
                        title.as_str()
                    ));
                }
            }
        }
    }
}

/// `DESIGN (bot/)`, `DESIGN.md: "quoted ... words"`.
fn design(docs: &Docs, text: &str, out: &mut Vec<String>) {
    static CITE: LazyLock<Regex> =
        LazyLock::new(|| re(r#"\bDESIGN(?:\.md)?\b(?: \(([^)]+)\)|: "([^"]+)")?"#));
    const PAGE: &str = "docs/design.md";
    for c in CITE.captures_iter(text) {
        let Some((design, _)) = docs.pages.get(PAGE) else {
            out.push(format!("`{}`: there is no {PAGE}", &c[0]));
            continue;
        };
        if let Some(heading) = c.get(1) {
            if !docs.has_heading(PAGE, heading.as_str()) {
                out.push(format!(
                    "`{}`: {PAGE} has no heading `{}`",
                    &c[0],
                    heading.as_str()
                ));
            }
        }
        if let Some(quote) = c.get(2) {
            let design = squeeze(design);
            for part in quote.as_str().split("...") {
                if !design.contains(&squeeze(part)) {
                    out.push(format!(
                        "`{}`: {PAGE} does not say `{}`",
                        &c[0],
                        part.trim()
                    ));
                }
            }
        }
    }
}

/// Lower case, one space for every run of white space.
fn squeeze(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// `docs/ai.md`, `docs/sample-takkure*.png`, `docs/ai.md, "Heading"`.
fn doc_paths(docs: &Docs, text: &str, out: &mut Vec<String>) {
    static CITE: LazyLock<Regex> = LazyLock::new(|| {
        re(r#"(?:^|[^\w/.{}-])docs/([\w/-]+(?:\.[a-z]+)?)(\*)?(?:`?,? "([^"]+)")?"#)
    });
    for c in CITE.captures_iter(text) {
        let path = format!("docs/{}", c[1].trim_end_matches('/'));
        let exists = if c.get(2).is_some() {
            docs.files.iter().any(|f| f.starts_with(&path))
        } else {
            docs.files.contains(&path)
        };
        if !exists {
            out.push(format!("`{}`: there is no {path}", &c[0]));
            continue;
        }
        if let Some(title) = c.get(3) {
            if path.ends_with(".md") && !docs.has_heading(&path, title.as_str()) {
                out.push(format!(
                    "`{}`: {path} has no heading starting `{}`",
                    &c[0],
                    title.as_str()
                ));
            }
        }
    }
}

/// The files the scan reads, by path from the root.
fn scanned(root: &Path) -> Vec<String> {
    let mut out = vec!["README.md".to_string()];
    for dir in ["src", "tests"] {
        walk(&root.join(dir), &mut |path| {
            if path.is_file()
                && path.extension().is_some_and(|e| {
                    ["rs", "txt", "md", "ptn", "taka", "takat"].contains(&&*e.to_string_lossy())
                })
            {
                out.push(relative(root, path));
            }
        });
    }
    walk(&root.join("docs"), &mut |path| {
        if path.extension().is_some_and(|e| e == "md") {
            out.push(relative(root, path));
        }
    });
    out.sort();
    out
}

#[test]
fn every_citation_resolves_to_a_heading_of_the_docs() {
    let root = root();
    let docs = Docs::read(&root);
    // Every game and the rulings for all of them, each with its rulings.
    assert!(docs.rulings.len() >= 5, "{:?}", docs.rulings.keys());
    assert!(
        docs.rulings.values().all(|numbers| !numbers.is_empty()),
        "{:?}",
        docs.rulings
    );
    let mut failures = Vec::new();
    let mut files = 0;
    for path in scanned(&root) {
        // This file quotes made-up citations on purpose, and the README of
        // the rules quotes the forms.
        if path == "tests/citations.rs" || path == "docs/rules/README.md" {
            continue;
        }
        let text = fs::read_to_string(root.join(&path)).unwrap();
        files += 1;
        for problem in problems(&docs, &path, &text) {
            failures.push(format!("{path}: {problem}"));
        }
    }
    assert!(files > 300, "only {files} files scanned");
    assert!(
        failures.is_empty(),
        "{} citations do not resolve (docs/rules/README.md lists the forms):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Docs made of a few headings, for the tests of each form.
fn sample_docs() -> Docs {
    let page = |text: &str| (text.to_string(), headings(text));
    let pages = BTreeMap::from([
        (
            "docs/rules/rulings.md".to_string(),
            page(
                "## Taka\n### Taka 1. Names\n### Taka 13. Offside\n## Tak\n### Tak 4. The end\n\
                 ## Takkure\n### Takkure 1. The field\n",
            ),
        ),
        (
            "docs/rules/README.md".to_string(),
            page("| `001` | concise rules | [tak.md](tak.md) |\n"),
        ),
        (
            "docs/rules/tak.md".to_string(),
            page("## 2.2.2 Dropping pieces\n### Carry limit\n"),
        ),
        (
            "docs/rules/takkure.md".to_string(),
            page("## 1.12 Tackle\n## 1.15 Face to face\n"),
        ),
        (
            "docs/design.md".to_string(),
            page("### bot/\nDependencies point downwards only.\n"),
        ),
    ]);
    let files = pages.keys().cloned().collect();
    Docs::from_pages(pages, files)
}

fn check(path: &str, text: &str) -> Vec<String> {
    problems(&sample_docs(), path, text)
}

#[test]
fn a_citation_of_a_ruling_resolves_only_to_a_ruling_that_exists() {
    assert_eq!(
        check("src/bot/a.rs", "// F9 is offside (RULINGS Taka 13)."),
        Vec::<String>::new()
    );
    assert!(
        check("src/a.rs", "// RULINGS Taka 1, 13 and 4").len() == 1,
        "Taka 4 is made up"
    );
    assert!(check("src/a.rs", "// (RULINGS Tak 4a)").is_empty());
    assert_eq!(check("src/a.rs", "// RULINGS Taka 17").len(), 1);
    assert_eq!(
        check("src/a.rs", "// RULINGS Taka 1-17").len(),
        1,
        "a range's end"
    );
    assert_eq!(
        check("src/a.rs", "// RULINGS\n    /// Taka 14").len(),
        1,
        "across lines"
    );
    assert_eq!(
        check("src/a.rs", "// RULINGS Takka 1").len(),
        1,
        "no such section"
    );
    assert_eq!(
        check("src/a.rs", "// RULINGS Taka: offside").len(),
        1,
        "no number"
    );
    assert!(check("src/a.rs", "// `RULINGS.md`, section Taka").is_empty());
    assert!(check("src/a.rs", "// the rule (RULINGS Taka N) that").is_empty());
}

#[test]
fn a_lowercase_ruling_is_the_files_games() {
    assert!(check("tests/rules/taka_rules.rs", "fn ruling_13_offside() {}").is_empty());
    assert_eq!(
        check("tests/rules/taka_rules.rs", "fn ruling_4_and_13() {}").len(),
        1
    );
    assert_eq!(
        check("tests/rules/tak_rules.rs", "// ruling 13").len(),
        1,
        "Tak has no 13"
    );
    assert_eq!(
        check("src/bot/a.rs", "// ruling 13").len(),
        1,
        "which game's?"
    );
    // In the rulings page, the game is the section's.
    let page = "# Rulings\n## Taka\n(ruling 13)\n## Tak\n(ruling 4)\n";
    assert!(check(RULINGS_PAGE, page).is_empty());
    assert_eq!(check(RULINGS_PAGE, "## Tak\n(ruling 13)\n").len(), 1);
    assert_eq!(
        check(RULINGS_PAGE, "# Rulings\n(ruling 13)\n").len(),
        1,
        "no section"
    );
}

#[test]
fn a_rulebook_section_is_a_heading_of_the_takkure_page() {
    assert!(check("src/bot/a.rs", "// (rulebook 1.12-1.15)").is_empty());
    assert_eq!(check("src/bot/a.rs", "// (rulebook 1.13)").len(), 1);
    assert_eq!(check("src/bot/a.rs", "// rugby rule 0.02").len(), 1);
    // In a Takkure file, a bare number in a comment is a section too; in
    // code, or in another game's file, it is a number.
    assert!(check("src/games/takkure/a.rs", "// tackles (1.12)\nlet x = 1.13;").is_empty());
    assert_eq!(
        check("src/games/takkure/a.rs", "// pressure (1.06)").len(),
        1
    );
    assert!(check("src/games/tak/a.rs", "// noise 1.06").is_empty());
}

#[test]
fn a_published_texts_section_is_a_heading_of_its_page() {
    assert!(check(
        "tests/rules/tak_rules.rs",
        "// Text 001 2.2.2: at least one"
    )
    .is_empty());
    assert!(check("tests/a.rs", r#"// text 001 "Carry Limit": at most"#).is_empty());
    assert_eq!(check("tests/a.rs", "// Text 001 2.2.4").len(), 1);
    assert_eq!(check("tests/a.rs", r#"// text 001 "Flattening""#).len(), 1);
    assert_eq!(
        check("tests/a.rs", "// texts 001, 009").len(),
        1,
        "no text 009"
    );
}

#[test]
fn a_citation_of_the_design_quotes_it() {
    assert!(check(
        "tests/a.rs",
        r#"//! (DESIGN.md: "dependencies point ... downwards")"#
    )
    .is_empty());
    assert!(check("tests/a.rs", "// DESIGN (bot/): two bots").is_empty());
    assert_eq!(
        check("tests/a.rs", r#"// DESIGN.md: "upwards only""#).len(),
        1
    );
    assert_eq!(check("tests/a.rs", "// DESIGN (games/)").len(), 1);
}

#[test]
fn a_docs_path_exists_and_so_does_its_heading() {
    assert!(check("src/a.rs", r#"// (docs/design.md, "bot")"#).is_empty());
    assert_eq!(check("src/a.rs", "// docs/nowhere.md").len(), 1);
    assert_eq!(check("src/a.rs", r#"// docs/design.md "store""#).len(), 1);
}

#[test]
fn the_sections_and_numbers_of_the_rulings_are_read_from_their_headings() {
    // A fifth game's rulings (here "Tafl") are known as soon as its section
    // is written; a heading under another section, or in code, is not one.
    let rulings = rulings_of(
        "## Every game\n### Every game 1. Offers\n## Tafl\n### Tafl 2. The king\n\
         ### Taka 3. Misplaced\n```\n### Tafl 9. In code\n```\n",
    );
    assert_eq!(rulings["Every game"], BTreeSet::from([1]));
    assert_eq!(rulings["Tafl"], BTreeSet::from([2]));
    assert!(!rulings.contains_key("Taka"));
}
