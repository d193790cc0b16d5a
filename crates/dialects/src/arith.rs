//! MLIR 19's `arith` dialect, as far as strata defines it:
//! `arith.constant` (`attr-dict $value`) with its custom form, the rest of
//! the dialect registered by name (a custom form of another `arith`
//! operation is refused as one strata does not read yet).
//!
//! ```
//! use strata_ctx::{Context, Shared};
//! use strata_module::{ParseConfig, PrintOptions, print_module};
//!
//! let mut ops = strata_module::builtin_ops::<Shared, rustc_hash::FxBuildHasher>();
//! strata_dialects::arith::register_ops::<Shared, rustc_hash::FxBuildHasher>(&mut ops);
//! let ctx = Context::new();
//! let module = ParseConfig::new()
//!     .ops(&ops)
//!     .parse(&ctx, "%c = arith.constant 3 : i32\n")
//!     .unwrap();
//! assert!(print_module(&module, PrintOptions::default())
//!     .contains("%0 = \"arith.constant\"() <{value = 3 : i32}> : () -> i32"));
//! ```

use core::hash::BuildHasher;

use core::fmt::Write as _;
use strata_builtin::StringAttr;
use strata_builtin::prelude::*;

use strata_builtin::{IntegerAttr, IntegerType, Signedness};
use strata_ctx::{Attribute, Policy, Type};
use strata_ir::verify::{self as v, OpSite};
use strata_ir::{Body, OpId};
use strata_ir::{OpDef, OpRegistry, Traits, VerifyError};
use strata_module::asm::{OpAsm, OpAsmParser, OpAsmPrinter, OpPrint};
use strata_syntax::ParseError;

use crate::func::non_empty;

type PResult<T> = Result<T, ParseError>;

/// Registers the `arith` dialect in `ops`, with the custom form of
/// `arith.constant` for contexts of type `Context<P, S>` (pure, constant
/// like); the rest of the dialect is registered in mlir-opt-19 but not
/// defined here.
pub fn register_ops<P: Policy + 'static, S: BuildHasher + 'static>(ops: &mut OpRegistry) {
    ops.register(
        OpDef::new("arith.constant", Traits::PURE | Traits::CONSTANT_LIKE)
            .property("value", typed_attr)
            .verifier(verify_constant)
            .interface(OpAsm::<P, S>::new(parse_constant))
            .interface(OpPrint::new(print_constant).result_names(constant_names)),
    );
    ops.register_name_only("arith");
}

/// `%r = arith.constant [{attrs}] value`, after its name: the result has the
/// value's type (`none` for a string, which MLIR's verifier then refuses);
/// a value that is not a typed attribute is refused here, as MLIR's parser
/// refuses it.
fn parse_constant<P: Policy, S: BuildHasher + 'static>(
    p: &mut OpAsmParser<'_, '_, '_, '_, P, S>,
) -> PResult<()> {
    let attributes = non_empty(p.parse_optional_attr_dict()?);
    let at = p.token().start;
    let value = p.parse_attribute()?;
    // The value must be a typed attribute (MLIR's parser asks for a
    // `TypedAttr`); a string's type is `none`, which the verifier then
    // refuses.
    let ty = match typed_attr_type(value) {
        Some(ty) => ty,
        None if value.isa::<StringAttr>() => p.context().none_type().into(),
        None => {
            return Err(p.emit_error_at(at..at + 1, "invalid kind of attribute specified"));
        }
    };
    p.add_result_type(ty);
    p.set_attributes(attributes);
    let props = p.context().dictionary_attr(&[("value", value)]).into();
    p.set_properties(Some(props));
    Ok(())
}

