"test.op"() {a = "alias_test:sanitize_conflict_b", b = "alias_test:sanitize_conflict_a", c = "alias_test:trailing_digit"} : () -> ()
"test.op"() : () -> (!test.test_rec_alias<test_alias_conflict0_, i32>, !test.test_rec_alias<test_alias0_, i32>, !test.test_rec_alias<x.y9, i32>, !test.test_rec_alias<map, i32>)
"test.op"() {m = affine_map<(d0) -> (d0)>, n = [{"alias_test:dot_in_name" = 1 : i32}]} : () -> ()
