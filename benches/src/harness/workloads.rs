//! What the harness runs: the workloads of `benches/WORKLOADS.md`, the
//! threading modes, the implementations compared, which of them runs which
//! workload (and why not, where one does not), and the keys every workload
//! is built from.

use core::fmt;

use crate::keys::HOT;

/// A workload of `benches/WORKLOADS.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Workload {
    /// 256 pre-interned hot values, `H` lookups on one thread.
    W1HotHits,
    /// `N` distinct inserts into a fresh context on one thread.
    W2Inserts,
    /// W1 on several threads at once over one context.
    W3HotHitsMt,
    /// `N` distinct inserts split between threads (disjoint halves).
    W4InsertsMtDisjoint,
    /// Two threads insert the same `N` keys, in opposite orders.
    W5InsertsMtSame,
    /// `N` distinct strings into a fresh context.
    W6aStringInserts,
    /// The same `N` strings again, right after W6a.
    W6bStringHits,
    /// The compiler-like mix: `N` operations, about 70% first uses, over
    /// types, integer attributes, strings and vector types, on one thread.
    W7aCompilerMix,
    /// Two threads replaying a mix stream each, `N / 2` operations apiece,
    /// on one fresh context.
    W7bCompilerMixMt,
}

impl Workload {
    /// Every workload, in the order the harness runs them.
    pub const ALL: [Workload; 9] = [
        Workload::W1HotHits,
        Workload::W2Inserts,
        Workload::W3HotHitsMt,
        Workload::W4InsertsMtDisjoint,
        Workload::W5InsertsMtSame,
        Workload::W6aStringInserts,
        Workload::W6bStringHits,
        Workload::W7aCompilerMix,
        Workload::W7bCompilerMixMt,
    ];

    /// The name printed in the JSON (`"W1_hot_hits"`).
    pub fn name(self) -> &'static str {
        match self {
            Workload::W1HotHits => "W1_hot_hits",
            Workload::W2Inserts => "W2_inserts",
            Workload::W3HotHitsMt => "W3_hot_hits_mt",
            Workload::W4InsertsMtDisjoint => "W4_inserts_mt_disjoint",
            Workload::W5InsertsMtSame => "W5_inserts_mt_same",
            Workload::W6aStringInserts => "W6a_string_inserts",
            Workload::W6bStringHits => "W6b_string_hits",
            Workload::W7aCompilerMix => "W7a_compiler_mix",
            Workload::W7bCompilerMixMt => "W7b_compiler_mix_mt",
        }
    }

    /// The short name (`"W1"`).
    pub fn short(self) -> &'static str {
        self.name().split('_').next().unwrap_or_default()
    }

    /// The workload named `name` (full or short, any case).
    pub fn from_name(name: &str) -> Option<Workload> {
        Self::ALL
            .into_iter()
            .find(|w| w.name().eq_ignore_ascii_case(name) || w.short().eq_ignore_ascii_case(name))
    }

    /// The thread count WORKLOADS.md gives it.
    pub fn default_threads(self) -> usize {
        match self {
            Workload::W3HotHitsMt
            | Workload::W4InsertsMtDisjoint
            | Workload::W5InsertsMtSame
            | Workload::W7bCompilerMixMt => 2,
            _ => 1,
        }
    }

    /// Whether it runs on several threads (and so only in `threaded` mode).
    pub fn is_multi_threaded(self) -> bool {
        self.default_threads() > 1
    }

    /// Whether `--threads` scales it (W3 and W4).
    pub fn scales(self) -> bool {
        matches!(self, Workload::W3HotHitsMt | Workload::W4InsertsMtDisjoint)
    }

    /// The single-thread workload it is the multi-threaded form of (W1 for
    /// W3; W2 for W4 and W5), or itself.
    pub fn single_thread_base(self) -> Workload {
        match self {
            Workload::W3HotHitsMt => Workload::W1HotHits,
            Workload::W4InsertsMtDisjoint | Workload::W5InsertsMtSame => Workload::W2Inserts,
            Workload::W7bCompilerMixMt => Workload::W7aCompilerMix,
            w => w,
        }
    }

    /// Whether it needs a fresh (empty) context.
    pub fn needs_fresh_context(self) -> bool {
        !matches!(self, Workload::W1HotHits | Workload::W3HotHitsMt)
    }

    /// Whether its keys are strings.
    pub fn is_string(self) -> bool {
        matches!(self, Workload::W6aStringInserts | Workload::W6bStringHits)
    }

    /// Whether it is one of the compiler-like mixes.
    pub fn is_mix(self) -> bool {
        matches!(self, Workload::W7aCompilerMix | Workload::W7bCompilerMixMt)
    }
}

