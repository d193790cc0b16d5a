//! The generator of large generic-form modules for the benchmark: copies of
//! real modules (the outputs of `mlir-opt-19` on MLIR's test files), each
//! renamed and nested as a `builtin.module` of its own.

/// Builds a module of at least `target_bytes` bytes from `modules` (texts
/// that `mlir-opt-19 --mlir-print-op-generic` printed: one
/// `"builtin.module"` each, without aliases). Copy `n` of a module becomes
/// `"builtin.module"() <{sym_name = "copy_n"}> (...)` inside one outer
/// module, and every symbol name it defines (`sym_name = "f"`) gets the
/// suffix `_n`, so the copies read as distinct functions. The result is a
/// function of the arguments only (deterministic).
///
/// Modules that are not a single plain `"builtin.module"` are skipped, and
/// so are those with `"test.verifiers"` operations (MLIR's test dialect
/// prints a remark per verification of one, which would time the terminal
/// rather than the parser); returns `None` when none is usable.
pub fn generate(modules: &[&str], target_bytes: usize) -> Option<String> {
    build(modules, |out, _| out.len() < target_bytes)
}

/// Like [`generate`], with every usable module copied exactly once: a
/// module the size of the test files themselves.
pub fn generate_once(modules: &[&str]) -> Option<String> {
    build(modules, |_, (n, usable)| n < usable)
}

fn build(modules: &[&str], more: impl Fn(&str, (usize, usize)) -> bool) -> Option<String> {
    const HEAD: &str = "\"builtin.module\"() ({\n";
    const TAIL: &str = "}) : () -> ()";
    let bodies: Vec<&str> = modules
        .iter()
        .filter_map(|m| {
            let m = m.trim_end();
            let body = m.strip_prefix(HEAD)?.strip_suffix(TAIL)?;
            (!body.trim().is_empty() && !body.contains("\"test.verifiers\"")).then_some(body)
        })
        .collect();
    if bodies.is_empty() {
        return None;
    }
    let mut out = String::new();
    out.push_str(HEAD);
    let mut n = 0usize;
    while more(&out, (n, bodies.len())) {
        let body = bodies[n % bodies.len()];
        out.push_str(&format!(
            "  \"builtin.module\"() <{{sym_name = \"copy_{n}\"}}> ({{\n"
        ));
        let suffix = format!("_{n}\"");
        let mut rest = body;
        while let Some(i) = rest.find("sym_name = \"") {
            let start = i + "sym_name = \"".len();
            let Some(len) = rest[start..].find('"') else {
                break;
            };
            out.push_str(&rest[..start + len]);
            out.push_str(&suffix);
            rest = &rest[start + len + 1..];
        }
        out.push_str(rest);
        out.push_str("  }) : () -> ()\n");
        n += 1;
    }
    out.push_str(TAIL);
    out.push('\n');
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_are_renamed_and_nested() {
        let m =
            "\"builtin.module\"() ({\n  \"f\"() <{sym_name = \"a\"}> : () -> ()\n}) : () -> ()\n\n";
        let g = generate(&[m, "#x = 1\n"], 300).unwrap();
        assert!(g.contains("sym_name = \"copy_0\""));
        assert!(g.contains("sym_name = \"a_1\""));
        assert!(g.len() >= 300);
        assert_eq!(g, generate(&[m], 300).unwrap());
        let once = generate_once(&[m, m]).unwrap();
        assert_eq!(once.matches("sym_name = \"copy_").count(), 2);
    }

    /// An empty module and one with `test.verifiers` operations are
    /// skipped; none usable is `None`. Copies stop at the first that
    /// reaches the target size.
    #[test]
    fn unusable_modules_are_skipped_and_the_size_is_a_floor() {
        let m =
            "\"builtin.module\"() ({\n  \"f\"() <{sym_name = \"a\"}> : () -> ()\n}) : () -> ()\n\n";
        let empty = "\"builtin.module\"() ({\n}) : () -> ()\n";
        let verifiers =
            "\"builtin.module\"() ({\n  \"test.verifiers\"() : () -> ()\n}) : () -> ()\n";
        assert_eq!(generate(&[empty, verifiers], 100), None);
        let g = generate_once(&[empty, m, verifiers]).unwrap();
        assert!(!g.contains("test.verifiers"));
        assert_eq!(g.matches("sym_name = \"copy_").count(), 1);
        // Exactly at the target after one copy: no second copy.
        let one = generate_once(&[m]).unwrap();
        let at = one.len() - "}) : () -> ()".len() - 1;
        let g = generate(&[m], at).unwrap();
        assert_eq!(g.matches("sym_name = \"copy_").count(), 1, "{g}");
    }
}
