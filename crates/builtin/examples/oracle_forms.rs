//! Prints the random builtin forms of the mlir-opt-19 oracle, one per line
//! as `kind<TAB>form`; `tests/oracle/regenerate.sh` feeds them to
//! `mlir-opt-19`.
//!
//! ```text
//! cargo run -p strata-builtin --example oracle_forms
//! ```

#[path = "../tests/oracle/forms.rs"]
mod forms;

fn main() {
    let ctx = strata_ctx::Context::new();
    for (form, text) in forms::forms(&ctx, forms::SEED, forms::COUNT) {
        println!("{}\t{text}", form.tag());
    }
}
