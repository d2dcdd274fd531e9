//! A small `multipart/form-data` reader for the bodies the bot sends with attachments.

/// One part of a `multipart/form-data` body.
#[derive(Clone, Debug)]
pub struct Part {
    /// The form field's name (`payload_json`, `files[0]`, ...).
    pub name: String,
    /// The file name, for file parts.
    pub filename: Option<String>,
    /// The part's `Content-Type`, if given.
    pub content_type: Option<String>,
    /// The part's bytes.
    pub body: Vec<u8>,
}

/// The boundary named by a `Content-Type: multipart/form-data; boundary=...` header.
pub fn boundary(content_type: &str) -> Option<String> {
    let (kind, params) = content_type.split_once(';')?;
    if !kind.trim().eq_ignore_ascii_case("multipart/form-data") {
        return None;
    }
    params.split(';').find_map(|param| {
        let (key, value) = param.split_once('=')?;
        key.trim()
            .eq_ignore_ascii_case("boundary")
            .then(|| value.trim().trim_matches('"').to_string())
    })
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

/// Splits a `multipart/form-data` body into its parts.
pub fn parse(content_type: &str, body: &[u8]) -> Result<Vec<Part>, String> {
    let boundary = boundary(content_type)
        .ok_or_else(|| format!("not a multipart/form-data content type: {content_type:?}"))?;
    let delimiter = format!("--{boundary}").into_bytes();
    let next_delimiter = format!("\r\n--{boundary}").into_bytes();
    if !body.starts_with(&delimiter) {
        return Err("the body does not start with the boundary".into());
    }
    let mut parts = Vec::new();
    let mut at = delimiter.len();
    loop {
        match body.get(at..at + 2) {
            Some(b"--") => return Ok(parts),
            Some(b"\r\n") => at += 2,
            _ => return Err(format!("malformed boundary line at byte {at}")),
        }
        let headers_end = find(body, b"\r\n\r\n", at)
            .ok_or_else(|| format!("part headers at byte {at} never end"))?;
        let headers = std::str::from_utf8(&body[at..headers_end])
            .map_err(|_| "part headers are not UTF-8".to_string())?;
        let content_start = headers_end + 4;
        let content_end = find(body, &next_delimiter, content_start)
            .ok_or_else(|| format!("part at byte {at} has no closing boundary"))?;

        let mut part = Part {
            name: String::new(),
            filename: None,
            content_type: None,
            body: body[content_start..content_end].to_vec(),
        };
        for line in headers.split("\r\n") {
            let Some((key, value)) = line.split_once(':') else {
                return Err(format!("malformed part header {line:?}"));
            };
            if key.trim().eq_ignore_ascii_case("content-disposition") {
                for param in value.split(';').skip(1) {
                    if let Some((key, value)) = param.split_once('=') {
                        let value = value.trim().trim_matches('"').to_string();
                        match key.trim() {
                            "name" => part.name = value,
                            "filename" => part.filename = Some(value),
                            _ => {}
                        }
                    }
                }
            } else if key.trim().eq_ignore_ascii_case("content-type") {
                part.content_type = Some(value.trim().to_string());
            }
        }
        if part.name.is_empty() {
            return Err(format!("part at byte {at} has no name"));
        }
        parts.push(part);
        at = content_end + next_delimiter.len();
    }
}
