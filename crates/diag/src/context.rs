//! The per-thread diagnostic context and ordered parallel regions.
//!
//! # The thread-local
//!
//! The context is a thread-local stack of the tasks this thread is running,
//! innermost last, each with the engine it belongs to, a handle to its
//! region's buffer, its key and its counter. [`Region::task`] pushes its
//! entries and pops them when the task returns or unwinds (RAII). Emission
//! looks for the innermost entry *of its own engine*: a task of the same
//! engine buffers, anything else dispatches at once. A task of another
//! engine never hides an engine's entry, so a task of engine B running
//! inside a task of engine A leaves A's order intact.
//!
//! # Regions inside tasks of other engines
//!
//! A region of engine B opened inside a task of engine A (on this thread)
//! is, for A, what a nested region of A would be: it takes the next key of
//! A's task as its base for A, and each of its tasks carries an entry for A
//! with that base plus the task index, pointing at A's task's buffer. What
//! a task of B emits to A is then ordered by B's task index under A's task,
//! on whatever thread the task of B runs, exactly as a serial run prints
//! it.

use core::any::Any;
use core::cell::RefCell;
use core::fmt;

use smallvec::SmallVec;
use strata_sync::policy::{ArcApi, MutexApi};

use crate::diagnostic::Diagnostic;
use crate::engine::DiagEngine;
use strata_sync::policy::{Policy, Shared};

/// A hierarchical task key, compared lexicographically (a prefix sorts
/// first). Up to four components are stored inline.
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OrderKey(SmallVec<[u32; 4]>);

impl OrderKey {
    /// The empty key: the base of a top-level region.
    #[inline]
    pub fn root() -> Self {
        Self(SmallVec::new())
    }

    /// A key with the given components.
    pub fn from_components(components: &[u32]) -> Self {
        Self(SmallVec::from_slice(components))
    }

    /// This key with `component` appended.
    #[inline]
    pub fn child(&self, component: u32) -> Self {
        let mut c = self.0.clone();
        c.push(component);
        Self(c)
    }

    /// The components.
    #[inline]
    pub fn components(&self) -> &[u32] {
        &self.0
    }
}

impl fmt::Debug for OrderKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OrderKey({self})")
    }
}

impl fmt::Display for OrderKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{c}")?;
        }
        f.write_str("]")
    }
}

/// One buffered diagnostic.
struct Buffered {
    key: OrderKey,
    diag: Box<Diagnostic>,
}

/// A region's buffer, shared by the region and its running tasks.
type Buffer<P> = <P as Policy>::Shelf<Vec<Buffered>>;

/// A task this thread is running, for one engine.
struct TaskContext {
    /// The engine the task's region belongs to ([`DiagEngine::identity`]).
    engine: usize,
    /// A `Buffer<P>` for that engine's policy `P`, type-erased because the
    /// thread-local cannot be generic.
    buffer: Box<dyn Any>,
    /// Clones `buffer` (a `Buffer<P>` clone for the right `P`), for a region
    /// of another engine whose tasks carry an entry for this engine.
    clone_buffer: fn(&dyn Any) -> Option<Box<dyn Any>>,
    /// The task's key.
    key: OrderKey,
    /// The next per-task component (see the module docs).
    next: u32,
}

impl TaskContext {
    fn new<P: Policy>(engine: usize, buffer: Buffer<P>, key: OrderKey) -> Self {
        Self {
            engine,
            buffer: Box::new(buffer),
            clone_buffer: clone_erased::<P>,
            key,
            next: 0,
        }
    }

    /// Takes the next key under this task.
    fn next_key(&mut self) -> OrderKey {
        let key = self.key.child(self.next);
        self.next = self
            .next
            .checked_add(1)
            .expect("more than 2^32 diagnostics in one task");
        key
    }

    /// The address of the erased buffer handle: identifies this entry while
    /// it is on the stack.
    fn buffer_address(&self) -> usize {
        core::ptr::from_ref::<dyn Any>(&*self.buffer).cast::<()>() as usize
    }
}

