//! The keys of `benches/WORKLOADS.md`, generated exactly as that file
//! says, so that every implementation interns the same values in the same
//! order.

use core::hash::Hash;

/// The "type" half of an integer-attribute key for the peers, which have no
/// interned type handle: WORKLOADS.md says they use "a fixed `usize` in its
/// place". Strata uses its pre-created `i64` type handle instead.
pub const PEER_INT_TYPE: usize = 64;

/// How many hot values W1 and W3 walk over.
pub const HOT: usize = 256;

/// The generator's starting state for the hot working set.
const HOT_SEED: u64 = 42;

/// `splitmix64(state)`: advances `state` by the golden-ratio increment and
/// returns the mixed value (wrapping arithmetic, `state` updated in place).
#[inline]
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The 256 hot values: drawn in order from `splitmix64` with `state = 42`,
/// each shifted right by one and read as `i64`.
pub fn hot_values() -> [i64; HOT] {
    let mut state = HOT_SEED;
    core::array::from_fn(|_| (splitmix64(&mut state) >> 1) as i64)
}

/// The hot index thread `t` starts its walk from: `splitmix64(7 + t) & 255`
/// (one call on the state `7 + t`).
#[inline]
pub fn hot_start(t: usize) -> usize {
    let mut state = 7 + t as u64;
    (splitmix64(&mut state) & (HOT as u64 - 1)) as usize
}

/// The step of the hot walk: `idx = (idx * 5 + 1) & 255`, a full-period
/// generator modulo 256, so every hot value is visited once per 256 steps.
#[inline]
pub fn hot_step(idx: usize) -> usize {
    (idx * 5 + 1) & (HOT - 1)
}

/// The `i`-th distinct insert value: `((i as u64) * 0x9e3779b97f4a7c15 >> 1)
/// as i64` (wrapping multiply). An odd multiplier is a bijection on `u64`, and
/// the shift keeps the values distinct for every `i < 2^63`.
#[inline]
pub fn insert_value(i: usize) -> i64 {
    ((i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 1) as i64
}

/// The first `n` insert values, in order.
pub fn insert_values(n: usize) -> Vec<i64> {
    (0..n).map(insert_value).collect()
}

/// The `n` strings of W6: `"sym_{i}"` for `i` in `0..n`.
pub fn strings(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("sym_{i}")).collect()
}

/// The integer-attribute key of the peers: the fixed type placeholder and
/// the value. Its storage holds both, as strata's `IntegerAttr` payload holds
/// its type handle and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntKey {
    /// Always [`PEER_INT_TYPE`].
    pub ty: usize,
    /// The attribute's value.
    pub value: i64,
}

impl IntKey {
    /// The key of `value`.
    #[inline]
    pub fn new(value: i64) -> Self {
        Self {
            ty: PEER_INT_TYPE,
            value,
        }
    }
}

/// A key type the arena-backed peers can store: it can be copied into a
/// bump arena and into a box, keeping its hash and equality.
pub trait StoreKey: Eq + Hash + Send + Sync + 'static {
    /// Copies `self` into `arena`.
    fn alloc_in<'a>(&self, arena: &'a bumpalo::Bump) -> &'a Self;
    /// Copies `self` into a new box.
    fn boxed(&self) -> Box<Self>;
    /// Whether `self` equals `other`, as `==` says. The rebuilt peers (the
    /// floor and rustc's sharded design) compare stored keys with it, so
    /// that they get the inline short-string comparison strata's string
    /// kind uses ([`strata_ctx::bytes_equal`]).
    #[inline]
    fn same(&self, other: &Self) -> bool {
        self == other
    }
}

impl StoreKey for IntKey {
    #[inline]
    fn alloc_in<'a>(&self, arena: &'a bumpalo::Bump) -> &'a Self {
        arena.alloc(*self)
    }
    #[inline]
    fn boxed(&self) -> Box<Self> {
        Box::new(*self)
    }
}

impl StoreKey for str {
    #[inline]
    fn same(&self, other: &Self) -> bool {
        strata_ctx::bytes_equal(self.as_bytes(), other.as_bytes())
    }
    #[inline]
    fn alloc_in<'a>(&self, arena: &'a bumpalo::Bump) -> &'a Self {
        arena.alloc_str(self)
    }
    #[inline]
    fn boxed(&self) -> Box<Self> {
        Box::from(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_vectors() {
        // The reference implementation (Vigna, splitmix64.c) seeded with 0
        // yields these first three outputs.
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix64(&mut s), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(splitmix64(&mut s), 0x06c4_5d18_8009_454f);
        assert_eq!(s, 3u64.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    }

    #[test]
    fn hot_values_are_distinct_and_non_negative() {
        let hot = hot_values();
        let mut sorted = hot.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), HOT);
        assert!(hot.iter().all(|&v| v >= 0));
        let mut s = 42;
        assert_eq!(hot[0], (splitmix64(&mut s) >> 1) as i64);
    }

    #[test]
    fn the_hot_walk_visits_every_index_once_per_period() {
        let mut seen = [false; HOT];
        let mut idx = hot_start(0);
        for _ in 0..HOT {
            assert!(!seen[idx], "index {idx} visited twice within one period");
            seen[idx] = true;
            idx = hot_step(idx);
        }
        assert_eq!(idx, hot_start(0));
        assert_ne!(hot_start(0), hot_start(1));
    }

    #[test]
    fn insert_values_are_distinct() {
        let mut v = insert_values(10_000);
        assert_eq!(v[0], 0);
        assert_eq!(v[1], (0x9e37_79b9_7f4a_7c15u64 >> 1) as i64);
        v.sort_unstable();
        v.dedup();
        assert_eq!(v.len(), 10_000);
    }

    #[test]
    fn strings_are_sym_i() {
        assert_eq!(strings(3), ["sym_0", "sym_1", "sym_2"]);
    }
}

