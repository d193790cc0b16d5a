//! The custom forms strata reads: the `func` dialect's `func.func` (MLIR's
//! `function_interface_impl::parseFunctionOp`) and `func.return` (its
//! declarative format, `attr-dict ($operands^ `:` type($operands))?`),
//! `arith.constant` (`attr-dict $value`) and `builtin.module`
//! (`($sym_name^)? attr-dict-with-keyword $bodyRegion`).
//!
//! MLIR's test files write most functions in the custom form
//! (`func.func private @f(%arg0: tensor<4xf32>) -> i32 { ... }`), and the
//! diagnostics they expect come from the types and attributes of the
//! signature. This module reads that form into exactly the operation
//! `mlir-opt-19 --mlir-print-op-generic` prints for it:
//!
//! ```text
//! "func.func"() <{arg_attrs = [...], function_type = (...) -> (...),
//!   res_attrs = [...], sym_name = "f", sym_visibility = "private"}> ({
//! ^bb0(%arg0: ...):
//!   ...
//! }) {discardable attributes} : () -> ()
//! ```
//!
//! A function without a body has one region with no block. The named
//! arguments are the arguments of the body's entry block, located at their
//! name unless they carry a `loc(...)`. Operations inside the body are read
//! by the generic parser, and `return` (the `func` dialect is the default one
//! inside a function body, as in MLIR), `func.return`, `arith.constant` and
//! `module` in the custom form. A bare name that the default dialect has no
//! operation of is MLIR's "unknown" error; every other custom form is
//! refused here, with a diagnostic that asks for the generic form.
//!
//! Errors that MLIR reports through the operation's own parser carry its
//! prefix (`custom op 'func.func' expected SSA identifier`); those of the
//! types and attributes inside come from `strata-syntax` unprefixed, as
//! MLIR's do.

use core::hash::BuildHasher;
use core::ops::Range;

use smallvec::SmallVec;
use strata_builtin::prelude::*;
use strata_builtin::{ArrayAttr, DictionaryAttr, NamedAttribute, StringAttr};
use strata_ctx::{Attribute, Location, Policy, Type};
use strata_syntax::ParseError;
use strata_syntax::lexer::TokenKind;

use strata_ir::{OpId, RegionId};

use super::ops::{NewOp, Regions, ResultGroups, UnitParser};
use super::{PResult, result_count_error};

/// The custom forms this module reads.
#[derive(Clone, Copy)]
enum Custom {
    Func,
    Return,
    Constant,
    Module,
}