/// The `clone_buffer` of a [`TaskContext`] of an engine with policy `P`.
fn clone_erased<P: Policy>(buffer: &dyn Any) -> Option<Box<dyn Any>> {
    let buffer = buffer.downcast_ref::<Buffer<P>>()?;
    Some(Box::new(buffer.clone()))
}

strata_sync::thread_local! {
    // Loom's `thread_local!` has no `const { }` form, and one declaration
    // serves both builds.
    #[allow(clippy::missing_const_for_thread_local)]
    /// The per-thread diagnostic context: the tasks this thread is running,
    /// innermost last (entries of several engines interleave; each engine
    /// sees its own innermost entry).
    static CONTEXT: RefCell<Vec<TaskContext>> = RefCell::new(Vec::new());
}

/// The key of the innermost task this thread is running, if any (of any
/// engine).
pub fn current_key() -> Option<OrderKey> {
    CONTEXT.with(|c| c.borrow().last().map(|cx| cx.key.clone()))
}

/// Runs `f` on this thread's innermost task context of `engine`, if any.
fn with_task<P: Policy, R>(
    engine: &DiagEngine<P>,
    f: impl FnOnce(&mut TaskContext, &Buffer<P>) -> R,
) -> Option<R> {
    let identity = engine.identity();
    CONTEXT.with(|c| {
        let mut stack = c.borrow_mut();
        let cx = stack.iter_mut().rev().find(|cx| cx.engine == identity)?;
        // The identity check makes the downcast succeed (one engine address,
        // one policy); a failure would mean another engine's context, which
        // is treated as "no task" rather than trusted.
        let buffer = cx.buffer.downcast_ref::<Buffer<P>>()?.clone();
        Some(f(cx, &buffer))
    })
}

/// Where the tasks of a region find the buffer of an engine other than the
/// region's own, whose task enclosed the region when it was opened.
enum ForeignBuffer {
    /// A thread-safe engine's buffer, usable from any thread that runs a
    /// task of the region.
    Shared(Buffer<Shared>),
    /// A single-threaded engine's buffer, which cannot be put in a region
    /// another thread may share: the entry on the opening thread's stack
    /// (by its `buffer_address`) that holds it. Only the opening thread can
    /// emit to such an engine, and it runs the region's tasks inside that
    /// entry's task, so the entry is there whenever it is looked for.
    Local(usize),
}

/// An engine other than the region's own that had a task running on the
/// thread that opened the region.
struct Foreign {
    engine: usize,
    /// The region's base key for that engine: the next key of its task.
    base: OrderKey,
    buffer: ForeignBuffer,
}

/// Takes, for every engine other than `own` with a task on this thread, the
/// next key of its innermost task: the region's base for that engine.
fn capture_foreign(own: usize) -> Vec<Foreign> {
    CONTEXT.with(|c| {
        let mut stack = c.borrow_mut();
        let mut foreign: Vec<Foreign> = Vec::new();
        for cx in stack.iter_mut().rev() {
            if cx.engine == own || foreign.iter().any(|f| f.engine == cx.engine) {
                continue;
            }
            let buffer = match cx.buffer.downcast_ref::<Buffer<Shared>>() {
                Some(shared) => ForeignBuffer::Shared(shared.clone()),
                None => ForeignBuffer::Local(cx.buffer_address()),
            };
            foreign.push(Foreign {
                engine: cx.engine,
                base: cx.next_key(),
                buffer,
            });
        }
        foreign
    })
}

/// Buffers `diag` if this thread runs a task of `engine`'s region (and
/// returns `None`); gives it back otherwise.
pub(crate) fn buffer<P: Policy>(
    engine: &DiagEngine<P>,
    diag: Box<Diagnostic>,
) -> Option<Box<Diagnostic>> {
    let mut diag = Some(diag);
    let buffered = with_task(engine, |cx, buffer| {
        let key = cx.next_key();
        let diag = diag.take().expect("taken once");
        buffer.lock().push(Buffered { key, diag });
    });
    debug_assert_eq!(buffered.is_some(), diag.is_none());
    diag
}

