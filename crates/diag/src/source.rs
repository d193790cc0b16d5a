//! Source files, byte spans and locations.
//!
//! A [`Span`] is three integers: the file and a byte range. Lines and columns
//! are not stored anywhere; they are computed from the file's line table when
//! a diagnostic is rendered, so creating a span costs nothing and a parser can
//! attach one to every token.

use core::fmt;
use core::ops::Range;
use std::borrow::Cow;

use smallvec::SmallVec;
use strata_sync::policy::{ArcApi, Policy, RwLockApi, Shared};

/// Identifies a file added to a [`SourceManager`]: its index in the manager.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(u32);

impl FileId {
    /// The file's index in its manager (the order of `add_file` calls).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of the file at `index`. Meaningful only for the manager that
    /// assigned it.
    #[inline]
    pub const fn from_index(index: u32) -> Self {
        Self(index)
    }
}

impl fmt::Display for FileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A byte range `start..end` in one file. Offsets are `u32`: a source file
/// is smaller than 4 GiB (as in rustc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// The file the range is in.
    pub file: FileId,
    /// The first byte.
    pub start: u32,
    /// One past the last byte; equal to `start` for an empty span (a point).
    pub end: u32,
}

impl Span {
    /// The span `start..end` of `file`.
    ///
    /// # Panics
    ///
    /// If `start > end`.
    #[inline]
    pub const fn new(file: FileId, start: u32, end: u32) -> Self {
        assert!(start <= end, "a span must not end before it starts");
        Self { file, start, end }
    }

    /// The length in bytes.
    #[inline]
    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span is a point.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The byte range as `usize`s.
    #[inline]
    pub const fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The smallest span covering `self` and `other`, or `None` if they are
    /// in different files.
    pub fn to(self, other: Span) -> Option<Span> {
        (self.file == other.file).then(|| Span {
            file: self.file,
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        })
    }
}

/// Where a diagnostic points.
///
/// IR built from source carries [`Span`]s; IR built by a pass often has only
/// a name or a file/line/column triple (MLIR's `NameLoc` and
/// `FileLineColLoc`), or nothing at all (`UnknownLoc`). All four render.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Location {
    /// No location.
    #[default]
    Unknown,
    /// A name only, such as a function or a value (`loc("conv1")`).
    Name(Cow<'static, str>),
    /// A location outside any file, as MLIR prints it
    /// (`loc(fused["a", "b"])`): what a renderer writes for a location no
    /// other variant says.
    Printed(Cow<'static, str>),
    /// A file, line and column without the file's text (1-based, column in
    /// characters).
    FileLineCol {
        /// The file name.
        file: Cow<'static, str>,
        /// The line, 1-based.
        line: u32,
        /// The column in characters, 1-based.
        column: u32,
    },
    /// A byte range in a file of the [`SourceManager`].
    Span(Span),
}

impl Location {
    /// A name-only location.
    pub fn name(name: impl Into<Cow<'static, str>>) -> Self {
        Self::Name(name.into())
    }

    /// A file/line/column location without source text.
    pub fn file_line_col(file: impl Into<Cow<'static, str>>, line: u32, column: u32) -> Self {
        Self::FileLineCol {
            file: file.into(),
            line,
            column,
        }
    }

    /// The span, if this location is one.
    #[inline]
    pub const fn span(&self) -> Option<Span> {
        match self {
            Self::Span(span) => Some(*span),
            _ => None,
        }
    }

    /// Whether the location is [`Location::Unknown`].
    #[inline]
    pub const fn is_unknown(&self) -> bool {
        matches!(self, Self::Unknown)
    }
}

impl From<Span> for Location {
    #[inline]
    fn from(span: Span) -> Self {
        Self::Span(span)
    }
}

/// A line and a column, both 1-based; the column counts characters (Unicode
/// scalar values), as rustc's JSON output does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCol {
    /// The line, 1-based.
    pub line: u32,
    /// The column in characters, 1-based.
    pub column: u32,
}

