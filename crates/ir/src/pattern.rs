//! The pattern API: rewrite patterns and the rewriter they run against.
//!
//! A pattern (MLIR's `RewritePattern`) has a root operation name (or none:
//! any operation), a benefit, and [`RewritePattern::match_and_rewrite`],
//! which either leaves the IR untouched and says no, or rewrites it through
//! a [`PatternRewriter`] and says yes. The rewriter performs the body's
//! mutations and records what happened ([`RewriteEvent`]), which is what a
//! driver (the greedy rewrite driver, the dialect conversion) needs to keep
//! its worklist: operations created, modified, replaced and erased, in
//! order. The drivers are built on this; the dialects write the patterns.

use smallvec::SmallVec;

use crate::body::Body;
use crate::error::IrError;
use crate::id::{BlockId, OpId, Value};
use crate::mutate::{InsertPoint, OperationState};

/// What a rewrite did, in the order it did it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RewriteEvent {
    /// An operation was created and placed.
    Inserted(OpId),
    /// An operation was changed in place (its operands, attributes or
    /// properties), or one of its operands was replaced.
    Modified(OpId),
    /// An operation's results were replaced; it is erased next.
    Replaced(OpId),
    /// An operation is about to be erased (its id is dead afterwards).
    Erased(OpId),
}

/// The rewriter a pattern mutates the IR through.
#[derive(Debug)]
pub struct PatternRewriter<'b, 'c> {
    body: &'b mut Body<'c>,
    events: Vec<RewriteEvent>,
}

impl<'b, 'c> PatternRewriter<'b, 'c> {
    /// A rewriter over `body`.
    pub fn new(body: &'b mut Body<'c>) -> Self {
        Self {
            body,
            events: Vec::new(),
        }
    }

    /// The body, to read.
    pub fn body(&self) -> &Body<'c> {
        self.body
    }

    /// What happened so far, taken.
    pub fn take_events(&mut self) -> Vec<RewriteEvent> {
        core::mem::take(&mut self.events)
    }

    /// What happened so far.
    pub fn events(&self) -> &[RewriteEvent] {
        &self.events
    }

    /// Creates an operation from `state` and places it at `at`.
    ///
    /// # Errors
    ///
    /// Those of [`Body::insert_op`]; the operation is erased again then.
    pub fn create(&mut self, state: OperationState<'c>, at: InsertPoint) -> Result<OpId, IrError> {
        let op = self.body.create_op(state);
        if let Err(e) = self.body.insert_op(op, at) {
            self.body
                .erase_op(op)
                .expect("a new detached operation is erasable");
            return Err(e);
        }
        self.events.push(RewriteEvent::Inserted(op));
        Ok(op)
    }

    /// Replaces `op`'s results with `values` and erases it (MLIR's
    /// `replaceOp`); every user of a result is reported modified.
    ///
    /// # Errors
    ///
    /// Those of [`Body::replace_op`].
    pub fn replace_op(&mut self, op: OpId, values: &[Value]) -> Result<(), IrError> {
        let n = self.body.op(op).results().len();
        if n != values.len() {
            return Err(IrError::CountMismatch {
                expected: n,
                found: values.len(),
            });
        }
        let users: SmallVec<[OpId; 8]> = self
            .body
            .op(op)
            .results()
            .iter()
            .flat_map(|&r| self.body.users(r))
            .collect();
        self.events.push(RewriteEvent::Replaced(op));
        for u in users {
            if u != op {
                self.events.push(RewriteEvent::Modified(u));
            }
        }
        self.events.push(RewriteEvent::Erased(op));
        self.body.replace_op(op, values)
    }

    /// Erases `op` (MLIR's `eraseOp`).
    ///
    /// # Errors
    ///
    /// Those of [`Body::erase_op`].
    pub fn erase_op(&mut self, op: OpId) -> Result<(), IrError> {
        self.body.erase_op(op)?;
        self.events.push(RewriteEvent::Erased(op));
        Ok(())
    }

    /// Replaces every use of `from` with `to`; every user is reported
    /// modified.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        let users: SmallVec<[OpId; 8]> = self.body.users(from).collect();
        self.body.replace_all_uses_with(from, to);
        for u in users {
            self.events.push(RewriteEvent::Modified(u));
        }
    }

    /// Changes `op` in place with `f` (MLIR's `modifyOpInPlace`).
    pub fn modify_in_place<R>(&mut self, op: OpId, f: impl FnOnce(&mut Body<'c>) -> R) -> R {
        let r = f(self.body);
        self.events.push(RewriteEvent::Modified(op));
        r
    }

    /// Moves the operations of `source` to `at` with its arguments replaced
    /// and erases it (MLIR's `inlineBlockBefore`).
    ///
    /// # Errors
    ///
    /// Those of [`Body::inline_block_before`].
    pub fn inline_block_before(
        &mut self,
        source: BlockId,
        at: InsertPoint,
        args: &[Value],
    ) -> Result<(), IrError> {
        let users: SmallVec<[OpId; 8]> = self
            .body
            .block_args(source)
            .iter()
            .flat_map(|&a| self.body.users(a))
            .collect();
        self.body.inline_block_before(source, at, args)?;
        for u in users {
            self.events.push(RewriteEvent::Modified(u));
        }
        Ok(())
    }

    /// Splits `block` before `op` (MLIR's `splitBlock`).
    ///
    /// # Errors
    ///
    /// Those of [`Body::split_block`].
    pub fn split_block(&mut self, block: BlockId, op: OpId) -> Result<BlockId, IrError> {
        self.body.split_block(block, op)
    }
}

/// A rewrite pattern (MLIR's `RewritePattern`).
pub trait RewritePattern: Send + Sync {
    /// The name of the operations it applies to; `None` for any.
    fn root(&self) -> Option<&str>;

    /// How much it is preferred over other patterns of the same root
    /// (higher first).
    fn benefit(&self) -> u16 {
        1
    }

    /// Rewrites `op` and returns `true`, or leaves the IR as it was and
    /// returns `false`.
    fn match_and_rewrite<'c>(&self, op: OpId, rewriter: &mut PatternRewriter<'_, 'c>) -> bool;

    /// A name for debugging and statistics.
    fn name(&self) -> &str {
        core::any::type_name::<Self>()
    }
}
