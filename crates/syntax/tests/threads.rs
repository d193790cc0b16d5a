//! Four threads parse the whole conformance corpus into one context and get
//! pointer-equal handles for equal text.

mod corpus;

use strata_ctx::Context;

#[test]
fn four_threads_intern_equal_text_to_equal_handles() {
    let ctx = Context::new();
    let mut forms: Vec<(String, String)> = Vec::new();
    // A distinct attribute is a new identity at every parse (as in MLIR), so
    // equal text does not give equal handles there by design.
    for f in corpus::accepted()
        .into_iter()
        .filter(|f| !f.input.contains("distinct["))
    {
        forms.push((f.kind.clone(), f.input));
        forms.push((f.kind, f.print));
    }
    for f in corpus::rejected() {
        forms.push((f.kind, f.input));
    }
    let results: Vec<Vec<Option<usize>>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..4)
            .map(|t| {
                let (ctx, forms) = (&ctx, &forms);
                s.spawn(move || {
                    // Each thread walks the corpus from a different start, so
                    // that first insertions come from every thread.
                    let n = forms.len();
                    let mut out = vec![None; n];
                    for i in 0..n {
                        let j = (i + t * n / 4) % n;
                        let (kind, text) = &forms[j];
                        out[j] = corpus::parse(ctx, kind, text).ok().map(|(_, p)| p as usize);
                    }
                    out
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let parsed = results[0].iter().filter(|p| p.is_some()).count();
    assert!(
        parsed > forms.len() / 4,
        "too few forms parse ({parsed}) for the test to mean anything"
    );
    for r in &results[1..] {
        if let Some(i) = (0..forms.len()).find(|&i| r[i] != results[0][i]) {
            panic!("threads disagree on {:?}", forms[i]);
        }
    }
    // Equal text, equal handle; and the same text in another family position
    // never aliases by accident.
    let mut by_text = std::collections::HashMap::new();
    for ((kind, text), p) in forms.iter().zip(&results[0]) {
        if let Some(p) = p {
            let prev = by_text.insert((kind.clone(), text.clone()), *p);
            assert!(prev.is_none_or(|q| q == *p), "{text} interned twice");
        }
    }
    println!(
        "threads: {parsed} of {} forms parsed by 4 threads into one context, equal handles",
        forms.len()
    );
}
