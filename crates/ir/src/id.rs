//! The ids of a body's nodes: operations, blocks, regions, values, and the
//! operand and successor slots that make up use-lists.
//!
//! An id is an index into one [`Body`](crate::Body)'s arena, stored plus one
//! in a `NonZeroU32` so that `Option<Id>` costs no more than the id. An id
//! is meaningful only with the body it came from, and only until its node is
//! erased: an erased node's slot may be reused by a node created later.

use core::fmt;
use core::num::NonZeroU32;

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident => $prefix:literal,)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(NonZeroU32);

        impl $name {
            /// The id of slot `index`.
            ///
            /// # Panics
            ///
            /// If `index` does not fit in 32 bits less one.
            #[inline]
            pub(crate) fn new(index: usize) -> Self {
                let raw = u32::try_from(index)
                    .ok()
                    .and_then(|i| i.checked_add(1))
                    .expect("a body holds fewer than 2^32 - 1 nodes of one kind");
                // `raw` is at least 1: it is an index plus one that did not overflow.
                Self(NonZeroU32::new(raw).expect("an index plus one is not zero"))
            }

            /// The slot's index in its body's arena.
            #[inline]
            pub fn index(self) -> usize {
                (self.0.get() - 1) as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.index())
            }
        }
    )*};
}

ids! {
    /// An operation of a body.
    OpId => "op",
    /// A block of a body.
    BlockId => "block",
    /// A region of a body.
    RegionId => "region",
    /// A value of a body: an operation's result or a block's argument.
    Value => "value",
}

/// One operand slot: operand `index` of operation `op`. A value's use-list is
/// a list of these, the newest use first (MLIR's `IROperand` order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OpOperand {
    /// The operation that uses the value.
    pub op: OpId,
    /// The operand's position among the operation's operands.
    pub index: u32,
}

/// One successor slot: successor `index` of operation `op`. A block's
/// predecessor list is a list of these, the newest first (MLIR's
/// `BlockOperand` order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct BlockOperand {
    /// The operation (a terminator) that names the block.
    pub op: OpId,
    /// The successor's position among the operation's successors.
    pub index: u32,
}

/// The owner body of an isolated-from-above operation, as its parent body
/// records it: a slot in the parent's table of children and the generation
/// of the body that slot held when the id was made.
///
/// A slot is reused after its owner is erased, with the next generation, so
/// an id kept across the erasure names no body rather than the new one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct OwnerId {
    pub(crate) slot: u32,
    pub(crate) generation: u32,
}

impl OwnerId {
    /// The slot in the parent body's table of children.
    pub fn slot(self) -> usize {
        self.slot as usize
    }

    /// The generation of the slot this id names.
    pub fn generation(self) -> u32 {
        self.generation
    }
}