/// The starting state of the compiler-like mix: stream `s` (thread `s` of W7b; W7a
/// replays stream 0) draws from splitmix64 started at `MIX_SEED + s`.
pub const MIX_SEED: u64 = 7777;

/// Of every 100 operations of the mix, this many repeat an earlier one.
pub const MIX_REPEAT_PERCENT: u64 = 30;

/// One operation of the compiler-like mix (W7a, W7b of WORKLOADS.md): what
/// a parser asks its context for while reading a large module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MixOp {
    /// The signless integer type of this width.
    IntType(u32),
    /// The integer attribute `value : i{width}`: the type, then the
    /// attribute holding its handle.
    IntAttr(u32, i64),
    /// The string attribute of the `k`-th string of [`mix_strings`].
    Str(u32),
    /// `vector<{dim} x i{width}>`: the element type, then the vector type
    /// holding its handle.
    Vector(u32, u32),
}

/// The first `n` operations of stream `stream`, as WORKLOADS.md defines
/// them: for operation `i`, draw `r`; if `i > 0` and `r % 100 <
/// MIX_REPEAT_PERCENT`, repeat operation `splitmix64() % i` of the stream;
/// otherwise a first use whose category is `(r >> 8) % 100`: below 25 a
/// fresh integer type (widths 129, 130, …), below 60 a fresh integer
/// attribute (values 1, 2, …, of type `i64` for odd values and `i32` for
/// even ones), below 85 a fresh string (`mix_strings` in order), else a
/// fresh vector type (dimensions 1, 2, …, of `i8`, `i16`, `i32`, `i64` in
/// turn by dimension modulo 4, starting with `i16` for dimension 1).
pub fn mix_ops(n: usize, stream: u64) -> Vec<MixOp> {
    let mut state = MIX_SEED + stream;
    let mut ops: Vec<MixOp> = Vec::with_capacity(n);
    let (mut types, mut attrs, mut strs, mut vectors) = (0u32, 0u32, 0u32, 0u32);
    for i in 0..n {
        let r = splitmix64(&mut state);
        if i > 0 && r % 100 < MIX_REPEAT_PERCENT {
            let j = (splitmix64(&mut state) % i as u64) as usize;
            ops.push(ops[j]);
            continue;
        }
        let op = match (r >> 8) % 100 {
            0..25 => {
                types += 1;
                MixOp::IntType(128 + types)
            }
            25..60 => {
                attrs += 1;
                MixOp::IntAttr(if attrs % 2 == 0 { 32 } else { 64 }, i64::from(attrs))
            }
            60..85 => {
                strs += 1;
                MixOp::Str(strs - 1)
            }
            _ => {
                vectors += 1;
                MixOp::Vector(8 << (vectors % 4), vectors)
            }
        };
        ops.push(op);
    }
    ops
}

/// The strings of the mix: `"v{k}"` for `k` in `0..n` (a stream of `n`
/// operations uses fewer than `n`).
pub fn mix_strings(n: usize) -> Vec<String> {
    (0..n).map(|k| format!("v{k}")).collect()
}

/// The key the peers store for the non-string operations of the mix: a
/// type, or a value or type holding the identity of its type (as strata's
/// payloads hold handles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKey {
    /// An integer type of this width.
    IntType(u32),
    /// An integer attribute: the identity of its type, and its value.
    IntAttr(usize, i64),
    /// A vector type: the identity of its element type, and its dimension.
    Vector(usize, u32),
}

impl StoreKey for NodeKey {
    #[inline]
    fn alloc_in<'a>(&self, arena: &'a bumpalo::Bump) -> &'a Self {
        arena.alloc(*self)
    }
    #[inline]
    fn boxed(&self) -> Box<Self> {
        Box::new(*self)
    }
}

#[cfg(test)]
mod mix_tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_mix_is_about_seventy_percent_first_uses_over_four_categories() {
        let ops = mix_ops(100_000, 0);
        let distinct: HashSet<MixOp> = ops.iter().copied().collect();
        let first = distinct.len() as f64 / ops.len() as f64;
        assert!((0.68..0.72).contains(&first), "{first}");
        let count = |f: fn(&MixOp) -> bool| distinct.iter().filter(|o| f(o)).count() as f64;
        let n = distinct.len() as f64;
        assert!((0.23..0.27).contains(&(count(|o| matches!(o, MixOp::IntType(_))) / n)));
        assert!((0.33..0.37).contains(&(count(|o| matches!(o, MixOp::IntAttr(..))) / n)));
        assert!((0.23..0.27).contains(&(count(|o| matches!(o, MixOp::Str(_))) / n)));
        assert!((0.13..0.17).contains(&(count(|o| matches!(o, MixOp::Vector(..))) / n)));
        // Stream 0 of W7b is the prefix of W7a's stream; stream 1 differs.
        assert_eq!(mix_ops(1000, 0)[..], ops[..1000]);
        assert_ne!(mix_ops(1000, 1), mix_ops(1000, 0));
        let strs = mix_strings(4);
        assert_eq!(strs, ["v0", "v1", "v2", "v3"]);
    }
}
