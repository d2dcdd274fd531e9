//! Lines of whole numbers: the text of the weights files the tuner writes
//! and the engine reads ([`super::weights`], [`super::network`]).

/// Whole numbers as a line of a weights file, separated by spaces.
pub fn numbers_line(values: &[i32]) -> String {
    values
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a line written by [`numbers_line`] holding exactly `N` numbers;
/// `what` names the line in the error.
pub fn read_numbers<const N: usize>(line: Option<&str>, what: &str) -> Result<[i32; N], String> {
    let line = line.ok_or(format!("no line for {what}"))?;
    let values: Vec<i32> = line
        .split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("`{w}` is not a weight")))
        .collect::<Result<_, _>>()?;
    values
        .try_into()
        .map_err(|v: Vec<i32>| format!("{} numbers for {what}, not {N}", v.len()))
}
