//! The one entry point of the parser of a module: [`ParseConfig`].

use core::hash::BuildHasher;

use strata_builtin::PrintOptions;
use strata_ctx::{Context, Local, Policy, Shared};
use strata_ir::OpRegistry;
use strata_syntax::{ParseError, Syntax};

use crate::{Module, ParseStats, parse};

/// How to parse a module: the dialect syntax, the file name of the
/// locations, and whether the top-level operations parse in parallel.
///
/// A parse has three independent choices, and one function per
/// combination of them would be one more way to do the same thing each
/// time a choice is added. A `ParseConfig` holds the choices, set by its
/// builder methods, and [`ParseConfig::parse`] is the one parse:
///
/// - [`ParseConfig::syntax`]: the dialects whose types and attributes parse
///   through their hooks; the module keeps their printing hooks
///   ([`Syntax::asm_hooks`]) for [`print_module`]'s aliases. Without it,
///   every dialect type and attribute stays opaque.
/// - [`ParseConfig::name`]: the file name of the locations the parse gives
///   the operations (`loc("f.mlir":1:1)`). Without it, the name is empty,
///   as in MLIR's `parseSourceString`.
/// - [`ParseConfig::parallel`]: whether the top-level operations (or those
///   of the file's `builtin.module`) parse concurrently on the current
///   rayon pool, all interning into the one context. The module is the same
///   either way. Only a thread-safe context ([`Shared`]) parses in
///   parallel: the request is ignored for a single-threaded one ([`Local`]),
///   which always parses sequentially.
///
/// [`print_module`]: crate::print_module
///
/// ```
/// use strata_ctx::Context;
/// use strata_module::{ParseConfig, ParsePolicy, PrintOptions, print_module};
///
/// let ctx = Context::new();
/// let text = "\"test.op\"() : () -> ()\n";
/// let (module, stats) = ParseConfig::new()
///     .name("f.mlir")
///     .parallel(true)
///     .parse_with_stats(&ctx, text);
/// let module = module.unwrap();
/// assert!(stats.units >= 1);
/// assert_eq!(
///     print_module(&module, PrintOptions::default()),
///     "\"builtin.module\"() ({\n  \"test.op\"() : () -> ()\n}) : () -> ()\n\n",
/// );
///
/// // A single-threaded context parses with the same configuration,
/// // sequentially.
/// let local = Context::single_threaded();
/// let config = ParseConfig::new().name("f.mlir").parallel(true);
/// assert!(config.parse(&local, text).is_ok());
///
/// // Code generic over the context's policy names the bound.
/// fn units<P: ParsePolicy<S>, S: core::hash::BuildHasher + 'static>(
///     ctx: &Context<P, S>,
///     text: &str,
/// ) -> usize {
///     let (module, stats) = ParseConfig::new().parallel(true).parse_with_stats(ctx, text);
///     assert!(module.is_ok());
///     stats.units
/// }
/// assert_eq!(units(&ctx, text), units(&local, text));
/// ```
pub struct ParseConfig<'s, P: Policy = Shared, S = rustc_hash::FxBuildHasher> {
    syntax: Option<&'s Syntax<P, S>>,
    ops: Option<&'s OpRegistry>,
    name: &'s str,
    parallel: bool,
    op_note: Option<PrintOptions>,
}

impl<'s, P: Policy, S> ParseConfig<'s, P, S> {
    /// A configuration with no dialect syntax, an empty file name and a
    /// sequential parse.
    pub fn new() -> Self {
        ParseConfig {
            syntax: None,
            ops: None,
            name: "",
            parallel: false,
            op_note: Some(PrintOptions::default()),
        }
    }

    /// Parses the types and attributes of the dialects of `syntax` through
    /// their hooks, and keeps their printing hooks in the module.
    #[must_use]
    pub fn syntax(self, syntax: &'s Syntax<P, S>) -> Self {
        ParseConfig {
            syntax: Some(syntax),
            ..self
        }
    }