/// One file's name, text and line table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    id: FileId,
    name: String,
    text: String,
    /// The byte offset where each line starts; `line_starts[0] == 0`, and
    /// a trailing newline starts one more (empty) line.
    line_starts: Vec<u32>,
}

impl SourceFile {
    fn new(id: FileId, name: String, text: String) -> Self {
        assert!(
            u32::try_from(text.len()).is_ok(),
            "source file `{name}` is 4 GiB or larger"
        );
        let mut line_starts = Vec::with_capacity(text.len() / 32 + 1);
        line_starts.push(0);
        line_starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                // The length fits in u32 (checked above), so every offset does.
                .map(|(i, _)| (i + 1) as u32),
        );
        Self {
            id,
            name,
            text,
            line_starts,
        }
    }

    /// The file's id in its manager.
    #[inline]
    pub fn id(&self) -> FileId {
        self.id
    }

    /// The name given to `add_file`.
    #[inline]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    #[inline]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The text length in bytes.
    #[inline]
    pub fn len(&self) -> u32 {
        // Checked in `new`.
        self.text.len() as u32
    }

    /// Whether the text is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The number of lines (a trailing newline starts one more, empty line;
    /// an empty file has one line).
    #[inline]
    pub fn line_count(&self) -> u32 {
        // At most len + 1 entries, and len < u32::MAX.
        self.line_starts.len() as u32
    }

    /// The 1-based line containing byte `offset` (clamped to the text).
    pub fn line_of(&self, offset: u32) -> u32 {
        let offset = offset.min(self.len());
        // The number of line starts at or before `offset` is the line number.
        self.line_starts.partition_point(|&s| s <= offset) as u32
    }

    /// The line and column of byte `offset`, computed now. An offset past the
    /// end is clamped to the end; an offset inside a multi-byte character
    /// counts as that character.
    pub fn line_col(&self, offset: u32) -> LineCol {
        let mut offset = offset.min(self.len()) as usize;
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset as u32);
        let start = self.line_starts[line as usize - 1] as usize;
        let chars = self.text[start..offset].chars().count();
        LineCol {
            line,
            column: chars as u32 + 1,
        }
    }

    /// The byte range of 1-based `line`, without its line terminator (`\n`
    /// or `\r\n`); `None` if there is no such line.
    pub fn line_range(&self, line: u32) -> Option<Range<u32>> {
        let index = (line as usize).checked_sub(1)?;
        let start = *self.line_starts.get(index)?;
        let mut end = self
            .line_starts
            .get(index + 1)
            .map_or(self.len(), |&next| next - 1);
        if end > start && self.text.as_bytes()[end as usize - 1] == b'\r' {
            end -= 1;
        }
        Some(start..end)
    }

    /// The text of 1-based `line`, without its terminator.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let r = self.line_range(line)?;
        Some(&self.text[r.start as usize..r.end as usize])
    }

    /// The span of 1-based `line`, without its terminator.
    pub fn line_span(&self, line: u32) -> Option<Span> {
        let r = self.line_range(line)?;
        Some(Span::new(self.id, r.start, r.end))
    }

    /// The span `start..end` in this file.
    ///
    /// # Panics
    ///
    /// If `start > end`.
    #[inline]
    pub fn span(&self, start: u32, end: u32) -> Span {
        Span::new(self.id, start, end)
    }

    /// The span of the first occurrence of `needle`, for tests and tools.
    pub fn find(&self, needle: &str) -> Option<Span> {
        let at = self.text.find(needle)? as u32;
        Some(Span::new(self.id, at, at + needle.len() as u32))
    }

    /// The text of `span`, if it lies in this file on character boundaries.
    pub fn slice(&self, span: Span) -> Option<&str> {
        if span.file != self.id {
            return None;
        }
        self.text.get(span.range())
    }
}

/// Looks up the files a renderer needs. The engine hands emitters the few
/// files one diagnostic refers to (see [`SourceSet`]), so rendering takes no
/// lock on the manager.
pub trait Sources {
    /// The file with id `file`, if known.
    fn file(&self, file: FileId) -> Option<&SourceFile>;

