// The builtin dialect's blobs are printed back only when an attribute
// references them, in the order the printer meets the references
// (properties, regions, attributes); external resources are kept.
"t.outer"() <{p = dense_resource<blobP> : tensor<1xi32>}> ({
  "t.inner"() {x = dense_resource<blobA> : tensor<1xi32>, y = [dense_resource<blobA> : tensor<1xi32>]} : () -> ()
}) {y = dense_resource<blobB> : tensor<1xi32>, z = dense_resource<undefined> : tensor<1xi32>} : () -> ()
{-#
  dialect_resources: {
    builtin: {
      unused: "0x0400000009000000",
      blobB: "0x0400000001000000",
      blobA: "0x0400000002000000",
      blobP: "0x0400000003000000"
    }
  },
  external_resources: {
    tool: {
      flag: true
    }
  }
#-}
