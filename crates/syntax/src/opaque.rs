//! The opaque kinds: types and attributes of dialects that have no
//! registered syntax, kept as their text (MLIR's `OpaqueType` and
//! `OpaqueAttr`, what `--allow-unregistered-dialect` produces).
//!
//! They are defined here through the public kind API because the builtin
//! kinds have none yet (see `crates/syntax/NEEDS.md`).

use core::fmt;

use core::hash::{Hash, Hasher};

use strata_ctx::{Arena, AttributeKind, Category, KindInfo, StorageKind, Type, TypeKind};

/// Whether MLIR prints `data` in the pretty form `dialect.data` (an
/// identifier, optionally followed by one `<...>` body), as
/// `isDialectSymbolSimpleEnoughForPrettyForm` decides.
pub(crate) fn is_pretty(data: &str) -> bool {
    let b = data.as_bytes();
    if b.is_empty() || !b[0].is_ascii_alphabetic() {
        return false;
    }
    let rest = data.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
}

fn write_symbol(f: &mut fmt::Formatter<'_>, sigil: char, dialect: &str, data: &str) -> fmt::Result {
    write!(f, "{sigil}{dialect}")?;
    if is_pretty(data) {
        write!(f, ".{data}")
    } else {
        write!(f, "<{data}>")
    }
}

/// The payload of an opaque type: `!dialect.data`, or `!dialect<...>` when
/// the data is not an identifier. It is also its own lookup key (with
/// borrowed strings); construction copies the strings into the arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueTypeData<'s> {
    /// The dialect namespace.
    pub dialect: &'s str,
    /// The symbol data: the text after `!dialect.`, or what is inside the
    /// `<>` of the verbose form `!dialect<...>`.
    pub data: &'s str,
}

impl fmt::Display for OpaqueTypeData<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_symbol(f, '!', self.dialect, self.data)
    }
}

/// A type of an unregistered dialect, printed back as it was written.
#[derive(Debug, Clone, Copy)]
pub enum OpaqueType {}

impl StorageKind for OpaqueType {
    type Stored<'c> = OpaqueTypeData<'c>;
    type Key<'k, 'c>
        = OpaqueTypeData<'k>
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo = KindInfo::new::<OpaqueType>("syntax.opaque_type", Category::Type);
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &OpaqueTypeData<'k>, state: &mut H) {
        key.hash(state)
    }

    fn matches<'k, 'c: 'k>(stored: &'c OpaqueTypeData<'c>, key: &OpaqueTypeData<'k>) -> bool {
        stored == key
    }

    fn construct<'k, 'c: 'k>(key: &OpaqueTypeData<'k>, arena: &'c Arena) -> OpaqueTypeData<'c> {
        OpaqueTypeData {
            dialect: arena.alloc_str(key.dialect),
            data: arena.alloc_str(key.data),
        }
    }

    fn shorten<'a, 'b: 'a>(stored: &'a OpaqueTypeData<'b>) -> &'a OpaqueTypeData<'a> {
        stored
    }
}

impl TypeKind for OpaqueType {}

/// The payload of an opaque attribute: `#dialect.data`, with an optional
/// type (` : type`). It is also its own lookup key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueAttrData<'s, 'c> {
    /// The dialect namespace.
    pub dialect: &'s str,
    /// The symbol data, as for [`OpaqueTypeData::data`].
    pub data: &'s str,
    /// The type written after the attribute, if any.
    pub ty: Option<Type<'c>>,
}

impl fmt::Display for OpaqueAttrData<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_symbol(f, '#', self.dialect, self.data)?;
        if let Some(ty) = self.ty {
            write!(f, " : {ty}")?;
        }
        Ok(())
    }
}

/// An attribute of an unregistered dialect, printed back as it was written.
#[derive(Debug, Clone, Copy)]
pub enum OpaqueAttr {}

impl StorageKind for OpaqueAttr {
    type Stored<'c> = OpaqueAttrData<'c, 'c>;
    type Key<'k, 'c>
        = OpaqueAttrData<'k, 'c>
    where
        'c: 'k;

    fn info() -> &'static KindInfo {
        static INFO: KindInfo =
            KindInfo::new::<OpaqueAttr>("syntax.opaque_attr", Category::Attribute);
        &INFO
    }

    fn hash_key<'k, 'c: 'k, H: Hasher>(key: &OpaqueAttrData<'k, 'c>, state: &mut H) {
        key.hash(state)
    }

    fn matches<'k, 'c: 'k>(
        stored: &'c OpaqueAttrData<'c, 'c>,
        key: &OpaqueAttrData<'k, 'c>,
    ) -> bool {
        stored == key
    }

    fn construct<'k, 'c: 'k>(
        key: &OpaqueAttrData<'k, 'c>,
        arena: &'c Arena,
    ) -> OpaqueAttrData<'c, 'c> {
        OpaqueAttrData {
            dialect: arena.alloc_str(key.dialect),
            data: arena.alloc_str(key.data),
            ty: key.ty,
        }
    }

    fn shorten<'a, 'b: 'a>(stored: &'a OpaqueAttrData<'b, 'b>) -> &'a OpaqueAttrData<'a, 'a> {
        stored
    }
}

impl AttributeKind for OpaqueAttr {}
