//! MLIR 19's `func` dialect, as far as strata defines it: `func.func`
//! (MLIR's `function_interface_impl::parseFunctionOp`) and `func.return`
//! (`attr-dict ($operands^ `:` type($operands))?`) with their custom forms,
//! the rest of the dialect (`func.call`, `func.call_indirect`,
//! `func.constant`) registered by name, so that its custom form is refused
//! as one strata does not read yet.
//!
//! MLIR's test files write most functions in the custom form
//! (`func.func private @f(%arg0: tensor<4xf32>) -> i32 { ... }`), and the
//! diagnostics they expect come from the types and attributes of the
//! signature. Each hook reads that form into exactly the operation
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
//! name unless they carry a `loc(...)`. Inside a function body the `func`
//! dialect is the default one, so `return` is `func.return`.
//!
//! ```
//! use strata_ctx::{Context, Shared};
//! use strata_module::{ParseConfig, PrintOptions, print_module};
//!
//! let mut ops = strata_module::builtin_ops::<Shared, rustc_hash::FxBuildHasher>();
//! strata_dialects::func::register_ops::<Shared, rustc_hash::FxBuildHasher>(&mut ops);
//! let ctx = Context::new();
//! let module = ParseConfig::new()
//!     .ops(&ops)
//!     .parse(&ctx, "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
//!     .unwrap();
//! assert!(print_module(&module, PrintOptions::default()).contains(
//!     "\"func.func\"() <{function_type = (i32) -> i32, sym_name = \"f\"}> ({"
//! ));
//! ```

use core::hash::BuildHasher;

use strata_builtin::prelude::*;
use strata_builtin::{ArrayAttr, DictionaryAttr, NamedAttribute};
use strata_builtin::{FunctionType, StringAttr};
use strata_ctx::{Attribute, Location, Policy, Type};
use strata_ir::verify::{self as v, OpSite, storage};
use strata_ir::{OpDef, OpRegistry, Traits, VerifyError};
use strata_module::asm::{Argument, DefaultDialect, OpAsm, OpAsmParser, OpAsmPrinter, OpPrint};
use strata_syntax::ParseError;
use strata_syntax::lexer::TokenKind;

type PResult<T> = Result<T, ParseError>;

/// The operations of the `func` dialect in MLIR 19 that strata does not
/// define yet (registered by name: their custom form is not read).
const FUNC_NAMES: [&str; 3] = ["func.call", "func.call_indirect", "func.constant"];

/// The keys `func.func` infers from its custom form, which its attribute
/// dictionary may not name.
const INFERRED: [&str; 3] = ["function_type", "sym_name", "sym_visibility"];

/// The inherent attributes of `func.func` that its custom form may also
/// take from its attribute dictionary.
const INHERENT: [&str; 2] = ["arg_attrs", "res_attrs"];

/// Registers the `func` dialect in `ops`, with its custom forms for
/// contexts of type `Context<P, S>`: `func.func` (isolated from above, a
/// symbol) and `func.return` (a terminator), the rest by name.
pub fn register_ops<P: Policy + 'static, S: BuildHasher + 'static>(ops: &mut OpRegistry) {
    ops.register(
        OpDef::new("func.func", Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL)
            .property("arg_attrs", storage::array)
            .property("function_type", storage::type_attr)
            .property("res_attrs", storage::array)
            .property("sym_name", storage::string)
            .property("sym_visibility", storage::string)
            .verifier(verify_func)
            .interface(OpAsm::<P, S>::new(parse_func))
            .interface(OpPrint::new(print_func))
            .interface(DefaultDialect("func")),
    );
    ops.register(
        OpDef::new("func.return", Traits::TERMINATOR | Traits::PURE)
            .verifier(verify_return)
            .interface(OpAsm::<P, S>::new(parse_return))
            .interface(OpPrint::new(print_return)),
    );
    for name in FUNC_NAMES {
        ops.register_op_name(name);
    }
}

