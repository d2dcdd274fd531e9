//! The shape of the code (issue 25, DESIGN.md: "dependencies point
//! downwards only ... no import circle anywhere"), read from the source
//! itself: every `use` and every `crate::`/`super::`/`self::` path of
//! `src/` (test code left out) is an arrow from its file to the file of the
//! module it names.
//!
//! - No circle of files anywhere in `src/`.
//! - Inside every folder, its parts (files and sub-folders, each taken
//!   whole) import one another without a circle either.
//! - `docs/architecture.md` lists the floors of `src/` and of `src/bot`
//!   from the top down; each part imports only parts listed below it (or
//!   on its own line), so the document stays true.
//! - The same for the floors of `src/games`, and no game folder names
//!   another game or the module listing the games (only the kit).
//! - No file of `src/bot` is over 600 lines.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path, `["bot", "ground", "reply"]` for `crate::bot::ground::reply`.
type ModPath = Vec<String>;

struct Crate {
    /// Every non-test module's file, by module path.
    files: BTreeMap<ModPath, PathBuf>,
    /// Arrows between module paths (each the module of a file).
    arrows: BTreeSet<(ModPath, ModPath)>,
    /// Every path a module names, made absolute but with re-exports not
    /// followed: what its code spells, not where the item lives.
    named: BTreeSet<(ModPath, ModPath)>,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn module_path(file: &Path) -> ModPath {
    let relative = file.strip_prefix(root().join("src")).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "mod.rs" | "lib.rs" => {}
        name => parts.push(name.trim_end_matches(".rs").to_string()),
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments, string and char literals (their
/// paths are words, not imports).
fn code_only(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            i += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |e| e + 2);
            out.push(' ');
            i += end;
        } else if rest.starts_with("r#\"") || rest.starts_with("r\"") {
            let hashes = if rest.starts_with("r#") { "\"#" } else { "\"" };
            let open = rest.find('"').unwrap() + 1;
            let end = rest[open..]
                .find(hashes)
                .map_or(rest.len(), |e| open + e + hashes.len());
            out.push_str("\"\"");
            i += end;
        } else if rest.starts_with('"') {
            let mut j = 1;
            let rb = rest.as_bytes();
            while j < rb.len() && rb[j] != b'"' {
                j += if rb[j] == b'\\' { 2 } else { 1 };
            }
            out.push_str("\"\"");
            i += (j + 1).min(rb.len());
        } else if rest.starts_with('\'') && char_literal_len(rest).is_some() {
            out.push_str("' '");
            i += char_literal_len(rest).unwrap();
        } else {
            let c = rest.chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The length of a char literal at the start of `s` (`None`: a lifetime).
fn char_literal_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() >= 4 && b[1] == b'\\' {
        return s[2..].find('\'').map(|e| e + 3);
    }
    let c = s[1..].chars().next()?;
    let after = 1 + c.len_utf8();
    (s.as_bytes().get(after) == Some(&b'\'')).then_some(after + 1)
}

/// The code without its test modules (`#[cfg(test)] mod x { ... }`), and
/// the names of the test modules declared in other files (`#[cfg(test)] mod x;`).
fn without_tests(code: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut test_files = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let item = after.trim_start_matches("pub ").trim_start();
        if let Some(decl) = item.strip_prefix("mod ") {
            let name: String = decl
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let tail = decl[name.len()..].trim_start();
            if let Some(after_decl) = tail.strip_prefix(';') {
                test_files.push(name);
                rest = after_decl;
                continue;
            }
            // Skip the inline module, braces balanced.
            let open = tail.find('{').unwrap();
            let mut depth = 0;
            let mut end = tail.len();
            for (i, c) in tail.char_indices().skip(open) {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i + 1;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            rest = &tail[end..];
        } else {
            // A test-only item other than a module (a helper function): skip
            // the attribute only; the item's paths are few and local.
            rest = after;
        }
    }
    out.push_str(rest);
    (out, test_files)
}

/// A file's code split by inline modules (`mod x { ... }`): each part
/// with the names of the inline modules it is in (none for the file's own
/// level), so that `super::` and `self::` are read from where they stand.
fn inline_scopes(code: &str) -> Vec<(Vec<String>, String)> {
    let mut scopes = Vec::new();
    split_scope(code, &[], &mut scopes);
    scopes
}

fn split_scope(code: &str, inside: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let mut own = String::new();
    let mut rest = code;
    loop {
        let Some(at) = find_inline_mod(rest) else {
            own.push_str(rest);
            break;
        };
        let (name, open) = at.1.clone();
        own.push_str(&rest[..at.0]);
        let body = &rest[open..];
        let mut depth = 0;
        let mut end = body.len();
        for (i, c) in body.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let mut deeper = inside.to_vec();
        deeper.push(name);
        split_scope(&body[1..end.max(1)], &deeper, out);
        rest = &body[(end + 1).min(body.len())..];
    }
    out.push((inside.to_vec(), own));
}

/// The next `mod name {` in `code`: where it starts, its name and where its brace is.
fn find_inline_mod(code: &str) -> Option<(usize, (String, usize))> {
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find("mod ") {
        let at = from + at;
        from = at + 4;
        if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
            continue;
        }
        let name: String = code[at + 4..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after = at + 4 + name.len();
        let tail = &code[after..];
        if !name.is_empty() && tail.trim_start().starts_with('{') {
            return Some((at, (name, after + tail.find('{').unwrap())));
        }
    }
    None
}

/// Expands a use tree (`a::{b, c::{self, d}}`) into its paths.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let close = tree.rfind('}').unwrap();
        let inner = &tree[open + 1..close];
        let mut base = prefix.to_vec();
        base.extend(head);
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], &base, out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &base, out);
        return;
    }
    let tree = tree.split(" as ").next().unwrap().trim();
    let mut path = prefix.to_vec();
    for part in tree.split("::").map(str::trim) {
        if part == "self" && !path.is_empty() {
            continue;
        }
        path.push(part.to_string());
    }
    out.push(path);
}

