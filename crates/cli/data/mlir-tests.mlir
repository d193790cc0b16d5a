"builtin.module"() ({
  "builtin.module"() <{sym_name = "copy_0"}> ({
  "func.func"() <{function_type = (i32, i32) -> (i32, i32), sym_name = "multiple_conversion_casts_0"}> ({
  ^bb0(%arg3: i32, %arg4: i32):
    %2:2 = "builtin.unrealized_conversion_cast"(%arg3, %arg4) : (i32, i32) -> (i64, i64)
    %3:2 = "builtin.unrealized_conversion_cast"(%2#0, %2#1) : (i64, i64) -> (i32, i32)
    "func.return"(%3#0, %3#1) : (i32, i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32, i64) -> (i32, i32), sym_name = "multiple_conversion_casts_failure_0"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i64):
    %0:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg1) : (i32, i32) -> (i64, i64)
    %1:2 = "builtin.unrealized_conversion_cast"(%arg2, %0#1) : (i64, i64) -> (i32, i32)
    "func.return"(%1#0, %1#1) : (i32, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_1"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "any_attr_of_pass_1"}> ({
    "test.any_attr_of_i32_str"() <{attr = 3 : i32}> : () -> ()
    "test.any_attr_of_i32_str"() <{attr = "string_data"}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_2"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "int_attrs_pass_2"}> ({
    "test.in_range_attrs"() {attr_00 = -128 : i8, attr_01 = 127 : i8, attr_02 = -128 : si8, attr_03 = 127 : si8, attr_04 = 255 : ui8, attr_05 = -32768 : i16, attr_06 = 32767 : i16, attr_07 = -32768 : si16, attr_08 = 32767 : si16, attr_09 = 65535 : ui16, attr_10 = -2147483647 : i32, attr_11 = 2147483646 : i32, attr_12 = -2147483647 : si32, attr_13 = 2147483646 : si32, attr_14 = 4294967295 : ui32, attr_15 = -9223372036854775808 : i64, attr_16 = 9223372036854775807 : i64, attr_17 = -9223372036854775808 : si64, attr_18 = 9223372036854775807 : si64, attr_19 = 18446744073709551615 : ui64, attr_20 = 1 : ui1, attr_21 = -1 : si1, attr_22 = 79228162514264337593543950335 : ui96, attr_23 = -39614081257132168796771975168 : si96} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_3"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "int_attrs_pass_3"}> ({
    "test.i8_attr"() {attr_00 = -1 : i8, attr_01 = -1 : i16, attr_02 = -1 : i32, attr_03 = -1 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_4"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "int0_attrs_pass_4"}> ({
    "test.i0_attr"() {attr_00 = 0 : i0, attr_01 = 0 : si0, attr_02 = 0 : ui0, attr_03 = 0 : i0, attr_04 = 0 : si0, attr_05 = 0 : ui0} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_5"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "non_negative_int_attr_pass_5"}> ({
    "test.non_negative_int_attr"() <{i32attr = 5 : i32, i64attr = 10 : i64}> : () -> ()
    "test.non_negative_int_attr"() <{i32attr = 0 : i32, i64attr = 0 : i64}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_6"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "positive_int_attr_pass_6"}> ({
    "test.positive_int_attr"() <{i32attr = 5 : i32, i64attr = 10 : i64}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_7"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_type_array_attr_pass_7"}> ({
    "test.type_array_attr"() <{attr = [i32, f32]}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_8"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_8"}> ({
    %0 = "test.i32_enum_attr"() <{attr = 5 : i32}> : () -> i32
    %1 = "test.i32_enum_attr"() <{attr = 10 : i32}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_9"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_9"}> ({
    %0 = "test.i64_enum_attr"() <{attr = 5 : i64}> : () -> i32
    %1 = "test.i64_enum_attr"() <{attr = 10 : i64}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_10"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_10"}> ({
    "test.op_with_bit_enum"() <{value = #test.bit_enum<read, write>}> : () -> ()
    "test.op_with_bit_enum"() <{value = #test.bit_enum<read, execute>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_11"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_11"}> ({
    "test.op_with_bit_enum_vbar"() <{value = #test.bit_enum_vbar<user | group>}> : () -> ()
    "test.op_with_bit_enum_vbar"() <{value = #test.bit_enum_vbar<user | group | other>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_12"}> ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "default_value_printing_12"}> ({
  ^bb0(%arg0: i32):
    "test.default_value_print"(%arg0) <{value_with_default = 0 : i32}> : (i32) -> ()
    "test.default_value_print"(%arg0) <{value_with_default = 1 : i32}> : (i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_13"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_14"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "test_enum_attr_roundtrip_14"}> ({
    "test.op"() {attr = #test.custom_float<"float" : 2.000000e+00>} : () -> ()
    "test.op"() {attr = #test.custom_float<"double" : 2.000000e+00>} : () -> ()
    "test.op"() {attr = #test.custom_float<"fp80" : 2.000000e+00>} : () -> ()
    "test.op"() {attr = #test.custom_float<"float" : 0x7FC00000>} : () -> ()
    "test.op"() {attr = #test.custom_float<"double" : 0x7FF0000001000000>} : () -> ()
    "test.op"() {attr = #test.custom_float<"fp80" : 0x7FFFC000000000100000>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_15"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_16"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_17"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_18"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededDynamicTypeVerifier_18"}> ({
    %0 = "unregistered_op"() : () -> !test.dynamic_singleton
    %1 = "unregistered_op"() : () -> !test.dynamic_pair<i32, f64>
    %2 = "unregistered_op"() : () -> !test.dynamic_pair<!test.dynamic_pair<i32, f64>, !test.dynamic_singleton>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_19"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "customTypeParserPrinter_19"}> ({
    %0 = "unregistered_op"() : () -> !test.dynamic_custom_assembly_format<f32:f64>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_20"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededDynamicAttributeVerifier_20"}> ({
    "unregistered_op"() {test_attr = #test.dynamic_singleton} : () -> ()
    "unregistered_op"() {test_attr = #test.dynamic_pair<3 : i32, 5 : i32>} : () -> ()
    "unregistered_op"() {test_attr = #test.dynamic_pair<#test.dynamic_pair<3 : i32, 5 : i32>, f64>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_21"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "customAttributeParserPrinter_21"}> ({
    "unregistered_op"() {test_attr = #test.dynamic_custom_assembly_format<f32:f64>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_22"}> ({
  "func.func"() <{function_type = (f32) -> (), sym_name = "succeededDynamicOpVerifier_22"}> ({
  ^bb0(%arg0: f32):
    "test.dynamic_generic"() : () -> ()
    %0 = "test.dynamic_generic"(%arg0) : (f32) -> f64
    %1:2 = "test.dynamic_one_operand_two_results"(%arg0) : (f32) -> (f64, f64)
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_23"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "customOpParserPrinter_23"}> ({
    "test.dynamic_custom_parser_printer"() : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_24"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "test_enum_attr_roundtrip_24"}> ({
    "test.op"() {value = #test<enum first>} : () -> ()
    "test.op"() {value = #test<enum second>} : () -> ()
    "test.op"() {value = #test<enum third>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "test_op_with_enum_24"}> ({
    "test.op_with_enum"() <{value = #test<enum third>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "test_match_op_with_enum_24"}> ({
    "test.op_with_enum"() <{tag = 0 : i32, value = #test<enum third>}> : () -> ()
    "test.op_with_enum"() <{tag = 0 : i32, value = #test<enum first>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "test_match_op_with_bit_enum_24"}> ({
    "test.op_with_bit_enum"() <{tag = 0 : i32, value = #test.bit_enum<write>}> : () -> ()
    "test.op_with_bit_enum"() <{tag = 0 : i32, value = #test.bit_enum<write, execute>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_25"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_25"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() {interrupt = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_26"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_26"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() {interrupt = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_27"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_27"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() {interrupt_before_all = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_28"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_28"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() ({
      "bar"() : () -> ()
    }) {interrupt_after_all = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_29"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_29"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() ({
      "bar0"() : () -> ()
    }, {
      "bar1"() : () -> ()
    }) {interrupt_after_region = 0 : i64} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_30"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "main_30"}> ({
    "foo"() : () -> ()
    "test.two_region_op"() ({
      "work"() : () -> ()
    }, {
      "work"() : () -> ()
    }) {interrupt_after_all = true} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_31"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "main_31"}> ({
    "foo"() : () -> ()
    "test.two_region_op"() ({
      "work"() : () -> ()
    }, {
      "work"() : () -> ()
    }) {interrupt_after_region = 0 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_32"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_32"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() ({
      "bar0"() : () -> ()
    }, {
      "bar1"() : () -> ()
    }) {skip_before_all = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_33"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_33"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() ({
      "bar0"() : () -> ()
    }, {
      "bar1"() : () -> ()
    }) {skip_after_all = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_34"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_34"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() ({
      "bar0"() : () -> ()
    }, {
      "bar1"() : () -> ()
    }) {skip_after_region = 0 : i64} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_35"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "structured_cfg_35"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 10 : index}> : () -> index
    "scf.for"(%1, %2, %1) ({
    ^bb0(%arg0: index):
      %3 = "use0"(%arg0) : (index) -> i1
      "scf.if"(%3) ({
        "use1"(%arg0) : (index) -> ()
        "scf.yield"() : () -> ()
      }, {
        "use2"(%arg0) : (index) -> ()
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "use3"(%arg0) : (index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_36"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_number_of_regions_36"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 10 : index}> : () -> index
    "scf.for"(%1, %2, %1) ({
    ^bb0(%arg0: index):
      "test.two_region_op"() ({
        "work"() : () -> ()
      }, {
        "work"() : () -> ()
      }) : () -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_37"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "add_to_worklist_after_inplace_update_37"}> ({
    "test.any_attr_of_i32_str"() <{attr = 0 : i32}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_38"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "add_ancestors_to_worklist_38"}> ({
    "test.one_region_op"() ({
      %0 = "foo.maybe_eligible_op"() : () -> index
      "foo.yield"(%0) : (index) -> ()
    }) {hoist_eligible_ops} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_39"}> ({
  "test.symbol"() <{sym_name = "foo_39"}> : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_40"}> ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "f_40"}> ({
  ^bb0(%arg0: i1):
    %0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
    %1 = "scf.if"(%arg0) ({
      "scf.yield"(%0) : (i32) -> ()
    }, {
      "scf.yield"(%0) : (i32) -> ()
    }) : (i1) -> i32
    %2 = "arith.addi"(%1, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_41"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f_41"}> ({
    %0 = "arith.constant"() <{value = false}> : () -> i1
    %1 = "scf.if"(%0) ({
      "scf.yield"(%0) : (i1) -> ()
    }, {
      "scf.yield"(%0) : (i1) -> ()
    }) : (i1) -> i1
    %2 = "arith.select"(%1, %1, %1) : (i1, i1, i1) -> i1
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_42"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f_42"}> ({
    %0 = "arith.constant"() <{value = false}> : () -> i1
    %1 = "scf.if"(%0) ({
      "scf.yield"(%0) : (i1) -> ()
    }, {
      "scf.yield"(%0) : (i1) -> ()
    }) : (i1) -> i1
    %2 = "arith.select"(%0, %1, %1) : (i1, i1, i1) -> i1
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_43"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_44"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_45"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_46"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_47"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_48"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_49"}> ({
  "unregistered_dialect.op"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_50"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_51"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_52"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_53"}> ({
  %0 = "foo.result_op"() : () -> i32
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_54"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_55"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_56"}> ({
  %0 = "op"() : () -> i32
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_57"}> ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "main_57"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %5 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %6 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %7 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %8 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %9 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %10 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %11 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %12 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %13 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %14 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %15 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %16 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %17 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %18 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %19 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %20 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %21 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %22 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %23 = "long_op_name"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_58"}> ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "main_58"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %2 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %3 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %5 = "arith.addf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %6 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %7 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %8 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %9 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %10 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %11 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %12 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %13 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %14 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %15 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %16 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %17 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %18 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %19 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %20 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %21 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %22 = "xla.add"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %23 = "long_op_name"(%0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_59"}> ({
  "func.func"() <{function_type = (tensor<f32>, f32) -> (), sym_name = "correct_variadic_operand_59"}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: f32):
    "test.mixed_normal_variadic_operand"(%arg0, %arg0, %arg0, %arg0, %arg0) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_60"}> ({
  "test.top_level_op"() : () -> ()
  "test.top_level_op"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_61"}> ({
  "test.top_level_op_strict_loc"() {strict_loc_check} : () -> ()
  "test.top_level_op_strict_loc"() {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_62"}> ({
  "test.top_level_op_loc_match"() {strict_loc_check} : () -> ()
  "test.top_level_op_loc_match"() {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_63"}> ({
  "test.top_level_op_block_loc_mismatch"() ({
  ^bb0(%arg1: i32):
  }) {strict_loc_check} : () -> ()
  "test.top_level_op_block_loc_mismatch"() ({
  ^bb0(%arg0: i32):
  }) {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_64"}> ({
  "test.top_level_op_block_loc_match"() ({
  ^bb0(%arg1: i32):
  }) {strict_loc_check} : () -> ()
  "test.top_level_op_block_loc_match"() ({
  ^bb0(%arg0: i32):
  }) {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_65"}> ({
  "test.top_level_name_mismatch"() : () -> ()
  "test.top_level_name_mismatch2"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_66"}> ({
  "test.top_level_op_attr_mismatch"() {foo = "bar"} : () -> ()
  "test.top_level_op_attr_mismatch"() {foo = "bar2"} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_67"}> ({
  "test.top_level_op_cfg"() ({
  ^bb0(%arg6: i32, %arg7: f32):
    "test.some_branching_op"(%arg7, %arg6)[^bb1, ^bb2] : (f32, i32) -> ()
  ^bb1(%6: f32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  ^bb2(%7: i32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  }, {
  ^bb0(%arg4: i32, %arg5: f32):
    "test.some_branching_op"(%arg5, %arg4)[^bb1, ^bb2] : (f32, i32) -> ()
  ^bb1(%4: f32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  ^bb2(%5: i32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  }) {attr = "foo"} : () -> ()
  "test.top_level_op_cfg"() ({
  ^bb0(%arg2: i32, %arg3: f32):
    "test.some_branching_op"(%arg3, %arg2)[^bb1, ^bb2] : (f32, i32) -> ()
  ^bb1(%2: f32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  ^bb2(%3: i32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  }, {
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"(%arg1, %arg0)[^bb1, ^bb2] : (f32, i32) -> ()
  ^bb1(%0: f32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  ^bb2(%1: i32):  // pred: ^bb0
    "test.some_branching_op"() : () -> ()
  }) {attr = "foo"} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_68"}> ({
  "test.operand_num_mismatch"() ({
  ^bb0(%arg2: i32, %arg3: f32):
    "test.some_branching_op"(%arg3, %arg2) : (f32, i32) -> ()
  }) : () -> ()
  "test.operand_num_mismatch"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"(%arg1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_69"}> ({
  "test.operand_type_mismatch"() ({
  ^bb0(%arg2: i32, %arg3: f32):
    "test.some_branching_op"(%arg3, %arg2) : (f32, i32) -> ()
  }) : () -> ()
  "test.operand_type_mismatch"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"(%arg1, %arg1) : (f32, f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_70"}> ({
  "test.block_type_mismatch"() ({
  ^bb0(%arg2: f32, %arg3: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  "test.block_type_mismatch"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_71"}> ({
  "test.block_arg_num_mismatch"() ({
  ^bb0(%arg1: f32, %arg2: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  "test.block_arg_num_mismatch"() ({
  ^bb0(%arg0: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_72"}> ({
  "test.dataflow_match"() ({
    %1:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%1#0, %1#1) : (i32, i32) -> ()
  }) : () -> ()
  "test.dataflow_match"() ({
    %0:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%0#0, %0#1) : (i32, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_73"}> ({
  "test.dataflow_mismatch"() ({
    %1:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%1#0, %1#1) : (i32, i32) -> ()
  }) : () -> ()
  "test.dataflow_mismatch"() ({
    %0:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%0#1, %0#0) : (i32, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_74"}> ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "parse_correctly_74", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "test.containing_int_polynomial_attr"() <{attr = #test.nested_polynomial<poly = <1 + x**2>>}> : () -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_75"}> ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "parse_correctly_2_75", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "test.containing_int_polynomial_attr2"() <{attr = #test.nested_polynomial2<poly = <1 + x**2>>}> : () -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_76"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "custom_region_names_76"}> ({
    "test.polyfor"() ({
    ^bb0(%arg3: index, %arg4: index, %arg5: index):
      "foo"() : () -> ()
    }) {arg_names = ["i", "j", "k"]} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "weird_names_76"}> ({
    "test.polyfor"() ({
    ^bb0(%arg0: i32, %arg1: i32, %arg2: index):
      %0 = "foo"() : () -> i32
    }) {arg_names = ["a .^x", "0"]} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_77"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_78"}> ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op_78"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "test.pretty_printed_region"(%arg1, %arg0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_79"}> ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op_79"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "test.pretty_printed_region"(%arg1, %arg0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.non.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_80"}> ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op_deferred_loc_80"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "test.pretty_printed_region"(%arg1, %arg0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_81"}> ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "block_names_81"}> ({
  ^bb0(%arg0: i1):
    "test.block_names"() ({
      "cf.br"()[^bb1] : () -> ()
    ^bb1:  // pred: ^bb0
      "cf.br"()[^bb2] : () -> ()
    ^bb2:  // pred: ^bb1
      "test.return"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_82"}> ({
  "func.func"() <{function_type = (!test.optional_value_type, !test.optional_value_type<3>) -> (), sym_name = "test_82"}> ({
  ^bb0(%arg0: !test.optional_value_type, %arg1: !test.optional_value_type<3>):
    "test.format_maybe_empty_type"(%arg0) : (!test.optional_value_type) -> ()
    "test.format_maybe_empty_type"(%arg1) : (!test.optional_value_type<3>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_83"}> ({
  %0:4 = "dialect.op1"() : () -> (i1, i16, i32, i64)
  "dialect.op2"(%0#0, %0#2) : (i1, i32) -> ()
  "dialect.op3"() ({
  ^bb0(%arg0: i1):
    "dialect.innerop1"(%arg0, %0#2) : (i1, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_84"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_85"}> ({
  %0:4 = "dialect.op1"() {"attribute name" = 42 : i32} : () -> (i1, i16, i32, i64)
  "dialect.op2"() ({
    "dialect.innerop1"(%0#0, %0#1) : (i1, i16) -> ()
  }, {
    "dialect.innerop2"() : () -> ()
    "dialect.innerop3"(%0#0, %0#2, %0#3)[^bb1, ^bb2] : (i1, i32, i64) -> ()
  ^bb1(%1: i32):  // pred: ^bb0
    "dialect.innerop4"() : () -> ()
    "dialect.innerop5"() : () -> ()
  ^bb2(%2: i64):  // pred: ^bb0
    "dialect.innerop6"() : () -> ()
    "dialect.innerop7"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_86"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "op_with_custom_printer_86"}> ({
    %0 = "test.string_attr_pretty_name"() <{names = ["x"]}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_87"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "op_without_custom_printer_87"}> ({
    %0 = "test.result_type_with_trait"() : () -> !test.test_type_with_trait
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_88"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "foo_88"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_89"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "foo_89"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_90"}> ({
  "func.func"() <{function_type = (memref<i32>, memref<i32>) -> (), sym_name = "uniqueSSAIDs_90"}> ({
  ^bb0(%arg0: memref<i32>, %arg1: memref<i32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 8 : index}> : () -> index
    "scf.for"(%0, %2, %1) ({
    ^bb0(%arg3: index):
      %7 = "memref.load"(%arg0) : (memref<i32>) -> i32
      %8 = "memref.load"(%arg1) : (memref<i32>) -> i32
      %9 = "arith.addi"(%7, %8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %10 = "arith.subi"(%7, %8) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "scf.for"(%0, %2, %1) ({
    ^bb0(%arg2: index):
      %3 = "memref.load"(%arg0) : (memref<i32>) -> i32
      %4 = "memref.load"(%arg1) : (memref<i32>) -> i32
      %5 = "arith.addi"(%3, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %6 = "arith.subi"(%3, %4) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_91"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "foo_91"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "test.noop"() : () -> ()
    "test.no_result"(%arg0) : (i32) -> ()
    %0 = "test.unused_result"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "test.one_result"(%arg0, %arg1) : (i32, i32) -> i32
    %2:2 = "test.many_results"(%1) : (i32) -> (i32, i32)
    %3:2 = "test.many_results"() : () -> (i32, i32)
    %4 = "test.foo"(%2#0) : (i32) -> i32
    %5 = "test.foo"(%2#1, %4, %4) : (i32, i32, i32) -> i32
    %6 = "test.foo"(%2#0, %2#1) : (i32, i32) -> i32
    "test.no_result"(%6) : (i32) -> ()
    "test.no_result"(%3#0) : (i32) -> ()
    "func.return"(%6) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_92"}> ({
  %0 = "arith.constant"() <{value = 42 : i32}> : () -> i32
  %1 = "test.outerop"(%0) ({
    "test.innerop"(%0) : (i32) -> ()
  }) : (i32) -> i32
  %2:3 = "test.custom_result_name"(%1) <{names = ["p", "p", "q"]}> : (i32) -> (i32, i32, i32)
  %3:2 = "test.custom_result_name"(%2#2, %2#2, %1) <{names = ["r", "s"]}> : (i32, i32, i32) -> (i32, i32)
  %4:2 = "test.custom_result_name"(%3#1, %2#2, %2#0) <{names = ["u", "v"]}> : (i32, i32, i32) -> (i32, i32)
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_93"}> ({
  "test.using_int_property_with_worse_bytecode"() <{value = 3 : i64}> : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_94"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_number_of_regions_94"}> ({
    "test.two_region_op"() ({
      "work"() : () -> ()
    }, {
      "work"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_95"}> ({
  "test.unregistered_without_terminator"() ({
  ^bb0:
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_96"}> ({
  "test.single_no_terminator_op"() ({
    %2 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  }) : () -> ()
  "test.variadic_no_terminator_op"() ({
    %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  }, {
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  }) : () -> ()
  "test.single_no_terminator_custom_asm_op"() ({
    "important_dont_drop"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_97"}> ({
  "func.func"() <{function_type = () -> tensor<f32>, sym_name = "correct_variadic_result_97"}> ({
    %0:5 = "test.mixed_normal_variadic_result"() : () -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>)
    "func.return"(%0#4) : (tensor<f32>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_98"}> ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "fixpoint_98"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.use"(%arg0) ({
      %1 = "test.use2"(%arg0) ({
        "test.yield2"(%arg0) : (i32) -> ()
      }) : (i32) -> i32
      "test.yield"(%1) : (i32) -> ()
    }) : (i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_99"}> ({
  "func.func"() <{arg_attrs = [{test.erase_this_arg}], function_type = (f32) -> (), sym_name = "f_99"}> ({
  ^bb0(%arg0: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_100"}> ({
  "func.func"() <{arg_attrs = [{test.erase_this_arg}, {test.A}], function_type = (f32, f32) -> (), sym_name = "f_100"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_101"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}], function_type = (f32, f32) -> (), sym_name = "f_101"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_102"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}, {test.B}], function_type = (f32, f32, f32) -> (), sym_name = "f_102"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_103"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}, {test.erase_this_arg}, {test.B}], function_type = (f32, f32, f32, f32) -> (), sym_name = "f_103"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_104"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}, {test.B}, {test.erase_this_arg}, {test.C}], function_type = (f32, f32, f32, f32, f32) -> (), sym_name = "f_104"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32, %arg4: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_105"}> ({
  "func.func"() <{arg_attrs = [{}, {test.erase_this_arg}, {}, {test.erase_this_arg}, {}], function_type = (tensor<1xf32>, f32, tensor<2xf32>, f32, tensor<3xf32>) -> (), sym_name = "f_105"}> ({
  ^bb0(%arg0: tensor<1xf32>, %arg1: f32, %arg2: tensor<2xf32>, %arg3: f32, %arg4: tensor<3xf32>):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_106"}> ({
  "func.func"() <{function_type = () -> f32, res_attrs = [{test.erase_this_result}], sym_name = "f_106", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_107"}> ({
  "func.func"() <{function_type = () -> (f32, f32), res_attrs = [{test.erase_this_result}, {test.A}], sym_name = "f_107", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_108"}> ({
  "func.func"() <{function_type = () -> (f32, f32), res_attrs = [{test.A}, {test.erase_this_result}], sym_name = "f_108", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_109"}> ({
  "func.func"() <{function_type = () -> (f32, f32, f32), res_attrs = [{test.A}, {test.erase_this_result}, {test.B}], sym_name = "f_109", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_110"}> ({
  "func.func"() <{function_type = () -> (f32, f32, f32, f32), res_attrs = [{test.A}, {test.erase_this_result}, {test.erase_this_result}, {test.B}], sym_name = "f_110", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_111"}> ({
  "func.func"() <{function_type = () -> (f32, f32, f32, f32, f32), res_attrs = [{test.A}, {test.erase_this_result}, {test.B}, {test.erase_this_result}, {test.C}], sym_name = "f_111", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_112"}> ({
  "func.func"() <{function_type = () -> (tensor<1xf32>, f32, tensor<2xf32>, f32, tensor<3xf32>), res_attrs = [{}, {test.erase_this_result}, {}, {test.erase_this_result}, {}], sym_name = "f_112", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_113"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_114"}> ({
  "func.func"() <{function_type = () -> i32, sym_name = "test_114"}> ({
    %0 = "test.constant"() <{value = 5 : i32}> : () -> i32
    %1 = "test.manual_cpp_op_with_fold"(%0) : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_115"}> ({
  "func.func"() <{function_type = (f32, f32, f32) -> (), sym_name = "test1_115"}> ({
  ^bb0(%arg2: f32, %arg3: f32, %arg4: f32):
    %6 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %7 = "arith.addf"(%arg2, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %8 = "arith.addf"(%arg4, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %9 = "arith.mulf"(%arg2, %8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %10 = "arith.mulf"(%9, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %11 = "arith.mulf"(%10, %10) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %12 = "arith.mulf"(%11, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> f32, sym_name = "test2_115"}> ({
  ^bb0(%arg1: f32):
    %3 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %4 = "arith.addf"(%arg1, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %5 = "arith.mulf"(%arg1, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%5) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> f32, sym_name = "test3_115"}> ({
  ^bb0(%arg0: f32):
    %0 = "test.name"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "arith.addf"(%arg0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %2 = "arith.mulf"(%arg0, %1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    "func.return"(%2) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_116"}> ({
  "func.func"() <{function_type = (i32) -> f32, sym_name = "test_ops_verify_116"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() <{value = 5.300000e+00 : f32}> : () -> f32
    %1 = "test.loop_block"(%arg0) ({
    ^bb0(%arg1: i32):
      "test.loop_block_term"(%arg0, %0) : (i32, f32) -> ()
    }) : (i32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_117"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "failed_repl_117", sym_visibility = "private"}> ({
  }) {sym.new_name = "replaced_name"} : () -> ()
  "foo.possibly_unknown_symbol_table"() ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_118"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "symbol_bar_118"}> ({
    "foo.possibly_unknown_symbol_table"() ({
    }) : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_119"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "foo_119"}> ({
    %0 = "test.foo"() : () -> i32
    "cf.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb2
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "test.use"(%0) : (i32) -> ()
    "cf.br"()[^bb1] : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "bar_119", sym_visibility = "private"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_120"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "foo_120", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_121"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "bar_121", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "baz_121", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_122"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_123"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, vector<1xf32>, tensor<1xi32>, f32) -> (), sym_name = "succeededSameOperandsElementType_123"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: vector<1xf32>, %arg3: tensor<1xi32>, %arg4: f32):
    %0 = "test.same_operand_element_type"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xi32>
    %1 = "test.same_operand_element_type"(%arg1, %arg0) : (tensor<1xf32>, tensor<10x10xf32>) -> tensor<1xi32>
    %2 = "test.same_operand_element_type"(%arg0, %arg2) : (tensor<10x10xf32>, vector<1xf32>) -> tensor<1xi32>
    %3 = "test.same_operand_element_type"(%arg2, %arg1) : (vector<1xf32>, tensor<1xf32>) -> tensor<1xi32>
    %4 = "test.same_operand_element_type"(%arg2, %arg1) : (vector<1xf32>, tensor<1xf32>) -> tensor<121xi32>
    %5 = "test.same_operand_element_type"(%arg4, %arg4) : (f32, f32) -> i32
    %6 = "test.same_operand_element_type"(%arg4, %arg1) : (f32, tensor<1xf32>) -> tensor<121xi32>
    %7 = "test.same_operand_element_type"(%arg4, %arg2) : (f32, vector<1xf32>) -> tensor<121xi32>
    %8 = "test.same_operand_element_type"(%arg4, %arg0) : (f32, tensor<10x10xf32>) -> tensor<121xi32>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_124"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, vector<1xf32>, tensor<1xi32>, f32) -> (), sym_name = "succeededSameOperandAndResultElementType_124"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: vector<1xf32>, %arg3: tensor<1xi32>, %arg4: f32):
    %0 = "test.same_operand_and_result_element_type"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %1 = "test.same_operand_and_result_element_type"(%arg1, %arg0) : (tensor<1xf32>, tensor<10x10xf32>) -> tensor<1xf32>
    %2 = "test.same_operand_and_result_element_type"(%arg0, %arg2) : (tensor<10x10xf32>, vector<1xf32>) -> tensor<1xf32>
    %3 = "test.same_operand_and_result_element_type"(%arg2, %arg1) : (vector<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %4 = "test.same_operand_and_result_element_type"(%arg2, %arg1) : (vector<1xf32>, tensor<1xf32>) -> tensor<121xf32>
    %5 = "test.same_operand_and_result_element_type"(%arg4, %arg4) : (f32, f32) -> f32
    %6 = "test.same_operand_and_result_element_type"(%arg4, %arg1) : (f32, tensor<1xf32>) -> tensor<121xf32>
    %7 = "test.same_operand_and_result_element_type"(%arg4, %arg2) : (f32, vector<1xf32>) -> tensor<121xf32>
    %8 = "test.same_operand_and_result_element_type"(%arg4, %arg0) : (f32, tensor<10x10xf32>) -> tensor<121xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_125"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, memref<10x10xi32>, tensor<*xf32>) -> (), sym_name = "succeededSameOperandShape_125"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: memref<10x10xi32>, %arg3: tensor<*xf32>):
    "test.same_operand_shape"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> ()
    "test.same_operand_shape"(%arg0, %arg0) : (tensor<10x10xf32>, tensor<10x10xf32>) -> ()
    "test.same_operand_shape"(%arg1, %arg3) : (tensor<1xf32>, tensor<*xf32>) -> ()
    "test.same_operand_shape"(%arg0, %arg2) : (tensor<10x10xf32>, memref<10x10xi32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_126"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, tensor<*xf32>, tensor<?xf32>) -> (), sym_name = "succeededSameOperandAndResultShape_126"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: tensor<*xf32>, %arg3: tensor<?xf32>):
    %0 = "test.same_operand_and_result_shape"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %1 = "test.same_operand_and_result_shape"(%arg0, %arg0) : (tensor<10x10xf32>, tensor<10x10xf32>) -> tensor<10x10xf32>
    %2 = "test.same_operand_and_result_shape"(%arg1, %arg2) : (tensor<1xf32>, tensor<*xf32>) -> tensor<1xf32>
    %3 = "test.same_operand_and_result_shape"(%arg1, %arg3) : (tensor<1xf32>, tensor<?xf32>) -> tensor<1xf32>
    %4 = "test.same_operand_and_result_shape"(%arg1, %arg3) : (tensor<1xf32>, tensor<?xf32>) -> memref<1xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_127"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, tensor<*xf32>, tensor<?xf32>, i32) -> (), sym_name = "succeededSameOperandAndResultType_127"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: tensor<*xf32>, %arg3: tensor<?xf32>, %arg4: i32):
    %0 = "test.same_operand_and_result_type"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %1 = "test.same_operand_and_result_type"(%arg0, %arg0) : (tensor<10x10xf32>, tensor<10x10xf32>) -> tensor<10x10xf32>
    %2 = "test.same_operand_and_result_type"(%arg1, %arg2) : (tensor<1xf32>, tensor<*xf32>) -> tensor<1xf32>
    %3 = "test.same_operand_and_result_type"(%arg1, %arg3) : (tensor<1xf32>, tensor<?xf32>) -> tensor<1xf32>
    %4 = "test.same_operand_and_result_type"(%arg4, %arg4) : (i32, i32) -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_128"}> ({
  "func.func"() <{function_type = (tensor<?xf32>, tensor<5xf32>) -> (), sym_name = "elementwiseMappable_dynamic_shapes_128"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<5xf32>):
    %0 = "test.elementwise_mappable"(%arg0, %arg1) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_129"}> ({
  "func.func"() <{function_type = (vector<2xf32>) -> (), sym_name = "succeededElementwiseMappable_129"}> ({
  ^bb0(%arg0: vector<2xf32>):
    %0 = "test.elementwise_mappable"(%arg0) : (vector<2xf32>) -> vector<2xf16>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_130"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededParentOneOf_130"}> ({
    "test.parent"() ({
      "test.child_with_parent_one_of"() : () -> ()
      "test.finish"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_131"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededParent1OneOf_131"}> ({
    "test.parent1"() ({
      "test.child_with_parent_one_of"() : () -> ()
      "test.finish"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_132"}> ({
  "test.symbol"() <{sym_name = "foo_3_132", sym_visibility = "nested"}> : () -> ()
  "test.symbol"() <{sym_name = "foo_4_132", sym_visibility = "private"}> : () -> ()
  "test.symbol"() <{sym_name = "foo_5_132", sym_visibility = "public"}> : () -> ()
  "test.symbol"() <{sym_name = "foo_6_132"}> : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_133"}> ({
  "test.symbol_scope"() ({
    "func.func"() <{function_type = () -> (), sym_name = "foo_133", sym_visibility = "private"}> ({
    }) : () -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "foo_133", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_134"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededOilistTrivial_134"}> ({
    "test.oilist_with_keywords_only"() <{keyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{otherKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{keyword, otherKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{keyword, otherKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{diffNameUnitAttrKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{diffNameUnitAttrKeyword, keyword}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_135"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeeded_type_traits_135"}> ({
    %0 = "test.result_type_with_trait"() : () -> !test.test_type_with_trait
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_136"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeeded_attr_traits_136"}> ({
    "test.attr_with_trait"() <{attr = #test.attr_with_trait}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_137"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "structured_cfg_137"}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 10 : index}> : () -> index
    "scf.for"(%1, %2, %1) ({
    ^bb0(%arg0: index):
      %3 = "use0"(%arg0) : (index) -> i1
      "scf.if"(%3) ({
        "use1"(%arg0) : (index) -> ()
        "scf.yield"() : () -> ()
      }, {
        "use2"(%arg0) : (index) -> ()
        "scf.yield"() : () -> ()
      }) : (i1) -> ()
      "use3"(%arg0) : (index) -> ()
      "scf.yield"() : () -> ()
    }) {walk_blocks, walk_regions} : (index, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_138"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "unstructured_cfg_138"}> ({
    "regionOp0"() ({
      "op0"() : () -> ()
      "cf.br"()[^bb2] : () -> ()
    ^bb1:  // no predecessors
      "op1"() : () -> ()
      "cf.br"()[^bb2] : () -> ()
    ^bb2:  // 2 preds: ^bb0, ^bb1
      "op2"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_139"}> ({
  "func.func"() <{function_type = (i32, f32) -> (i3, i2, i1), sym_name = "wrapping_op_139"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0:3 = "test.wrapping_region"() ({
      %1:3 = "some.op"(%arg1, %arg0) {test.attr = "attr"} : (f32, i32) -> (i1, i2, i3)
      "test.return"(%1#0, %1#1, %1#2) : (i1, i2, i3) -> ()
    }) : () -> (i1, i2, i3)
    "func.return"(%0#2, %0#1, %0#0) : (i3, i2, i1) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_140"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "zero_whitespace_140"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
}) : () -> ()
