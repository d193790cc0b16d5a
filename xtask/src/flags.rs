//! The xtask's command line, declared once.
//!
//! Every command and every flag is written exactly once, in the `flags!`
//! invocation below: the macro turns that declaration into a typed [`Task`]
//! (one variant per command, one struct per command with one field per
//! flag), into the parser that fills it, and into the `--help` text. A flag
//! added to the declaration therefore cannot be missing from the help, and a
//! command cannot be parsed that the help does not list. rust-analyzer's
//! `xtask/src/flags.rs` is the model; this one is std-only so that the xtask
//! keeps building in seconds on a fresh machine.
//!
//! Three kinds of flag exist:
//!
//! - `switch ["--deep"]`: a `bool`, true when the flag is present;
//! - `value ["--crate" "NAME"]`: an `Option<String>` holding the argument
//!   that follows the flag (`NAME` is how the help shows it);
//! - `rest ["ARGS"]`: a `Vec<String>` taking every remaining argument
//!   verbatim (for a command that forwards its arguments to a program); it
//!   must be the command's last field.

/// The field type of a flag of the given kind.
macro_rules! flag_ty {
    (switch) => { bool };
    (value) => { Option<String> };
    (rest) => { Vec<String> };
}

/// How a flag of the given kind appears in a usage line.
macro_rules! flag_usage {
    (switch, $flag:literal) => {
        concat!("[", $flag, "]")
    };
    (value, $flag:literal $meta:literal) => {
        concat!("[", $flag, " ", $meta, "]")
    };
    (rest, $meta:literal) => {
        concat!("[", $meta, "]...")
    };
}

/// Consumes `$arg` (and, for a `value`, the argument after it; for `rest`,
/// every argument left) into `$slot` if it is this flag, then continues the
/// caller's loop over the arguments.
macro_rules! flag_take {
    (switch, $slot:expr, $arg:ident, $it:ident, $flag:literal) => {
        if $arg == $flag {
            $slot = true;
            continue;
        }
    };
    (value, $slot:expr, $arg:ident, $it:ident, $flag:literal $meta:literal) => {
        if $arg == $flag {
            $slot = Some(
                $it.next()
                    .ok_or_else(|| format!("{} needs a value ({})", $flag, $meta))?,
            );
            continue;
        }
    };
    (rest, $slot:expr, $arg:ident, $it:ident, $meta:literal) => {
        $slot.push($arg);
        $slot.extend($it.by_ref());
        continue;
    };
}