/// A dictionary that is not empty, or `None`.
pub(crate) fn non_empty(dict: Option<Attribute<'_>>) -> Option<Attribute<'_>> {
    dict.filter(|a| {
        a.dyn_cast::<DictionaryAttr>()
            .is_some_and(|d| !d.payload().entries.is_empty())
    })
}

/// One entry of a function's argument list.
struct FuncArg<'c, 'f> {
    /// The SSA name and its span, for the form with named arguments.
    name: Option<(&'f str, core::ops::Range<usize>)>,
    ty: Type<'c>,
    /// The argument's attribute dictionary (`None` when it has none).
    attrs: Option<Attribute<'c>>,
    /// The location given by `loc(...)`, if any.
    loc: Option<Location<'c>>,
}

/// `func.func [visibility] @name(args) [-> results] [attributes {...}]
/// [{ body }]`, after its name.
fn parse_func<'c, 'f, P: Policy, S: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, 'c, 'f, '_, P, S>,
) -> PResult<()> {
    let ctx = p.context();
    let op = p.name();

    // Visibility.
    let mut visibility = None;
    if p.token().kind == TokenKind::BareId
        && matches!(p.spelling(), "public" | "private" | "nested")
    {
        visibility = Some(p.spelling());
        p.bump();
    }

    // The symbol name.
    let Some(sym_name) = p.parse_optional_symbol_name()? else {
        return Err(p.emit_error("expected valid '@'-identifier for symbol name"));
    };

    // The argument list: all named (`%a: type`) or all types.
    let mut args: Vec<FuncArg<'c, 'f>> = Vec::new();
    p.expect(TokenKind::LParen, "'('")?;
    if !p.consume(TokenKind::RParen) {
        loop {
            let arg = if p.token().kind == TokenKind::PercentId {
                let name = p.spelling();
                let span = p.token().start..p.token().end;
                if args.last().is_some_and(|a| a.name.is_none()) {
                    return Err(p.emit_error("expected type instead of SSA identifier"));
                }
                p.bump();
                if p.token().kind == TokenKind::HashId && p.token().start == span.end {
                    return Err(p.syntax_error("result number not allowed in argument list"));
                }
                p.expect(TokenKind::Colon, "':'")?;
                let ty = p.parse_type()?;
                let attrs = p.parse_optional_attr_dict()?;
                let loc = p.parse_optional_location()?;
                FuncArg {
                    name: Some((name, span)),
                    ty,
                    attrs,
                    loc,
                }
            } else {
                if args.last().is_some_and(|a| a.name.is_some()) {
                    return Err(p.emit_error("expected SSA identifier"));
                }
                let ty = p.parse_type()?;
                let attrs = p.parse_optional_attr_dict()?;
                let loc = p.parse_optional_location()?;
                FuncArg {
                    name: None,
                    ty,
                    attrs,
                    loc,
                }
            };
            args.push(arg);
            if p.consume(TokenKind::RParen) {
                break;
            }
            p.expect(TokenKind::Comma, "')'")?;
        }
    }

    // The result list: one type, or a parenthesized list of types with
    // attribute dictionaries.
    let mut results: Vec<(Type<'c>, Option<Attribute<'c>>)> = Vec::new();
    if p.consume(TokenKind::Arrow) {
        if p.consume(TokenKind::LParen) {
            if !p.consume(TokenKind::RParen) {
                loop {
                    let ty = p.parse_type()?;
                    let attrs = p.parse_optional_attr_dict()?;
                    results.push((ty, attrs));
                    if p.consume(TokenKind::RParen) {
                        break;
                    }
                    p.expect(TokenKind::Comma, "')'")?;
                }
            }
        } else {
            results.push((p.parse_type()?, None));
        }
    }

    // `attributes {...}`: the discardable attributes.
    let mut attributes = None;
    let (mut dict_arg_attrs, mut dict_res_attrs) = (None, None);
    if let Some((at, dict, entries)) = p.parse_optional_attr_dict_with_keyword()? {
        if let Some(e) = entries.iter().find(|e| INFERRED.contains(&e.name.as_str())) {
            return Err(p.emit_error_at(
                at,
                &format!(
                    "'{}' is an inferred attribute and should not be specified in the explicit attribute dictionary",
                    e.name.as_str()
                ),
            ));
        }
        // MLIR parses the dictionary into the operation state, and creating
        // the operation moves the inherent attributes found there into its
        // properties: `arg_attrs` and `res_attrs` (an array; another value
        // is dropped), unless the signature gave them too (checked below).
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
                attributes = Some(ctx.dictionary_attr(&rest).into());
            }
        } else if !entries.is_empty() {
            attributes = Some(dict);
        }
    }

    // The properties, as MLIR's `addArgAndResultAttrs` and the symbol
    // interface set them.
    let inputs: Vec<Type<'c>> = args.iter().map(|a| a.ty).collect();
    let outputs: Vec<Type<'c>> = results.iter().map(|r| r.0).collect();
    let function_type = ctx.function_type(&inputs, &outputs);
    let mut props: Vec<(&str, Attribute<'c>)> = vec![
        ("function_type", ctx.type_attr(function_type).into()),
        ("sym_name", ctx.string_attr(&sym_name).into()),
    ];
    if let Some(v) = visibility {
        props.push(("sym_visibility", ctx.string_attr(v).into()));
    }
    let mut arg_attrs = attr_array(p, args.iter().map(|a| a.attrs));
    let mut res_attrs = attr_array(p, results.iter().map(|r| r.1));
    for (name, from_signature, from_dict) in [
        (INHERENT[0], &mut arg_attrs, dict_arg_attrs),
        (INHERENT[1], &mut res_attrs, dict_res_attrs),
    ] {
        let Some(value) = from_dict else { continue };
        if from_signature.is_some() {
            // At the operation, as MLIR reports a duplicate in the
            // operation state's attribute list.
            let at = p.name_span();
            return Err(p.emit_error_at(
                at.start..at.start + op.len(),
                &format!("attribute '{name}' occurs more than once in the attribute list"),
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
    p.set_properties(Some(ctx.dictionary_attr(&props).into()));
    p.set_attributes(attributes);

    // The body, or an empty region for a declaration.
    if p.token().kind == TokenKind::LBrace {
        let open = p.token().start..p.token().end;
        let named: Vec<Argument<'c, 'f>> = args
            .iter()
            .filter_map(|a| {
                let (name, span) = a.name.clone()?;
                Some(Argument {
                    name,
                    span,
                    ty: a.ty,
                    loc: a.loc,
                })
            })
            .collect();
        let region = p.parse_region(&named)?;
        if p.region_is_empty(region) {
            return Err(p.emit_error_at(open, "expected non-empty function body"));
        }
    } else {
        p.add_empty_region();
    }
    Ok(())
}

/// The array of per-argument (or per-result) dictionaries, when one of
/// them is not empty (MLIR then stores `{}` for the others).
fn attr_array<'c, P: Policy, S: BuildHasher + 'static>(
    p: &OpAsmParser<'_, 'c, '_, '_, P, S>,
    dicts: impl Iterator<Item = Option<Attribute<'c>>> + Clone,
) -> Option<Attribute<'c>> {
    if !dicts.clone().any(|a| non_empty(a).is_some()) {
        return None;
    }
    let ctx = p.context();
    let empty: Attribute<'c> = ctx.dictionary_attr(&[]).into();
    let elements: Vec<Attribute<'c>> = dicts.map(|a| a.unwrap_or(empty)).collect();
    Some(ctx.array_attr(&elements).into())
}

/// `return [{attrs}] [%a, %b : t1, t2]` (or `func.return ...`), after its
/// name.
fn parse_return<P: Policy, S: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, '_, '_, '_, P, S>,
) -> PResult<()> {
    let start = p.name_span().start;
    let attributes = non_empty(p.parse_optional_attr_dict()?);
    let names = p.parse_optional_operand_list()?;
    let mut types: Vec<Type<'_>> = Vec::new();
    if !names.is_empty() {
        p.expect(TokenKind::Colon, "':'")?;
        loop {
            types.push(p.parse_type()?);
            if !p.consume(TokenKind::Comma) {
                break;
            }
        }
    }
    if names.len() != types.len() {
        // MLIR reports it at the operand list (a type list comes only after
        // operands).
        let at = names.first().map_or(start, |n| n.span.start);
        return Err(p.emit_error_at(
            at..at + 1,
            &format!(
                "{} operands present, but expected {}",
                names.len(),
                types.len()
            ),
        ));
    }
    for (n, ty) in names.into_iter().zip(types) {
        p.add_operand(n, ty);
    }
    p.set_attributes(attributes);
    Ok(())
}

/// The entries of the dictionary at `index` of `array` (an array of
/// dictionaries, as `arg_attrs` and `res_attrs` are), none when absent.
fn dict_at<'c>(array: Option<Attribute<'c>>, index: usize) -> &'c [NamedAttribute<'c>] {
    array
        .and_then(|a| a.dyn_cast::<ArrayAttr>())
        .and_then(|a| a.payload().elements.get(index).copied())
        .and_then(|d| d.dyn_cast::<DictionaryAttr>())
        .map_or(&[][..], |d| d.payload().entries)
}

