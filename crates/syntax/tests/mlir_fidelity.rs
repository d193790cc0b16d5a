//! Differences from MLIR found by a differential test against `mlir-opt-19`,
//! each pinned by what `mlir-opt-19 --allow-unregistered-dialect
//! --mlir-print-op-generic` printed for `"t.op"() {a = ATTR} : () -> ()`
//! (an error's column there is the column of the attribute text here, plus
//! 14, the length of `"t.op"() {a = `).

use strata_ctx::Context;

/// The print of attribute `text`, or its error as `line:col: message`
/// (columns counted from 1, in bytes).
fn attr(text: &str) -> String {
    let ctx = Context::new();
    match strata_syntax::parse_attribute(&ctx, text) {
        Ok(a) => a.to_string(),
        Err(e) => {
            let (line, col) = e.line_column(text);
            format!("{line}:{col}: {}", e.message())
        }
    }
}

/// An error at byte `at` of `text` as `line:col: message`.
fn error_at(text: &str, at: usize, message: &str) -> String {
    let (line, col) = strata_diag::mlir_line_column(text, at);
    format!("{line}:{col}: {message}")
}

/// The column in the oracle's one-line file of the attribute's column `c`.
fn in_op(c: usize) -> usize {
    c - 14
}

/// `mlir-opt-19` prints `dense<true>` for a one-byte hex buffer of a single
/// `i1` element whenever the byte is not zero (the buffer is a splat, and
/// MLIR's splat of booleans is `byte != 0`); `0x00` stays `dense<false>`.
#[test]
fn hex_splat_of_one_bool_is_true_for_any_nonzero_byte() {
    // mlir-opt-19: `{a = dense<true> : tensor<i1>}`.
    assert_eq!(
        attr(r#"dense<"0x02"> : tensor<i1>"#),
        "dense<true> : tensor<i1>"
    );
    // mlir-opt-19: `{a = dense<true> : tensor<1xi1>}`.
    assert_eq!(
        attr(r#"dense<"0x80"> : tensor<1xi1>"#),
        "dense<true> : tensor<1xi1>"
    );
    // mlir-opt-19: `{a = dense<true> : vector<1xi1>}`.
    assert_eq!(
        attr(r#"dense<"0xFE"> : vector<1xi1>"#),
        "dense<true> : vector<1xi1>"
    );
    // mlir-opt-19: `{a = dense<false> : tensor<i1>}`.
    assert_eq!(
        attr(r#"dense<"0x00"> : tensor<i1>"#),
        "dense<false> : tensor<i1>"
    );
    // Two elements are bit-packed; mlir-opt-19: `{a = dense<[false, true]> :
    // tensor<2xi1>}`.
    assert_eq!(
        attr(r#"dense<"0x02"> : tensor<2xi1>"#),
        "dense<[false, true]> : tensor<2xi1>"
    );
}

/// A hex buffer of the wrong size: mlir-opt-19 reports `1:31: error:
/// elements hex data size is invalid for provided type: 'tensor<2xi1>'`, at
/// the `:` before the type.
#[test]
fn hex_buffer_of_the_wrong_size_is_reported_at_the_colon() {
    assert_eq!(
        attr(r#"dense<"0x0102"> : tensor<2xi1>"#),
        format!(
            "1:{}: elements hex data size is invalid for provided type: 'tensor<2xi1>'",
            in_op(31)
        )
    );
    // mlir-opt-19: `1:35: error: elements hex data size is invalid for
    // provided type: 'tensor<2xi8>'`.
    assert_eq!(
        attr(r#"dense<"0x01020304"> : tensor<2xi8>"#),
        format!(
            "1:{}: elements hex data size is invalid for provided type: 'tensor<2xi8>'",
            in_op(35)
        )
    );
}

/// A splat into a shape with no elements: mlir-opt-19 keeps the splat and
/// prints it back unchanged.
#[test]
fn splat_into_zero_elements_is_kept() {
    for (input, mlir) in [
        // mlir-opt-19: `{a = dense<1> : tensor<0xi8>}`.
        ("dense<1> : tensor<0xi8>", "dense<1> : tensor<0xi8>"),
        // mlir-opt-19: `{a = dense<1.000000e+00> : tensor<2x0xf32>}`.
        (
            "dense<1.0> : tensor<2x0xf32>",
            "dense<1.000000e+00> : tensor<2x0xf32>",
        ),
        // mlir-opt-19: `{a = dense<(1,2)> : tensor<0xcomplex<i8>>}`.
        (
            "dense<(1,2)> : tensor<0xcomplex<i8>>",
            "dense<(1,2)> : tensor<0xcomplex<i8>>",
        ),
        // mlir-opt-19: `{a = dense<true> : tensor<0xi1>}`.
        ("dense<true> : tensor<0xi1>", "dense<true> : tensor<0xi1>"),
        // mlir-opt-19: `{a = dense<"a"> : tensor<0x!t.s>}`.
        (
            r#"dense<"a"> : tensor<0x!t.s>"#,
            r#"dense<"a"> : tensor<0x!t.s>"#,
        ),
        // mlir-opt-19: `{a = dense<1> : tensor<0xi8>}`.
        (r#"dense<"0x01"> : tensor<0xi8>"#, "dense<1> : tensor<0xi8>"),
        // mlir-opt-19: `{a = dense<true> : tensor<0xi1>}`.
        (
            r#"dense<"0xFF"> : tensor<0xi1>"#,
            "dense<true> : tensor<0xi1>",
        ),
        // An empty hex buffer; mlir-opt-19: `{a = dense<> : tensor<0xi32>}`.
        (r#"dense<"0x"> : tensor<0xi32>"#, "dense<> : tensor<0xi32>"),
        // mlir-opt-19: `{a = dense<> : tensor<0xi1>}`.
        (r#"dense<"0x"> : tensor<0xi1>"#, "dense<> : tensor<0xi1>"),
    ] {
        assert_eq!(attr(input), mlir, "{input}");
    }
}

/// A string where MLIR wants numbers: a lone string must be hex data for a
/// numeric element type, and a string element is not an integer or float.
#[test]
fn strings_of_numeric_dense_elements_are_refused() {
    let hex = "expected string containing hex digits starting with `0x`";
    // mlir-opt-19: `1:21: error: expected string containing hex digits
    // starting with `0x`` for each of these.
    for input in [
        r#"dense<"0x01zz0304"> : tensor<4xi8>"#,
        r#"dense<"abc"> : tensor<4xi8>"#,
        r#"dense<"0x010"> : tensor<4xi8>"#,
        r#"dense<"0X01"> : tensor<4xi8>"#,
        r#"dense<"abc"> : tensor<4xf32>"#,
        r#"dense<"abc"> : tensor<4xindex>"#,
        r#"dense<"abc"> : tensor<4xcomplex<f32>>"#,
        r#"dense<"a"> : tensor<1xi1>"#,
    ] {
        assert_eq!(attr(input), format!("1:{}: {hex}", in_op(21)), "{input}");
    }
    let range = "integer constant out of range for type";
    for (input, col) in [
        // mlir-opt-19: `1:22: error: integer constant out of range for type`.
        (r#"dense<["a"]> : tensor<1xi32>"#, 22),
        (r#"dense<["a"]> : tensor<1xui8>"#, 22),
        (r#"dense<["a"]> : tensor<1xindex>"#, 22),
        (r#"dense<["a"]> : tensor<1xcomplex<i8>>"#, 22),
        (r#"dense<["a", 1]> : tensor<2xi8>"#, 22),
        // mlir-opt-19: `1:23: ...`.
        (r#"dense<[["a"]]> : tensor<1x1xi8>"#, 23),
        // mlir-opt-19: `1:25: ...`.
        (r#"dense<[1, "a"]> : tensor<2xi8>"#, 25),
        (r#"dense<[(1,"a")]> : tensor<1xcomplex<i8>>"#, 25),
    ] {
        assert_eq!(attr(input), format!("1:{}: {range}", in_op(col)), "{input}");
    }
    // At the token after the type; mlir-opt-19: `1:43: error: expected
    // floating-point elements, but parsed integer`.
    assert_eq!(
        attr(r#"dense<["a"]> : tensor<1xf32>"#),
        format!(
            "1:{}: expected floating-point elements, but parsed integer",
            in_op(43)
        )
    );
    // A lone string of a type that is not a number is a string splat, hex
    // or not; mlir-opt-19: `{a = dense<"0x01"> : tensor<2x!t.s>}`.
    assert_eq!(
        attr(r#"dense<"0x01"> : tensor<2x!t.s>"#),
        r#"dense<"0x01"> : tensor<2x!t.s>"#
    );
}

/// `i64::MIN` as a stride or offset: MLIR reads the magnitude as at most
/// `i64::MAX`, so it refuses the value instead of taking it for `?`.
#[test]
fn strided_layout_refuses_i64_min() {
    let msg = "expected a 64-bit signed integer or '?'";
    // mlir-opt-19: `1:50: error: expected a 64-bit signed integer or '?'`.
    assert_eq!(
        attr("memref<4xf32, strided<[1], offset: -9223372036854775808>>"),
        format!("1:{}: {msg}", in_op(50))
    );
    // mlir-opt-19: `1:38: error: expected a 64-bit signed integer or '?'`.
    assert_eq!(
        attr("memref<4xf32, strided<[-9223372036854775808], offset: 1>>"),
        format!("1:{}: {msg}", in_op(38))
    );
    // mlir-opt-19: `{a = memref<4xf32, strided<[1], offset:
    // -9223372036854775807>>}`.
    assert_eq!(
        attr("memref<4xf32, strided<[1], offset: -9223372036854775807>>"),
        "memref<4xf32, strided<[1], offset: -9223372036854775807>>"
    );
}

/// The kinds and spellings of the tokens of `text`, up to the end or the
/// first error (which is given with its position).
fn tokens(text: &str) -> Vec<String> {
    use strata_syntax::lexer::{Lexer, TokenKind};
    let mut lexer = Lexer::new(text);
    let mut out = Vec::new();
    loop {
        let t = lexer.next_token();
        match t.kind {
            TokenKind::Eof => return out,
            TokenKind::Error(why) => {
                out.push(error_at(text, t.start, why));
                return out;
            }
            kind => out.push(format!("{kind:?} {}", &text[t.start..t.end])),
        }
    }
}

/// MLIR's bare `@` symbol name is a bare identifier (a letter or `_`, then
/// letters, digits and `_$.`).
#[test]
fn symbol_names_start_with_a_letter_or_underscore() {
    let msg = "@ identifier expected to start with letter or '_'";
    // mlir-opt-19: `1:16: error: @ identifier expected to start with letter
    // or '_'` (the character after the `@`) for each of these.
    for input in ["@1", "@$a", "@.a", "@-a"] {
        assert_eq!(attr(input), format!("1:{}: {msg}", in_op(16)), "{input}");
    }
    // mlir-opt-19: `1:20: error: @ identifier expected to start with letter
    // or '_'`.
    assert_eq!(attr("@x::@1"), format!("1:{}: {msg}", in_op(20)));
    // `@a-b` is `@a` and then `-`: mlir-opt-19 reports `1:17: error:
    // expected '}' in attribute dictionary`, after `@a`.
    assert_eq!(tokens("@a-b"), ["AtId @a", "Minus -", "BareId b"]);
    assert!(attr("@a-b").starts_with(&format!("1:{}: ", in_op(17))));
    assert!(attr("@x::@a-b").starts_with(&format!("1:{}: ", in_op(21))));
    // mlir-opt-19: `{a = @_a$.b}`.
    assert_eq!(attr("@_a$.b"), "@_a$.b");
}

/// MLIR's suffix-id after `%`, `^`, `#` and `!`: all digits, or a letter or
/// one of `$._-` followed by those and digits.
#[test]
fn suffix_ids_are_all_digits_or_start_with_a_letter() {
    // `%1abc = ...`: mlir-opt-19 reports `1:3: error: expected '=' after SSA
    // name`, after `%1`.
    assert_eq!(
        tokens("%1abc ^2b #3c !4d"),
        [
            "PercentId %1",
            "BareId abc",
            "CaretId ^2",
            "BareId b",
            "HashId #3",
            "BareId c",
            "BangId !4",
            "BareId d"
        ]
    );
    assert_eq!(
        tokens("%-a %a-b %12 #.a ^$x"),
        [
            "PercentId %-a",
            "PercentId %a-b",
            "PercentId %12",
            "HashId #.a",
            "CaretId ^$x"
        ]
    );
    // mlir-opt-19: `1:17: error: undefined symbol alias id '1'` for `#1abc`.
    assert_eq!(
        attr("#1abc"),
        format!("1:{}: undefined symbol alias id '1'", in_op(17))
    );
    // A sigil with no suffix, refused at the sigil with MLIR's words
    // (mlir-opt-19: `1:1: error: invalid SSA name` for `% = ...`, `1:15:
    // error: invalid attribute name` for `{a = #}`, and so on).
    assert_eq!(tokens("% "), ["1:1: invalid SSA name"]);
    assert_eq!(tokens("^ "), ["1:1: invalid block name"]);
    assert_eq!(tokens("# "), ["1:1: invalid attribute name"]);
    assert_eq!(tokens("! "), ["1:1: invalid type identifier"]);
}

/// MLIR's whitespace is space, tab, newline and carriage return (and NUL);
/// a form feed or vertical tab is not skipped.
#[test]
fn form_feed_is_not_whitespace() {
    // mlir-opt-19 reports `1:14: error: unexpected character` for
    // `"t.op"() {a =\x0c1} : () -> ()`.
    assert_eq!(attr("\x0c1"), "1:1: unexpected character");
    assert_eq!(attr("[1,\x0c2]"), "1:4: unexpected character");
    assert_eq!(tokens("a\x0bb"), ["BareId a", "1:2: unexpected character"]);
    // The others are skipped: mlir-opt-19 prints `{a = [1, 2]}`.
    assert_eq!(attr(" \t\r\n[1,\r\n2\0] "), "[1, 2]");
    // A comment ends at a carriage return too: mlir-opt-19 prints `{a = 1 :
    // i64}` for `"t.op"() {a = 1 // x\r} : () -> ()`.
    assert_eq!(tokens("1 // x\r}"), ["Integer 1", "RBrace }"]);
}

/// MLIR reads the integers of affine expressions and of `file:line:col`
/// locations with `getUInt64IntegerValue`, which takes hex (`0x10`) too.
#[test]
fn hex_integers_in_affine_maps_sets_and_locations() {
    let ctx = Context::new();
    // mlir-opt-19 (with `--mlir-print-local-scope`): `affine_map<(d0) -> (d0
    // mod 0, -16, d0 * 9223372036854775807)>`.
    let map = strata_syntax::parse_affine_map(
        &ctx,
        "(d0) -> (d0 mod 0x0, -0x10, d0 * 0x7FFFFFFFFFFFFFFF)",
    )
    .unwrap();
    assert_eq!(
        map.to_string(),
        "(d0) -> (d0 mod 0, -16, d0 * 9223372036854775807)"
    );
    // mlir-opt-19: `affine_map<(d0) -> (d0 + 16)>`.
    assert_eq!(
        attr("affine_map<(d0) -> (d0 + 0x10)>"),
        "affine_map<(d0) -> (d0 + 16)>"
    );
    // mlir-opt-19: `affine_set<(d0) : (d0 - 16 == 0)>`.
    assert_eq!(
        attr("affine_set<(d0) : (d0 - 0x10 == 0x0)>"),
        "affine_set<(d0) : (d0 - 16 == 0)>"
    );
    // Above `i64::MAX`; mlir-opt-19: `1:40: error: constant too large for
    // index`.
    assert_eq!(
        attr("affine_map<(d0) -> (d0 + 0x8000000000000000)>"),
        format!("1:{}: constant too large for index", in_op(40))
    );
    // mlir-opt-19 (with `--mlir-print-debuginfo`): `loc("f":1:2)` for
    // `loc("f":0x1:0x2)`, and `loc("f":4294967295:2)` for
    // `loc("f":0xFFFFFFFF:0x2)`.
    let loc = |text: &str| match strata_syntax::parse_location(&ctx, text) {
        Ok(l) => l.to_string(),
        Err(e) => error_at(text, e.span().start, e.message()),
    };
    assert_eq!(loc(r#"loc("f":0x1:0x2)"#), r#"loc("f":1:2)"#);
    assert_eq!(
        loc(r#"loc("f":0xFFFFFFFF:0x2)"#),
        r#"loc("f":4294967295:2)"#
    );
    // Above 32 bits; mlir-opt-19: `1:29: error: expected integer line number
    // in FileLineColLoc` for `"t.op"() : () -> () loc("f":0x100000000:0x2)`.
    assert_eq!(
        loc(r#"loc("f":0x100000000:0x2)"#),
        "1:9: expected integer line number in FileLineColLoc"
    );
}

/// MLIR's `DenseArrayElementParser` reads a negative literal of an unsigned
/// type as its two's complement, and reports a value out of range at the
/// token after the literal.
#[test]
fn dense_arrays_of_unsigned_take_negative_literals() {
    for (input, mlir) in [
        // mlir-opt-19: `{a = array<ui8: 255>}`.
        ("array<ui8: -1>", "array<ui8: 255>"),
        // mlir-opt-19: `{a = array<ui8: 128>}`.
        ("array<ui8: -128>", "array<ui8: 128>"),
        ("array<ui8: -0x80>", "array<ui8: 128>"),
        // mlir-opt-19: `{a = array<ui16: 65535, 3>}`.
        ("array<ui16: -1, 3>", "array<ui16: 65535, 3>"),
        // mlir-opt-19: `{a = array<ui64: 9223372036854775808>}`.
        (
            "array<ui64: -9223372036854775808>",
            "array<ui64: 9223372036854775808>",
        ),
    ] {
        assert_eq!(attr(input), mlir, "{input}");
    }
    let range = "integer constant out of range";
    for (input, col) in [
        // mlir-opt-19: `1:30: error: integer constant out of range`.
        ("array<ui8: -129>", 30),
        // mlir-opt-19: `1:29: ...` for each of these.
        ("array<ui8: 256>", 29),
        ("array<si8: 128>", 29),
        ("array<i8: -129>", 29),
        // mlir-opt-19: `1:27: ...` (`-0` is out of range in MLIR).
        ("array<i8: -0>", 27),
        // mlir-opt-19: `1:47: ...`.
        ("array<ui64: -9223372036854775809>", 47),
    ] {
        assert_eq!(attr(input), format!("1:{}: {range}", in_op(col)), "{input}");
    }
    // mlir-opt-19: `1:26: error: expected integer literal`, after the minus.
    assert_eq!(
        attr("array<i8: -1.5>"),
        format!("1:{}: expected integer literal", in_op(26))
    );
    // mlir-opt-19: `1:25: error: expected integer literal`.
    assert_eq!(
        attr(r#"array<i8: "a">"#),
        format!("1:{}: expected integer literal", in_op(25))
    );
    // mlir-opt-19: `1:26: error: expected integer or floating point literal`
    // for each.
    for input in [r#"array<f32: "a">"#, "array<f64: true>"] {
        assert_eq!(
            attr(input),
            format!(
                "1:{}: expected integer or floating point literal",
                in_op(26)
            ),
            "{input}"
        );
    }
}

/// The context MLIR adds to "expected X" (its `parseCommaSeparatedList`'s
/// context message and its `parseToken` messages), each reported after the
/// previous token as MLIR's `emitWrongTokenError` does.
#[test]
fn expected_token_errors_carry_mlir_context() {
    for (input, col, msg) in [
        // mlir-opt-19: `1:21: error: expected '}' in attribute dictionary`
        // for `{a = {b = 1 x}}`.
        ("{b = 1 x}", 21, "expected '}' in attribute dictionary"),
        // mlir-opt-19: `1:22: error: expected '}' in attribute dictionary`
        // for `{a = {b = @a-b}}`, after `@a`.
        ("{b = @a-b}", 22, "expected '}' in attribute dictionary"),
        // mlir-opt-19: `1:20: error: expected '->' in function type`.
        ("(i32) i32", 20, "expected '->' in function type"),
        // mlir-opt-19: `1:37: error: expected ')' in affine map range`.
        (
            "affine_map<(d0) -> (d0 x)>",
            37,
            "expected ')' in affine map range",
        ),
        // mlir-opt-19: `1:33: error: expected '(' in affine map range`.
        (
            "affine_map<(d0) -> d0 x)>",
            33,
            "expected '(' in affine map range",
        ),
        // mlir-opt-19: `1:26: error: expected '(' in dimensional identifier
        // list`.
        (
            "affine_map<d0 -> (d0)>",
            26,
            "expected '(' in dimensional identifier list",
        ),
        // mlir-opt-19: `1:29: error: expected ')' in dimensional identifier
        // list`.
        (
            "affine_map<(d0 s0) -> (d0)>",
            29,
            "expected ')' in dimensional identifier list",
        ),
        // mlir-opt-19: `1:33: error: expected ']' in symbol list`.
        (
            "affine_map<(d0)[s0 x -> (d0)>",
            33,
            "expected ']' in symbol list",
        ),
        // mlir-opt-19: `1:31: error: expected bare identifier`, after `[`.
        ("affine_map<(d0)[ -> (d0)>", 31, "expected bare identifier"),
        // mlir-opt-19: `1:41: error: expected ')' in integer set constraint
        // list`.
        (
            "affine_set<(d0) : (d0 >= 0 x)>",
            41,
            "expected ')' in integer set constraint list",
        ),
        // mlir-opt-19: `1:32: error: expected '(' in integer set constraint
        // list`.
        (
            "affine_set<(d0) : d0 >= 0 x)>",
            32,
            "expected '(' in integer set constraint list",
        ),
        // mlir-opt-19: `1:30: error: expected ',' or '>'`.
        ("memref<4xi32, 1 x>", 30, "expected ',' or '>'"),
        // A location attribute is an "inline location"; mlir-opt-19: `1:26:
        // error: expected ')' in inline location`.
        ("loc(unknown x)", 26, "expected ')' in inline location"),
        // mlir-opt-19: `1:18: error: expected '(' in inline location`.
        ("loc unknown)", 18, "expected '(' in inline location"),
        // mlir-opt-19: `1:31: error: expected 'at' in callsite location`.
        (
            r#"loc(callsite("a" "b"))"#,
            31,
            "expected 'at' in callsite location",
        ),
        // mlir-opt-19: `1:29: error: expected '>' after fused location
        // metadata`.
        (
            r#"loc(fused<unit "b"])"#,
            29,
            "expected '>' after fused location metadata",
        ),
        // mlir-opt-19: `1:24: error: expected '[' in fused location`.
        (r#"loc(fused "b"])"#, 24, "expected '[' in fused location"),
        // mlir-opt-19: `1:19: error: expected location instance`.
        ("loc(  )", 19, "expected location instance"),
        // mlir-opt-19: `1:28: error: expected location instance`.
        ("loc(callsite( ))", 28, "expected location instance"),
        // mlir-opt-19: `1:23: error: expected integer line number in
        // FileLineColLoc`.
        (
            r#"loc("a":  )"#,
            23,
            "expected integer line number in FileLineColLoc",
        ),
        // mlir-opt-19: `1:25: error: expected integer column number in
        // FileLineColLoc`.
        (
            r#"loc("a":1: )"#,
            25,
            "expected integer column number in FileLineColLoc",
        ),
        // mlir-opt-19: `1:23: error: expected integer line number in
        // FileLineColLoc` (after the previous token) and `1:27: error:
        // expected integer column number in FileLineColLoc` (at the number).
        (
            r#"loc("a":  0x100000000:1)"#,
            23,
            "expected integer line number in FileLineColLoc",
        ),
        (
            r#"loc("a":1:  0x100000000)"#,
            27,
            "expected integer column number in FileLineColLoc",
        ),
        // mlir-opt-19: `1:16: error: expected attribute name`.
        ("{ 1}", 16, "expected attribute name"),
        // mlir-opt-19: `1:24: error: expected distinct ID`.
        ("distinct[ ]<unit>", 24, "expected distinct ID"),
        // mlir-opt-19: `1:25: error: expected integer literal` and `1:26:
        // error: expected integer or floating point literal`, at the token.
        ("array<i8: >", 25, "expected integer literal"),
        (
            "array<f32: >",
            26,
            "expected integer or floating point literal",
        ),
        ("array<i8: (1,2)>", 25, "expected integer literal"),
    ] {
        assert_eq!(attr(input), format!("1:{}: {msg}", in_op(col)), "{input}");
    }
    // mlir-opt-19: `{a = array<i1: true>}` (the minus is dropped).
    assert_eq!(attr("array<i1: -true>"), "array<i1: true>");
}

/// MLIR's fused location list may be empty.
#[test]
fn empty_fused_locations() {
    // mlir-opt-19 (with `--mlir-print-local-scope`): `{a = loc(unknown)}`.
    assert_eq!(attr("loc(fused[])"), "loc(unknown)");
    // mlir-opt-19: `{a = loc(fused<"m">[unknown])}`.
    assert_eq!(attr(r#"loc(fused<"m">[])"#), r#"loc(fused<"m">[unknown])"#);
    // mlir-opt-19: `1:29: error: expected location instance`, after the
    // comma.
    assert_eq!(
        attr(r#"loc(fused["a", ])"#),
        format!("1:{}: expected location instance", in_op(29))
    );
}

/// MLIR counts a shape's elements in 64 bits that wrap (`getNumElements`),
/// so a splat of a shape whose count overflows is legal, and `dense<>` of
/// one whose count wraps to zero too; strata refused both ("elements
/// literal type must have static shape", for a static shape).
#[test]
fn a_splat_of_a_shape_whose_element_count_overflows_is_legal() {
    for text in [
        "dense<1> : tensor<4611686018427387904x4xi8>",
        "dense<1> : vector<4611686018427387904x4xi8>",
        "dense<1> : tensor<9223372036854775807x9223372036854775807xi8>",
        "dense<true> : tensor<4611686018427387904x4xi1>",
        "dense<(1,2)> : tensor<4611686018427387904x4xcomplex<i8>>",
        // mlir-opt-19 prints these back as they are written.
        "dense<> : tensor<4611686018427387904x4xi8>",
    ] {
        assert_eq!(attr(text), text);
    }
    // mlir-opt-19: `{a = dense<1.500000e+00> : tensor<...xf64>}`.
    assert_eq!(
        attr("dense<1.5> : tensor<9223372036854775807x9223372036854775807xf64>"),
        "dense<1.500000e+00> : tensor<9223372036854775807x9223372036854775807xf64>"
    );
    // A hex splat; mlir-opt-19: `{a = dense<1> : tensor<4611686018427387904x4xi64>}`.
    assert_eq!(
        attr(r#"dense<"0x0100000000000000"> : tensor<4611686018427387904x4xi64>"#),
        "dense<1> : tensor<4611686018427387904x4xi64>"
    );
    // mlir-opt-19: 1:23 (column 9 here).
    assert_eq!(
        attr("dense<> : tensor<4611686018427387904x2xi8>"),
        format!(
            "1:{}: parsed zero elements, but type ('tensor<4611686018427387904x2xi8>') expected at least 1",
            in_op(23)
        )
    );
    // mlir-opt-19: 1:26 (column 12 here).
    assert_eq!(
        attr("dense<[1]> : tensor<4611686018427387904x4xi8>"),
        format!(
            "1:{}: inferred shape of elements literal ([1]) does not match type ([4611686018427387904, 4])",
            in_op(26)
        )
    );
}

/// MLIR's elements attributes take any ranked shaped type with a static
/// shape, a memref (with its layout and memory space) included, and
/// `dense_resource` any shaped type at all; `sparse` reports a type it
/// refuses where `dense` does, at the token after the type.
#[test]
fn elements_attributes_of_memrefs_and_dynamic_resources() {
    // mlir-opt-19: `{a = dense<1.500000e+00> : memref<2x2xf32, #map, 3>}`
    // with `#map = affine_map<(d0, d1) -> (d1, d0)>` (the alias is the
    // printer's, not the attribute's).
    assert_eq!(
        attr("dense<1.5> : memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>"),
        "dense<1.500000e+00> : memref<2x2xf32, affine_map<(d0, d1) -> (d1, d0)>, 3>"
    );
    // mlir-opt-19: `{a = dense<[1, 2]> : memref<2xi32, strided<[1]>>}`.
    assert_eq!(
        attr("dense<[1, 2]> : memref<2xi32, strided<[1]>>"),
        "dense<[1, 2]> : memref<2xi32, strided<[1]>>"
    );
    // mlir-opt-19: `{a = dense<1> : memref<1xi32>}` (a hex buffer).
    assert_eq!(
        attr(r#"dense<"0x01000000"> : memref<1xi32>"#),
        "dense<1> : memref<1xi32>"
    );
    // mlir-opt-19: `{a = dense<(1,2)> : memref<1xcomplex<i32>>}`.
    assert_eq!(
        attr("dense<[(1, 2)]> : memref<1xcomplex<i32>>"),
        "dense<(1,2)> : memref<1xcomplex<i32>>"
    );
    // mlir-opt-19: `{a = dense<> : memref<0xi32>}`.
    assert_eq!(attr("dense<> : memref<0xi32>"), "dense<> : memref<0xi32>");
    // mlir-opt-19: `{a = sparse<0, 1> : memref<2xi32>}`.
    assert_eq!(
        attr("sparse<[[0]], [1]> : memref<2xi32>"),
        "sparse<0, 1> : memref<2xi32>"
    );
    // mlir-opt-19: `{a = sparse<> : memref<2xf32>}`.
    assert_eq!(attr("sparse<> : memref<2xf32>"), "sparse<> : memref<2xf32>");
    // mlir-opt-19: `{a = dense_resource<r> : memref<2xi32>}`, and the same
    // text back for a dynamic memref and unranked tensor and memref.
    for ty in [
        "memref<2xi32>",
        "memref<?xi32>",
        "tensor<*xi32>",
        "memref<*xf32, 1>",
        "tensor<?x4xf32>",
    ] {
        let text = format!("dense_resource<r> : {ty}");
        assert_eq!(attr(&text), text);
    }
    // mlir-opt-19: 1:39 (column 25 here), "elements literal type must have
    // static shape", for `dense<1> : memref<?xi32>` and `memref<*xi32>`.
    assert_eq!(
        attr("dense<1> : memref<?xi32>"),
        format!(
            "1:{}: elements literal type must have static shape",
            in_op(39)
        )
    );
    assert_eq!(
        attr("dense<1> : memref<*xi32>"),
        format!(
            "1:{}: elements literal type must have static shape",
            in_op(39)
        )
    );
    // mlir-opt-19: 1:49 for both sparse forms, and 1:39 for a scalar type.
    assert_eq!(
        attr("sparse<[[0]], [1]> : tensor<?xi32>"),
        format!(
            "1:{}: elements literal type must have static shape",
            in_op(49)
        )
    );
    assert_eq!(
        attr("sparse<[[0]], [1]> : memref<*xi32>"),
        format!(
            "1:{}: elements literal type must have static shape",
            in_op(49)
        )
    );
    assert_eq!(
        attr("sparse<[[0]], [1]> : i32"),
        format!("1:{}: elements literal must be a shaped type", in_op(39))
    );
    // mlir-opt-19: 1:33, "`dense_resource` expected a shaped type".
    assert_eq!(
        attr("dense_resource<r> : i32"),
        format!("1:{}: `dense_resource` expected a shaped type", in_op(33))
    );
}

/// A tensor type's encoding is MLIR's optional attribute: a comma with no
/// attribute after it is accepted and dropped, a token that begins no
/// attribute is "expected '>'", and an unranked tensor refuses only an
/// encoding that is there.
#[test]
fn a_tensor_encoding_is_an_optional_attribute() {
    // mlir-opt-19: `{a = tensor<4xf32>, b = tensor<*xf32>, c =
    // tensor<?xi8>}`.
    assert_eq!(attr("tensor<4xf32,>"), "tensor<4xf32>");
    assert_eq!(attr("tensor<*xf32,>"), "tensor<*xf32>");
    assert_eq!(attr("tensor<?xi8 , >"), "tensor<?xi8>");
    // mlir-opt-19: `{a = tensor<4xf32, i32>}` and `{a = tensor<4xf32, (i32)
    // -> i32>}`: a type is an attribute.
    assert_eq!(attr("tensor<4xf32, i32>"), "tensor<4xf32, i32>");
    assert_eq!(
        attr("tensor<4xf32, (i32) -> i32>"),
        "tensor<4xf32, (i32) -> i32>"
    );
    // mlir-opt-19: 1:28, "expected '>' in tensor type", for `:`, `)` and a
    // word that is no type.
    for text in ["tensor<4xf32, :>", "tensor<4xf32, )>", "tensor<4xf32, foo>"] {
        assert_eq!(
            attr(text),
            format!("1:{}: expected '>' in tensor type", in_op(28)),
            "{text}"
        );
    }
    // mlir-opt-19: 1:33, "cannot apply encoding to unranked tensor".
    assert_eq!(
        attr("tensor<*xf32, i32>"),
        format!("1:{}: cannot apply encoding to unranked tensor", in_op(33))
    );
}

/// MLIR's `lexString` ends a string, unterminated, at a line feed, a
/// vertical tab or a form feed, but keeps a carriage return as a character
/// of the string (printed `\0D`).
#[test]
fn a_carriage_return_is_a_character_of_a_string() {
    // mlir-opt-19: `{a = "x\0Dy"}`.
    assert_eq!(attr("\"x\ry\""), "\"x\\0Dy\"");
    // mlir-opt-19: 1:17 (column 3 here), "expected '\"' in string literal",
    // for a vertical tab, a form feed and a line feed.
    for stop in ['\x0b', '\x0c', '\n'] {
        assert_eq!(
            attr(&format!("\"x{stop}y\"")),
            format!("1:{}: expected '\"' in string literal", in_op(17)),
            "{stop:?}"
        );
    }
}

/// MLIR's `TensorLiteralParser` compares each element's dimensions with the
/// first element's as soon as the element is parsed, and reports a
/// difference at the next token (after any blank), before a syntax error
/// that follows it.
#[test]
fn inconsistent_ranks_are_reported_at_the_token_after_the_element() {
    let ranks = "tensor literal is invalid; ranks are not consistent between elements";
    // mlir-opt-19's columns in `"t.op"() {a = ATTR} : () -> ()`.
    for (text, col) in [
        ("dense<[[1, 2], 3 ]> : tensor<2x2xi32>", 32),
        ("dense<[[1, 2],   [3] ]> : tensor<2x2xi32>", 36),
        ("dense<[1, [2]]> : tensor<2xi32>", 28),
        ("dense<[[[1]], [[2], [3]]]> : tensor<2x1x1xi32>", 39),
        ("sparse<[[0, 1], [1]], [1, 2]> : tensor<2x2xi32>", 34),
        // The difference comes before the `}` that MLIR would refuse next.
        ("dense<[[1, 2], [3] }> : tensor<2x2xi32>", 34),
    ] {
        assert_eq!(attr(text), format!("1:{}: {ranks}", in_op(col)), "{text}");
    }
}

/// A sparse literal's shapes are checked as MLIR's `SparseElementsAttr`
/// verifier checks them, with its message, after both literals are read;
/// its indices are read as `i64` elements with the dense literal's
/// messages; and an index out of the shape prints unsigned, as MLIR reads
/// it back.
#[test]
fn sparse_shapes_and_indices_as_mlir_checks_them() {
    let shapes = |ty: &str, i: &str, v: &str| {
        format!(
            "1:{}: expected shape ([{ty}]); inferred shape of indices literal ([{i}]); inferred shape of values literal ([{v}])",
            in_op(15)
        )
    };
    // mlir-opt-19's messages, all at the `sparse` keyword (column 15).
    for (text, expected) in [
        (
            "sparse<[[0, 1]], []> : tensor<2x2xi16>",
            shapes("2, 2", "1, 2", "0"),
        ),
        (
            "sparse<[[0, 1]], [7]> : tensor<22xi16>",
            shapes("22", "1, 2", "1"),
        ),
        ("sparse<[], []> : tensor<2x2xi32>", shapes("2, 2", "0", "0")),
        ("sparse<[], []> : tensor<i32>", shapes("", "0", "0")),
        ("sparse<[0, 1], [1]> : tensor<4xi32>", shapes("4", "2", "1")),
        (
            "sparse<[[0], [1]], [1, 2, 3]> : tensor<4xi32>",
            shapes("4", "2, 1", "3"),
        ),
        (
            "sparse<[[[0, 1]]], [1]> : tensor<2x2xi32>",
            shapes("2, 2", "1, 1, 2", "1"),
        ),
        (
            "sparse<0, [1, 2]> : tensor<2x2xi32>",
            shapes("2, 2", "1, 2", "2"),
        ),
        (
            "sparse<[[0, 1]], [[1]]> : tensor<2x2xi32>",
            format!(
                "1:{}: expected 1-d tensor for sparse element values",
                in_op(15)
            ),
        ),
        (
            "sparse<-1, 1> : tensor<2xi32>",
            format!(
                "1:{}: sparse index #0 is not contained within the value shape, with index=[18446744073709551615], and type='tensor<2xi32>'",
                in_op(15)
            ),
        ),
        // The indices' elements, at the literal (after a minus).
        (
            "sparse<-1.5, 1> : tensor<2xi32>",
            format!(
                "1:{}: expected integer elements, but parsed floating-point",
                in_op(23)
            ),
        ),
        (
            "sparse<true, 1> : tensor<2xi32>",
            format!(
                "1:{}: expected i1 type for 'true' or 'false' values",
                in_op(22)
            ),
        ),
        (
            "sparse<\"a\", 1> : tensor<2xi32>",
            format!("1:{}: integer constant out of range for type", in_op(22)),
        ),
        (
            "sparse<99999999999999999999, 1> : tensor<2xi32>",
            format!("1:{}: integer constant out of range for type", in_op(22)),
        ),
    ] {
        assert_eq!(attr(text), expected, "{text}");
    }
    // And what is legal stays so: mlir-opt-19 prints these back.
    assert_eq!(
        attr("sparse<[[0, 0]], 5> : tensor<2x2xi32>"),
        "sparse<0, 5> : tensor<2x2xi32>"
    );
    assert_eq!(
        attr("sparse<[0, 3], [1, 2]> : tensor<4xi32>"),
        "sparse<[0, 3], [1, 2]> : tensor<4xi32>"
    );
    assert_eq!(
        attr("sparse<[[0], [3]], [1, 2]> : tensor<4xi32>"),
        "sparse<[[0], [3]], [1, 2]> : tensor<4xi32>"
    );
}

/// MLIR's lexer reports a bad token when it lexes it, as the token before
/// is consumed, and the parser's own error is then abandoned; a missing `x`
/// in a dimension list is a wrong-token error (at the end of the token
/// before, across blanks); a float literal refused in an integer array is
/// reported at its first byte.
#[test]
fn lexer_errors_come_first_and_wrong_tokens_are_placed_as_mlir_places_them() {
    for (text, col, message) in [
        ("strided<[?, #], offset: 2>", 27, "invalid attribute name"),
        ("strided<[1], offset: #>", 36, "invalid attribute name"),
        (
            "array<i3@: 1>",
            24,
            "@ identifier expected to start with letter or '_'",
        ),
        ("array<i32: 1. 1, 0>", 26, "expected integer literal"),
        ("vector<[4] 2xi1>", 25, "expected 'x' in dimension list"),
        ("memref<4 ?xf32>", 23, "expected 'x' in dimension list"),
    ] {
        // mlir-opt-19's line and column, and message.
        assert_eq!(attr(text), format!("1:{}: {message}", in_op(col)), "{text}");
    }
    // The string that `#s"` starts runs to the end of the line (of the
    // text here; mlir-opt-19: 1:35, the end of its line), and that is the
    // error, not the undefined alias `#s`.
    assert_eq!(attr("[1, #s\"]"), "1:9: expected '\"' in string literal");
}

/// A file location with an empty file name is the one named `-`, as MLIR
/// 19's `FileLineColLoc::get` from a string makes it: mlir-opt-19 prints
/// `loc("":1:1)` as `loc("-":1:1)`, and with `loc("-":1:1)` beside it both
/// use one alias. strata printed `loc("":1:1)`.
#[test]
fn a_file_location_without_a_name_is_named_dash() {
    let ctx = Context::new();
    // mlir-opt-19 (`--mlir-print-local-scope`): `{a = loc("-":1:1)}`.
    assert_eq!(attr(r#"loc("":1:1)"#), r#"loc("-":1:1)"#);
    // mlir-opt-19: `loc(callsite("-":1:1 at "-":2:2))`.
    assert_eq!(
        attr(r#"loc(callsite("":1:1 at "":2:2))"#),
        r#"loc(callsite("-":1:1 at "-":2:2))"#
    );
    let empty = strata_syntax::parse_attribute(&ctx, r#"loc("":1:1)"#).unwrap();
    let dash = strata_syntax::parse_attribute(&ctx, r#"loc("-":1:1)"#).unwrap();
    assert_eq!(empty, dash, "one location");
    // A name location's name stays empty (mlir-opt-19: `loc("")`).
    assert_eq!(attr(r#"loc("")"#), r#"loc("")"#);
}

/// A key seen before in a dictionary is refused at the key, before its value
/// is read, as MLIR's `parseAttributeDict` refuses it: an error in that
/// value comes second. strata read the value first and reported its error.
#[test]
fn a_duplicate_key_is_refused_before_its_value() {
    // mlir-opt-19: `1:25: error: duplicate key 'a' in dictionary attribute`
    // for `"t.op"() {b = 1, a = 1, a = } : () -> ()` (the op's dictionary).
    assert_eq!(
        attr("{b = 1, a = 1, a = }"),
        "1:16: duplicate key 'a' in dictionary attribute"
    );
    // mlir-opt-19: `1:23: error: duplicate key 'x' in dictionary attribute`
    // for `{a = {x = 1, x = [}}`.
    assert_eq!(
        attr("{x = 1, x = [}"),
        format!("1:{}: duplicate key 'x' in dictionary attribute", in_op(23))
    );
    // A unit entry is a key too: mlir-opt-19 `1:21` for `{b = 1, a, a = [}`.
    assert_eq!(
        attr("{b = 1, a, a = [}"),
        "1:12: duplicate key 'a' in dictionary attribute"
    );
}

/// A vector has no dynamic dimension: its `?` ends the dimension list, as
/// in MLIR's `parseVectorDimensionList`, and the element type then reports
/// it; inside a scalable `[...]` it is an invalid dimension. strata said
/// "expected static shape", a message of its own.
#[test]
fn a_question_mark_in_a_vector_is_not_a_type() {
    // mlir-opt-19: 1:22, 1:24 and 1:23 in `"t.op"() {a = ...}`.
    for (text, column, message) in [
        ("vector<?xf32>", 22, "expected non-function type"),
        ("vector<4x?xf32>", 24, "expected non-function type"),
        ("vector<[?]xf32>", 23, "invalid dimension"),
    ] {
        assert_eq!(
            attr(text),
            format!("1:{}: {message}", in_op(column)),
            "{text}"
        );
    }
}

/// Inside `loc(...)`, a `#` that names no location alias is parsed as an
/// attribute and then refused after it unless it is a location, with the
/// attribute printed right after MLIR's "but got" (no blank); an affine map
/// written where a set is asked for, or the reverse, is read whole and
/// refused at its start. A new user's client found the first two reported
/// at the `#` with another message, the last two as "expected '->' or
/// ':'". In the oracle's file (`"test.op"() {a = ATTR} : () -> ()`) each
/// column below is 17 more.
#[test]
fn a_location_or_affine_form_of_the_wrong_kind_is_refused_as_mlir_refuses_it() {
    assert_eq!(
        attr("loc(#foo.x)"),
        "1:11: expected location attribute, but got#foo.x"
    );
    assert_eq!(
        attr("loc(#zz.y<1>)"),
        "1:13: expected location attribute, but got#zz.y<1>"
    );
    assert_eq!(
        attr("loc(fused[#foo.x])"),
        "1:17: expected location attribute, but got#foo.x"
    );
    assert_eq!(
        attr("affine_set<(d0) -> (d0)>"),
        "1:12: expected IntegerSet, but got AffineMap"
    );
    assert_eq!(
        attr("affine_map<(d0) : (d0 >= 0)>"),
        "1:12: expected AffineMap, but got IntegerSet"
    );
    // The wrong form is read whole first: an error inside it comes first.
    assert_eq!(
        attr("affine_map<(d0) : (d0 >= d1)>"),
        "1:25: use of undeclared identifier"
    );
    assert_eq!(
        attr("affine_set<(d0) -> (d1)>"),
        "1:21: use of undeclared identifier"
    );
    // The library entry point for a map says the same.
    let ctx = Context::new();
    let map = strata_syntax::parse_affine_map(&ctx, "(d0) : (d0 >= 0)").unwrap_err();
    assert_eq!(
        (map.span().start, map.message()),
        (0, "expected AffineMap, but got IntegerSet")
    );
}
