//! Builtin source locations.
//!
//! A location prints as MLIR writes it, `loc(...)`; with the alternate flag
//! (`{:#}`) it prints without the `loc(...)` wrapper, which is how nested
//! locations are written.

use core::fmt;
use core::fmt::Write as _;

use crate::asm::{AsmPrinter, NO_HOOKS, print_kinds, print_standalone};
use crate::attrs::write_quoted;
use crate::builtin_kind;
use strata_ctx::{Attribute, Interned, Location};

use crate::{AsContext, common, word};

/// Implements `Display` for location payloads: `loc(...)` around the body
/// (`print`), the body alone with the alternate flag; a printing of its own.
macro_rules! display_location {
    ($($payload:ty),* $(,)?) => {$(
        impl fmt::Display for $payload {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let wrap = !f.alternate();
                print_standalone(f, &NO_HOOKS, |p| {
                    if wrap {
                        p.write_str("loc(")?;
                    }
                    self.print(p)?;
                    if wrap {
                        p.write_str(")")?;
                    }
                    Ok(())
                })
            }
        }
    )*};
}

/// The payload of the unknown location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnknownLocData;

impl UnknownLocData {
    fn print(&self, p: &mut AsmPrinter<'_, '_>) -> fmt::Result {
        p.write_str("unknown")
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

impl FileLineColLocData<'_> {
    fn print(&self, p: &mut AsmPrinter<'_, '_>) -> fmt::Result {
        write_quoted(p, self.file)?;
        write!(p, ":{}:{}", self.line, self.column)
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

impl<'c> NameLocData<'_, 'c> {
    fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        write_quoted(p, self.name)?;
        // MLIR prints no unknown child.
        if !self.child.isa::<UnknownLoc>() {
            p.write_str("(")?;
            p.print_nested_location(self.child)?;
            p.write_str(")")?;
        }
        Ok(())
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

impl<'c> FusedLocData<'_, 'c> {
    fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("fused")?;
        if let Some(m) = self.metadata {
            p.write_str("<")?;
            p.print_attribute(m)?;
            p.write_str(">")?;
        }
        p.write_str("[")?;
        for (i, &l) in self.locations.iter().enumerate() {
            if i > 0 {
                p.write_str(", ")?;
            }
            p.print_nested_location(l)?;
        }
        p.write_str("]")
    }
}

builtin_kind!(
    /// `loc(fused["a.mlir":1:1, "b.mlir":2:2])`.
    FusedLoc: "builtin.fused_loc", Location, LocationKind, FusedLocData<'c, 'c>, FusedLocData<'k, 'c>,
    |key, arena| FusedLocData { locations: arena.alloc_slice_copy(key.locations), metadata: key.metadata }
);

/// The payload of a call-site location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CallSiteLocData<'c> {
    /// The location of the callee.
    pub callee: Location<'c>,
    /// The location of the caller.
    pub caller: Location<'c>,
}

impl<'c> CallSiteLocData<'c> {
    fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.write_str("callsite(")?;
        p.print_nested_location(self.callee)?;
        p.write_str(" at ")?;
        p.print_nested_location(self.caller)?;
        p.write_str(")")
    }
}

builtin_kind!(
    /// `loc(callsite("foo" at "a.mlir":1:2))`.
    CallSiteLoc: "builtin.callsite_loc", Location, LocationKind, CallSiteLocData<'c>, CallSiteLocData<'c>, |key, _arena| *key
);

/// The payload of an opaque location: a pointer-sized value of the user's,
/// tagged with a type identity, and the location printed in its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueLocData<'c> {
    /// The user's value (MLIR's `uintptr_t`).
    pub value: u64,
    /// The identity of the value's type.
    pub type_id: u64,
    /// The location printed for it.
    pub fallback: Location<'c>,
}

impl<'c> OpaqueLocData<'c> {
    /// Prints the fallback location, as MLIR does.
    fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.print_nested_location(self.fallback)
    }
}

display_location!(
    UnknownLocData,
    FileLineColLocData<'_>,
    NameLocData<'_, '_>,
    FusedLocData<'_, '_>,
    CallSiteLocData<'_>,
    OpaqueLocData<'_>,
);

/// Prints `loc` in full, without `loc(...)`, if it is a builtin location;
/// `None` if it is not.
pub(crate) fn print_builtin_location<'c>(
    loc: Location<'c>,
    p: &mut AsmPrinter<'_, 'c>,
) -> Option<fmt::Result> {
    print_kinds!(loc, p;
        FileLineColLoc => print,
        NameLoc => print,
        UnknownLoc => print,
        FusedLoc => print,
        CallSiteLoc => print,
        OpaqueLoc => print,
    )
}

builtin_kind!(
    /// An opaque location: a value of the user's, printed as its fallback.
    OpaqueLoc: "builtin.opaque_loc", Location, LocationKind, OpaqueLocData<'c>, OpaqueLocData<'c>, |key, _arena| *key
);

/// The payload of a location used as an attribute value (MLIR's locations
/// are attributes: `{loc = loc("x":1:2)}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocationAttrData<'c> {
    /// The location.
    pub location: Location<'c>,
}