/// Whether `attr` is absent or an array of `n` dictionaries.
fn dicts_of_len(attr: Option<Attribute<'_>>, n: usize) -> bool {
    attr.is_none_or(|a| {
        a.dyn_cast::<ArrayAttr>().is_some_and(|a| {
            let e = a.payload().elements;
            e.len() == n && e.iter().all(|d| d.isa::<DictionaryAttr>())
        })
    })
}

/// Prints `func.func`'s custom form after its name, as MLIR's
/// `function_interface_impl::printFunctionOp` does: ` [visibility] @name`,
/// the signature with the entry block's arguments (or the bare types of
/// an external function) and their attributes, ` -> results`, the other
/// attributes after `attributes`, and the body unless it is empty.
fn print_func(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let Some(name) = p.attr("sym_name").and_then(|a| a.dyn_cast::<StringAttr>()) else {
        return false;
    };
    let Some(ty) = p
        .attr("function_type")
        .and_then(|a| a.dyn_cast::<strata_builtin::TypeAttr>())
        .and_then(|t| t.payload().ty.dyn_cast::<FunctionType>())
    else {
        return false;
    };
    let visibility = match p.attr("sym_visibility") {
        None => None,
        Some(v) => match v.dyn_cast::<StringAttr>() {
            Some(v) => Some(v.payload().value),
            None => return false,
        },
    };
    let (inputs, results) = (ty.payload().inputs, ty.payload().results);
    let (arg_attrs, res_attrs) = (p.attr("arg_attrs"), p.attr("res_attrs"));
    if p.num_regions() != 1
        || !dicts_of_len(arg_attrs, inputs.len())
        || !dicts_of_len(res_attrs, results.len())
    {
        return false;
    }
    let external = match p.entry_arguments(0) {
        None => true,
        Some(n) if n == inputs.len() => false,
        Some(_) => return false,
    };
    p.write_str(" ");
    if let Some(v) = visibility {
        p.write_str(v);
        p.write_str(" ");
    }
    p.print_symbol_name(name.payload().value);
    p.write_str("(");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write_str(", ");
        }
        let attrs = dict_at(arg_attrs, i);
        if external {
            p.print_type(t);
            p.print_optional_attr_dict(attrs, &[]);
        } else {
            p.print_region_argument(0, i, attrs, false);
        }
    }
    p.write_str(")");
    if !results.is_empty() {
        p.write_str(" -> ");
        let parens = results.len() > 1
            || results[0].isa::<FunctionType>()
            || !dict_at(res_attrs, 0).is_empty();
        if parens {
            p.write_str("(");
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write_str(", ");
            }
            p.print_type(t);
            p.print_optional_attr_dict(dict_at(res_attrs, i), &[]);
        }
        if parens {
            p.write_str(")");
        }
    }
    let attrs = p.attrs();
    p.print_optional_attr_dict_with_keyword(
        &attrs,
        &[
            "sym_name",
            "sym_visibility",
            "function_type",
            "arg_attrs",
            "res_attrs",
        ],
    );
    if !external {
        p.write_str(" ");
        p.print_region(0, false, true, false);
    }
    true
}

