//! Shared by the integration tests: the oracle's modules that round-trip.

#![allow(dead_code)]

/// The generic-form texts (without debug info) of the oracle's chunks that
/// are not known failures.
pub(crate) fn good_modules() -> Vec<String> {
    let known = include_str!("../oracle/known_failures.txt");
    include_str!("../oracle/generic.jsonl")
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|row| {
            let key = format!(
                "{}#{} generic\t",
                row["file"].as_str().unwrap(),
                row["chunk"].as_u64().unwrap()
            );
            !known.contains(&key)
        })
        .map(|row| row["generic"].as_str().unwrap().to_owned())
        .collect()
}

/// How `mlir-opt-19` registers the operations these tests' inputs use, a
/// small part of strata-opt's model (`strata_cli::mlir_opt_registration`,
/// which this crate's tests cannot use): every operation of `func`, `cf`,
/// `arith` and `scf`, and of MLIR's test dialect `test.attr_with_loc` and
/// `test.compare` (registered) and `test.graph_region` (with graph
/// regions); any other is unregistered.
pub(crate) fn registration(name: &str) -> strata_builtin::Registration {
    use strata_builtin::Registration;
    let dialect = name.split_once('.').map_or("", |(d, _)| d);
    if matches!(dialect, "func" | "cf" | "arith" | "scf")
        || matches!(name, "test.attr_with_loc" | "test.compare")
    {
        Registration::Registered
    } else if name == "test.graph_region" {
        Registration::GraphRegions
    } else {
        Registration::Unregistered
    }
}

/// A syntax with no dialect hooks whose modules register the operations
/// [`registration`] names.
pub(crate) fn syntax<P: strata_ctx::Policy, S: core::hash::BuildHasher>()
-> strata_syntax::Syntax<P, S> {
    let mut s = strata_syntax::Syntax::new();
    s.registered_ops(registration);
    s
}

/// The builtin dialect's operations and, generic form only, what these
/// tests' inputs need of MLIR's `func` dialect: `func.func` isolated from
/// above and a symbol, `func.return` a terminator, `func.call` a name the
/// dialect registers (its custom forms are `strata-dialects`', which this
/// crate's tests cannot use).
pub(crate) fn ops<P: strata_ctx::Policy + 'static, S: core::hash::BuildHasher + 'static>()
-> strata_ir::OpRegistry {
    use strata_ir::{OpDef, Traits};
    let mut ops = strata_module::builtin_ops::<P, S>();
    ops.register(OpDef::new(
        "func.func",
        Traits::ISOLATED_FROM_ABOVE | Traits::SYMBOL,
    ));
    ops.register(OpDef::new("func.return", Traits::TERMINATOR | Traits::PURE));
    ops.register_op_name("func.call");
    ops
}

/// [`ops`] for the default thread-safe context, `Context::new()`'s type.
pub(crate) fn shared_ops() -> strata_ir::OpRegistry {
    ops::<strata_ctx::Shared, rustc_hash::FxBuildHasher>()
}

/// [`ops`] for the single-threaded context, `Context::single_threaded()`'s
/// type.
pub(crate) fn local_ops() -> strata_ir::OpRegistry {
    ops::<strata_ctx::Local, rustc_hash::FxBuildHasher>()
}