    /// The first file named `name`, if known: a renderer that shows the
    /// text at a [`Location::FileLineCol`] looks it up by name. None by
    /// default.
    fn file_named(&self, name: &str) -> Option<&SourceFile> {
        let _ = name;
        None
    }
}

/// [`Sources`] with no files: everything renders without snippets.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSources;

impl Sources for NoSources {
    fn file(&self, _file: FileId) -> Option<&SourceFile> {
        None
    }
}

impl Sources for SourceFile {
    fn file(&self, file: FileId) -> Option<&SourceFile> {
        (file == self.id).then_some(self)
    }

    fn file_named(&self, name: &str) -> Option<&SourceFile> {
        (name == self.name).then_some(self)
    }
}

/// The files one diagnostic refers to, each held by a shared handle (an
/// owned snapshot: no reference escapes the manager's lock).
pub struct SourceSet<P: Policy = Shared> {
    files: SmallVec<[P::Arc<SourceFile>; 2]>,
}

impl<P: Policy> SourceSet<P> {
    /// An empty set.
    pub fn new() -> Self {
        Self {
            files: SmallVec::new(),
        }
    }

    /// Adds `file` from `manager` unless it is present or unknown.
    pub fn insert(&mut self, manager: &SourceManager<P>, file: FileId) {
        if self.files.iter().any(|f| f.id == file) {
            return;
        }
        if let Some(handle) = manager.file(file) {
            self.files.push(handle);
        }
    }
}

impl<P: Policy> Default for SourceSet<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Policy> Sources for SourceSet<P> {
    fn file(&self, file: FileId) -> Option<&SourceFile> {
        self.files.iter().map(|h| &**h).find(|f| f.id == file)
    }

    fn file_named(&self, name: &str) -> Option<&SourceFile> {
        self.files.iter().map(|h| &**h).find(|f| f.name == name)
    }
}

impl<P: Policy> fmt::Debug for SourceSet<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.files.iter().map(|h| (*h).name()))
            .finish()
    }
}

/// The files of one compilation: added by name and text, looked up by
/// [`FileId`]. Files are never removed, so an id stays valid for the
/// manager's lifetime.
///
/// Adding a file takes the write lock for one `Vec::push`; lookups take the
/// read lock long enough to clone a handle. With [`Local`](strata_sync::policy::Local)
/// the lock is a `RefCell` and the handle an `Rc`.
pub struct SourceManager<P: Policy = Shared> {
    files: P::RwLock<Vec<P::Arc<SourceFile>>>,
}

impl<P: Policy> SourceManager<P> {
    /// An empty manager.
    pub fn new() -> Self {
        Self {
            files: RwLockApi::new(Vec::new()),
        }
    }

    /// Adds a file and returns its id. Adding the same name twice adds two
    /// files; [`find`](Self::find) returns the first.
    ///
    /// # Panics
    ///
    /// If the text is 4 GiB or larger, or the manager holds 2^32 files.
    pub fn add_file(&self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let (name, text) = (name.into(), text.into());
        let mut files = self.files.write();
        let id = FileId(u32::try_from(files.len()).expect("too many source files"));
        // The line table is built under the lock: a short, one-off cost that
        // keeps ids in insertion order without a second lock acquisition.
        files.push(ArcApi::new(SourceFile::new(id, name, text)));
        id
    }

    /// The file with id `file`, as a shared handle.
    pub fn file(&self, file: FileId) -> Option<P::Arc<SourceFile>> {
        self.files.read().get(file.index()).cloned()
    }

    /// The first file named `name`.
    pub fn find(&self, name: &str) -> Option<FileId> {
        self.files
            .read()
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.id)
    }

    /// The number of files.
    pub fn len(&self) -> usize {
        self.files.read().len()
    }

    /// Whether no file was added.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The line and column where `span` starts, computed now.
    pub fn line_col(&self, span: Span) -> Option<LineCol> {
        Some(self.file(span.file)?.line_col(span.start))
    }
}

impl<P: Policy> Default for SourceManager<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Policy> fmt::Debug for SourceManager<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SourceManager")
            .field("files", &self.len())
            .finish()
    }
}
