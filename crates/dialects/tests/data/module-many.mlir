// Several top-level operations, modules among them: the implicit module
// wraps them all.
module @a {
  "t.x"() : () -> ()
}
"t.between"() : () -> ()
module @b attributes {t.b = 1 : i64} {}