/// One entry of a function's argument list.
struct FuncArg<'c, 'f> {
    /// The SSA name and its span, for the form with named arguments.
    name: Option<(&'f str, Range<usize>)>,
    ty: Type<'c>,
    /// The argument's attribute dictionary (`None` when it has none).
    attrs: Option<Attribute<'c>>,
    /// The location given by `loc(...)`, if any.
    loc: Option<Location<'c>>,
}

/// The keys `func.func` infers from its custom form, which its attribute
/// dictionary may not name.
const INFERRED: [&str; 3] = ["sym_visibility", "sym_name", "function_type"];

/// The operations of the `func` dialect in MLIR 19, which a bare name inside
/// a function body may name.
const FUNC_OPS: [&str; 5] = ["call", "call_indirect", "constant", "func", "return"];

/// The operations of the `builtin` dialect in MLIR 19, which a bare name
/// outside a function body may name.
const BUILTIN_OPS: [&str; 2] = ["module", "unrealized_conversion_cast"];

/// The inherent attributes of `builtin.module`, which its custom form sets
/// from `@name` or from its attribute dictionary.
const MODULE_INHERENT: [&str; 2] = ["sym_name", "sym_visibility"];

/// The inherent attributes of `func.func` that its custom form may also
/// give in the explicit attribute dictionary (they become properties).
const INHERENT: [&str; 2] = ["arg_attrs", "res_attrs"];

impl<'c, 'f, P: Policy, S: BuildHasher> UnitParser<'c, 'f, '_, P, S> {
    /// Parses the operation at the current bare identifier if it is one of
    /// the custom forms this module knows (`func.func`, `func.return`,
    /// `return` inside a function body, `arith.constant`), creating it (see
    /// [`UnitParser::parse_operation`]), and refuses any other. `groups` are
    /// the result names already parsed.
    #[inline(never)]
    pub(super) fn parse_custom_operation(
        &mut self,
        groups: ResultGroups<'f>,
    ) -> PResult<Option<OpId>> {
        let name = self.spelling();
        let (kind, results) = match name {
            "func.func" => (Custom::Func, 0),
            "func.return" => (Custom::Return, 0),
            "return" if self.b.func_bodies > 0 => (Custom::Return, 0),
            "arith.constant" => (Custom::Constant, 1),
            "builtin.module" => (Custom::Module, 0),
            // Inside a function body the default dialect is `func`, and MLIR
            // looks for `func.module` there, not the builtin operation.
            "module" if self.b.func_bodies == 0 => (Custom::Module, 0),
            _ => {
                // MLIR has lexed the token after the name by then: a
                // lexical error there comes first.
                let save = self.p.checkpoint();
                self.p.bump();
                let next = self.p.token();
                self.p.rewind(save);
                if let TokenKind::Error(why) = next.kind {
                    return Err(ParseError::lexical(next.start..next.end, why));
                }
                // As MLIR: a name with nothing after its first `.` takes
                // the default dialect's prefix (`func` inside a function
                // body, `builtin` elsewhere); then an operation the dialect
                // does not have is "unknown", whatever it was meant to be,
                // and a dialect that is not registered (no syntax of its
                // namespace here) "not found".
                let default = if self.b.func_bodies > 0 {
                    "func"
                } else {
                    "builtin"
                };
                let (dialect, op, tried) = match name.split_once('.') {
                    Some((dialect, op)) if !op.is_empty() => (dialect, op, false),
                    _ => (default, name, true),
                };
                let known = match dialect {
                    "func" => Some(FUNC_OPS.contains(&op)),
                    "builtin" => Some(BUILTIN_OPS.contains(&op)),
                    _ => None,
                };
                if known == Some(false) {
                    let also = if tried {
                        format!(" (tried '{default}.{name}' as well)")
                    } else {
                        String::new()
                    };
                    return Err(self.err(format!("custom op '{name}' is unknown{also}")));
                }
                if known.is_none() && self.shared.syntax.resource_section(dialect).is_none() {
                    return Err(self.err(format!(
                        "Dialect `{dialect}' not found for custom op '{name}' "
                    )));
                }
                return Err(self.err(format!(
                    "custom operation syntax ('{name}') is not supported: strata-opt reads the generic form (mlir-opt --mlir-print-op-generic)"
                )));
            }
        };
        // MLIR checks the count after the parse, at the first result name.
        let op = match kind {
            Custom::Func => self.parse_func()?,
            Custom::Return => self.parse_return()?,
            Custom::Constant => self.parse_constant()?,
            Custom::Module => self.parse_module_op()?,
        };
        // In u64, as in the generic form: the counts are any u32.
        let declared: u64 = groups.iter().map(|g| u64::from(g.1)).sum();
        if let Some(first) = groups.first()
            && declared != results as u64
        {
            return Err(result_count_error(
                first.2.start,
                results as usize,
                declared,
            ));
        }
        self.b.define_results(op, groups)?;
        Ok(op)
    }

    /// An error of the operation's own parser: MLIR prefixes it with the
    /// operation's name.
    fn custom_err(&self, op: &str, message: &str) -> ParseError {
        self.err(format!("custom op '{op}' {message}"))
    }

