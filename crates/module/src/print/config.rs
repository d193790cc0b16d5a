//! The one printing of a module: [`PrintConfig`].

use super::*;

/// A printing of a module: its options, the operation definitions whose
/// custom forms it prints, whether it runs on rayon. Without definitions
/// (or with [`PrintConfig::generic`]) it prints the generic form, as
/// `mlir-opt --mlir-print-op-generic`; with them, every operation created
/// with a definition that has an [`crate::asm::OpPrint`] prints in its
/// custom form and every other in the generic form, values numbered as
/// MLIR's custom printing numbers them (sibling regions reuse numbers,
/// results take the names their definitions give).
///
/// ```
/// use strata_ctx::Context;
/// use strata_module::{ParseConfig, PrintConfig};
///
/// let ops = strata_module::builtin_ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>();
/// let ctx = Context::new();
/// let text = "module @m {\n  %0 = \"x.y\"() : () -> i32\n}\n";
/// let module = ParseConfig::new().ops(&ops).parse(&ctx, text).unwrap();
/// assert_eq!(PrintConfig::new().ops(&ops).print(&module), format!("{text}\n"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintConfig<'r> {
    options: PrintOptions,
    forms: Option<&'r OpRegistry>,
    generic: bool,
    parallel: bool,
}

impl<'r> PrintConfig<'r> {
    /// The default printing: generic form, default options, one thread.
    pub fn new() -> Self {
        Self::default()
    }

    /// With `options` (debug info, local scope, elision).
    #[must_use]
    pub fn options(mut self, options: PrintOptions) -> Self {
        self.options = options;
        self
    }

    /// Prints the custom forms of `ops`' definitions.
    #[must_use]
    pub fn ops(mut self, ops: &'r OpRegistry) -> Self {
        self.forms = Some(ops);
        self
    }

    /// Prints every operation in the generic form (`--mlir-print-op-generic`).
    #[must_use]
    pub fn generic(mut self, generic: bool) -> Self {
        self.generic = generic;
        self
    }

    /// Numbers, visits and prints the operations of the root's body (the
    /// units a parallel parse made) concurrently on the current rayon pool,
    /// joined in order: the same text.
    #[must_use]
    pub fn parallel(mut self, parallel: bool) -> Self {
        self.parallel = parallel;
        self
    }

    /// The text of `module`, with the final newline `mlir-opt` writes.
    pub fn print(&self, module: &Module<'_>) -> String {
        self.print_listing_generic(module).0
    }

    /// [`PrintConfig::print`], and the names of the operations it printed
    /// in the generic form though their dialect is registered (a name the
    /// registry knows without a definition, a definition without an
    /// [`crate::asm::OpPrint`], or an operation the module's printing
    /// hooks call registered): those MLIR prints in a custom form strata
    /// does not have. Sorted, each once; none in the generic form.
    pub fn print_listing_generic(&self, module: &Module<'_>) -> (String, Vec<String>) {
        let forms = self.forms.filter(|_| !self.generic);
        let bodies = Bodies::new(&module.body);
        let aliases = (!self.options.local_scope).then(|| {
            collect_aliases(
                &bodies,
                module,
                self.options.debug_info,
                self.parallel,
                forms,
            )
        });
        print_with_aliases(
            &bodies,
            module,
            self.options,
            self.parallel,
            aliases.as_ref(),
            forms,
        )
    }
}