    /// Parses the operations with the definitions of `ops`: which are
    /// isolated from above, and the custom forms of those that have an
    /// [`OpAsm`] for this context type. Without it, the parse knows the
    /// builtin dialect's operations only ([`builtin_ops`]).
    ///
    /// The hooks of an [`OpAsm`] are for one context type: a registry that
    /// [`builtin_ops`] or [`register_builtin`] made for another context
    /// type than the parse's is refused (the parse panics) rather than read
    /// without its custom forms.
    ///
    /// [`register_builtin`]: crate::register_builtin
    /// [`OpAsm`]: crate::asm::OpAsm
    /// [`builtin_ops`]: crate::builtin_ops
    #[must_use]
    pub fn ops(self, ops: &'s OpRegistry) -> Self {
        ParseConfig {
            ops: Some(ops),
            ..self
        }
    }

    /// Names the file `name` in the locations of the parse (a chunk of a
    /// `--split-input-file` parse has the name [`Chunk::buffer_name`]
    /// gives it).
    ///
    /// [`Chunk::buffer_name`]: crate::Chunk::buffer_name
    #[must_use]
    pub fn name(self, name: &'s str) -> Self {
        ParseConfig { name, ..self }
    }

    /// Parses the top-level operations concurrently on the current rayon
    /// pool when `parallel` is true and the context is thread-safe.
    #[must_use]
    pub fn parallel(self, parallel: bool) -> Self {
        ParseConfig { parallel, ..self }
    }

    /// Whether an error the verifier reports about an operation carries
    /// MLIR's note "see current operation: ..." with the operation printed
    /// (MLIR's `MLIRContext::printOpOnDiagnostic`, on by default; mlir-opt
    /// turns it off under `--verify-diagnostics` and with
    /// `--mlir-print-op-on-diagnostic=false`), and how: `Some` with the
    /// printing's options (its `debug_info`, as `--mlir-print-debuginfo`
    /// prints the locations; the note is in local scope with large
    /// elements attributes elided whatever the rest says), `None` for no
    /// note.
    ///
    /// ```
    /// use strata_ctx::Context;
    /// use strata_module::ParseConfig;
    ///
    /// let ctx = Context::new();
    /// let text = "\"t.f\"() ({\n  \"t.jump\"()[^bb1] : () -> ()\n  \"t.x\"() : () -> ()\n^bb1:\n  \"t.y\"() : () -> ()\n}) : () -> ()\n";
    /// let e = ParseConfig::new().parse(&ctx, text).unwrap_err();
    /// assert_eq!(e.message(), "operation with block successors must terminate its parent block");
    /// assert_eq!(e.notes()[0].1, "see current operation: \"t.jump\"()[^bb1] : () -> ()");
    /// let e = ParseConfig::new().op_on_diagnostic(None).parse(&ctx, text).unwrap_err();
    /// assert!(e.notes().is_empty());
    /// ```
    #[must_use]
    pub fn op_on_diagnostic(self, op_note: Option<PrintOptions>) -> Self {
        ParseConfig { op_note, ..self }
    }
}

