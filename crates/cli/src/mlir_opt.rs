//! What `mlir-opt-19` registers: its dialects, the operations of MLIR's
//! test dialect it registers, and its registered operations with graph
//! regions. This is the tool's knowledge, not a library's: strata-opt
//! models `mlir-opt-19`, and gives the libraries this model through
//! [`crate::syntax`] (`Syntax::registered_ops`).

use strata_builtin::Registration;

pub use crate::mlir_opt_ops::{MLIR_OPT_OPEN_DIALECTS, MLIR_OPT_OPS};

/// The dialects `mlir-opt-19 --show-dialects` lists (all of them compiled
/// into `mlir-opt-19`). Their operations are registered there (see
/// [`mlir_opt_registration`]); strata-opt also registers
/// the namespaces in its context (`strata_cli::syntax` and
/// `Syntax::register_dialects_in`).
pub const MLIR_OPT_DIALECTS: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "mesh",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "polynomial",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "test_dyn",
    "tosa",
    "transform",
    "ub",
    "vector",
    "x86vector",
    "xegpu",
];

/// The operations of MLIR's test dialect (compiled into `mlir-opt-19`) that
/// `mlir-opt-19` registers, among those the shipped MLIR test files print
/// with properties; `test.op` and other names are unregistered there. Found
/// by giving `mlir-opt-19` each with an unknown property: a registered
/// operation drops or rejects it, an unregistered one keeps it. Sorted.
pub const MLIR_OPT_TEST_OPS: &[&str] = &[
    "any_attr_of_i32_str",
    "array_of_attr_op",
    "attr_sized_operands",
    "attr_sized_results",
    "attr_with_loc",
    "attr_with_trait",
    "compare",
    "confined_dense_array_attr",
    "confined_non_negative_attr",
    "confined_strictly_positive_attr",
    "constant",
    "containing_int_polynomial_attr",
    "containing_int_polynomial_attr2",
    "custom_dimension_list_attr",
    "custom_result_name",
    "default_value_print",
    "dense_array_attr",
    "float_attrs",
    "float_elements_attr",
    "fold_with_fold_adaptor",
    "i32_enum_attr",
    "i64_enum_attr",
    "int_attrs",
    "int_elements_attr",
    "non_negative_int_attr",
    "oilist_custom",
    "oilist_variadic_with_parens",
    "oilist_with_keywords_only",
    "oilist_with_simple_args",
    "op_with_bit_enum",
    "op_with_bit_enum_vbar",
    "op_with_enum",
    "optional_custom_attr",
    "parse_b64",
    "parse_wrapped_keyword",
    "positive_int_attr",
    "ranked_int_elements_attr",
    "string_attr_pretty_name",
    "string_attr_with_type",
    "string_elements_attr",
    "switch_with_no_break",
    "symbol",
    "type_array_attr",
    "using_int_property_with_worse_bytecode",
    "using_property_in_custom",
    "using_property_ref_in_custom",
    "with_default_valued_properties",
    "with_nice_properties",
    "with_optional_properties",
    "with_properties",
    "with_wrapped_properties",
];

/// The registered operations of `mlir-opt-19` whose regions are graph
/// regions (`RegionKindInterface`, `HasOnlyGraphRegion`): inside their one
/// block, uses may come before definitions.
pub const MLIR_OPT_GRAPH_REGION_OPS: &[&str] = &[
    "builtin.module",
    "emitc.expression",
    "ml_program.subgraph",
    "scf.forall.in_parallel",
    "test.graph_loop",
    "test.graph_region",
    "test.single_no_terminator_op",
    "test.variadic_no_terminator_op",
    "transform.apply_conversion_patterns",
    "transform.apply_patterns",
    "transform.func.cast_and_call",
    "transform.structured.replace",
];

/// How `mlir-opt-19` registers the operation `name`, as far as its alias
/// pass and its verifier show: the operations of its dialects are
/// registered ([`MLIR_OPT_OPS`]), but `test` and the other dialects of
/// [`MLIR_OPT_OPEN_DIALECTS`] let any name through (the registered test
/// operations are [`MLIR_OPT_TEST_OPS`]; `test_dyn`'s names count as
/// unregistered, the other open dialects' as registered), another name of a dialect of its registry is
/// [`Registration::Unknown`], and some registered operations have graph
/// regions ([`MLIR_OPT_GRAPH_REGION_OPS`]).
///
/// ```
/// use strata_builtin::Registration;
/// use strata_cli::mlir_opt_registration as r;
///
/// assert_eq!(r("arith.addi"), Registration::Registered);
/// assert_eq!(r("arith.nosuch"), Registration::Unknown);
/// assert_eq!(r("test.op"), Registration::Unregistered);
/// assert_eq!(r("test.with_properties"), Registration::Registered);
/// assert_eq!(r("test.graph_region"), Registration::GraphRegions);
/// assert_eq!(r("llvm.anything"), Registration::Registered);
/// assert_eq!(r("acme.widget"), Registration::Unregistered);
/// ```
pub fn mlir_opt_registration(name: &str) -> Registration {
    let Some((dialect, op)) = name.split_once('.') else {
        return Registration::Unregistered;
    };
    let registered = if dialect == "test" {
        MLIR_OPT_TEST_OPS.binary_search(&op).is_ok() || MLIR_OPT_GRAPH_REGION_OPS.contains(&name)
    } else if dialect == "test_dyn" {
        false
    } else if MLIR_OPT_OPEN_DIALECTS.contains(&dialect) || MLIR_OPT_OPS.binary_search(&name).is_ok()
    {
        true
    } else if MLIR_OPT_DIALECTS.contains(&dialect) {
        return Registration::Unknown;
    } else {
        false
    };
    if !registered {
        Registration::Unregistered
    } else if MLIR_OPT_GRAPH_REGION_OPS.contains(&name) {
        Registration::GraphRegions
    } else {
        Registration::Registered
    }
}
