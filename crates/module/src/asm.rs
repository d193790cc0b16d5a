//! Custom assembly as plug-ins: the parse side ([`OpAsm`], the hook a
//! dialect gives an operation's definition, and [`OpAsmParser`], MLIR's
//! `OpAsmParser`, with [`DefaultDialect`], [`Operand`], [`Argument`] and
//! [`ParseHook`]) is strata-syntax's `strata_syntax::asm`, which holds the
//! operation grammar; the print side ([`OpPrint`], [`OpAsmPrinter`],
//! [`PrintHook`], [`ResultNamesHook`]) is this crate's printer's. Both are
//! here, as a dialect uses them together.
//!
//! A hook is a function over the parser of one context type, so an
//! [`OpAsm`] is registered for the context types it parses with, as a
//! [`strata_syntax::Syntax`] is made for them. The printer of the form is
//! an [`OpPrint`], whose hook prints what follows the name through an
//! [`OpAsmPrinter`] and is the same for every context type.
//!
//! ```
//! use strata_ctx::{Context, Policy};
//! use strata_ir::{OpDef, OpRegistry, Traits};
//! use strata_module::asm::{OpAsm, OpAsmParser, OpAsmPrinter, OpPrint};
//! use strata_module::{ParseConfig, PrintConfig, PrintOptions, ParseError, print_module};
//! use strata_syntax::lexer::TokenKind;
//! use strata_builtin::prelude::*;
//!
//! // `toy.print %v : type`: one operand and its type.
//! fn parse_print<P: Policy, S: core::hash::BuildHasher + 'static>(
//!     p: &mut OpAsmParser<'_, '_, '_, '_, P, S>,
//! ) -> Result<(), ParseError> {
//!     let v = p.parse_operand()?;
//!     p.expect(TokenKind::Colon, "':'")?;
//!     let ty = p.parse_type()?;
//!     p.add_operand(v, ty);
//!     Ok(())
//! }
//!
//! // Its printer: ` %v : type`, or the generic form for an operation of
//! // another shape.
//! fn print_print(p: &mut dyn OpAsmPrinter<'_>) -> bool {
//!     let o = p.body().op(p.op());
//!     let &[v] = &o.operands().collect::<Vec<_>>()[..] else {
//!         return false;
//!     };
//!     let ty = p.body().value_type(v);
//!     p.write_str(" ");
//!     p.print_operand(v);
//!     p.write_str(" : ");
//!     p.print_type(ty);
//!     true
//! }
//!
//! // The hooks of the default context's type, with the builtin dialect's
//! // operations.
//! type P = strata_ctx::Shared;
//! type S = rustc_hash::FxBuildHasher;
//! let mut ops: OpRegistry = strata_module::builtin_ops::<P, S>();
//! ops.register(
//!     OpDef::new("toy.print", Traits::NONE)
//!         .interface(OpAsm::<P, S>::new(parse_print))
//!         .interface(OpPrint::new(print_print)),
//! );
//!
//! let ctx = Context::new();
//! let text = "%0 = \"toy.make\"() : () -> i32\ntoy.print %0 : i32\n";
//! let module = ParseConfig::new().ops(&ops).parse(&ctx, text).unwrap();
//! assert_eq!(
//!     print_module(&module, PrintOptions::default()),
//!     "\"builtin.module\"() ({\n  %0 = \"toy.make\"() : () -> i32\n  \"toy.print\"(%0) : (i32) -> ()\n}) : () -> ()\n\n",
//! );
//! assert_eq!(
//!     PrintConfig::new().ops(&ops).print(&module),
//!     "module {\n  %0 = \"toy.make\"() : () -> i32\n  toy.print %0 : i32\n}\n\n",
//! );
//! ```

pub use crate::print::custom::{OpAsmPrinter, OpPrint, PrintHook, ResultNamesHook};
pub use strata_syntax::asm::{Argument, DefaultDialect, OpAsm, OpAsmParser, Operand, ParseHook};