impl<P: ParsePolicy<S> + 'static, S: BuildHasher + 'static> ParseConfig<'_, P, S> {
    /// Parses `text`, a whole file (or the text of one `--split-input-file`
    /// chunk), into `ctx`.
    ///
    /// # Errors
    ///
    /// The first error in file order, with its span in `text`; then, for a
    /// file that parses, the first error of the rules MLIR's verifier
    /// applies to every operation (entry blocks without predecessors,
    /// successors only on a block's last operation, dominance, a module's
    /// symbols, ...), in MLIR's order, at the operation's location.
    ///
    /// # Panics
    ///
    /// If the registry given to [`ParseConfig::ops`] was made for another
    /// context type.
    pub fn parse<'c>(&self, ctx: &'c Context<P, S>, text: &str) -> Result<Module<'c>, ParseError> {
        self.parse_with_stats(ctx, text).0
    }

    /// [`ParseConfig::parse`], also returning what the parse did
    /// ([`ParseStats`]), whether it failed or not.
    ///
    /// # Panics
    ///
    /// As [`ParseConfig::parse`].
    pub fn parse_with_stats<'c>(
        &self,
        ctx: &'c Context<P, S>,
        text: &str,
    ) -> (Result<Module<'c>, ParseError>, ParseStats) {
        let mut stats = ParseStats::default();
        let none;
        let syntax = match self.syntax {
            Some(syntax) => syntax,
            None => {
                none = Syntax::new();
                &none
            }
        };
        let core;
        let ops = match self.ops {
            Some(ops) => ops,
            None => {
                core = crate::builtin_ops::<P, S>();
                &core
            }
        };
        assert!(
            ops.is_for_context::<Context<P, S>>(),
            "strata-module: the operation registry's custom forms are for `{}`, not for the `{}` parsed into; build it for the parse's context type",
            ops.context_type_name().unwrap_or("?"),
            core::any::type_name::<Context<P, S>>(),
        );
        let r = P::parse(
            ctx,
            (syntax, ops, self.op_note),
            text,
            self.name,
            self.parallel,
            &mut stats,
        );
        (r, stats)
    }
}

impl<P: Policy, S> Default for ParseConfig<'_, P, S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<P: Policy, S> Clone for ParseConfig<'_, P, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: Policy, S> Copy for ParseConfig<'_, P, S> {}

impl<P: Policy, S> core::fmt::Debug for ParseConfig<'_, P, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ParseConfig")
            .field("syntax", &self.syntax)
            .field("ops", &self.ops.is_some())
            .field("name", &self.name)
            .field("parallel", &self.parallel)
            .field("op_note", &self.op_note)
            .finish()
    }
}

/// The threading policy of a context that modules parse into, with the
/// hasher `S`: [`Shared`] (parallel when [`ParseConfig::parallel`] asks,
/// which needs a hasher rayon's threads can share) and [`Local`] (always
/// sequential). Sealed: generic code names it as a bound,
/// `P: ParsePolicy<S>`, to call [`ParseConfig::parse`].
pub trait ParsePolicy<S>: Policy + sealed::Runs<S> {}

impl<S: BuildHasher + Sync + Send + 'static> ParsePolicy<S> for Shared {}

impl<S: BuildHasher + 'static> ParsePolicy<S> for Local {}

mod sealed {
    use super::*;

    /// How a policy runs the parse of the units of a file.
    pub trait Runs<S>: Policy {
        /// Parses `text`, in parallel where `parallel` asks and the policy
        /// allows it, recording what the parse did in `stats`.
        fn parse<'c>(
            ctx: &'c Context<Self, S>,
            syntax: (&Syntax<Self, S>, &OpRegistry, crate::parse::OpNote),
            text: &str,
            name: &str,
            parallel: bool,
            stats: &mut ParseStats,
        ) -> Result<Module<'c>, ParseError>;
    }

    impl<S: BuildHasher + Sync + Send + 'static> Runs<S> for Shared {
        fn parse<'c>(
            ctx: &'c Context<Self, S>,
            syntax: (&Syntax<Self, S>, &OpRegistry, crate::parse::OpNote),
            text: &str,
            name: &str,
            parallel: bool,
            stats: &mut ParseStats,
        ) -> Result<Module<'c>, ParseError> {
            if parallel {
                parse::parse_parallel(ctx, syntax, text, name, stats)
            } else {
                parse::parse_sequential(ctx, syntax, text, name, stats)
            }
        }
    }

    impl<S: BuildHasher + 'static> Runs<S> for Local {
        fn parse<'c>(
            ctx: &'c Context<Self, S>,
            syntax: (&Syntax<Self, S>, &OpRegistry, crate::parse::OpNote),
            text: &str,
            name: &str,
            _parallel: bool,
            stats: &mut ParseStats,
        ) -> Result<Module<'c>, ParseError> {
            parse::parse_sequential(ctx, syntax, text, name, stats)
        }
    }
}
