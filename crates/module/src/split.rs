//! `--split-input-file`: cutting a file at `// -----` exactly as MLIR 19's
//! `splitAndProcessBuffer` does.

use core::ops::Range;

/// One chunk of a split file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chunk {
    /// The chunk's bytes in the file: from just after the previous marker
    /// (so usually starting with the rest of the marker's line) to the start
    /// of the next marker.
    pub range: Range<usize>,
    /// The 1-based line of the file the chunk starts on.
    pub line: u32,
}

impl Chunk {
    /// The buffer name MLIR gives the chunk of file `file`:
    /// `within split at FILE:LINE offset `.
    pub fn buffer_name(&self, file: &str) -> String {
        format!("within split at {file}:{} offset ", self.line)
    }
}

/// Splits `text` at the marker `// -----` as MLIR 19 does: the text is cut
/// at every `// ---`, and a cut counts only when the two characters after it
/// are `--` followed by something that is not `0`; other cuts are near
/// misses (returned as their offsets, MLIR warns about them) and are glued
/// back. (MLIR 19 meant "not `-`" but compares with `'0'`, so `// ------`
/// splits, leaving a `-` at the start of the next chunk, and `// -----0` is
/// the near miss: mlir-opt-19 does exactly that, and so does this.)
pub fn split_input(text: &str) -> (Vec<Chunk>, Vec<usize>) {
    const PREFIX: &str = "// ---";
    let mut raw: Vec<Range<usize>> = Vec::new();
    let mut start = 0;
    while let Some(p) = text[start..].find(PREFIX) {
        raw.push(start..start + p);
        start = start + p + PREFIX.len();
    }
    raw.push(start..text.len());
    let mut chunks: Vec<Range<usize>> = Vec::new();
    let mut near_misses = Vec::new();
    let mut prev: Option<Range<usize>> = None;
    for r in raw {
        let Some(p) = prev.clone().filter(|p| !p.is_empty()) else {
            prev = Some(r);
            continue;
        };
        let b = &text.as_bytes()[r.clone()];
        if b.starts_with(b"--") && b.len() > 2 && b[2] != b'0' {
            chunks.push(p);
            prev = Some(r.start + 2..r.end);
        } else {
            near_misses.push(r.start);
            prev = Some(p.start..r.end);
        }
    }
    if let Some(p) = prev.filter(|p| !p.is_empty()) {
        chunks.push(p);
    }
    let mut line = 1u32;
    let mut at = 0;
    let chunks = chunks
        .into_iter()
        .map(|r| {
            line += text[at..r.start].bytes().filter(|&c| c == b'\n').count() as u32;
            at = r.start;
            Chunk { range: r, line }
        })
        .collect();
    (chunks, near_misses)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_like_mlir() {
        let text = "a\n// -----\nb\n// -----0\nc\n// ------\nd\n// -----\n";
        let (chunks, misses) = split_input(text);
        let parts: Vec<&str> = chunks.iter().map(|c| &text[c.range.clone()]).collect();
        assert_eq!(parts, ["a\n", "\nb\n// -----0\nc\n", "-\nd\n", "\n"]);
        assert_eq!(
            chunks.iter().map(|c| c.line).collect::<Vec<_>>(),
            [1, 2, 6, 8]
        );
        assert_eq!(misses.len(), 1);
        assert_eq!(
            chunks[1].buffer_name("t.mlir"),
            "within split at t.mlir:2 offset "
        );
    }
}
