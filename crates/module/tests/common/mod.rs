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
