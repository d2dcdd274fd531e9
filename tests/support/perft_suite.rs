//! Reader of the perft suites in `tests/data/*/perft*.txt` (laid out like
//! shakmaty's `tests/*.perft`): `key value` lines and `#` comments; `id NAME`
//! starts a case, `perft DEPTH COUNT` adds an expected leaf count, and every
//! other key is the game's own (its position, size, seed...), read by the
//! game's test.

pub struct PerftCase {
    pub id: String,
    /// The game's own lines of the case, in file order.
    pub fields: Vec<(String, String)>,
    /// `(depth, leaves)`, in file order.
    pub counts: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The value of the case's last `key` line.
    pub fn field(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads a suite; a malformed line panics with its line number (the files are
/// ours, so a mistake in one is a failing test).
pub fn read(text: &str) -> Vec<PerftCase> {
    let mut cases: Vec<PerftCase> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        if key == "id" {
            cases.push(PerftCase {
                id: value.to_string(),
                fields: Vec::new(),
                counts: Vec::new(),
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("line {number}: `{key}` before the first `id`"));
        if key == "perft" {
            let mut parts = value.split_whitespace().map(str::parse::<u64>);
            let (Some(Ok(depth)), Some(Ok(leaves)), None) =
                (parts.next(), parts.next(), parts.next())
            else {
                panic!("line {number}: expected `perft DEPTH COUNT`, found `{line}`");
            };
            let depth = u32::try_from(depth)
                .unwrap_or_else(|_| panic!("line {number}: depth {depth} out of range"));
            case.counts.push((depth, leaves));
        } else {
            case.fields.push((key.to_string(), value.to_string()));
        }
    }
    cases
}

/// A case whose only line of the game's own is `position TEXT`.
pub struct PositionCase<P> {
    pub id: String,
    pub position: P,
    pub counts: Vec<(u32, u64)>,
}

/// Reads a suite whose cases give at most a `position` (in the game's own
/// position format; the start when left out).
pub fn read_positions<P>(text: &str, start: fn() -> P) -> Vec<PositionCase<P>>
where
    P: std::str::FromStr,
    P::Err: std::fmt::Display,
{
    read(text)
        .into_iter()
        .map(|case| {
            let position = match case.field("position") {
                Some(text) => text.parse().unwrap_or_else(|e| panic!("{}: {e}", case.id)),
                None => start(),
            };
            PositionCase {
                id: case.id,
                position,
                counts: case.counts,
            }
        })
        .collect()
}
