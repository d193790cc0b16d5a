//! strata, through its facade: `ctx.integer_attr(ctx.i64(), value)` for the
//! integer-attribute key and `ctx.string_attr(s)` for strings, exactly what a
//! compiler built on strata calls. The identity is the handle's address
//! (`Interned::as_ptr`), which is what handle equality compares.
//!
//! `Context` (shared) is the `threaded` mode: thread cache, lock-free
//! Level 1, read-locked probe, write-locked insert. `Context<Local>` is the
//! `single` mode: one unsynchronised probe. The facade has no switch to turn
//! the thread cache off, so there is no `strata-nocache` line.

use strata_builtin::Signedness;
use strata_builtin::prelude::*;
use strata_ctx::{Context, Policy};

use super::{Interner, MixInterner};
use crate::keys::{IntKey, MixOp};

impl<P: Policy> Interner<IntKey> for &Context<P> {
    #[inline]
    fn intern(&mut self, key: &IntKey) -> usize {
        // The peers' type placeholder is ignored: strata's key is the real
        // interned `i64` type handle (pre-created, so no lookup) and the
        // value.
        self.integer_attr(self.i64(), i128::from(key.value))
            .as_ptr()
            .addr()
    }
}

impl<P: Policy> Interner<str> for &Context<P> {
    #[inline]
    fn intern(&mut self, key: &str) -> usize {
        self.string_attr(key).as_ptr().addr()
    }
}

impl<P: Policy> MixInterner for &Context<P> {
    #[inline]
    fn intern_op(&mut self, op: MixOp, strings: &[String]) -> usize {
        let ctx = *self;
        let int = |w| ctx.integer_type(w, Signedness::Signless);
        match op {
            MixOp::IntType(w) => int(w).as_ptr().addr(),
            MixOp::IntAttr(w, v) => ctx.integer_attr(int(w), i128::from(v)).as_ptr().addr(),
            MixOp::Str(k) => ctx.string_attr(&strings[k as usize]).as_ptr().addr(),
            MixOp::Vector(w, d) => ctx.vector_type(&[i64::from(d)], int(w)).as_ptr().addr(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_are_identities_in_both_modes() {
        // `Context` has an inherent `intern` (generic over the kind), which
        // method syntax would pick; the trait's is named explicitly.
        let shared = Context::new();
        let mut r = &shared;
        let a = Interner::intern(&mut r, &IntKey::new(5));
        assert_eq!(a, Interner::intern(&mut r, &IntKey::new(5)));
        assert_eq!(a, shared.i64_attr(5).as_ptr().addr());
        assert_ne!(a, Interner::intern(&mut r, &IntKey::new(6)));
        let local = Context::single_threaded();
        let mut l = &local;
        let s = Interner::<str>::intern(&mut l, "sym_0");
        assert_eq!(s, Interner::<str>::intern(&mut l, "sym_0"));
        assert_ne!(s, Interner::<str>::intern(&mut l, "sym_1"));
    }
}