/// An ordered parallel region of a [`DiagEngine`], created by
/// [`DiagEngine::ordered_region`].
///
/// Run each unit of work through [`task`](Self::task) with a distinct
/// index, on any thread (rayon, scoped threads). Diagnostics the engine
/// receives from inside a task are buffered; when the region ends (also by
/// unwinding) they are dispatched in key order, so the output is
/// byte-identical to a serial run of the tasks in index order, whatever the
/// schedule. Diagnostics emitted on a thread that is not running a task of
/// this engine are dispatched at once, as usual.
///
/// ```
/// use strata_diag::{DiagEngine, Location, SharedBuffer, HumanEmitter};
///
/// let out = SharedBuffer::new();
/// let engine = DiagEngine::builder().sink(out.clone()).emitter(HumanEmitter::new()).build();
/// engine.ordered_region(|region| {
///     std::thread::scope(|s| {
///         for i in (0..4u32).rev() {
///             let engine = &engine;
///             s.spawn(move || region.task(i, || {
///                 engine.warning(Location::Unknown, "task {}").arg(i).emit();
///             }));
///         }
///     });
/// });
/// assert_eq!(
///     out.contents(),
///     "warning: task 0\n\nwarning: task 1\n\nwarning: task 2\n\nwarning: task 3\n\n"
/// );
/// ```
///
/// # Keys
///
/// Every diagnostic emitted inside a task of a region is buffered with a
/// hierarchical [`OrderKey`] and dispatched, in key order, when the region
/// ends. A task's key is its region's base key plus the task index. Inside a
/// task, each emission and each nested region takes the next value of a
/// per-task counter as one more component:
///
/// ```text
/// region (base [])
///   task 3 (key [3])
///     emit A                -> [3, 0]
///     nested region (base [3, 1])
///       task 0 (key [3, 1, 0])
///         emit B            -> [3, 1, 0, 0]
///       task 1 (key [3, 1, 1])
///         emit C            -> [3, 1, 1, 0]
///     emit D                -> [3, 2]
/// ```
///
/// Sorting the keys lexicographically gives A, B, C, D: exactly the order a
/// serial run (tasks in index order) prints, whatever threads ran the tasks
/// and in whatever order. A nested region does not dispatch when it ends;
/// it hands its entries, keys intact, to the enclosing task's buffer.
///
/// Task indices must be distinct within a region: two tasks with one index
/// share a key prefix, and the relative order of their diagnostics is then
/// unspecified. A task's own threads (if it spawns any) are not part of the
/// task.
pub struct Region<'e, P: Policy> {
    engine: &'e DiagEngine<P>,
    base: OrderKey,
    /// Whether the region was opened inside a task of the same engine (its
    /// entries go to that task's buffer when it ends).
    nested: bool,
    buffer: Buffer<P>,
    /// The other engines with a task on the opening thread (see the module
    /// docs): each task of this region carries an entry for each of them.
    foreign: Vec<Foreign>,
}

impl<'e, P: Policy> Region<'e, P> {
    pub(crate) fn new(engine: &'e DiagEngine<P>) -> Self {
        let base = with_task(engine, |cx, _| cx.next_key());
        Self {
            engine,
            nested: base.is_some(),
            base: base.unwrap_or_default(),
            buffer: ArcApi::new(MutexApi::new(Vec::new())),
            foreign: capture_foreign(engine.identity()),
        }
    }

    /// The region's base key (empty for a top-level region).
    pub fn key(&self) -> &OrderKey {
        &self.base
    }

    /// The number of diagnostics buffered so far.
    pub fn pending(&self) -> usize {
        self.buffer.lock().len()
    }