/// Declares the commands: see the module documentation.
macro_rules! flags {
    ($(
        $(#[doc = $cdoc:literal])+
        $variant:ident $name:literal {
            $(
                $(#[doc = $fdoc:literal])+
                $field:ident : $kind:ident [$($spell:literal)+]
            ),* $(,)?
        }
    )+) => {
        $(
            $(#[doc = $cdoc])+
            #[derive(Debug, Default, Clone, PartialEq, Eq)]
            pub(crate) struct $variant {
                $(
                    $(#[doc = $fdoc])+
                    pub(crate) $field: flag_ty!($kind),
                )*
            }

            impl $variant {
                /// Parses this command's arguments (those after its name).
                #[allow(unreachable_code)]
                fn parse(args: impl IntoIterator<Item = String>) -> Result<Self, String> {
                    #[allow(unused_mut)]
                    let mut parsed = Self::default();
                    #[allow(unused_mut, clippy::while_let_on_iterator)]
                    let mut it = args.into_iter();
                    #[allow(clippy::never_loop)]
                    while let Some(arg) = it.next() {
                        $( flag_take!($kind, parsed.$field, arg, it, $($spell)+); )*
                        return Err(format!(
                            "`{}` does not take `{arg}` (see `cargo xtask --help`)",
                            $name
                        ));
                    }
                    Ok(parsed)
                }
            }
        )+

        /// One parsed command line: the task to run and its flags.
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub(crate) enum Task {
            $(
                $(#[doc = $cdoc])+
                $variant($variant),
            )+
            /// `help`, `--help` or `-h`: print the help.
            Help,
        }

        impl Task {
            /// Parses the arguments after `cargo xtask`.
            pub(crate) fn parse(
                args: impl IntoIterator<Item = String>,
            ) -> Result<Self, String> {
                let mut it = args.into_iter();
                let Some(command) = it.next() else {
                    return Err("no command given".to_string());
                };
                match command.as_str() {
                    $( $name => $variant::parse(it).map(Task::$variant), )+
                    "help" | "--help" | "-h" => Ok(Task::Help),
                    other => Err(format!("unknown command `{other}`")),
                }
            }
        }

        /// The help text, generated from the same declaration as the parser.
        pub(crate) fn help() -> String {
            let mut out = String::from(
                "usage: cargo xtask <COMMAND> [FLAGS]\n\ncommands:\n",
            );
            $(
                out.push_str(&usage_line($name, &[$(flag_usage!($kind, $($spell)+)),*]));
                push_doc(&mut out, 6, &[$($cdoc),+]);
                $(
                    out.push_str(&format!(
                        "      {}\n",
                        flag_usage!($kind, $($spell)+)
                            .trim_start_matches('[')
                            .replace("]...", "...")
                            .trim_end_matches(']')
                    ));
                    push_doc(&mut out, 10, &[$($fdoc),+]);
                )*
                out.push('\n');
            )+
            out.push_str("  help (also --help, -h)\n      Prints this help.\n");
            out
        }
    };
}

/// `name` followed by the usage of each of its flags, on one line.
fn usage_line(name: &str, flags: &[&str]) -> String {
    let mut line = format!("  {name}");
    for f in flags {
        line.push(' ');
        line.push_str(f);
    }
    line.push('\n');
    line
}

/// Appends the doc lines `doc`, each indented by `indent` spaces.
fn push_doc(out: &mut String, indent: usize, doc: &[&str]) {
    for line in doc {
        out.push_str(&" ".repeat(indent));
        out.push_str(line.trim());
        out.push('\n');
    }
}

flags! {
    /// Everything CI checks, in order: format, tidy, clippy with warnings
    /// denied, the test suite, the packaging checks, the loom models, and
    /// the test suite under AddressSanitizer/LeakSanitizer (skipped where no
    /// nightly toolchain exists, and named with the reason in the summary;
    /// failed where one is installed but does not run).
    Ci "ci" {}

    /// Every layer's loom models in release with LOOM_MAX_PREEMPTIONS=2,
    /// then the negative mutant tests; prints per crate the models passed,
    /// the mutants caught, the interleavings explored and the seconds taken.
    Loom "loom" {
        /// Runs only the models of this crate (package or folder name).
        crate_name: value ["--crate" "NAME"],
        /// Explores with LOOM_MAX_PREEMPTIONS=3 instead of 2.
        deep: switch ["--deep"],
        /// Also lists every mutant, the invariant it breaks and whether a
        /// negative test caught it, then the static (compile_fail) mutants,
        /// then the mutants caught per invariant; fails if a mutant survives
        /// or an invariant has none.
        mutants: switch ["--mutants"],
    }

    /// The test suite under AddressSanitizer and LeakSanitizer (nightly).
    Asan "asan" {}

    /// The test suite under ThreadSanitizer, informational only: the log
    /// goes to tsan/report.log under the target directory, and a summary
    /// names the known cause of each report and lists the ones to read.
    Tsan "tsan" {
        /// Does not run the tests: re-reads and summarises this log instead.
        summarize: value ["--summarize" "LOG"],
    }

    /// The tidy checks (also run by `cargo test -p xtask`): imports, module
    /// docs, SAFETY comments and their numbers, atomic pairings, forbidden
    /// unsafe, ignored tests, references to files outside the repository,
    /// files over 1,500 lines without an allowance, dependencies on a
    /// higher layer.
    Tidy "tidy" {}

    /// The comparison harness (see benches/WORKLOADS.md); writes
    /// docs/compare.md and docs/compare.svg.
    Bench "bench" {
        /// Passed to the harness's `report` binary unchanged (for example
        /// `--scale 0.01`; `bench --help` shows the harness's own flags).
        args: rest ["ARGS"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Task, String> {
        Task::parse(line.split_whitespace().map(String::from))
    }

    #[test]
    fn every_command_and_flag_parses() {
        assert_eq!(parse("ci"), Ok(Task::Ci(Ci {})));
        assert_eq!(parse("loom"), Ok(Task::Loom(Loom::default())));
        assert_eq!(
            parse("loom --crate strata-table --deep --mutants"),
            Ok(Task::Loom(Loom {
                crate_name: Some("strata-table".into()),
                deep: true,
                mutants: true,
            }))
        );
        assert_eq!(parse("asan"), Ok(Task::Asan(Asan {})));
        assert_eq!(parse("tsan"), Ok(Task::Tsan(Tsan { summarize: None })));
        assert_eq!(
            parse("tsan --summarize a.log"),
            Ok(Task::Tsan(Tsan {
                summarize: Some("a.log".into())
            }))
        );
        assert_eq!(parse("tidy"), Ok(Task::Tidy(Tidy {})));
        assert_eq!(
            parse("bench --scale 0.01 --help"),
            Ok(Task::Bench(Bench {
                args: vec!["--scale".into(), "0.01".into(), "--help".into()]
            }))
        );
        for h in ["help", "--help", "-h"] {
            assert_eq!(parse(h), Ok(Task::Help));
        }
    }

    #[test]
    fn bad_command_lines_are_refused() {
        assert!(parse("").is_err());
        assert!(parse("lint").unwrap_err().contains("unknown command"));
        assert!(parse("ci --deep").unwrap_err().contains("does not take"));
        assert!(parse("loom --crate").unwrap_err().contains("needs a value"));
        assert!(
            parse("tsan --summarize")
                .unwrap_err()
                .contains("needs a value")
        );
    }

    #[test]
    fn help_lists_every_command_and_flag() {
        let help = help();
        for needle in [
            "  ci\n",
            "  loom [--crate NAME] [--deep] [--mutants]\n",
            "      --crate NAME\n",
            "      --deep\n",
            "      --mutants\n",
            "  asan\n",
            "  tsan [--summarize LOG]\n",
            "      --summarize LOG\n",
            "  tidy\n",
            "  bench [ARGS]...\n",
            "      ARGS...\n",
            "  help (also --help, -h)\n",
        ] {
            assert!(help.contains(needle), "{needle:?} missing from:\n{help}");
        }
    }
}
