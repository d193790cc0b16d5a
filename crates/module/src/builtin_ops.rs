//! The builtin dialect's operations as MLIR 19 defines them, the ones every
//! parse knows (MLIR's context always loads the builtin dialect):
//! `builtin.module` with its custom form (`($sym_name^)?
//! attr-dict-with-keyword $bodyRegion`) and
//! `builtin.unrealized_conversion_cast` with its custom form (`($inputs^ `:`
//! type($inputs))? `to` type($outputs) attr-dict`). Other
//! dialects' operations are plug-ins a tool registers (strata-dialects'
//! `func` and `arith`, a user's own), written over the same public
//! [`OpAsmParser`] as this file's hook.

use core::hash::BuildHasher;

use strata_builtin::prelude::*;
use strata_builtin::{NamedAttribute, StringAttr};
use strata_ctx::{Attribute, Policy};
use strata_ir::verify::{self as v, OpSite, storage};
use strata_ir::{OpDef, OpRegistry, Traits, VerifyError};
use strata_syntax::ParseError;
use strata_syntax::lexer::TokenKind;

use crate::asm::{DefaultDialect, OpAsm, OpAsmParser, OpAsmPrinter, OpPrint};

type PResult<T> = Result<T, ParseError>;

/// The inherent attributes of `builtin.module`, which its custom form sets
/// from `@name` or from its attribute dictionary.
const MODULE_INHERENT: [&str; 2] = ["sym_name", "sym_visibility"];

/// A registry of the builtin dialect's operations ([`register_builtin`]),
/// with the custom form of `builtin.module` for contexts of type
/// `Context<P, S>`: the registry a parse uses when its
/// [`crate::ParseConfig`] names none, and the one a tool adds its
/// dialects' operations to.
pub fn builtin_ops<P: Policy + 'static, S: BuildHasher + 'static>() -> OpRegistry {
    let mut ops = OpRegistry::new();
    register_builtin::<P, S>(&mut ops);
    ops
}

/// Registers the builtin dialect's operations, as MLIR 19 defines them,
/// with their custom forms for contexts of type `Context<P, S>`:
/// `builtin.module` (isolated, a symbol table, one block without a
/// terminator) and `builtin.unrealized_conversion_cast`.
pub fn register_builtin<P: Policy + 'static, S: BuildHasher + 'static>(ops: &mut OpRegistry) {
    // Its custom forms are for this context type only (see
    // `ParseConfig::ops`).
    ops.set_context_type::<strata_ctx::Context<P, S>>();
    let def = OpDef::new(
        "builtin.module",
        Traits::ISOLATED_FROM_ABOVE
            | Traits::SYMBOL_TABLE
            | Traits::SYMBOL
            | Traits::NO_TERMINATOR
            | Traits::SINGLE_BLOCK,
    );
    ops.register(
        def.property("sym_name", storage::string)
            .property("sym_visibility", storage::string)
            .verifier(verify_module)
            .interface(OpAsm::<P, S>::new(parse_module))
            .interface(OpPrint::new(print_module))
            .interface(DefaultDialect("builtin")),
    );
    if ops.lookup("builtin.unrealized_conversion_cast").is_none() {
        ops.register(
            OpDef::new("builtin.unrealized_conversion_cast", Traits::NONE)
                .interface(OpAsm::<P, S>::new(parse_cast))
                .interface(OpPrint::new(print_cast)),
        );
    }
}