/// Prints `func.return`'s custom form after its name (`attr-dict
/// ($operands^ `:` type($operands))?`).
fn print_return(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let body = p.body();
    let o = body.op(p.op());
    if p.num_regions() != 0 || o.num_successors() != 0 || !o.results().is_empty() {
        return false;
    }
    let operands: Vec<_> = o.operands().collect();
    let types: Vec<Type<'_>> = operands.iter().map(|&v| body.value_type(v)).collect();
    let attrs = p.attrs();
    p.print_optional_attr_dict(&attrs, &[]);
    if !operands.is_empty() {
        p.write_str(" ");
        p.print_operands(&operands);
        p.write_str(" : ");
        p.print_types(&types);
    }
    true
}

/// Whether `a` is a string attribute (MLIR's `StrAttr` constraint: a string
/// with a type is one too).
fn is_string(a: Attribute<'_>) -> bool {
    a.isa::<StringAttr>() || a.isa::<strata_builtin::TypedStringAttr>()
}

/// The text of a string attribute, if `a` is one.
fn string_of<'c>(a: Attribute<'c>) -> Option<&'c str> {
    match a.dyn_cast::<StringAttr>() {
        Some(s) => Some(s.payload().value),
        None => Some(
            a.dyn_cast::<strata_builtin::TypedStringAttr>()?
                .payload()
                .value,
        ),
    }
}

