//! strata-builtin against `mlir-opt-19`: 2,100 seeded random types,
//! attributes and locations, built through the constructors and printed by
//! strata, must print exactly as `mlir-opt-19` prints them back
//! (`oracle/forms.txt`, rebuilt by `oracle/regenerate.sh`; this test needs
//! no mlir-opt).

#[path = "oracle/forms.rs"]
mod forms;

#[test]
fn random_forms_print_as_mlir_opt_19() {
    let data = include_str!("oracle/forms.txt");
    let expected: Vec<(&str, &str, &str)> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, '\t');
            (
                parts.next().expect("kind"),
                parts.next().expect("strata's print"),
                parts.next().expect("mlir-opt-19's print"),
            )
        })
        .collect();
    let ctx = strata_ctx::Context::new();
    let forms = forms::forms(&ctx, forms::SEED, forms::COUNT);
    assert_eq!(
        forms.len(),
        expected.len(),
        "the generator and the data disagree"
    );
    let mut failures = Vec::new();
    for ((form, text), (kind, _, mlir)) in forms.iter().zip(&expected) {
        assert_eq!(form.tag(), *kind);
        if text != mlir {
            failures.push(format!("{kind}: strata `{text}`, mlir-opt-19 `{mlir}`"));
        }
    }
    println!(
        "{} of {} random builtin forms print as mlir-opt-19 prints them",
        forms.len() - failures.len(),
        forms.len()
    );
    for f in failures.iter().take(20) {
        println!("  {f}");
    }
    assert!(failures.is_empty(), "{} forms differ", failures.len());
}