impl<'c> LocationAttrData<'c> {
    /// The location, `loc(...)` (the attribute's alias, `#loc3`, is the
    /// location's).
    pub(crate) fn print(&self, p: &mut AsmPrinter<'_, 'c>) -> fmt::Result {
        p.print_location(self.location, true)
    }
}

crate::asm::display_by_printer!(LocationAttrData<'_>);

builtin_kind!(
    /// `loc("x":1:2)` as an attribute value: one attribute per location.
    LocationAttr: "builtin.location_attr", Attribute, AttributeKind, LocationAttrData<'c>, LocationAttrData<'c>, |key, _arena| *key
);

/// The builtin locations, as methods of a context (`ctx.unknown_loc()`, `ctx.file_loc(..)`).
///
/// Implemented for every [`Context`](strata_ctx::Context); bring it into scope with
/// `use strata_builtin::prelude::*;`.
pub trait BuiltinLocs: AsContext {
    /// `loc(unknown)` (pre-created).
    #[inline]
    fn unknown_loc(&self) -> Interned<'_, UnknownLoc> {
        common(self.context(), word::UNKNOWN_LOC)
    }

    /// `loc("file":line:column)`. An empty file name is `-`, as MLIR 19's
    /// `FileLineColLoc::get` from a string makes it (so `loc("":1:1)` is
    /// `loc("-":1:1)`, one location).
    ///
    /// ```
    /// use strata_builtin::prelude::*;
    ///
    /// let ctx = strata_ctx::Context::new();
    /// assert_eq!(ctx.file_loc("", 1, 1), ctx.file_loc("-", 1, 1));
    /// assert_eq!(ctx.file_loc("", 1, 1).to_string(), "loc(\"-\":1:1)");
    /// ```
    fn file_loc<'c>(&'c self, file: &str, line: u32, column: u32) -> Interned<'c, FileLineColLoc> {
        let file = if file.is_empty() { "-" } else { file };
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

    /// `loc(fused[locations])`, with optional metadata, canonicalised as
    /// MLIR's `FusedLoc::get` does: a fused location among `locations` with
    /// the same metadata is flattened into its parts, unknown locations and
    /// duplicates are dropped (the first occurrence stays); then no location
    /// left gives `loc(unknown)` (or, with metadata, `fused<m>[unknown]`),
    /// and a single one without metadata stands for itself.
    fn fused_loc<'c>(
        &'c self,
        locations: &[Location<'c>],
        metadata: Option<Attribute<'c>>,
    ) -> Location<'c> {
        let mut parts: Vec<Location<'c>> = Vec::with_capacity(locations.len());
        let push = |l: Location<'c>, parts: &mut Vec<Location<'c>>| {
            if !parts.contains(&l) {
                parts.push(l);
            }
        };
        for &l in locations {
            if let Some(fused) = l.dyn_cast::<FusedLoc>()
                && fused.payload().metadata == metadata
            {
                // MLIR assumes a fused location holds no unknown one, but
                // `fused<m>[unknown]` does; dropping it here too keeps the
                // result what MLIR's parser makes of its print.
                for &inner in fused.payload().locations {
                    if !inner.isa::<UnknownLoc>() {
                        push(inner, &mut parts);
                    }
                }
                continue;
            }
            if !l.isa::<UnknownLoc>() {
                push(l, &mut parts);
            }
        }
        let unknown: Location<'c> = self.unknown_loc().into();
        match (parts.as_slice(), metadata) {
            ([], None) => unknown,
            ([], Some(_)) => self
                .context()
                .intern::<FusedLoc>(FusedLocData {
                    locations: &[unknown],
                    metadata,
                })
                .into(),
            ([single], None) => *single,
            _ => self
                .context()
                .intern::<FusedLoc>(FusedLocData {
                    locations: &parts,
                    metadata,
                })
                .into(),
        }
    }

    /// The attribute holding `location` (`{loc = loc("x":1:2)}`).
    fn location_attr<'c>(
        &'c self,
        location: impl Into<Location<'c>>,
    ) -> Interned<'c, LocationAttr> {
        self.context().intern::<LocationAttr>(LocationAttrData {
            location: location.into(),
        })
    }

    /// `loc(callsite(callee at caller))`.
    fn call_site_loc<'c>(
        &'c self,
        callee: impl Into<Location<'c>>,
        caller: impl Into<Location<'c>>,
    ) -> Interned<'c, CallSiteLoc> {
        self.context().intern::<CallSiteLoc>(CallSiteLocData {
            callee: callee.into(),
            caller: caller.into(),
        })
    }

    /// An opaque location holding `value` (of the type `type_id` names),
    /// printed as `fallback`.
    fn opaque_loc<'c>(
        &'c self,
        value: u64,
        type_id: u64,
        fallback: impl Into<Location<'c>>,
    ) -> Interned<'c, OpaqueLoc> {
        self.context().intern::<OpaqueLoc>(OpaqueLocData {
            value,
            type_id,
            fallback: fallback.into(),
        })
    }
}

impl<T: AsContext + ?Sized> BuiltinLocs for T {}