/// MLIR's `DictArrayAttr` constraint.
fn is_dict_array(a: Attribute<'_>) -> bool {
    a.dyn_cast::<ArrayAttr>().is_some_and(|a| {
        a.payload()
            .elements
            .iter()
            .all(|d| d.isa::<DictionaryAttr>())
    })
}

/// `func.func`'s `verifyInvariants`, in MLIR 19's order: its counting
/// traits, its attributes' constraints (ODS's `OpInvariants`), the
/// `SymbolOpInterface` checks, then the `FunctionOpInterface` checks of the
/// argument and result attributes and of the body's entry block.
fn verify_func(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    v::one_region(site)?;
    v::zero_results(site)?;
    v::zero_successors(site)?;
    v::zero_operands(site)?;
    // The required attributes, in ODS's (sorted) order, then each
    // attribute's constraint in the order the arguments are declared.
    let required = |name: &str| {
        v::inherent(site, name)
            .ok_or_else(|| VerifyError::new(format!("requires attribute '{name}'")))
    };
    let ty = required("function_type")?;
    let name = required("sym_name")?;
    let unsatisfied = |name: &str, what: &str| {
        VerifyError::new(format!(
            "attribute '{name}' failed to satisfy constraint: {what}"
        ))
    };
    if !is_string(name) {
        return Err(unsatisfied("sym_name", "string attribute"));
    }
    let Some(ty) = ty
        .dyn_cast::<strata_builtin::TypeAttr>()
        .and_then(|t| t.payload().ty.dyn_cast::<FunctionType>())
    else {
        return Err(unsatisfied(
            "function_type",
            "type attribute of function type",
        ));
    };
    let visibility = v::inherent(site, "sym_visibility");
    if visibility.is_some_and(|v| !is_string(v)) {
        return Err(unsatisfied("sym_visibility", "string attribute"));
    }
    let (arg_attrs, res_attrs) = (
        v::inherent(site, "arg_attrs"),
        v::inherent(site, "res_attrs"),
    );
    for (key, attrs) in [("arg_attrs", arg_attrs), ("res_attrs", res_attrs)] {
        if attrs.is_some_and(|a| !is_dict_array(a)) {
            return Err(unsatisfied(key, "Array of dictionary attributes"));
        }
    }
    // SymbolOpInterface (a base of FunctionOpInterface, verified first).
    let external = || {
        site.regions_body()
            .zip(site.regions().first())
            .is_none_or(|(b, &r)| b.entry_block(r).is_none())
    };
    if let Some(vis) = visibility.and_then(string_of)
        && !["public", "private", "nested"].contains(&vis)
    {
        return Err(VerifyError::new(format!(
            "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
            visibility.expect("a visibility")
        )));
    }
    if external() && visibility.and_then(string_of).is_none_or(|v| v == "public") {
        return Err(VerifyError::new(
            "symbol declaration cannot have public visibility",
        ));
    }
    // A parent without a definition may have the trait.
    if let Some(def) = site.parent().and_then(|p| p.def())
        && !def.has(Traits::SYMBOL_TABLE)
    {
        return Err(VerifyError::new(
            "symbol's parent must have the SymbolTable trait",
        ));
    }
    // FunctionOpInterface: one dictionary per argument and per result,
    // each naming dialect attributes only.
    let (inputs, results) = (ty.payload().inputs, ty.payload().results);
    for (attrs, n, what, plural) in [
        (arg_attrs, inputs.len(), "argument", "arguments"),
        (res_attrs, results.len(), "result", "results"),
    ] {
        let Some(attrs) = attrs.and_then(|a| a.dyn_cast::<ArrayAttr>()) else {
            continue;
        };
        let dicts = attrs.payload().elements;
        if dicts.len() != n {
            return Err(VerifyError::new(format!(
                "expects {what} attribute array to have the same number of elements as the \
                 number of function {plural}, got {}, but expected {n}",
                dicts.len()
            )));
        }
        for d in dicts.iter().filter_map(|d| d.dyn_cast::<DictionaryAttr>()) {
            if d.payload()
                .entries
                .iter()
                .any(|e| !e.name.payload().value.contains('.'))
            {
                return Err(VerifyError::new(format!(
                    "{plural} may only have dialect attributes"
                )));
            }
        }
    }
    // The body's entry block takes the signature's arguments.
    if let (Some(body), Some(&r)) = (site.regions_body(), site.regions().first())
        && let Some(entry) = body.entry_block(r)
    {
        let args = body.block_args(entry);
        if args.len() != inputs.len() {
            return Err(VerifyError::new(format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            )));
        }
        for (i, (&arg, &want)) in args.iter().zip(inputs).enumerate() {
            let got = body.value_type(arg);
            if got != want {
                return Err(VerifyError::new(format!(
                    "type of entry block argument #{i}('{got}') must match the type of \
                             the corresponding argument in function signature('{want}')"
                )));
            }
        }
    }
    Ok(())
}