    /// An optional attribute dictionary (`None` when absent).
    fn parse_optional_dict(&mut self) -> PResult<Option<Attribute<'c>>> {
        if self.tok().kind != TokenKind::LBrace {
            return Ok(None);
        }
        let start = self.tok().start;
        let a = self.parse_attribute()?;
        if !a.isa::<DictionaryAttr>() {
            return Err(ParseError::new(
                start..start + 1,
                "expected attribute dictionary",
            ));
        }
        Ok(Some(a))
    }

    /// An optional `attributes {...}` (MLIR's
    /// `parseOptionalAttrDictWithKeyword`): the keyword's span, the
    /// dictionary and its entries.
    #[allow(clippy::type_complexity)]
    fn parse_optional_keyword_dict(
        &mut self,
    ) -> PResult<Option<(Range<usize>, Attribute<'c>, &'c [NamedAttribute<'c>])>> {
        if !(self.tok().kind == TokenKind::BareId && self.spelling() == "attributes") {
            return Ok(None);
        }
        let at = self.tok().start..self.tok().end;
        self.bump();
        if self.tok().kind != TokenKind::LBrace {
            return Err(self.wrong_token("expected '{' in attribute dictionary"));
        }
        let dict = self.parse_attribute()?;
        let entries = dict
            .dyn_cast::<DictionaryAttr>()
            .map(|d| d.payload().entries)
            .unwrap_or_default();
        Ok(Some((at, dict, entries)))
    }

    /// An optional `loc(...)`.
    fn parse_optional_loc(&mut self) -> PResult<Option<Location<'c>>> {
        if self.tok().kind == TokenKind::BareId && self.spelling() == "loc" {
            self.parse_location().map(Some)
        } else {
            Ok(None)
        }
    }

    /// `func.func [visibility] @name(args) [-> results] [attributes {...}]
    /// [{ body }] [loc(...)]`, at `func.func`.
    fn parse_func(&mut self) -> PResult<Option<OpId>> {
        const OP: &str = "func.func";
        let start = self.tok().start;
        let op_name: Attribute<'c> = self.ctx.string_attr(OP).into();
        self.bump();

        // Visibility.
        let mut visibility = None;
        if self.tok().kind == TokenKind::BareId
            && matches!(self.spelling(), "public" | "private" | "nested")
        {
            visibility = Some(self.spelling());
            self.bump();
        }

        // The symbol name.
        if self.tok().kind != TokenKind::AtId {
            return Err(self.custom_err(OP, "expected valid '@'-identifier for symbol name"));
        }
        let sym_name =
            symbol_name(self.spelling()).ok_or_else(|| self.err("symbol name is not UTF-8"))?;
        self.bump();

        // The argument list: all named (`%a: type`) or all types.
        let mut args: Vec<FuncArg<'c, 'f>> = Vec::new();
        self.expect(TokenKind::LParen, "'('")?;
        if !self.consume(TokenKind::RParen) {
            loop {
                let arg = if self.tok().kind == TokenKind::PercentId {
                    let name = self.spelling();
                    let span = self.tok().start..self.tok().end;
                    if args.last().is_some_and(|a| a.name.is_none()) {
                        return Err(self.custom_err(OP, "expected type instead of SSA identifier"));
                    }
                    self.bump();
                    if self.tok().kind == TokenKind::HashId && self.tok().start == span.end {
                        return Err(self.err("result number not allowed in argument list"));
                    }
                    self.expect(TokenKind::Colon, "':'")?;
                    let ty = self.parse_type()?;
                    let attrs = self.parse_optional_dict()?;
                    let loc = self.parse_optional_loc()?;
                    FuncArg {
                        name: Some((name, span)),
                        ty,
                        attrs,
                        loc,
                    }
                } else {
                    if args.last().is_some_and(|a| a.name.is_some()) {
                        return Err(self.custom_err(OP, "expected SSA identifier"));
                    }
                    let ty = self.parse_type()?;
                    let attrs = self.parse_optional_dict()?;
                    let loc = self.parse_optional_loc()?;
                    FuncArg {
                        name: None,
                        ty,
                        attrs,
                        loc,
                    }
                };
                args.push(arg);
                if self.consume(TokenKind::RParen) {
                    break;
                }
                self.expect(TokenKind::Comma, "')'")?;
            }
        }

        // The result list: one type, or a parenthesized list of types with
        // attribute dictionaries.
        let mut results: Vec<(Type<'c>, Option<Attribute<'c>>)> = Vec::new();
        if self.consume(TokenKind::Arrow) {
            if self.consume(TokenKind::LParen) {
                if !self.consume(TokenKind::RParen) {
                    loop {
                        let ty = self.parse_type()?;
                        let attrs = self.parse_optional_dict()?;
                        results.push((ty, attrs));
                        if self.consume(TokenKind::RParen) {
                            break;
                        }
                        self.expect(TokenKind::Comma, "')'")?;
                    }
                }
            } else {
                results.push((self.parse_type()?, None));
            }
        }

        // `attributes {...}`: the discardable attributes.
        let mut attributes = None;
        let (mut dict_arg_attrs, mut dict_res_attrs) = (None, None);
        if let Some((at, dict, entries)) = self.parse_optional_keyword_dict()? {
            if let Some(e) = entries.iter().find(|e| INFERRED.contains(&e.name.as_str())) {
                return Err(ParseError::new(
                    at,
                    format!(
                        "custom op '{OP}' '{}' is an inferred attribute and should not be specified in the explicit attribute dictionary",
                        e.name.as_str()
                    ),
                ));
            }
            // MLIR parses the dictionary into the operation state, and
            // creating the operation moves the inherent attributes found
            // there into its properties: `arg_attrs` and `res_attrs` (an
            // array; another value is dropped), unless the signature gave
            // them too (checked below).
            let inherent = |e: &&NamedAttribute<'c>| INHERENT.contains(&e.name.as_str());
            for e in entries.iter().filter(inherent) {
                let slot = if e.name.as_str() == INHERENT[0] {
                    &mut dict_arg_attrs
                } else {
                    &mut dict_res_attrs
                };
                *slot = Some(e.value);
            }
            if entries.iter().any(|e| inherent(&e)) {
                let rest: Vec<(&str, Attribute<'c>)> = entries
                    .iter()
                    .filter(|e| !inherent(e))
                    .map(|e| (e.name.as_str(), e.value))
                    .collect();
                if !rest.is_empty() {
                    attributes = Some(self.ctx.dictionary_attr(&rest).into());
                }
            } else if !entries.is_empty() {
                attributes = Some(dict);
            }
        }

        // The properties, as MLIR's `addArgAndResultAttrs` and the symbol
        // interface set them.
        let inputs: Vec<Type<'c>> = args.iter().map(|a| a.ty).collect();
        let outputs: Vec<Type<'c>> = results.iter().map(|r| r.0).collect();
        let function_type = self.ctx.function_type(&inputs, &outputs);
        let mut props: Vec<(&str, Attribute<'c>)> = vec![
            ("function_type", self.ctx.type_attr(function_type).into()),
            ("sym_name", self.ctx.string_attr(&sym_name).into()),
        ];
        if let Some(v) = visibility {
            props.push(("sym_visibility", self.ctx.string_attr(v).into()));
        }
        let mut arg_attrs = self.attr_array(args.iter().map(|a| a.attrs));
        let mut res_attrs = self.attr_array(results.iter().map(|r| r.1));
        for (name, from_signature, from_dict) in [
            (INHERENT[0], &mut arg_attrs, dict_arg_attrs),
            (INHERENT[1], &mut res_attrs, dict_res_attrs),
        ] {
            let Some(value) = from_dict else { continue };
            if from_signature.is_some() {
                // At the operation, as MLIR reports a duplicate in the
                // operation state's attribute list.
                return Err(ParseError::new(
                    start..start + OP.len(),
                    format!(
                        "custom op '{OP}' attribute '{name}' occurs more than once in the attribute list"
                    ),
                ));
            }
            if value.isa::<ArrayAttr>() {
                *from_signature = Some(value);
            }
        }
        if let Some(a) = arg_attrs {
            props.push(("arg_attrs", a));
        }
        if let Some(a) = res_attrs {
            props.push(("res_attrs", a));
        }
        let properties: Attribute<'c> = self.ctx.dictionary_attr(&props).into();

        // The body, or an empty region for a declaration, in the
        // function's own body.
        self.b.open_body();
        let region = self.b.body.add_root();
        let parsed = if self.tok().kind == TokenKind::LBrace {
            let open = self.tok().start..self.tok().end;
            self.parse_func_body(region, &args).and_then(|()| {
                if self.b.body.entry_block(region).is_none() {
                    Err(ParseError::new(
                        open,
                        format!("custom op '{OP}' expected non-empty function body"),
                    ))
                } else {
                    Ok(())
                }
            })
        } else {
            Ok(())
        };
        let child = self.b.close_body();
        parsed?;
        self.finish_region_op(op_name, Some(properties), attributes, child, start)
    }

    /// The array of per-argument (or per-result) dictionaries, when one of
    /// them is not empty (MLIR then stores `{}` for the others).
    fn attr_array(
        &self,
        dicts: impl Iterator<Item = Option<Attribute<'c>>> + Clone,
    ) -> Option<Attribute<'c>> {
        let non_empty = |a: &Option<Attribute<'c>>| {
            a.and_then(|a| a.dyn_cast::<DictionaryAttr>())
                .is_some_and(|d| !d.payload().entries.is_empty())
        };
        if !dicts.clone().any(|a| non_empty(&a)) {
            return None;
        }
        let empty: Attribute<'c> = self.ctx.dictionary_attr(&[]).into();
        let elements: Vec<Attribute<'c>> = dicts.map(|a| a.unwrap_or(empty)).collect();
        Some(self.ctx.array_attr(&elements).into())
    }

    /// A function body: a region whose entry block's arguments are the
    /// function's named arguments (MLIR's `parseRegionBody` with entry
    /// arguments).
    fn parse_func_body(&mut self, region: RegionId, args: &[FuncArg<'c, 'f>]) -> PResult<()> {
        self.open_region()?;
        self.b.func_bodies += 1;
        let named = args.first().is_some_and(|a| a.name.is_some());
        let mut blocks = 0;
        if named || self.tok().kind != TokenKind::RBrace {
            if named && self.tok().kind == TokenKind::CaretId {
                return Err(self.err("invalid block name in region with named arguments"));
            }
            if self.tok().kind != TokenKind::CaretId {
                let b = self.new_block(region);
                blocks += 1;
                if named {
                    self.define_entry_args(b, args)?;
                }
                self.parse_block_body(b)?;
            }
            while self.tok().kind == TokenKind::CaretId {
                self.parse_block(region)?;
                blocks += 1;
            }
        }
        self.b.func_bodies -= 1;
        self.close_region(blocks)
    }

    /// Adds the named arguments to the entry block `b` and defines their
    /// names in the body's scope.
    fn define_entry_args(
        &mut self,
        b: strata_ir::BlockId,
        args: &[FuncArg<'c, 'f>],
    ) -> PResult<()> {
        for arg in args {
            let Some((name, ref span)) = arg.name else {
                continue;
            };
            if self.in_scope(name) {
                return Err(ParseError::new(
                    span.clone(),
                    format!("region entry argument '{name}' is already in use"),
                ));
            }
            let loc = match arg.loc {
                Some(l) => l,
                None => self.file_loc(span.start),
            };
            self.define_argument(b, name, arg.ty, loc, span.clone())?;
        }
        Ok(())
    }

    /// `module [@name] [attributes {...}] { body } [loc(...)]` (or
    /// `builtin.module ...`), at its name: MLIR's declarative format
    /// `($sym_name^)? attr-dict-with-keyword $bodyRegion`. The body is one
    /// region, given one empty block when it has none (as MLIR's parser
    /// gives it); `sym_name` and `sym_visibility` are properties, and a
    /// dictionary that names them sets them (overriding `@name`, as
    /// creating the operation does in MLIR).
    fn parse_module_op(&mut self) -> PResult<Option<OpId>> {
        const OP: &str = "builtin.module";
        let start = self.tok().start;
        let op_name: Attribute<'c> = self.ctx.string_attr(OP).into();
        self.bump();

        let mut sym_name = None;
        if self.tok().kind == TokenKind::AtId {
            let name =
                symbol_name(self.spelling()).ok_or_else(|| self.err("symbol name is not UTF-8"))?;
            sym_name = Some(self.ctx.string_attr(&name).into());
            self.bump();
        }

        // `attributes {...}`: the discardable attributes, less the two
        // inherent ones, which become properties.
        let mut attributes = None;
        let mut sym_visibility = None;
        if let Some((at, dict, entries)) = self.parse_optional_keyword_dict()? {
            let inherent = |e: &&NamedAttribute<'c>| MODULE_INHERENT.contains(&e.name.as_str());
            for e in entries.iter().filter(inherent) {
                if !e.value.isa::<StringAttr>() {
                    return Err(ParseError::new(
                        at,
                        format!(
                            "custom op '{OP}' '{OP}' op attribute '{}' failed to satisfy constraint: string attribute",
                            e.name.as_str()
                        ),
                    ));
                }
                if e.name.as_str() == MODULE_INHERENT[0] {
                    sym_name = Some(e.value);
                } else {
                    sym_visibility = Some(e.value);
                }
            }
            let rest: Vec<(&str, Attribute<'c>)> = entries
                .iter()
                .filter(|e| !inherent(e))
                .map(|e| (e.name.as_str(), e.value))
                .collect();
            if rest.len() == entries.len() {
                if !entries.is_empty() {
                    attributes = Some(dict);
                }
            } else if !rest.is_empty() {
                attributes = Some(self.ctx.dictionary_attr(&rest).into());
            }
        }
        let mut props: Vec<(&str, Attribute<'c>)> = Vec::new();
        if let Some(n) = sym_name {
            props.push((MODULE_INHERENT[0], n));
        }
        if let Some(v) = sym_visibility {
            props.push((MODULE_INHERENT[1], v));
        }
        let properties = (!props.is_empty()).then(|| self.ctx.dictionary_attr(&props).into());

        // The body, in the module's own body: inside it the default
        // dialect is `builtin` again, so a bare `return` is no longer
        // `func.return`.
        if self.tok().kind != TokenKind::LBrace {
            return Err(self.wrong_token("expected '{' to begin a region"));
        }
        self.b.open_body();
        let region = self.b.body.add_root();
        let func_bodies = core::mem::take(&mut self.b.func_bodies);
        let parsed = self.parse_region(region);
        self.b.func_bodies = func_bodies;
        if parsed.is_ok() && self.b.body.entry_block(region).is_none() {
            self.new_block(region);
        }
        let child = self.b.close_body();
        parsed?;
        self.finish_region_op(op_name, properties, attributes, child, start)
    }

    /// The end of an isolated operation whose one region was just parsed
    /// into its child body (`func.func`, `builtin.module`): its trailing
    /// `loc(...)`, or the file location of `start`, and the operation
    /// created.
    fn finish_region_op(
        &mut self,
        name: Attribute<'c>,
        properties: Option<Attribute<'c>>,
        attributes: Option<Attribute<'c>>,
        (child, frame): (strata_ir::Body<'c>, u32),
        start: usize,
    ) -> PResult<Option<OpId>> {
        let loc = match self.parse_optional_loc()? {
            Some(l) => l,
            None => self.file_loc(start),
        };
        self.b.create(NewOp {
            name,
            loc,
            operands: Vec::new(),
            results: SmallVec::new(),
            successors: SmallVec::new(),
            properties,
            attributes,
            regions: Regions::Child(Box::new(child), frame),
        })
    }

    /// `%r = arith.constant [{attrs}] value`, at its name: the result has the
    /// value's type (`none` for a string, which MLIR's verifier then
    /// refuses); a value that is not a typed attribute is refused here, as
    /// MLIR's parser refuses it.
    fn parse_constant(&mut self) -> PResult<Option<OpId>> {
        let start = self.tok().start;
        let op_name: Attribute<'c> = self.ctx.string_attr("arith.constant").into();
        self.bump();
        let attributes = self.parse_optional_dict()?.filter(|a| {
            a.dyn_cast::<DictionaryAttr>()
                .is_some_and(|d| !d.payload().entries.is_empty())
        });
        let at = self.tok().start;
        let value = self.parse_attribute()?;
        // The value must be a typed attribute (MLIR's parser asks for a
        // `TypedAttr`); a string's type is `none`, which the verifier then
        // refuses.
        let ty = match typed_attr_type(value) {
            Some(ty) => ty,
            None if value.isa::<StringAttr>() => self.ctx.none_type().into(),
            None => {
                return Err(ParseError::new(
                    at..at + 1,
                    "custom op 'arith.constant' invalid kind of attribute specified",
                ));
            }
        };
        let loc = match self.parse_optional_loc()? {
            Some(l) => l,
            None => self.file_loc(start),
        };
        let properties: Attribute<'c> = self.ctx.dictionary_attr(&[("value", value)]).into();
        self.b.create(NewOp {
            name: op_name,
            loc,
            operands: Vec::new(),
            results: smallvec::smallvec![ty],
            successors: SmallVec::new(),
            properties: Some(properties),
            attributes,
            regions: Regions::Built(SmallVec::new()),
        })
    }

    /// `return [{attrs}] [%a, %b : t1, t2]` (or `func.return ...`), at its
    /// name.
    fn parse_return(&mut self) -> PResult<Option<OpId>> {
        const OP: &str = "func.return";
        let start = self.tok().start;
        let op_name: Attribute<'c> = self.ctx.string_attr(OP).into();
        self.bump();
        let attributes = self.parse_optional_dict()?.filter(|a| {
            a.dyn_cast::<DictionaryAttr>()
                .is_some_and(|d| !d.payload().entries.is_empty())
        });
        let names = self.parse_operand_uses()?;
        let mut types: Vec<Type<'c>> = Vec::new();
        if !names.is_empty() {
            self.expect(TokenKind::Colon, "':'")?;
            loop {
                types.push(self.parse_type()?);
                if !self.consume(TokenKind::Comma) {
                    break;
                }
            }
        }
        if names.len() != types.len() {
            // MLIR reports it at the operand list (a type list comes only
            // after operands).
            let at = names.first().map_or(start, |n| n.2.start);
            return Err(ParseError::new(
                at..at + 1,
                format!(
                    "custom op '{OP}' {} operands present, but expected {}",
                    names.len(),
                    types.len()
                ),
            ));
        }
        let loc = match self.parse_optional_loc()? {
            Some(l) => l,
            None => self.file_loc(start),
        };
        self.b.create(NewOp {
            name: op_name,
            loc,
            operands: names.into_iter().zip(types).collect(),
            results: SmallVec::new(),
            successors: SmallVec::new(),
            properties: None,
            attributes,
            regions: Regions::Built(SmallVec::new()),
        })
    }
}

/// The type of a typed attribute (MLIR's `TypedAttr`), `None` for another.
fn typed_attr_type<'c>(a: Attribute<'c>) -> Option<Type<'c>> {
    use strata_builtin::{
        DenseAttr, DenseResourceAttr, DenseStringAttr, FloatAttr, IntegerAttr, OpaqueAttr,
        SparseElementsAttr, TypedStringAttr,
    };
    if let Some(x) = a.dyn_cast::<IntegerAttr>() {
        Some(x.payload().ty)
    } else if let Some(x) = a.dyn_cast::<FloatAttr>() {
        Some(x.payload().ty)
    } else if let Some(x) = a.dyn_cast::<DenseAttr>() {
        Some(x.payload().ty)
    } else if let Some(x) = a.dyn_cast::<DenseStringAttr>() {
        Some(x.payload().ty)
    } else if let Some(x) = a.dyn_cast::<SparseElementsAttr>() {
        Some(x.payload().ty)
    } else if let Some(x) = a.dyn_cast::<DenseResourceAttr>() {
        Some(x.payload().ty)
    } else if let Some(x) = a.dyn_cast::<TypedStringAttr>() {
        Some(x.payload().ty)
    } else {
        a.dyn_cast::<OpaqueAttr>().map(|x| x.payload().ty)
    }
}

/// The name of the symbol `@name` or `@"name"`; `None` when a quoted name
/// is not UTF-8.
fn symbol_name(spelling: &str) -> Option<String> {
    let body = &spelling[1..];
    if body.starts_with('"') {
        String::from_utf8(strata_syntax::lexer::unescape(body)).ok()
    } else {
        Some(body.to_owned())
    }
}