/// The paths a file names: its use trees expanded, and every other
/// `crate::`, `super::` or `self::` path.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = String::new();
    let mut text = code;
    // Use declarations, `pub`, `pub(crate)` and so on included.
    while let Some(at) = find_use(text) {
        rest.push_str(&text[..at]);
        let from = at + text[at..].find("use ").unwrap() + 4;
        let end = from + text[from..].find(';').unwrap();
        expand(&text[from..end], &[], &mut paths);
        text = &text[end + 1..];
    }
    rest.push_str(text);
    let bytes = rest.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = rest[from..].find(start) {
            let at = from + at;
            from = at + start.len();
            let before = at.checked_sub(1).map(|i| bytes[i] as char);
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut path = Vec::new();
            let mut words = rest[at..].split("::");
            for word in words.by_ref() {
                let ident: String = word
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                let whole = ident.len() == word.len();
                if ident.is_empty() {
                    break;
                }
                path.push(ident);
                if !whole {
                    break;
                }
            }
            paths.push(path);
        }
    }
    paths
}

/// The paths of a file's `pub use` declarations, each ending in the name
/// it is re-exported as (an alias `x as y` is kept as `..::x`, named `y`
/// only when it differs: such aliases are not followed).
fn reexported_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut text = code;
    while let Some(at) = find_use(text) {
        let from = at + text[at..].find("use ").unwrap() + 4;
        let end = from + text[from..].find(';').unwrap();
        if text[at..from].starts_with("pub") {
            expand(&text[from..end], &[], &mut paths);
        }
        text = &text[end + 1..];
    }
    paths
}

/// Where the next use declaration starts (at its visibility, if any).
fn find_use(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = text[from..].find("use ") {
        let at = from + at;
        from = at + 4;
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let raw = &text[line_start..at];
        let lead = raw.trim();
        if lead.is_empty() || lead.starts_with("pub") {
            return Some(line_start + raw.len() - raw.trim_start().len());
        }
    }
    None
}