/// `func.return`'s `verifyInvariants`: its counting traits, `HasParent`,
/// `IsTerminator`, then its operands against the enclosing function's
/// results.
fn verify_return(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    v::zero_regions(site)?;
    v::zero_results(site)?;
    v::zero_successors(site)?;
    v::has_parent(site, &["func.func"])?;
    v::terminator(site)?;
    let Some(func) = site.parent() else {
        return Ok(());
    };
    let name = v::inherent(func, "sym_name")
        .and_then(string_of)
        .unwrap_or("");
    let Some(ty) = v::inherent(func, "function_type")
        .and_then(|t| t.dyn_cast::<strata_builtin::TypeAttr>())
        .and_then(|t| t.payload().ty.dyn_cast::<FunctionType>())
    else {
        return Ok(());
    };
    let results = ty.payload().results;
    let (body, op) = (site.body(), site.op());
    if op.num_operands() != results.len() {
        return Err(VerifyError::new(format!(
            "has {} operands, but enclosing function (@{name}) returns {}",
            op.num_operands(),
            results.len()
        )));
    }
    for (i, (v, &want)) in op.operands().zip(results).enumerate() {
        let got = body.value_type(v);
        if got != want {
            return Err(VerifyError::plain(format!(
                "type of return operand {i} ('{got}') doesn't match function result type \
                 ('{want}') in function @{name}"
            )));
        }
    }
    Ok(())
}
