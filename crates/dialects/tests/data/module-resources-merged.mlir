// The builtin entries of the section are one set of blobs: a later value of
// a key replaces an earlier one, and they print as one entry.
"t.op"() {a = dense_resource<c> : tensor<1xi32>, b = dense_resource<b> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      b: "0x0400000001000000",
      d: "0x0400000004000000"
    },
    builtin: {
      c: "0x0400000002000000",
      b: "0x0400000003000000"
    }
  }
#-}