/// Whether `a` is a `TypedAttr` (a string without a type is one: its type
/// is `none`), what `arith.constant`'s `value` holds.
fn typed_attr(a: Attribute<'_>) -> bool {
    typed_attr_type(a).is_some() || a.isa::<StringAttr>()
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

/// Prints `arith.constant`'s custom form after its name (`attr-dict
/// $value`): the other attributes, then the value with its type.
fn print_constant(p: &mut dyn OpAsmPrinter<'_>) -> bool {
    let o = p.body().op(p.op());
    let shape = o.results().len() == 1 && o.operands().len() == 0 && o.regions().is_empty();
    let Some(value) = p.attr("value").filter(|_| shape) else {
        return false;
    };
    let attrs = p.attrs();
    p.print_optional_attr_dict(&attrs, &["value"]);
    p.write_str(" ");
    p.print_attribute(value);
    true
}

/// The name of `arith.constant`'s result (MLIR's
/// `ConstantOp::getAsmResultNames`): `true` or `false` for an `i1`,
/// `c42_i32` for an integer (`c42` for an index), `cst` for another value.
fn constant_names(body: &Body<'_>, op: OpId, name: &mut dyn FnMut(usize, &str)) {
    let o = body.op(op);
    let Some(&result) = o.results().first() else {
        return;
    };
    let value = o
        .properties()
        .and_then(|d| d.dyn_cast::<strata_builtin::DictionaryAttr>())
        .and_then(|d| d.payload().get("value"));
    let Some(int) = value.and_then(|v| v.dyn_cast::<IntegerAttr>()) else {
        return name(0, "cst");
    };
    let ty = body.value_type(result);
    let int_type = ty.dyn_cast::<IntegerType>();
    let v = int.payload().value();
    if int_type.is_some_and(|t| t.payload().width == 1) {
        return name(0, if v.is_zero() { "false" } else { "true" });
    }
    // The value as MLIR's `APInt` prints it here: signed, whatever the
    // type's signedness.
    let mut s = String::with_capacity(16);
    s.push('c');
    match v.to_i128() {
        Some(x) => {
            let _ = write!(s, "{x}");
        }
        None => s.push_str(&v.to_signed_string()),
    }
    if let Some(t) = int_type {
        s.push('_');
        let t = t.payload();
        s.push_str(match t.signedness {
            Signedness::Signless => "i",
            Signedness::Signed => "si",
            Signedness::Unsigned => "ui",
        });
        let _ = write!(s, "{}", t.width);
    }
    name(0, &s);
}

/// `arith.constant`'s `verifyInvariants`, in MLIR 19's order: its counting
/// traits, its `value` (required, and of the result's type: ODS's
/// `AllTypesMatch`), then its own `verify`.
fn verify_constant(site: OpSite<'_, '_>) -> Result<(), VerifyError> {
    use strata_builtin::{
        DenseAttr, DenseResourceAttr, DenseStringAttr, FloatAttr, IntegerAttr, IntegerType,
        NoneType, SparseElementsAttr, VectorType,
    };
    v::zero_regions(site)?;
    v::one_result(site)?;
    v::zero_successors(site)?;
    v::zero_operands(site)?;
    let value =
        v::inherent(site, "value").ok_or_else(|| VerifyError::new("requires attribute 'value'"))?;
    if !typed_attr(value) {
        return Err(VerifyError::new(
            "attribute 'value' failed to satisfy constraint: TypedAttr instance",
        ));
    }
    let ty = site.body().value_type(site.op().result(0));
    // A string without a type is typed `none`.
    let same = match typed_attr_type(value) {
        Some(t) => t == ty,
        None => value.isa::<StringAttr>() && ty.isa::<NoneType>(),
    };
    if !same {
        return Err(VerifyError::new(
            "failed to verify that all of {value, result} have same type",
        ));
    }
    if ty
        .dyn_cast::<IntegerType>()
        .is_some_and(|t| t.payload().signedness != strata_builtin::Signedness::Signless)
    {
        return Err(VerifyError::new("integer return type must be signless"));
    }
    // A dialect's attribute may implement `ElementsAttr`: strata cannot
    // tell, and does not refuse it.
    let opaque = value.isa::<strata_builtin::OpaqueAttr>();
    let elements = opaque
        || value.isa::<DenseAttr>()
        || value.isa::<DenseStringAttr>()
        || value.isa::<SparseElementsAttr>()
        || value.isa::<DenseResourceAttr>();
    if !(value.isa::<IntegerAttr>() || value.isa::<FloatAttr>() || elements) {
        return Err(VerifyError::new(
            "value must be an integer, float, or elements attribute",
        ));
    }
    let scalable = ty
        .dyn_cast::<VectorType>()
        .is_some_and(|t| t.payload().scalable.iter().any(|&s| s));
    let splat = value
        .dyn_cast::<DenseAttr>()
        .is_some_and(|d| d.payload().is_splat());
    if scalable && !splat && !opaque {
        return Err(VerifyError::new(
            "intializing scalable vectors with elements attribute is not supported unless \
             it's a vector splat",
        ));
    }
    Ok(())
}