impl fmt::Display for Workload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The threading mode of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mode {
    /// The thread-safe context.
    Threaded,
    /// The single-threaded (unsynchronised) context.
    Single,
}

impl Mode {
    /// Both modes.
    pub const ALL: [Mode; 2] = [Mode::Threaded, Mode::Single];

    /// The name printed in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Threaded => "threaded",
            Mode::Single => "single",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An implementation the harness compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Impl {
    /// strata through its facade (`strata_ctx::Context`).
    Strata,
    /// The unsynchronised floor (hashbrown + FxHash + bumpalo).
    Floor,
    /// rustc's sharded interner, rebuilt.
    RustcSharded,
    /// A `DashMap` interner.
    DashMap,
    /// `internment::Intern`.
    Internment,
    /// `lasso` (strings only).
    Lasso,
}

impl Impl {
    /// Every implementation, in the order the harness runs them.
    pub const ALL: [Impl; 6] = [
        Impl::Strata,
        Impl::Floor,
        Impl::RustcSharded,
        Impl::DashMap,
        Impl::Internment,
        Impl::Lasso,
    ];

    /// The name printed in the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Impl::Strata => "strata",
            Impl::Floor => "floor",
            Impl::RustcSharded => "rustc-sharded",
            Impl::DashMap => "dashmap",
            Impl::Internment => "internment",
            Impl::Lasso => "lasso",
        }
    }

    /// The implementation named `name`.
    pub fn from_name(name: &str) -> Option<Impl> {
        Self::ALL
            .into_iter()
            .find(|i| i.name().eq_ignore_ascii_case(name))
    }

    /// Why this implementation prints nothing for `w` in `mode`, or `None`
    /// if it runs it.
    pub fn skip_reason(self, w: Workload, mode: Mode) -> Option<&'static str> {
        if self == Impl::Floor && w.is_multi_threaded() {
            return Some(
                "unsynchronised, so one thread only; the multi-threaded workloads are compared with its single-thread figures",
            );
        }
        if mode == Mode::Single && w.is_multi_threaded() {
            return Some("the single-threaded mode is for one thread only");
        }
        match (self, mode) {
            (Impl::Strata, _) => None,
            (Impl::Floor, Mode::Threaded) => Some(
                "the floor is unsynchronised and single-threaded by definition; it prints `single` lines only",
            ),
            (Impl::Floor, Mode::Single) => None,
            (Impl::RustcSharded | Impl::DashMap | Impl::Internment, Mode::Single) => {
                Some("no single-threaded mode")
            }
            (Impl::RustcSharded | Impl::DashMap, Mode::Threaded) => None,
            (Impl::Internment, Mode::Threaded) => {
                if w.needs_fresh_context() {
                    Some(
                        "its pool is global (one per type, never emptied), so it cannot start from a fresh context",
                    )
                } else {
                    None
                }
            }
            (Impl::Lasso, _) => {
                if w.is_string() {
                    None
                } else {
                    Some("a string interner: WORKLOADS.md uses it for the string workloads only")
                }
            }
        }
    }

    /// Whether it runs `w` in `mode`.
    pub fn runs(self, w: Workload, mode: Mode) -> bool {
        self.skip_reason(w, mode).is_none()
    }
}

impl fmt::Display for Impl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The keys, built once before anything is timed.
pub(super) struct Inputs {
    /// The 256 hot values of W1 and W3.
    pub(super) hot: [i64; HOT],
    /// The `N` distinct insert values (empty when no insert workload runs).
    pub(super) values: Vec<i64>,
    /// The `N` strings of W6a and W6b (empty when neither runs).
    pub(super) strings: Vec<String>,
    /// The mix streams: stream 0 (`N` operations; W7b's thread 0 replays
    /// its first `N / 2`) and stream 1 (`N / 2`), empty when no mix runs.
    pub(super) mix: [Vec<crate::keys::MixOp>; 2],
    /// The strings the mix streams name.
    pub(super) mix_strings: Vec<String>,
    /// `H`, the hot lookups per thread.
    pub(super) h: usize,
}

/// A never-written identity (no implementation hands out `usize::MAX`). The
/// identity vectors are filled with it before timing, which also touches
/// their pages so that page faults stay out of the timed region.
pub(super) const UNSET: usize = usize::MAX;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for w in Workload::ALL {
            assert_eq!(Workload::from_name(w.name()), Some(w));
            assert_eq!(Workload::from_name(w.short()), Some(w));
        }
        for i in Impl::ALL {
            assert_eq!(Impl::from_name(i.name()), Some(i));
        }
        assert_eq!(Workload::W6aStringInserts.short(), "W6a");
    }
}