/// A module's re-exports (`pub use`): the name it gives, to the absolute
/// path it names.
type ReExports = BTreeMap<ModPath, BTreeMap<String, ModPath>>;

/// The path `path` written in module `here`, made absolute (`crate`,
/// `super`, `self` and child modules resolved); `None` for a path that
/// does not start in this crate.
fn absolute(path: &[String], here: &ModPath, modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let mut absolute: ModPath = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "super" | "self" => here.clone(),
        first => {
            // A child module named without `self::` (uniform paths).
            let mut child = here.clone();
            child.push(first.to_string());
            if !modules.contains(&child) {
                return None;
            }
            here.clone()
        }
    };
    let mut words = path.iter().peekable();
    if matches!(path[0].as_str(), "crate" | "self") {
        words.next();
    }
    while words.peek().is_some_and(|w| *w == "super") {
        words.next();
        absolute.pop()?;
    }
    absolute.extend(words.cloned());
    Some(absolute)
}

/// The module an absolute path names: the longest prefix that is a module
/// of ours, following a name a module re-exports to where it is defined.
fn module_of(path: &[String], modules: &BTreeSet<ModPath>, reexports: &ReExports) -> ModPath {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let mut found = 0;
        while found < path.len() && modules.contains(&path[..found + 1].to_vec()) {
            found += 1;
        }
        let module = path[..found].to_vec();
        let target = path
            .get(found)
            .and_then(|name| reexports.get(&module)?.get(name));
        match target {
            Some(target) if target[..] != path[..=found] => {
                let mut next = target.clone();
                next.extend(path[found + 1..].iter().cloned());
                path = next;
            }
            _ => return module,
        }
    }
    path
}

fn read_crate() -> Crate {
    let mut paths = Vec::new();
    rust_files(&root().join("src"), &mut paths);
    // The binary's main.rs is a crate of its own (it names ours as `taktable::`).
    paths.retain(|p| !p.ends_with("main.rs") || p.parent() != Some(&root().join("src")));
    let mut codes: BTreeMap<ModPath, String> = BTreeMap::new();
    let mut files = BTreeMap::new();
    let mut test_modules: BTreeSet<ModPath> = BTreeSet::new();
    for path in &paths {
        let module = module_path(path);
        let (code, tests) = without_tests(&code_only(&fs::read_to_string(path).unwrap()));
        for name in tests {
            let mut test = module.clone();
            test.push(name);
            test_modules.insert(test);
        }
        codes.insert(module.clone(), code);
        files.insert(module, path.clone());
    }
    // Test modules' files, and everything under them, are left out.
    let is_test = |m: &ModPath| test_modules.iter().any(|t| m.starts_with(t));
    codes.retain(|m, _| !is_test(m));
    files.retain(|m, _| !is_test(m));
    let modules: BTreeSet<ModPath> = files.keys().cloned().collect();
    let mut reexports: ReExports = BTreeMap::new();
    for (module, code) in &codes {
        for path in reexported_paths(code) {
            if let (Some(name), Some(to)) = (path.last(), absolute(&path, module, &modules)) {
                reexports
                    .entry(module.clone())
                    .or_default()
                    .insert(name.clone(), to);
            }
        }
    }
    let mut arrows = BTreeSet::new();
    let mut named = BTreeSet::new();
    for (module, code) in &codes {
        for (inside, code) in inline_scopes(code) {
            let mut here = module.clone();
            here.extend(inside);
            for path in named_paths(&code) {
                let Some(path) = absolute(&path, &here, &modules) else {
                    continue;
                };
                let to = module_of(&path, &modules, &reexports);
                if &to != module && !to.is_empty() && modules.contains(&to) {
                    arrows.insert((module.clone(), to));
                }
                named.insert((module.clone(), path));
            }
        }
    }
    Crate {
        files,
        arrows,
        named,
    }
}

