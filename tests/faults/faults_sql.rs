//! No SQL statement is built by string formatting (issue 16, "Secrets"):
//! every statement in `src/` is a string literal, or `concat!` of literals
//! (joined at compile time, so it cannot carry a value), with the values
//! bound as parameters. The scan reads every source file and fails on any
//! formatting macro, `push_str` or `+` that builds text holding SQL.

use std::path::{Path, PathBuf};

use regex::Regex;

/// SQL that reads or changes data or the schema, as this code writes it
/// (keywords in capitals; a sentence like "select a game from" is not SQL).
fn sql() -> Regex {
    Regex::new(
        r"\b(SELECT\b[\s\S]*?\bFROM|INSERT\s+(OR\s+[A-Z]+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|REPLACE\s+INTO|CREATE\s+(TABLE|INDEX)|DROP\s+(TABLE|INDEX)|ALTER\s+TABLE|PRAGMA\s+\w+\s*=)\b",
    )
    .unwrap()
}

/// Where text is built at run time: a formatting macro, `push_str`, or a
/// string literal joined with `+`.
fn builders() -> Regex {
    Regex::new(r#"\b(format|write|writeln|format_args|print|println|eprint|eprintln)!\s*\(|\.push_str\s*\(|"\s*\+|\+\s*&?\s*"|\+\s*&"#).unwrap()
}

/// The text from `start` to the end of its bracketed call (or statement),
/// skipping brackets inside string literals.
fn call_text(source: &str, start: usize) -> &str {
    let bytes = source.as_bytes();
    let mut depth = 0i32;
    let mut in_string = false;
    let mut i = start;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth <= 0 {
                        return &source[start..=i];
                    }
                }
                b';' if depth == 0 => return &source[start..i],
                _ => {}
            }
        }
        i += 1;
    }
    &source[start..]
}

/// Every place in `source` where text holding SQL is built at run time, as
/// (line, excerpt).
fn formatted_sql(source: &str) -> Vec<(usize, String)> {
    let sql = sql();
    let mut found = Vec::new();
    for m in builders().find_iter(source) {
        // For `+` joins look at the statement around the literal.
        let start = if m.as_str().starts_with('"') || m.as_str().starts_with('+') {
            source[..m.start()]
                .rfind([';', '{', '}'])
                .map_or(0, |i| i + 1)
        } else {
            m.start()
        };
        let text = call_text(source, start);
        let text = if m.as_str().starts_with('"') || m.as_str().starts_with('+') {
            // The whole statement: it ends at the next `;`.
            let end = source[m.start()..]
                .find(';')
                .map_or(source.len(), |i| m.start() + i);
            &source[start..end]
        } else {
            text
        };
        if sql.is_match(text) {
            let line = source[..m.start()].lines().count().max(1);
            let excerpt: String = text.chars().take(160).collect();
            if found.last().map(|(l, _)| *l) != Some(line) {
                found.push((line, excerpt));
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_scan_finds_sql_built_at_run_time() {
    // The scan must be able to fail: each of these builds SQL from values.
    for bad in [
        r#"let q = format!("SELECT {COLUMNS} FROM games WHERE id = ?1");"#,
        r#"conn.execute(&format!("DELETE FROM games WHERE id = {id}"), [])?;"#,
        "let q = format!(\n    \"UPDATE games\n     SET status = '{status}'\",\n);",
        r#"write!(sql, "INSERT INTO moves VALUES ({}, '{}')", id, text)?;"#,
        r#"sql.push_str("SELECT id FROM users WHERE name = ");"#,
        r#"let q = "SELECT * FROM games WHERE guild = '".to_string() + guild + "'";"#,
        r#"let q = String::from("DELETE FROM games WHERE id = ") + &id.to_string();"#,
    ] {
        assert_eq!(formatted_sql(bad).len(), 1, "not caught: {bad}");
    }
    // Literals, compile-time joins and formatted prose pass.
    for good in [
        r#"conn.execute("DELETE FROM games WHERE id = ?1", [id])?;"#,
        r#"conn.prepare_cached(concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?1"))?;"#,
        r#"let reply = format!("Select a game from the list, {name}");"#,
        r#"let note = format!("{} moves, updated {}", n, when);"#,
    ] {
        assert!(formatted_sql(good).is_empty(), "wrongly caught: {good}");
    }
}

/// Files that copy whatever tables the schema has, so they must name tables and columns read
/// from `sqlite_master` (an identifier cannot be a bound parameter). They format identifiers
/// and constants of their own only: the values they move (servers, game ids) are bound or go
/// through temporary tables.
const READS_THE_SCHEMA: &[&str] = &[
    "store/reshard.rs",
    // A departed server's rows and a player's, in every table that has them.
    "store/departures.rs",
    "store/privacy.rs",
    "bot/tests/privacy.rs",
];

#[test]
fn no_sql_statement_in_src_is_built_by_string_formatting() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 50, "found only {} source files", files.len());
    let mut offences = Vec::new();
    let mut statements = 0;
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        statements += sql().find_iter(&source).count();
        let relative = path.strip_prefix(&src).unwrap();
        if READS_THE_SCHEMA
            .iter()
            .any(|file| relative == Path::new(file))
        {
            continue;
        }
        for (line, excerpt) in formatted_sql(&source) {
            offences.push(format!(
                "{}:{line}: {excerpt}",
                path.strip_prefix(&src).unwrap().display()
            ));
        }
    }
    // The store holds dozens of statements: the scan really read them.
    assert!(statements >= 30, "only {statements} SQL statements seen");
    assert!(
        offences.is_empty(),
        "SQL built by string formatting (bind values as parameters, join fixed parts with concat!):\n{}",
        offences.join("\n")
    );
}
