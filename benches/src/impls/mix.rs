//! The compiler-like mix (W7a, W7b): one operation of [`MixOp`] in, one
//! identity out. strata answers it through its facade; a peer through
//! [`Mix`], one table for the types and attributes ([`NodeKey`]) and one
//! for the strings, as a compiler keeps its type interner and its symbol
//! interner apart.

use super::Interner;
use crate::keys::{MixOp, NodeKey};

/// Interns the operations of the mix.
pub trait MixInterner {
    /// Interns `op` (a [`MixOp::Str`] names a string of `strings`) and
    /// returns its identity: the same for equal operations, distinct for
    /// different ones.
    fn intern_op(&mut self, op: MixOp, strings: &[String]) -> usize;
}

/// The signless integer widths a peer pre-interns, as strata's builtin
/// dialect pre-creates them (and rustc its `tcx.types`): an attribute or a
/// vector of these widths finds its type without a lookup.
const COMMON: [u32; 4] = [8, 16, 32, 64];

/// A peer's mix interner: `N` interns the [`NodeKey`]s, `S` the strings
/// (the interner itself for the unsynchronised floor, a shared reference
/// for a thread-safe peer).
#[derive(Debug)]
pub struct Mix<N, S> {
    nodes: N,
    strs: S,
    /// The identities of the [`COMMON`] integer types.
    common: [usize; 4],
}

impl<N: Interner<NodeKey>, S: Interner<str>> Mix<N, S> {
    /// A mix interner over `nodes` and `strs`; pre-interns the common
    /// integer types.
    pub fn new(mut nodes: N, strs: S) -> Self {
        let common = COMMON.map(|w| nodes.intern(&NodeKey::IntType(w)));
        Self {
            nodes,
            strs,
            common,
        }
    }

    /// The identity of the integer type of `width`.
    #[inline]
    fn int_type(&mut self, width: u32) -> usize {
        match COMMON.iter().position(|&w| w == width) {
            Some(i) => self.common[i],
            None => self.nodes.intern(&NodeKey::IntType(width)),
        }
    }
}

impl<N: Interner<NodeKey>, S: Interner<str>> MixInterner for Mix<N, S> {
    #[inline]
    fn intern_op(&mut self, op: MixOp, strings: &[String]) -> usize {
        match op {
            MixOp::IntType(w) => self.int_type(w),
            MixOp::IntAttr(w, v) => {
                let ty = self.int_type(w);
                self.nodes.intern(&NodeKey::IntAttr(ty, v))
            }
            MixOp::Str(k) => self.strs.intern(&strings[k as usize]),
            MixOp::Vector(w, d) => {
                let element = self.int_type(w);
                self.nodes.intern(&NodeKey::Vector(element, d))
            }
        }
    }
}