/// The circles (strongly connected parts of more than one node) of a graph.
fn circles<N: Ord + Clone>(nodes: &BTreeSet<N>, arrows: &BTreeSet<(N, N)>) -> Vec<Vec<N>> {
    let index: BTreeMap<&N, usize> = nodes.iter().enumerate().map(|(i, n)| (n, i)).collect();
    let list: Vec<&N> = nodes.iter().collect();
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); list.len()];
    for (a, b) in arrows {
        next[index[a]].push(index[b]);
    }
    // Tarjan's algorithm, iteratively.
    let n = list.len();
    let (mut order, mut low, mut on_stack) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut found, mut counter) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if order[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0)];
        while let Some(&mut (v, ref mut child)) = work.last_mut() {
            if *child == 0 && order[v] == usize::MAX {
                order[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = next[v].get(*child) {
                *child += 1;
                if order[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(order[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == order[v] {
                let mut part = Vec::new();
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w] = false;
                    part.push(list[w].clone());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    found.push(part);
                }
            }
        }
    }
    found
}

fn show(m: &ModPath) -> String {
    format!("crate::{}", m.join("::"))
}

#[test]
fn no_circle_of_files_anywhere() {
    let krate = read_crate();
    assert!(
        krate.files.len() > 100,
        "read {} files: the reader lost its way",
        krate.files.len()
    );
    assert!(
        krate.arrows.len() > 300,
        "read {} arrows: the reader lost its way",
        krate.arrows.len()
    );
    let nodes: BTreeSet<ModPath> = krate.files.keys().cloned().collect();
    let found = circles(&nodes, &krate.arrows);
    let text: Vec<String> = found
        .iter()
        .map(|c| c.iter().map(show).collect::<Vec<_>>().join(" <-> "))
        .collect();
    assert!(found.is_empty(), "import circles:\n{}", text.join("\n"));
}

#[test]
fn no_circle_among_the_parts_of_any_folder() {
    let krate = read_crate();
    let folders: BTreeSet<ModPath> = krate
        .files
        .iter()
        .filter(|(_, path)| path.ends_with("mod.rs") || path.ends_with("lib.rs"))
        .map(|(m, _)| m.clone())
        .collect();
    let mut problems = Vec::new();
    for folder in &folders {
        // A module inside the folder, as the part of the folder it is in
        // (the folder's own mod.rs is a part of its own).
        let part = |m: &ModPath| -> Option<ModPath> {
            if !m.starts_with(folder) {
                return None;
            }
            Some(m[..(folder.len() + 1).min(m.len())].to_vec())
        };
        let mut nodes = BTreeSet::new();
        let mut arrows = BTreeSet::new();
        for (a, b) in &krate.arrows {
            if let (Some(pa), Some(pb)) = (part(a), part(b)) {
                nodes.insert(pa.clone());
                nodes.insert(pb.clone());
                if pa != pb {
                    arrows.insert((pa, pb));
                }
            }
        }
        for circle in circles(&nodes, &arrows) {
            problems.push(format!(
                "in {}: {}",
                show(folder),
                circle.iter().map(show).collect::<Vec<_>>().join(" <-> ")
            ));
        }
    }
    assert!(problems.is_empty(), "circles:\n{}", problems.join("\n"));
}

/// The floors a section of docs/architecture.md lists, top first: each
/// line's parts (the paths in its leading backquotes).
fn floors(doc: &str, heading: &str) -> Vec<Vec<ModPath>> {
    let section = doc
        .split("\n## ")
        .find(|s| s.lines().next() == Some(heading))
        .unwrap_or_else(|| panic!("docs/architecture.md has no section `## {heading}`"));
    section
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .map(|line| {
            let names = line.split(" — ").next().unwrap();
            names
                .split('`')
                .skip(1)
                .step_by(2)
                .map(|path| match path.strip_suffix('/') {
                    // A folder: the module of its mod.rs.
                    Some(folder) => module_path(&root().join(folder).join("mod.rs")),
                    None => module_path(&root().join(path)),
                })
                .collect()
        })
        .collect()
}

fn check_floors(heading: &str) {
    let krate = read_crate();
    let doc = fs::read_to_string(root().join("docs/architecture.md")).unwrap();
    let floors = floors(&doc, heading);
    assert!(floors.len() > 3, "no floors read under `## {heading}`");
    // A module's floor: the line of the listed part it is in (the longest match).
    let floor_of = |m: &ModPath| -> Option<(usize, usize)> {
        floors
            .iter()
            .enumerate()
            .flat_map(|(i, parts)| parts.iter().map(move |p| (i, p)))
            .filter(|(_, p)| m.starts_with(p))
            .map(|(i, p)| (i, p.len()))
            .max_by_key(|&(_, len)| len)
    };
    let listed: Vec<&ModPath> = floors.iter().flatten().collect();
    for part in &listed {
        assert!(
            krate.files.contains_key(*part),
            "docs/architecture.md lists {}, which is not a module",
            show(part)
        );
    }
    let mut wrong = Vec::new();
    for (a, b) in &krate.arrows {
        let (Some((fa, la)), Some((fb, lb))) = (floor_of(a), floor_of(b)) else {
            continue;
        };
        // Arrows inside one listed part are that part's own business.
        if a[..la] == b[..lb] {
            continue;
        }
        if fa > fb {
            wrong.push(format!(
                "{} (floor {}) imports {} (floor {})",
                show(a),
                fa + 1,
                show(b),
                fb + 1
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "arrows that run up the floors of docs/architecture.md (`## {heading}`, top first):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_floors_of_src_are_as_documented() {
    check_floors("The floors of src");
}

#[test]
fn the_floors_of_src_bot_are_as_documented() {
    check_floors("The floors of src/bot");
}

#[test]
fn the_floors_of_src_games_are_as_documented() {
    check_floors("The floors of src/games");
}

/// Issue 41: a game's folder stands on the kit (`crate::games::kit`) only:
/// no path in it names another game's folder or `crate::games` itself
/// (the module that lists the games, whose re-exports would hide where a
/// name comes from), and the kit names no game. Read from the paths as
/// written, re-exports not followed.
#[test]
fn no_game_imports_another_game_or_the_list_of_games() {
    let krate = read_crate();
    let folder =
        |m: &ModPath| -> Option<String> { (m.len() >= 2 && m[0] == "games").then(|| m[1].clone()) };
    let folders: BTreeSet<String> = krate
        .files
        .iter()
        .filter(|(m, path)| m.len() == 2 && path.ends_with("mod.rs"))
        .filter_map(|(m, _)| folder(m))
        .collect();
    assert!(folders.contains("kit") && folders.len() >= 5, "{folders:?}");
    let mut wrong = Vec::new();
    for (from, path) in &krate.named {
        let Some(own) = folder(from) else { continue };
        if path.first().map(String::as_str) != Some("games") {
            continue;
        }
        let allowed = match path.get(1) {
            Some(to) => to == &own || (to == "kit" && own != "kit"),
            None => false,
        };
        if !allowed {
            wrong.push(format!("{} names crate::{}", show(from), path.join("::")));
        }
    }
    assert!(
        wrong.is_empty(),
        "game folders naming what they may not:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_file_of_src_bot_is_over_600_lines() {
    let mut files = Vec::new();
    rust_files(&root().join("src/bot"), &mut files);
    let long: Vec<String> = files
        .iter()
        .map(|f| (f, fs::read_to_string(f).unwrap().lines().count()))
        .filter(|&(_, lines)| lines > 600)
        .map(|(f, lines)| format!("{} ({lines} lines)", f.display()))
        .collect();
    assert!(long.is_empty(), "over 600 lines: {}", long.join(", "));
}
