//! A parsed file: the operation tree in `strata-ir`'s bodies, the file
//! metadata and the printing hooks it was parsed with.

use strata_builtin::AsmHooks;
use strata_ir::{Body, OpId, OpRegistry, WalkOrder, WalkResult, walk_op};

/// A parsed file: its root operation (a `builtin.module`, the file's own or
/// an implicit one) in a body of its own, and the file metadata section.
///
/// The root is isolated from above, so its region is in its child body
/// ([`Module::root_body`]): the file's top-level operations live there, and
/// each isolated one among them (a `func.func`, a nested `builtin.module`)
/// has its own child body in turn, which one thread can take and change
/// alone (see `strata-ir`'s `Container`).
#[derive(Clone, Debug)]
pub struct Module<'c> {
    /// The file's body: it holds the root operation alone.
    pub body: Body<'c>,
    /// The root operation, in [`Module::body`].
    pub root: OpId,
    /// The `{-# ... #-}` section, as parsed entries.
    pub resources: Vec<ResourceGroup>,
    /// The printing hooks of the dialects the module was parsed with (their
    /// aliases, the elements their kinds print inside themselves).
    pub asm: AsmHooks,
}

/// One group of the file metadata section (`dialect_resources: {...}` or
/// `external_resources: {...}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceGroup {
    /// `dialect_resources` or `external_resources`.
    pub kind: String,
    /// Per dialect (or external tool), its entries: key and value text.
    pub entries: Vec<(String, Vec<(String, String)>)>,
}

impl<'c> Module<'c> {
    /// The root operation's body: the file's top-level operations.
    ///
    /// # Panics
    ///
    /// If the root's body was taken out (by a `Container` guard that was
    /// not returned).
    pub fn root_body(&self) -> &Body<'c> {
        let owner = self
            .body
            .op(self.root)
            .owner()
            .expect("the root is isolated");
        self.body.child(owner).expect("the root's body is home")
    }

    /// The root operation's body, to change.
    ///
    /// # Panics
    ///
    /// As [`root_body`](Self::root_body).
    pub fn root_body_mut(&mut self) -> &mut Body<'c> {
        let owner = self
            .body
            .op(self.root)
            .owner()
            .expect("the root is isolated");
        self.body.child_mut(owner).expect("the root's body is home")
    }

    /// The number of operations in the module, the root included.
    pub fn num_operations(&self) -> usize {
        fn count(b: &Body<'_>) -> usize {
            b.num_ops() + b.children().map(|(_, c)| count(c)).sum::<usize>()
        }
        count(&self.body)
    }

    /// The number of bodies in the module: the file's, and one per isolated
    /// operation.
    pub fn bodies(&self) -> usize {
        fn count(b: &Body<'_>) -> usize {
            1 + b.children().map(|(_, c)| count(c)).sum::<usize>()
        }
        count(&self.body)
    }

    /// Checks the rules MLIR's verifier applies to every operation,
    /// registered or not (entry blocks without predecessors, no empty block
    /// in a region of several, successors only on a block's last operation,
    /// operands that dominate their uses, no symbol defined twice in a
    /// `builtin.module`), and runs the verifiers of the definitions in `ops`
    /// that the operations were created with, as a parse does: on any
    /// module, however it was changed since. Returns the first failure in
    /// MLIR's order.
    ///
    /// An error is placed at its operation's location when that is a
    /// `file:line:col` of `file` in `text` (the buffer the module was parsed
    /// from, say), else at the nearest enclosing operation that is, else at
    /// the start of the text.
    ///
    /// ```
    /// use strata_ctx::Context;
    /// use strata_module::{ParseConfig, builtin_ops};
    ///
    /// let ctx = Context::new();
    /// let ops = builtin_ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
    /// let text = "\"x.f\"() ({\n  \"x.use\"(%0) : (i32) -> ()\n  %0 = \"x.def\"() : () -> i32\n}) : () -> ()\n";
    /// // Inside one block of an unregistered operation (a graph region) a use
    /// // may come before its definition.
    /// let module = ParseConfig::new().name("f.mlir").ops(&ops).parse(&ctx, text).unwrap();
    /// assert!(module.verify(&ops, "f.mlir", text).is_ok());
    /// ```
    ///
    /// # Errors
    ///
    /// The first rule broken, with a note where MLIR gives one.
    pub fn verify(
        &self,
        ops: &OpRegistry,
        file: &str,
        text: &str,
    ) -> Result<(), crate::ParseError> {
        let starts = crate::parse::Lines::new(text).starts;
        let at = |loc: strata_ctx::Location<'_>| {
            crate::structure::locate(loc, file, &starts, text.len())
        };
        let checker = crate::structure::Checker {
            at: &at,
            parallel: false,
            op_note: Some(strata_builtin::PrintOptions::default()),
            clean: &[],
            ops,
        };
        crate::structure::check_module(&checker, self)
    }

    /// Calls `f` on every operation of the module in pre-order (an
    /// operation before the operations of its regions, regions, blocks and
    /// operations in order), the root first, with the body it lives in: the
    /// order in which they are printed. Iterative (`strata-ir`'s walker), so
    /// a deeply nested module cannot overflow the stack.
    pub fn walk<'m>(&'m self, mut f: impl FnMut(&'m Body<'c>, OpId)) {
        walk_op(&self.body, self.root, WalkOrder::PreOrder, |b, op| {
            f(b, op);
            WalkResult::Advance
        });
    }
}
