// No attribute references a blob: the whole section goes.
"t.op"() : () -> ()
{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000009000000"
    }
  }
#-}