    /// Runs `f` as task `index` of this region on the calling thread: sets
    /// the thread's context to the task's key for the duration of `f` and
    /// restores the previous context afterwards, also if `f` panics.
    ///
    /// The key belongs to the calling thread: a thread that `f` spawns
    /// itself (`std::thread::spawn`, `scope`) has no task context, and what
    /// it emits is dispatched at once, outside the region's order. Emit
    /// from the task's own thread, or run the nested work as tasks of a
    /// nested region (or strata-ctx's `parallel_for_each`, which opens
    /// one), whose keys sort under this task's.
    ///
    /// Entries of other engines' tasks on this thread stay in place: what
    /// `f` emits to another engine keeps that engine's order (see the
    /// module docs).
    pub fn task<R>(&self, index: u32, f: impl FnOnce() -> R) -> R {
        let own = TaskContext::new::<P>(
            self.engine.identity(),
            self.buffer.clone(),
            self.base.child(index),
        );
        let depth = CONTEXT.with(|c| {
            let mut stack = c.borrow_mut();
            let depth = stack.len();
            for foreign in &self.foreign {
                let buffer = match &foreign.buffer {
                    ForeignBuffer::Shared(buffer) => Some((
                        Box::new(buffer.clone()) as Box<dyn Any>,
                        clone_erased::<Shared> as fn(&dyn Any) -> Option<Box<dyn Any>>,
                    )),
                    ForeignBuffer::Local(address) => stack
                        .iter()
                        .rev()
                        .find(|cx| cx.engine == foreign.engine && cx.buffer_address() == *address)
                        .and_then(|cx| Some(((cx.clone_buffer)(&*cx.buffer)?, cx.clone_buffer))),
                };
                // A single-threaded engine's entry is missing on any thread
                // but the opening one, where nothing can emit to it.
                if let Some((buffer, clone_buffer)) = buffer {
                    stack.push(TaskContext {
                        engine: foreign.engine,
                        buffer,
                        clone_buffer,
                        key: foreign.base.child(index),
                        next: 0,
                    });
                }
            }
            // The task's own entry goes last: it is the innermost one, whose
            // key `current_key` reports.
            stack.push(own);
            depth
        });
        let _restore = Restore(depth);
        f()
    }

    /// Dispatches (or, if nested, hands over) everything buffered.
    fn flush(&mut self) {
        let mut entries = core::mem::take(&mut *self.buffer.lock());
        if entries.is_empty() {
            return;
        }
        if self.nested {
            let mut pending = Some(entries);
            let handed = with_task(self.engine, |_, outer| {
                outer.lock().extend(pending.take().expect("taken once"));
            });
            match (handed, pending) {
                (Some(()), _) | (None, None) => return,
                // The enclosing task is gone (cannot happen through the
                // public API); dispatch rather than lose anything.
                (None, Some(rest)) => entries = rest,
            }
        }
        // Keys are distinct for distinct tasks, so the order is total; the
        // sort is stable regardless.
        entries.sort_by(|a, b| a.key.cmp(&b.key));
        // A handler that panics stops only its own diagnostic: the panic is
        // caught and the rest of the buffer is still reported (and counted).
        // Then, if the region is not already unwinding, the first handler
        // panic is resumed; if it is, a panic escaping this drop would abort
        // the process, so the handler's panic is dropped and the one already
        // in flight goes on.
        let unwinding = std::thread::panicking();
        let mut first_panic = None;
        for Buffered { diag, .. } in entries {
            let engine = self.engine;
            if let Err(payload) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                engine.dispatch(&diag);
            })) {
                first_panic.get_or_insert(payload);
            }
        }
        if let Some(payload) = first_panic
            && !unwinding
        {
            std::panic::resume_unwind(payload);
        }
    }
}

impl<P: Policy> Drop for Region<'_, P> {
    /// The drop guard's job: the buffer is reported even when the region's
    /// closure or one of its tasks panics.
    fn drop(&mut self) {
        self.flush();
    }
}

impl<P: Policy> fmt::Debug for Region<'_, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Region")
            .field("base", &self.base)
            .field("nested", &self.nested)
            .field("pending", &self.pending())
            .finish_non_exhaustive()
    }
}

/// Pops the entries a task pushed when dropped: its job is to leave the
/// thread-local as it was before the task (its depth), also when the task
/// unwinds.
struct Restore(usize);

impl Drop for Restore {
    fn drop(&mut self) {
        let depth = self.0;
        // Entries above `depth` are this task's: tasks on one thread nest,
        // and each inner task popped its own before this one ends. Each
        // finished entry (and its buffer handle) is dropped outside the
        // thread-local borrow.
        while let Some(finished) = CONTEXT.with(|c| {
            let mut stack = c.borrow_mut();
            if stack.len() > depth {
                stack.pop()
            } else {
                None
            }
        }) {
            drop(finished);
        }
    }
}