/// `module [@name] [attributes {...}] { body }` (or `builtin.module ...`),
/// after its name: MLIR's declarative format `($sym_name^)?
/// attr-dict-with-keyword $bodyRegion`. The body is one region, given one
/// empty block when it has none (as MLIR's parser gives it); `sym_name` and
/// `sym_visibility` are properties, and a dictionary that names them sets
/// them (overriding `@name`, as creating the operation does in MLIR).
fn parse_module<'c, P: Policy, S: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, 'c, '_, '_, P, S>,
) -> PResult<()> {
    let ctx = p.context();
    let op = p.name();
    let mut sym_name: Option<Attribute<'c>> = p
        .parse_optional_symbol_name()?
        .map(|n| ctx.string_attr(&n).into());

    // `attributes {...}`: the discardable attributes, less the two inherent
    // ones, which become properties.
    let mut attributes = None;
    let mut sym_visibility = None;
    if let Some((at, dict, entries)) = p.parse_optional_attr_dict_with_keyword()? {
        let inherent = |e: &&NamedAttribute<'c>| MODULE_INHERENT.contains(&e.name.as_str());
        for e in entries.iter().filter(inherent) {
            if !e.value.isa::<StringAttr>() {
                return Err(p.emit_error_at(
                    at,
                    &format!(
                        "'{op}' op attribute '{}' failed to satisfy constraint: string attribute",
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
            attributes = Some(ctx.dictionary_attr(&rest).into());
        }
    }
    let mut props: Vec<(&str, Attribute<'c>)> = Vec::new();
    if let Some(n) = sym_name {
        props.push((MODULE_INHERENT[0], n));
    }
    if let Some(v) = sym_visibility {
        props.push((MODULE_INHERENT[1], v));
    }
    p.set_properties((!props.is_empty()).then(|| ctx.dictionary_attr(&props).into()));
    p.set_attributes(attributes);

    if p.token().kind != TokenKind::LBrace {
        return Err(p.wrong_token("expected '{' to begin a region"));
    }
    let region = p.parse_region(&[])?;
    p.ensure_block(region);
    Ok(())
}

/// Prints `builtin.module`'s custom form after its name: ` @name`, the
/// other attributes after `attributes`, the body (MLIR's declarative
/// printer for `($sym_name^)? attr-dict-with-keyword $bodyRegion`).
fn print_module(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let name = p.attr(MODULE_INHERENT[0]);
    let name = match name.map(|n| n.dyn_cast::<StringAttr>()) {
        None => None,
        Some(Some(n)) => Some(n.payload().value),
        Some(None) => return false,
    };
    if p.num_regions() != 1 {
        return false;
    }
    if let Some(n) = name {
        p.write_str(" ");
        p.print_symbol_name(n);
    }
    let attrs = p.attrs();
    p.print_optional_attr_dict_with_keyword(&attrs, &MODULE_INHERENT[..1]);
    p.write_str(" ");
    p.print_region(0, true, true, false);
    true
}

/// Types separated by commas, at least one (MLIR's `parseTypeList`).
fn parse_types<'c, P: Policy, S: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, 'c, '_, '_, P, S>,
) -> PResult<Vec<strata_ctx::Type<'c>>> {
    let mut types = vec![p.parse_type()?];
    while p.consume(TokenKind::Comma) {
        types.push(p.parse_type()?);
    }
    Ok(types)
}

/// `builtin.unrealized_conversion_cast`'s custom form after its name:
/// `[%a, %b : t1, t2] to r1, r2 [{attrs}]`.
fn parse_cast<P: Policy, S: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, '_, '_, '_, P, S>,
) -> PResult<()> {
    let operands = p.parse_optional_operand_list()?;
    let mut types = Vec::new();
    if !operands.is_empty() {
        p.expect(TokenKind::Colon, "':'")?;
        types = parse_types(p)?;
    }
    if !p.at_keyword("to") {
        return Err(p.emit_error("expected 'to'"));
    }
    p.bump();
    for ty in parse_types(p)? {
        p.add_result_type(ty);
    }
    let attributes = p.parse_optional_attr_dict()?;
    if operands.len() != types.len() {
        let at = operands
            .first()
            .map_or(p.name_span().start, |o| o.span.start);
        return Err(p.emit_error_at(
            at..at + 1,
            &format!(
                "{} operands present, but expected {}",
                operands.len(),
                types.len()
            ),
        ));
    }
    for (o, ty) in operands.into_iter().zip(types) {
        p.add_operand(o, ty);
    }
    let empty = attributes.is_some_and(|a| {
        a.dyn_cast::<strata_builtin::DictionaryAttr>()
            .is_some_and(|d| d.payload().entries.is_empty())
    });
    p.set_attributes(attributes.filter(|_| !empty));
    Ok(())
}

/// Prints `builtin.unrealized_conversion_cast`'s custom form after its
/// name.
fn print_cast(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let body = p.body();
    let o = body.op(p.op());
    if p.num_regions() != 0 || o.num_successors() != 0 {
        return false;
    }
    let operands: Vec<_> = o.operands().collect();
    let inputs: Vec<_> = operands.iter().map(|&v| body.value_type(v)).collect();
    let outputs: Vec<_> = o.results().iter().map(|&v| body.value_type(v)).collect();
    if !operands.is_empty() {
        p.write_str(" ");
        p.print_operands(&operands);
        p.write_str(" : ");
        p.print_types(&inputs);
    }
    p.write_str(" to ");
    p.print_types(&outputs);
    let attrs = p.attrs();
    p.print_optional_attr_dict(&attrs, &[]);
    true
}

/// `builtin.module`'s `verifyInvariants`, in MLIR 19's order: its counting
/// traits, its region's one block (ODS's `SizedRegion<1>`), no region
/// argument, the optional symbol's parent, then its own `verify` (only
/// dialect attributes besides the symbol's).
fn verify_module(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    v::one_region(site)?;
    v::zero_results(site)?;
    v::zero_successors(site)?;
    v::zero_operands(site)?;
    if let (Some(body), Some(&r)) = (site.regions_body(), site.regions().first()) {
        let blocks = body.blocks(r).count();
        if blocks != 1 {
            return Err(VerifyError::new(
                "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks",
            ));
        }
        if body
            .entry_block(r)
            .is_some_and(|e| !body.block_args(e).is_empty())
        {
            return Err(VerifyError::new("region should have no arguments"));
        }
    }
    // An optional symbol: its rules apply once it is named.
    if v::inherent(site, "sym_name").is_some()
        && let Some(def) = site.parent().and_then(|p| p.def())
        && !def.has(Traits::SYMBOL_TABLE)
    {
        return Err(VerifyError::new(
            "symbol's parent must have the SymbolTable trait",
        ));
    }
    fn entries<'c>(a: Option<Attribute<'c>>) -> Option<&'c [NamedAttribute<'c>]> {
        a.and_then(|a| a.dyn_cast::<strata_builtin::DictionaryAttr>())
            .map(|d| d.payload().entries)
    }
    let op = site.op();
    let attrs = entries(op.properties())
        .into_iter()
        .chain(entries(op.attributes()))
        .flatten();
    for e in attrs {
        let name = e.name.payload().value;
        if !name.contains('.') && !MODULE_INHERENT.contains(&name) {
            return Err(VerifyError::new(format!(
                "can only contain attributes with dialect-prefixed names, found: '{name}'"
            )));
        }
    }
    Ok(())
}
