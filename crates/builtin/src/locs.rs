//! Builtin source locations.
//!
//! A location prints as MLIR writes it, `loc(...)`; with the alternate flag
//! (`{:#}`) it prints without the `loc(...)` wrapper, which is how nested
//! locations are written.

use core::fmt;

use crate::attrs::write_quoted;
use crate::builtin_kind;
use strata_ctx::{Attribute, Interned, Location};

use crate::{AsContext, common};

fn wrapped(
    f: &mut fmt::Formatter<'_>,
    inner: impl FnOnce(&mut fmt::Formatter<'_>) -> fmt::Result,
) -> fmt::Result {
    if f.alternate() {
        inner(f)
    } else {
        f.write_str("loc(")?;
        inner(f)?;
        f.write_str(")")
    }
}

/// The payload of the unknown location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownLocData;

impl fmt::Display for UnknownLocData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wrapped(f, |f| f.write_str("unknown"))
    }
}

builtin_kind!(
    /// `loc(unknown)` (a singleton, pre-created).
    UnknownLoc: "builtin.unknown_loc", Location, LocationKind, UnknownLocData, UnknownLocData, |key, _arena| *key
);

/// The payload of a file-line-column location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FileLineColLocData<'c> {
    /// The file name.
    pub file: &'c str,
    /// The line, 1-based.
    pub line: u32,
    /// The column, 1-based.
    pub column: u32,
}

impl fmt::Display for FileLineColLocData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wrapped(f, |f| {
            write_quoted(f, self.file)?;
            write!(f, ":{}:{}", self.line, self.column)
        })
    }
}

builtin_kind!(
    /// `loc("file.mlir":3:7)`.
    FileLineColLoc: "builtin.file_line_col_loc", Location, LocationKind, FileLineColLocData<'c>, FileLineColLocData<'k>,
    |key, arena| FileLineColLocData { file: arena.alloc_str(key.file), line: key.line, column: key.column }
);

/// The payload of a named location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NameLocData<'s, 'c> {
    /// The name.
    pub name: &'s str,
    /// The location the name is attached to.
    pub child: Location<'c>,
}

impl fmt::Display for NameLocData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wrapped(f, |f| {
            write_quoted(f, self.name)?;
            if !self.child.isa::<UnknownLoc>() {
                write!(f, "({:#})", self.child)?;
            }
            Ok(())
        })
    }
}

builtin_kind!(
    /// `loc("name"("file":1:2))`.
    NameLoc: "builtin.name_loc", Location, LocationKind, NameLocData<'c, 'c>, NameLocData<'k, 'c>,
    |key, arena| NameLocData { name: arena.alloc_str(key.name), child: key.child }
);

/// The payload of a fused location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FusedLocData<'s, 'c> {
    /// The fused locations.
    pub locations: &'s [Location<'c>],
    /// Optional metadata.
    pub metadata: Option<Attribute<'c>>,
}

impl fmt::Display for FusedLocData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        wrapped(f, |f| {
            f.write_str("fused")?;
            if let Some(m) = self.metadata {
                write!(f, "<{m}>")?;
            }
            f.write_str("[")?;
            for (i, l) in self.locations.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{l:#}")?;
            }
            f.write_str("]")
        })
    }
}

builtin_kind!(
    /// `loc(fused["a.mlir":1:1, "b.mlir":2:2])`.
    FusedLoc: "builtin.fused_loc", Location, LocationKind, FusedLocData<'c, 'c>, FusedLocData<'k, 'c>,
    |key, arena| FusedLocData { locations: arena.alloc_slice_copy(key.locations), metadata: key.metadata }
);

/// The builtin locations, as methods of a context (`ctx.unknown_loc()`, `ctx.file_loc(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait BuiltinLocs: AsContext {
    /// `loc(unknown)` (pre-created).
    #[inline]
    fn unknown_loc(&self) -> Interned<'_, UnknownLoc> {
        common(self.context(), |b| b.unknown_loc)
    }

    /// `loc("file":line:column)`.
    fn file_loc<'c>(&'c self, file: &str, line: u32, column: u32) -> Interned<'c, FileLineColLoc> {
        self.context()
            .intern::<FileLineColLoc>(FileLineColLocData { file, line, column })
    }

    /// `loc("name"(child))`.
    fn name_loc<'c>(&'c self, name: &str, child: impl Into<Location<'c>>) -> Interned<'c, NameLoc> {
        self.context().intern::<NameLoc>(NameLocData {
            name,
            child: child.into(),
        })
    }

    /// `loc(fused[locations])`, with optional metadata. Fusing one location
    /// returns it, as MLIR does.
    fn fused_loc<'c>(
        &'c self,
        locations: &[Location<'c>],
        metadata: Option<Attribute<'c>>,
    ) -> Location<'c> {
        match (locations, metadata) {
            ([single], None) => *single,
            _ => self
                .context()
                .intern::<FusedLoc>(FusedLocData {
                    locations,
                    metadata,
                })
                .into(),
        }
    }
}

impl<T: AsContext + ?Sized> BuiltinLocs for T {}
