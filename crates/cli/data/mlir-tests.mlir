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
  %0 = "foo.op"() : () -> !foo.type
  %1 = "foo.op"() : () -> !foo.tuple_type<!foo.type, !foo.type>
  %2 = "builtin.unrealized_conversion_cast"() : () -> !bar.tuple_type<>
  %3 = "builtin.unrealized_conversion_cast"(%0) : (!foo.type) -> !bar.lowered_type
  %4:2 = "builtin.unrealized_conversion_cast"(%1) : (!foo.tuple_type<!foo.type, !foo.type>) -> (!foo.type, !foo.type)
  %5 = "builtin.unrealized_conversion_cast"(%0, %0) : (!foo.type, !foo.type) -> !bar.tuple_type<!foo.type, !foo.type>
  %6 = "foo.op"() : () -> vector<[4]xi32>
  %7 = "foo.op"() : () -> vector<[2]x[2]xf64>
  %8 = "foo.op"() : () -> vector<2x[4]xbf16>
  %9 = "foo.op"() : () -> vector<2x2x[4]x[4]xi8>
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_2"}> ({
  "func.func"() <{function_type = () -> memref<?x?xf32, strided<[?, ?], offset: ?>>, sym_name = "f1_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<?x?xf32, strided<[42, 1], offset: 10>>, sym_name = "f2_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<?x?xf32, strided<[?, 1], offset: 10>>, sym_name = "f3_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<?x?xf32, strided<[?, 1], offset: ?>>, sym_name = "f4_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<?x?xf32, strided<[42, 1]>>, sym_name = "f5_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<?x?xf32, strided<[42, 1]>>, sym_name = "f6_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<f32, strided<[]>>, sym_name = "f7_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<f32, strided<[], offset: ?>>, sym_name = "f8_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<?xf32, strided<[-1], offset: ?>>, sym_name = "f9_2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> memref<f32, strided<[], offset: -1>>, sym_name = "f10_2", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_3"}> ({
  "test.array_of_attr_op"() <{a = #test<array_of_ugly[ begin 0 : index end,  begin 2 : index end ]>, b = #test<array_of_ints[0, 1, -42, 42]>, c = #test<array_of_enums[a, b, b, a]>}> : () -> ()
  "test.array_of_attr_op"() <{a = #test<array_of_ugly[]>, b = #test<array_of_ints[]>, c = #test<array_of_enums[]>}> : () -> ()
  "test.test_array_float"() {test.float_arr = [1.000000e+00 : f32, 1.000000e+00, 0x7FF0000000000000 : f64]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_4"}> ({
  "func.func"() <{function_type = () -> tensor<160xi1>, sym_name = "large_i1_tensor_roundtrip_4"}> ({
    %0 = "arith.constant"() <{value = dense<"0xFFF00000FF000000FF000000FF000000FF000000"> : tensor<160xi1>}> : () -> tensor<160xi1>
    %1 = "arith.constant"() <{value = dense<"0xFF000000FF000000FF000000FF000000FF0000F0"> : tensor<160xi1>}> : () -> tensor<160xi1>
    %2 = "arith.andi"(%0, %1) : (tensor<160xi1>, tensor<160xi1>) -> tensor<160xi1>
    "func.return"(%2) : (tensor<160xi1>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_5"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "any_attr_of_pass_5"}> ({
    "test.any_attr_of_i32_str"() <{attr = 3 : i32}> : () -> ()
    "test.any_attr_of_i32_str"() <{attr = "string_data"}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_6"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "float_attrs_pass_6"}> ({
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f8E5M2}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f8E4M3}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f8E4M3FN}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f8E5M2FNUZ}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f8E4M3FNUZ}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f8E4M3B11FNUZ}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f16}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : bf16}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : tf32}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f32}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f64}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f80}> : () -> ()
    "test.float_attrs"() <{float_attr = 2.000000e+00 : f128}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "int_attrs_pass_6"}> ({
    "test.int_attrs"() <{any_i32_attr = 5 : ui32, index_attr = 8 : index, si32_attr = 7 : si32, ui32_attr = 6 : ui32}> : () -> ()
    "test.int_attrs"() <{any_i32_attr = 5 : si32, index_attr = 8 : index, si32_attr = 7 : si32, ui32_attr = 6 : ui32}> : () -> ()
    "test.int_attrs"() <{any_i32_attr = 5 : i32, index_attr = 8 : index, si32_attr = 7 : si32, ui32_attr = 6 : ui32}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_7"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "int_attrs_pass_7"}> ({
    "test.in_range_attrs"() {attr_00 = -128 : i8, attr_01 = 127 : i8, attr_02 = -128 : si8, attr_03 = 127 : si8, attr_04 = 255 : ui8, attr_05 = -32768 : i16, attr_06 = 32767 : i16, attr_07 = -32768 : si16, attr_08 = 32767 : si16, attr_09 = 65535 : ui16, attr_10 = -2147483647 : i32, attr_11 = 2147483646 : i32, attr_12 = -2147483647 : si32, attr_13 = 2147483646 : si32, attr_14 = 4294967295 : ui32, attr_15 = -9223372036854775808 : i64, attr_16 = 9223372036854775807 : i64, attr_17 = -9223372036854775808 : si64, attr_18 = 9223372036854775807 : si64, attr_19 = 18446744073709551615 : ui64, attr_20 = 1 : ui1, attr_21 = -1 : si1, attr_22 = 79228162514264337593543950335 : ui96, attr_23 = -39614081257132168796771975168 : si96} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_8"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "int_attrs_pass_8"}> ({
    "test.i8_attr"() {attr_00 = -1 : i8, attr_01 = -1 : i16, attr_02 = -1 : i32, attr_03 = -1 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_9"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "int0_attrs_pass_9"}> ({
    "test.i0_attr"() {attr_00 = 0 : i0, attr_01 = 0 : si0, attr_02 = 0 : ui0, attr_03 = 0 : i0, attr_04 = 0 : si0, attr_05 = 0 : ui0} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_10"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "non_negative_int_attr_pass_10"}> ({
    "test.non_negative_int_attr"() <{i32attr = 5 : i32, i64attr = 10 : i64}> : () -> ()
    "test.non_negative_int_attr"() <{i32attr = 0 : i32, i64attr = 0 : i64}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_11"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "positive_int_attr_pass_11"}> ({
    "test.positive_int_attr"() <{i32attr = 5 : i32, i64attr = 10 : i64}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_12"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_type_array_attr_pass_12"}> ({
    "test.type_array_attr"() <{attr = [i32, f32]}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_13"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "string_attr_custom_type_13"}> ({
    "test.string_attr_with_type"() <{attr = "string_data" : !foo.string}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_14"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_14"}> ({
    %0 = "test.i32_enum_attr"() <{attr = 5 : i32}> : () -> i32
    %1 = "test.i32_enum_attr"() <{attr = 10 : i32}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_15"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_15"}> ({
    %0 = "test.i64_enum_attr"() <{attr = 5 : i64}> : () -> i32
    %1 = "test.i64_enum_attr"() <{attr = 10 : i64}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_16"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_16"}> ({
    "test.op_with_bit_enum"() <{value = #test.bit_enum<read, write>}> : () -> ()
    "test.op_with_bit_enum"() <{value = #test.bit_enum<read, execute>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_17"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "allowed_cases_pass_17"}> ({
    "test.op_with_bit_enum_vbar"() <{value = #test.bit_enum_vbar<user | group>}> : () -> ()
    "test.op_with_bit_enum_vbar"() <{value = #test.bit_enum_vbar<user | group | other>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_18"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_type_pass_18"}> ({
    "test.float_elements_attr"() <{scalar_f32_attr = dense<5.000000e+00> : tensor<2xf32>, tensor_f64_attr = dense<6.000000e+00> : tensor<4x8xf64>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_19"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "simple_scalar_example_19"}> ({
    "test.string_elements_attr"() <{scalar_string_attr = dense<"example"> : tensor<2x!unknown<"">>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_20"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "escape_string_example_20"}> ({
    "test.string_elements_attr"() <{scalar_string_attr = dense<"new\0Aline"> : tensor<2x!unknown<"">>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_21"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "simple_scalar_example_21"}> ({
    "test.string_elements_attr"() <{scalar_string_attr = dense<["example1", "example2"]> : tensor<2x!unknown<"">>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_22"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "dense_array_attr_22"}> ({
    "test.dense_array_attr"() <{emptyattr = array<i32>, f32attr = array<f32: 1.024000e+03, 4.530000e+02, -6.435000e+03>, f64attr = array<f64: -1.420000e+02>, i16attr = array<i16: 3, 5, -4, 10>, i1attr = array<i1: true, false, true>, i32attr = array<i32: 1024, 453, -6435>, i64attr = array<i64: -142>, i8attr = array<i8: 1, -2, 3>}> : () -> ()
    "array.sizes"() {x0_i0 = array<i0: 0, 0>, x1_ui0 = array<ui0: 0, 0>, x2_si0 = array<si0: 0, 0>, x3_i24 = array<i24: -42, 42, 8388607>, x4_ui24 = array<ui24: 16777215>, x5_si24 = array<si24: -8388608>, x6_bf16 = array<bf16: 1.203130e+00, 3.406250e+00>, x7_f16 = array<f16: 1.000000e+00, 3.000000e+00>} : () -> ()
    "func.return"() : () -> ()
  }) {emptyf32attr = array<f32>, emptyf64attr = array<f64>, emptyi16attr = array<i16>, emptyi1attr = array<i1>, emptyi32attr = array<i32>, emptyi64attr = array<i64>, emptyi8attr = array<i8>, f32attr = array<f32: 1.024000e+03, 4.530000e+02, -6.435000e+03>, f64attr = array<f64: -1.420000e+02>, i16attr = array<i16: 3, 5, -4, 10>, i1attr = array<i1: true, false, true>, i32attr = array<i32: 1024, 453, -6435>, i64attr = array<i64: -142>, i8attr = array<i8: 1, -2, 3>} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_23"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "testConfinedDenseArrayAttr_23"}> ({
    "test.confined_dense_array_attr"() <{emptyattr = array<i16>, i32attr = array<i32: 1>, i64attr = array<i64: 0, 2, 3>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_24"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "testConfinedStrictlyPositiveDenseArrayAttr_24"}> ({
    "test.confined_strictly_positive_attr"() <{emptyattr = array<i16>, f32attr = array<f32: 1.100000e+00, 2.100000e+00>, f64attr = array<f64: 2.100000e+00, 3.100000e+00>, i16attr = array<i16: 20, 30>, i32attr = array<i32: 1>, i64attr = array<i64: 1, 2, 3>, i8attr = array<i8: 2, 3>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_25"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "testConfinedNonNegativeDenseArrayAttr_25"}> ({
    "test.confined_non_negative_attr"() <{emptyattr = array<i16>, f32attr = array<f32: 0.000000e+00, 2.100000e+00>, f64attr = array<f64: 0.000000e+00, 3.100000e+00>, i16attr = array<i16: 0, 30>, i32attr = array<i32: 1>, i64attr = array<i64: 1, 0, 3>, i8attr = array<i8: 0, 3>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_26"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "fn_26"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "test.symbol_ref_attr"() {symbol = @fn} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_27"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_int_elements_attr_pass_27"}> ({
    "test.int_elements_attr"() <{any_i32_attr = dense<5> : tensor<1x2x3x4xui32>, i32_attr = dense<5> : tensor<6xi32>}> : () -> ()
    "test.int_elements_attr"() <{any_i32_attr = dense<5> : tensor<1x2x3x4xsi32>, i32_attr = dense<5> : tensor<6xi32>}> : () -> ()
    "test.int_elements_attr"() <{any_i32_attr = dense<5> : tensor<1x2x3x4xi32>, i32_attr = dense<5> : tensor<6xi32>}> : () -> ()
    "test.index_elements_attr"() {any_index_attr = dense<5> : tensor<1x2x3x4xindex>, index_attr = dense<5> : tensor<6xindex>} : () -> ()
    "test.hex_index_elements_attr"() {hex_index_attr = dense<"0x00000C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000080C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000100C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000180C000000000000080C0000000000001A150000000000005078000000000000B659010000000000ECBC010000000000FEC5010000000000342902000000000046320200000000007C950200000000008E9E020000000000C401030000000000D60A0300000000000C6E0300000000001E7703000000000054DA03000000000066E30300000000009C46040000000000AE4F040000000000E4B2040000000000F6BB0400000000002C1F050000000000628100000000000098E40000000000000E0C00000000000020150000000000005678000000000000BC59010000000000F2BC01000000000004C60100000000003A290200000000004C320200000000008295020000000000949E020000000000CA01030000000000DC0A030000000000126E03000000000024770300000000005ADA0300000000006CE3030000000000A246040000000000B44F040000000000EAB2040000000000FCBB040000000000321F05000000000068810000000000009EE40000000000"> : tensor<23x5xindex>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_28"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_type_pass_28"}> ({
    "test.ranked_int_elements_attr"() <{matrix_i64_attr = dense<6> : tensor<4x8xi64>, vector_i32_attr = dense<5> : tensor<2xi32>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_29"}> ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "default_value_printing_29"}> ({
  ^bb0(%arg0: i32):
    "test.default_value_print"(%arg0) <{value_with_default = 0 : i32}> : (i32) -> ()
    "test.default_value_print"(%arg0) <{value_with_default = 1 : i32}> : (i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_30"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_31"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "test_enum_attr_roundtrip_31"}> ({
    "test.op"() {attr = #test.custom_float<"float" : 2.000000e+00>} : () -> ()
    "test.op"() {attr = #test.custom_float<"double" : 2.000000e+00>} : () -> ()
    "test.op"() {attr = #test.custom_float<"fp80" : 2.000000e+00>} : () -> ()
    "test.op"() {attr = #test.custom_float<"float" : 0x7FC00000>} : () -> ()
    "test.op"() {attr = #test.custom_float<"double" : 0x7FF0000001000000>} : () -> ()
    "test.op"() {attr = #test.custom_float<"fp80" : 0x7FFFC000000000100000>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_32"}> ({
  "foo.op"() {dense.attr = dense<[1.000000e+01, 5.000000e+00]> : tensor<2xf32>} : () -> ()
  "foo.op"() {dense.attr = dense<[1.000000e+01, 5.000000e+00]> : tensor<2xf64>} : () -> ()
  "foo.op"() {dense.attr = dense<[1.000000e+01, 5.000000e+00]> : tensor<2xf32>} : () -> ()
  "foo.op"() {dense.attr = dense<[1.000000e+01, 5.000000e+00]> : tensor<2xf64>} : () -> ()
  "foo.op"() {dense.attr = dense<(1.000000e+01,5.000000e+00)> : tensor<2xcomplex<f32>>} : () -> ()
  "foo.op"() {dense.attr = dense<(1.000000e+01,5.000000e+00)> : tensor<2xcomplex<f64>>} : () -> ()
  "foo.op"() {dense.attr = dense<[1.000000e+01, 5.000000e+00]> : tensor<2xbf16>} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_33"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_34"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_35"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_36"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededDynamicTypeVerifier_36"}> ({
    %0 = "unregistered_op"() : () -> !test.dynamic_singleton
    %1 = "unregistered_op"() : () -> !test.dynamic_pair<i32, f64>
    %2 = "unregistered_op"() : () -> !test.dynamic_pair<!test.dynamic_pair<i32, f64>, !test.dynamic_singleton>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_37"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "customTypeParserPrinter_37"}> ({
    %0 = "unregistered_op"() : () -> !test.dynamic_custom_assembly_format<f32:f64>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_38"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededDynamicAttributeVerifier_38"}> ({
    "unregistered_op"() {test_attr = #test.dynamic_singleton} : () -> ()
    "unregistered_op"() {test_attr = #test.dynamic_pair<3 : i32, 5 : i32>} : () -> ()
    "unregistered_op"() {test_attr = #test.dynamic_pair<#test.dynamic_pair<3 : i32, 5 : i32>, f64>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_39"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "customAttributeParserPrinter_39"}> ({
    "unregistered_op"() {test_attr = #test.dynamic_custom_assembly_format<f32:f64>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_40"}> ({
  "func.func"() <{function_type = (f32) -> (), sym_name = "succeededDynamicOpVerifier_40"}> ({
  ^bb0(%arg0: f32):
    "test.dynamic_generic"() : () -> ()
    %0 = "test.dynamic_generic"(%arg0) : (f32) -> f64
    %1:2 = "test.dynamic_one_operand_two_results"(%arg0) : (f32) -> (f64, f64)
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_41"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "customOpParserPrinter_41"}> ({
    "test.dynamic_custom_parser_printer"() : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_42"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "test_enum_attr_roundtrip_42"}> ({
    "test.op"() {value = #test<enum first>} : () -> ()
    "test.op"() {value = #test<enum second>} : () -> ()
    "test.op"() {value = #test<enum third>} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "test_op_with_enum_42"}> ({
    "test.op_with_enum"() <{value = #test<enum third>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "test_match_op_with_enum_42"}> ({
    "test.op_with_enum"() <{tag = 0 : i32, value = #test<enum third>}> : () -> ()
    "test.op_with_enum"() <{tag = 0 : i32, value = #test<enum first>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "test_match_op_with_bit_enum_42"}> ({
    "test.op_with_bit_enum"() <{tag = 0 : i32, value = #test.bit_enum<write>}> : () -> ()
    "test.op_with_bit_enum"() <{tag = 0 : i32, value = #test.bit_enum<write, execute>}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_43"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_43"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() {interrupt = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_44"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_44"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() {interrupt = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_45"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_45"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() {interrupt_before_all = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_46"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_46"}> ({
  ^bb0(%arg0: f32):
    %0 = "foo"() ({
      "bar"() : () -> ()
    }) {interrupt_after_all = true} : () -> f32
    %1 = "arith.addf"(%0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_47"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_47"}> ({
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
  "builtin.module"() <{sym_name = "copy_48"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "main_48"}> ({
    "foo"() : () -> ()
    "test.two_region_op"() ({
      "work"() : () -> ()
    }, {
      "work"() : () -> ()
    }) {interrupt_after_all = true} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_49"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "main_49"}> ({
    "foo"() : () -> ()
    "test.two_region_op"() ({
      "work"() : () -> ()
    }, {
      "work"() : () -> ()
    }) {interrupt_after_region = 0 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_50"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_50"}> ({
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
  "builtin.module"() <{sym_name = "copy_51"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_51"}> ({
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
  "builtin.module"() <{sym_name = "copy_52"}> ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "main_52"}> ({
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
  "builtin.module"() <{sym_name = "copy_53"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "structured_cfg_53"}> ({
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
  "builtin.module"() <{sym_name = "copy_54"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_number_of_regions_54"}> ({
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
  "builtin.module"() <{sym_name = "copy_55"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "add_to_worklist_after_inplace_update_55"}> ({
    "test.any_attr_of_i32_str"() <{attr = 0 : i32}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_56"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "add_ancestors_to_worklist_56"}> ({
    "test.one_region_op"() ({
      %0 = "foo.maybe_eligible_op"() : () -> index
      "foo.yield"(%0) : (index) -> ()
    }) {hoist_eligible_ops} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_57"}> ({
  "test.symbol"() <{sym_name = "foo_57"}> : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_58"}> ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "f_58"}> ({
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
  "builtin.module"() <{sym_name = "copy_59"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f_59"}> ({
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
  "builtin.module"() <{sym_name = "copy_60"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f_60"}> ({
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
  "builtin.module"() <{sym_name = "copy_61"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_62"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_63"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_64"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_65"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_66"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_67"}> ({
  "unregistered_dialect.op"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_68"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_69"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_70"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_71"}> ({
  %0 = "foo.result_op"() : () -> i32
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_72"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_73"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_74"}> ({
  %0 = "op"() : () -> i32
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_75"}> ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "main_75"}> ({
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
  "builtin.module"() <{sym_name = "copy_76"}> ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "main_76"}> ({
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
  "builtin.module"() <{sym_name = "copy_77"}> ({
  "func.func"() <{function_type = (tensor<f32>, f32) -> (), sym_name = "correct_variadic_operand_77"}> ({
  ^bb0(%arg0: tensor<f32>, %arg1: f32):
    "test.mixed_normal_variadic_operand"(%arg0, %arg0, %arg0, %arg0, %arg0) : (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_78"}> ({
  "test.top_level_op"() : () -> ()
  "test.top_level_op"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_79"}> ({
  "test.top_level_op_strict_loc"() {strict_loc_check} : () -> ()
  "test.top_level_op_strict_loc"() {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_80"}> ({
  "test.top_level_op_loc_match"() {strict_loc_check} : () -> ()
  "test.top_level_op_loc_match"() {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_81"}> ({
  "test.top_level_op_block_loc_mismatch"() ({
  ^bb0(%arg1: i32):
  }) {strict_loc_check} : () -> ()
  "test.top_level_op_block_loc_mismatch"() ({
  ^bb0(%arg0: i32):
  }) {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_82"}> ({
  "test.top_level_op_block_loc_match"() ({
  ^bb0(%arg1: i32):
  }) {strict_loc_check} : () -> ()
  "test.top_level_op_block_loc_match"() ({
  ^bb0(%arg0: i32):
  }) {strict_loc_check} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_83"}> ({
  "test.top_level_name_mismatch"() : () -> ()
  "test.top_level_name_mismatch2"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_84"}> ({
  "test.top_level_op_attr_mismatch"() {foo = "bar"} : () -> ()
  "test.top_level_op_attr_mismatch"() {foo = "bar2"} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_85"}> ({
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
  "builtin.module"() <{sym_name = "copy_86"}> ({
  "test.operand_num_mismatch"() ({
  ^bb0(%arg2: i32, %arg3: f32):
    "test.some_branching_op"(%arg3, %arg2) : (f32, i32) -> ()
  }) : () -> ()
  "test.operand_num_mismatch"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"(%arg1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_87"}> ({
  "test.operand_type_mismatch"() ({
  ^bb0(%arg2: i32, %arg3: f32):
    "test.some_branching_op"(%arg3, %arg2) : (f32, i32) -> ()
  }) : () -> ()
  "test.operand_type_mismatch"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"(%arg1, %arg1) : (f32, f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_88"}> ({
  "test.block_type_mismatch"() ({
  ^bb0(%arg2: f32, %arg3: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  "test.block_type_mismatch"() ({
  ^bb0(%arg0: i32, %arg1: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_89"}> ({
  "test.block_arg_num_mismatch"() ({
  ^bb0(%arg1: f32, %arg2: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  "test.block_arg_num_mismatch"() ({
  ^bb0(%arg0: f32):
    "test.some_branching_op"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_90"}> ({
  "test.dataflow_match"() ({
    %1:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%1#0, %1#1) : (i32, i32) -> ()
  }) : () -> ()
  "test.dataflow_match"() ({
    %0:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%0#0, %0#1) : (i32, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_91"}> ({
  "test.dataflow_mismatch"() ({
    %1:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%1#0, %1#1) : (i32, i32) -> ()
  }) : () -> ()
  "test.dataflow_mismatch"() ({
    %0:2 = "test.producer"() : () -> (i32, i32)
    "test.consumer"(%0#1, %0#0) : (i32, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_92"}> ({
  "func.func"() <{function_type = () -> tensor<4xi64>, sym_name = "parse_i64_tensor_92"}> ({
    %5 = "arith.constant"() <{value = dense<255> : tensor<4xi64>}> : () -> tensor<4xi64>
    "func.return"(%5) : (tensor<4xi64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<8xi32>, sym_name = "parse_i32_tensor_92"}> ({
    %4 = "arith.constant"() <{value = dense<255> : tensor<8xi32>}> : () -> tensor<8xi32>
    "func.return"(%4) : (tensor<8xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<16xi16>, sym_name = "parse_i16_tensor_92"}> ({
    %3 = "arith.constant"() <{value = dense<255> : tensor<16xi16>}> : () -> tensor<16xi16>
    "func.return"(%3) : (tensor<16xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<32xi8>, sym_name = "parse_i8_tensor_92"}> ({
    %2 = "arith.constant"() <{value = dense<15> : tensor<32xi8>}> : () -> tensor<32xi8>
    "func.return"(%2) : (tensor<32xi8>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<32xi4>, sym_name = "parse_i4_tensor_92"}> ({
    %1 = "arith.constant"() <{value = dense<-1> : tensor<32xi4>}> : () -> tensor<32xi4>
    "func.return"(%1) : (tensor<32xi4>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> tensor<256xi1>, sym_name = "parse_i1_tensor_92"}> ({
    %0 = "arith.constant"() <{value = dense<"0x0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F0F"> : tensor<256xi1>}> : () -> tensor<256xi1>
    "func.return"(%0) : (tensor<256xi1>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_93"}> ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "parse_correctly_93", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "test.containing_int_polynomial_attr"() <{attr = #test.nested_polynomial<poly = <1 + x**2>>}> : () -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_94"}> ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void ()>, linkage = #llvm.linkage<external>, sym_name = "parse_correctly_2_94", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
    "test.containing_int_polynomial_attr2"() <{attr = #test.nested_polynomial2<poly = <1 + x**2>>}> : () -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_95"}> ({
  "test.dense_attr"() {foo.dense_attr = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()
  "test.non_elided_dense_attr"() {foo.dense_attr = dense<[1, 2]> : tensor<2xi32>} : () -> ()
  "test.sparse_attr"() {foo.sparse_attr = sparse<[[0, 0, 5]], -2.000000e+00> : vector<1x1x10xf16>} : () -> ()
  "test.dense_splat"() {foo.dense_attr = dense<1> : tensor<3xi32>} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_96"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "custom_region_names_96"}> ({
    "test.polyfor"() ({
    ^bb0(%arg3: index, %arg4: index, %arg5: index):
      "foo"() : () -> ()
    }) {arg_names = ["i", "j", "k"]} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "weird_names_96"}> ({
    "test.polyfor"() ({
    ^bb0(%arg0: i32, %arg1: i32, %arg2: index):
      %0 = "foo"() : () -> i32
    }) {arg_names = ["a .^x", "0"]} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_97"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_98"}> ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op_98"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "test.pretty_printed_region"(%arg1, %arg0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_99"}> ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op_99"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "test.pretty_printed_region"(%arg1, %arg0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.non.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_100"}> ({
  "func.func"() <{function_type = (f32, f32) -> f32, sym_name = "pretty_printed_region_op_deferred_loc_100"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = "test.pretty_printed_region"(%arg1, %arg0) ({
    ^bb0(%arg2: f32, %arg3: f32):
      %1 = "test.special.op"(%arg2, %arg3) : (f32, f32) -> f32
      "test.return"(%1) : (f32) -> ()
    }) : (f32, f32) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_101"}> ({
  "func.func"() <{function_type = (i1) -> (), sym_name = "block_names_101"}> ({
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
  "builtin.module"() <{sym_name = "copy_102"}> ({
  "func.func"() <{function_type = (!test.optional_value_type, !test.optional_value_type<3>) -> (), sym_name = "test_102"}> ({
  ^bb0(%arg0: !test.optional_value_type, %arg1: !test.optional_value_type<3>):
    "test.format_maybe_empty_type"(%arg0) : (!test.optional_value_type) -> ()
    "test.format_maybe_empty_type"(%arg1) : (!test.optional_value_type<3>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_103"}> ({
  %0:4 = "dialect.op1"() : () -> (i1, i16, i32, i64)
  "dialect.op2"(%0#0, %0#2) : (i1, i32) -> ()
  "dialect.op3"() ({
  ^bb0(%arg0: i1):
    "dialect.innerop1"(%arg0, %0#2) : (i1, i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_104"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_105"}> ({
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
  "builtin.module"() <{sym_name = "copy_106"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "op_with_custom_printer_106"}> ({
    %0 = "test.string_attr_pretty_name"() <{names = ["x"]}> : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_107"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "op_without_custom_printer_107"}> ({
    %0 = "test.result_type_with_trait"() : () -> !test.test_type_with_trait
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_108"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "foo_108"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_109"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "foo_109"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_110"}> ({
  "func.func"() <{function_type = (memref<i32>, memref<i32>) -> (), sym_name = "uniqueSSAIDs_110"}> ({
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
  "builtin.module"() <{sym_name = "copy_111"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> i32, sym_name = "foo_111"}> ({
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
  "builtin.module"() <{sym_name = "copy_112"}> ({
  %0 = "arith.constant"() <{value = 42 : i32}> : () -> i32
  %1 = "test.outerop"(%0) ({
    "test.innerop"(%0) : (i32) -> ()
  }) : (i32) -> i32
  %2:3 = "test.custom_result_name"(%1) <{names = ["p", "p", "q"]}> : (i32) -> (i32, i32, i32)
  %3:2 = "test.custom_result_name"(%2#2, %2#2, %1) <{names = ["r", "s"]}> : (i32, i32, i32) -> (i32, i32)
  %4:2 = "test.custom_result_name"(%3#1, %2#2, %2#0) <{names = ["u", "v"]}> : (i32, i32, i32) -> (i32, i32)
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_113"}> ({
  "test.using_int_property_with_worse_bytecode"() <{value = 3 : i64}> : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_114"}> ({
  "test.with_properties"() <{a = 32 : i64, array = array<i64: 1, 2, 3, 4>, b = "foo"}> : () -> ()
  "test.with_nice_properties"() <{prop = {label = "foo bar", value = -3 : i32}}> : () -> ()
  "test.with_wrapped_properties"() <{prop = "content for properties"}> : () -> ()
  "test.using_property_in_custom"() <{prop = array<i64: 1, 4, 20>}> : () -> ()
  "test.using_property_ref_in_custom"() <{first = 1 : i64, second = 4 : i64}> : () -> ()
  "test.with_default_valued_properties"() <{a = 0 : i32}> : () -> ()
  "test.with_optional_properties"() <{b = 0 : i32}> : () -> ()
  "test.with_optional_properties"() : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_115"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "correct_number_of_regions_115"}> ({
    "test.two_region_op"() ({
      "work"() : () -> ()
    }, {
      "work"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_116"}> ({
  "test.unregistered_without_terminator"() ({
  ^bb0:
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_117"}> ({
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
  "builtin.module"() <{sym_name = "copy_118"}> ({
  "func.func"() <{function_type = (tensor<1x224x224x3xf32>) -> tensor<96xf32>, sym_name = "testType_118"}> ({
  ^bb0(%arg0: tensor<1x224x224x3xf32>):
    %0 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<2xf32>}> : () -> tensor<2xf32>
    %2 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<3xf32>}> : () -> tensor<3xf32>
    %3 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<4xf32>}> : () -> tensor<4xf32>
    %4 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<5xf32>}> : () -> tensor<5xf32>
    %5 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<6xf32>}> : () -> tensor<6xf32>
    %6 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<7xf32>}> : () -> tensor<7xf32>
    %7 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<8xf32>}> : () -> tensor<8xf32>
    %8 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<9xf32>}> : () -> tensor<9xf32>
    %9 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<10xf32>}> : () -> tensor<10xf32>
    %10 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<11xf32>}> : () -> tensor<11xf32>
    %11 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<12xf32>}> : () -> tensor<12xf32>
    %12 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<13xf32>}> : () -> tensor<13xf32>
    %13 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<14xf32>}> : () -> tensor<14xf32>
    %14 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<15xf32>}> : () -> tensor<15xf32>
    %15 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<16xf32>}> : () -> tensor<16xf32>
    %16 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<17xf32>}> : () -> tensor<17xf32>
    %17 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<18xf32>}> : () -> tensor<18xf32>
    %18 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<19xf32>}> : () -> tensor<19xf32>
    %19 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<20xf32>}> : () -> tensor<20xf32>
    %20 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<21xf32>}> : () -> tensor<21xf32>
    %21 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<22xf32>}> : () -> tensor<22xf32>
    %22 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<23xf32>}> : () -> tensor<23xf32>
    %23 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<24xf32>}> : () -> tensor<24xf32>
    %24 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<25xf32>}> : () -> tensor<25xf32>
    %25 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<26xf32>}> : () -> tensor<26xf32>
    %26 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<27xf32>}> : () -> tensor<27xf32>
    %27 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<28xf32>}> : () -> tensor<28xf32>
    %28 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<29xf32>}> : () -> tensor<29xf32>
    %29 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<30xf32>}> : () -> tensor<30xf32>
    %30 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<31xf32>}> : () -> tensor<31xf32>
    %31 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<32xf32>}> : () -> tensor<32xf32>
    %32 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<33xf32>}> : () -> tensor<33xf32>
    %33 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<34xf32>}> : () -> tensor<34xf32>
    %34 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<35xf32>}> : () -> tensor<35xf32>
    %35 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<36xf32>}> : () -> tensor<36xf32>
    %36 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<37xf32>}> : () -> tensor<37xf32>
    %37 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<38xf32>}> : () -> tensor<38xf32>
    %38 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<39xf32>}> : () -> tensor<39xf32>
    %39 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<40xf32>}> : () -> tensor<40xf32>
    %40 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<41xf32>}> : () -> tensor<41xf32>
    %41 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<42xf32>}> : () -> tensor<42xf32>
    %42 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<43xf32>}> : () -> tensor<43xf32>
    %43 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<44xf32>}> : () -> tensor<44xf32>
    %44 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<45xf32>}> : () -> tensor<45xf32>
    %45 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<46xf32>}> : () -> tensor<46xf32>
    %46 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<47xf32>}> : () -> tensor<47xf32>
    %47 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<48xf32>}> : () -> tensor<48xf32>
    %48 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<49xf32>}> : () -> tensor<49xf32>
    %49 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<50xf32>}> : () -> tensor<50xf32>
    %50 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<51xf32>}> : () -> tensor<51xf32>
    %51 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<52xf32>}> : () -> tensor<52xf32>
    %52 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<53xf32>}> : () -> tensor<53xf32>
    %53 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<54xf32>}> : () -> tensor<54xf32>
    %54 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<55xf32>}> : () -> tensor<55xf32>
    %55 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<56xf32>}> : () -> tensor<56xf32>
    %56 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<57xf32>}> : () -> tensor<57xf32>
    %57 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<58xf32>}> : () -> tensor<58xf32>
    %58 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<59xf32>}> : () -> tensor<59xf32>
    %59 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<60xf32>}> : () -> tensor<60xf32>
    %60 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<61xf32>}> : () -> tensor<61xf32>
    %61 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<62xf32>}> : () -> tensor<62xf32>
    %62 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<63xf32>}> : () -> tensor<63xf32>
    %63 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<64xf32>}> : () -> tensor<64xf32>
    %64 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<65xf32>}> : () -> tensor<65xf32>
    %65 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<66xf32>}> : () -> tensor<66xf32>
    %66 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<67xf32>}> : () -> tensor<67xf32>
    %67 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<68xf32>}> : () -> tensor<68xf32>
    %68 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<69xf32>}> : () -> tensor<69xf32>
    %69 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<70xf32>}> : () -> tensor<70xf32>
    %70 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<71xf32>}> : () -> tensor<71xf32>
    %71 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<72xf32>}> : () -> tensor<72xf32>
    %72 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<73xf32>}> : () -> tensor<73xf32>
    %73 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<74xf32>}> : () -> tensor<74xf32>
    %74 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<75xf32>}> : () -> tensor<75xf32>
    %75 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<76xf32>}> : () -> tensor<76xf32>
    %76 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<77xf32>}> : () -> tensor<77xf32>
    %77 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<78xf32>}> : () -> tensor<78xf32>
    %78 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<79xf32>}> : () -> tensor<79xf32>
    %79 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<80xf32>}> : () -> tensor<80xf32>
    %80 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<81xf32>}> : () -> tensor<81xf32>
    %81 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<82xf32>}> : () -> tensor<82xf32>
    %82 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<83xf32>}> : () -> tensor<83xf32>
    %83 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<84xf32>}> : () -> tensor<84xf32>
    %84 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<85xf32>}> : () -> tensor<85xf32>
    %85 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<86xf32>}> : () -> tensor<86xf32>
    %86 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<87xf32>}> : () -> tensor<87xf32>
    %87 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<88xf32>}> : () -> tensor<88xf32>
    %88 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<89xf32>}> : () -> tensor<89xf32>
    %89 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<90xf32>}> : () -> tensor<90xf32>
    %90 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<91xf32>}> : () -> tensor<91xf32>
    %91 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<92xf32>}> : () -> tensor<92xf32>
    %92 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<93xf32>}> : () -> tensor<93xf32>
    %93 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<94xf32>}> : () -> tensor<94xf32>
    %94 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<95xf32>}> : () -> tensor<95xf32>
    %95 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<96xf32>}> : () -> tensor<96xf32>
    %96 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<97xf32>}> : () -> tensor<97xf32>
    %97 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<98xf32>}> : () -> tensor<98xf32>
    %98 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<99xf32>}> : () -> tensor<99xf32>
    %99 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<100xf32>}> : () -> tensor<100xf32>
    %100 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<101xf32>}> : () -> tensor<101xf32>
    %101 = "arith.constant"() <{value = dense<1.000000e-01> : tensor<102xf32>}> : () -> tensor<102xf32>
    "func.return"(%95) : (tensor<96xf32>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_119"}> ({
  "func.func"() <{function_type = () -> tensor<f32>, sym_name = "correct_variadic_result_119"}> ({
    %0:5 = "test.mixed_normal_variadic_result"() : () -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>)
    "func.return"(%0#4) : (tensor<f32>) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_120"}> ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "fixpoint_120"}> ({
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
  "builtin.module"() <{sym_name = "copy_121"}> ({
  "func.func"() <{function_type = () -> i32, sym_name = "test_121"}> ({
    %0 = "test.constant"() <{value = 5 : i32}> : () -> i32
    %1 = "test.constant"() <{value = 1 : i32}> : () -> i32
    %2 = "test.constant"() <{value = 2 : i32}> : () -> i32
    %3 = "test.constant"() <{value = 3 : i32}> : () -> i32
    %4 = "test.fold_with_fold_adaptor"(%0, %1, %2, %3, %3) <{attr = array<i32: 1, 1>, operandSegmentSizes = array<i32: 1, 2, 2>}> ({
      %5 = "test.constant"() <{value = 0 : i32}> : () -> i32
    }) : (i32, i32, i32, i32, i32) -> i32
    "func.return"(%4) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_122"}> ({
  "func.func"() <{arg_attrs = [{test.erase_this_arg}], function_type = (f32) -> (), sym_name = "f_122"}> ({
  ^bb0(%arg0: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_123"}> ({
  "func.func"() <{arg_attrs = [{test.erase_this_arg}, {test.A}], function_type = (f32, f32) -> (), sym_name = "f_123"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_124"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}], function_type = (f32, f32) -> (), sym_name = "f_124"}> ({
  ^bb0(%arg0: f32, %arg1: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_125"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}, {test.B}], function_type = (f32, f32, f32) -> (), sym_name = "f_125"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_126"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}, {test.erase_this_arg}, {test.B}], function_type = (f32, f32, f32, f32) -> (), sym_name = "f_126"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_127"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.erase_this_arg}, {test.B}, {test.erase_this_arg}, {test.C}], function_type = (f32, f32, f32, f32, f32) -> (), sym_name = "f_127"}> ({
  ^bb0(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: f32, %arg4: f32):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_128"}> ({
  "func.func"() <{arg_attrs = [{}, {test.erase_this_arg}, {}, {test.erase_this_arg}, {}], function_type = (tensor<1xf32>, f32, tensor<2xf32>, f32, tensor<3xf32>) -> (), sym_name = "f_128"}> ({
  ^bb0(%arg0: tensor<1xf32>, %arg1: f32, %arg2: tensor<2xf32>, %arg3: f32, %arg4: tensor<3xf32>):
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_129"}> ({
  "func.func"() <{function_type = () -> f32, res_attrs = [{test.erase_this_result}], sym_name = "f_129", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_130"}> ({
  "func.func"() <{function_type = () -> (f32, f32), res_attrs = [{test.erase_this_result}, {test.A}], sym_name = "f_130", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_131"}> ({
  "func.func"() <{function_type = () -> (f32, f32), res_attrs = [{test.A}, {test.erase_this_result}], sym_name = "f_131", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_132"}> ({
  "func.func"() <{function_type = () -> (f32, f32, f32), res_attrs = [{test.A}, {test.erase_this_result}, {test.B}], sym_name = "f_132", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_133"}> ({
  "func.func"() <{function_type = () -> (f32, f32, f32, f32), res_attrs = [{test.A}, {test.erase_this_result}, {test.erase_this_result}, {test.B}], sym_name = "f_133", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_134"}> ({
  "func.func"() <{function_type = () -> (f32, f32, f32, f32, f32), res_attrs = [{test.A}, {test.erase_this_result}, {test.B}, {test.erase_this_result}, {test.C}], sym_name = "f_134", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_135"}> ({
  "func.func"() <{function_type = () -> (tensor<1xf32>, f32, tensor<2xf32>, f32, tensor<3xf32>), res_attrs = [{}, {test.erase_this_result}, {}, {test.erase_this_result}, {}], sym_name = "f_135", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_136"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f_136"}> ({
    "func.return"() : () -> ()
  }) {test.insert_args = [[0, i1, {test.A}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_137"}> ({
  "func.func"() <{arg_attrs = [{test.B}], function_type = (i2) -> (), sym_name = "f_137"}> ({
  ^bb0(%arg0: i2):
    "func.return"() : () -> ()
  }) {test.insert_args = [[0, i1, {test.A}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_138"}> ({
  "func.func"() <{arg_attrs = [{test.A}], function_type = (i1) -> (), sym_name = "f_138"}> ({
  ^bb0(%arg0: i1):
    "func.return"() : () -> ()
  }) {test.insert_args = [[1, i2, {test.B}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_139"}> ({
  "func.func"() <{arg_attrs = [{test.A}, {test.C}], function_type = (i1, i3) -> (), sym_name = "f_139"}> ({
  ^bb0(%arg0: i1, %arg1: i3):
    "func.return"() : () -> ()
  }) {test.insert_args = [[1, i2, {test.B}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_140"}> ({
  "func.func"() <{arg_attrs = [{test.B}], function_type = (i2) -> (), sym_name = "f_140"}> ({
  ^bb0(%arg0: i2):
    "func.return"() : () -> ()
  }) {test.insert_args = [[0, i1, {test.A}], [1, i3, {test.C}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_141"}> ({
  "func.func"() <{arg_attrs = [{test.C}], function_type = (i3) -> (), sym_name = "f_141"}> ({
  ^bb0(%arg0: i3):
    "func.return"() : () -> ()
  }) {test.insert_args = [[0, i1, {test.A}], [0, i2, {test.B}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_142"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "f_142", sym_visibility = "private"}> ({
  }) {test.insert_results = [[0, f32, {test.A}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_143"}> ({
  "func.func"() <{function_type = () -> f32, res_attrs = [{test.B}], sym_name = "f_143", sym_visibility = "private"}> ({
  }) {test.insert_results = [[0, f32, {test.A}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_144"}> ({
  "func.func"() <{function_type = () -> f32, res_attrs = [{test.A}], sym_name = "f_144", sym_visibility = "private"}> ({
  }) {test.insert_results = [[1, f32, {test.B}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_145"}> ({
  "func.func"() <{function_type = () -> (f32, f32), res_attrs = [{test.A}, {test.C}], sym_name = "f_145", sym_visibility = "private"}> ({
  }) {test.insert_results = [[1, f32, {test.B}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_146"}> ({
  "func.func"() <{function_type = () -> f32, res_attrs = [{test.B}], sym_name = "f_146", sym_visibility = "private"}> ({
  }) {test.insert_results = [[0, f32, {test.A}], [1, f32, {test.C}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_147"}> ({
  "func.func"() <{function_type = () -> f32, res_attrs = [{test.C}], sym_name = "f_147", sym_visibility = "private"}> ({
  }) {test.insert_results = [[0, f32, {test.A}], [0, f32, {test.B}]]} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_148"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_149"}> ({
  "func.func"() <{function_type = (f32) -> (), sym_name = "t_149", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{test.A}, {test.B}], function_type = (f32, f32) -> (), sym_name = "erase_arg_149", sym_visibility = "private"}> ({
  }) {test.set_type_from = @t} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_150"}> ({
  "func.func"() <{function_type = () -> f32, sym_name = "t_150", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (f32, f32), res_attrs = [{test.A}, {test.B}], sym_name = "erase_result_150", sym_visibility = "private"}> ({
  }) {test.set_type_from = @t} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_151"}> ({
  "func.func"() <{function_type = () -> i32, sym_name = "test_151"}> ({
    %0 = "test.constant"() <{value = 5 : i32}> : () -> i32
    %1 = "test.manual_cpp_op_with_fold"(%0) : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_152"}> ({
  "func.func"() <{function_type = (f32, f32, f32) -> (), sym_name = "test1_152"}> ({
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
  "func.func"() <{function_type = (f32) -> f32, sym_name = "test2_152"}> ({
  ^bb0(%arg1: f32):
    %3 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %4 = "arith.addf"(%arg1, %3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %5 = "arith.mulf"(%arg1, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%5) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32) -> f32, sym_name = "test3_152"}> ({
  ^bb0(%arg0: f32):
    %0 = "test.name"() {value = 1.000000e+00 : f32} : () -> f32
    %1 = "arith.addf"(%arg0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %2 = "arith.mulf"(%arg0, %1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    "func.return"(%2) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_153"}> ({
  "func.func"() <{function_type = (i32) -> f32, sym_name = "test_ops_verify_153"}> ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() <{value = 5.300000e+00 : f32}> : () -> f32
    %1 = "test.loop_block"(%arg0) ({
    ^bb0(%arg1: i32):
      "test.loop_block_term"(%arg0, %0) : (i32, f32) -> ()
    }) : (i32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_154"}> ({
  "func.func"() <{function_type = (index) -> (), sym_name = "test_no_terminator_154"}> ({
  ^bb0(%arg0: index):
    "test.switch_with_no_break"(%arg0) <{cases = array<i64: 0, 1>}> ({
    ^bb0:
    }, {
    ^bb0:
    }) : (index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_155"}> ({
  "builtin.module"() <{sym_name = "module_a_155"}> ({
    "func.func"() <{function_type = () -> (), sym_name = "foo_155", sym_visibility = "nested"}> ({
    }) {sym.new_name = "replaced_foo"} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "module_b_155"}> ({
    "builtin.module"() <{sym_name = "module_c_155"}> ({
      "func.func"() <{function_type = () -> (), sym_name = "foo_155", sym_visibility = "nested"}> ({
      }) {sym.new_name = "replaced_foo"} : () -> ()
    }) {sym.new_name = "replaced_module_c"} : () -> ()
  }) {sym.new_name = "replaced_module_b"} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "symbol_bar_155"}> ({
    "foo.op"() {use_1 = @module_a::@foo, use_2 = @module_b::@module_c::@foo} : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_156"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "failed_repl_156", sym_visibility = "private"}> ({
  }) {sym.new_name = "replaced_name"} : () -> ()
  "foo.possibly_unknown_symbol_table"() ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_157"}> ({
  "builtin.module"() <{sym_name = "foo_157"}> ({
    "func.func"() <{function_type = () -> (), sym_name = "foo_157", sym_visibility = "private"}> ({
    }) : () -> ()
  }) {sym.new_name = "replaced_foo"} : () -> ()
  "foo.op"() {use = @foo::@foo} : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_158"}> ({
  "builtin.module"() <{sym_name = "module_b_158"}> ({
    "builtin.module"() <{sym_name = "module_c_158"}> ({
      "func.func"() <{function_type = () -> (), sym_name = "foo_158", sym_visibility = "nested"}> ({
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "symbol_bar_158"}> ({
    "foo.op"() {use_1 = [{nested_symbol = [@module_b::@module_c::@foo]}], use_2 = @module_b} : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_159"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "symbol_bar_159"}> ({
    "foo.possibly_unknown_symbol_table"() ({
    }) : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_160"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "foo_160"}> ({
    %0 = "test.foo"() : () -> i32
    "cf.br"()[^bb1] : () -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb2
    "cf.br"()[^bb2] : () -> ()
  ^bb2:  // pred: ^bb1
    "test.use"(%0) : (i32) -> ()
    "cf.br"()[^bb1] : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "bar_160", sym_visibility = "private"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_161"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "foo_161", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_162"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "bar_162", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "baz_162", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_163"}> ({
^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_164"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, vector<1xf32>, tensor<1xi32>, f32) -> (), sym_name = "succeededSameOperandsElementType_164"}> ({
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
  "builtin.module"() <{sym_name = "copy_165"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, vector<1xf32>, tensor<1xi32>, f32) -> (), sym_name = "succeededSameOperandAndResultElementType_165"}> ({
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
  "builtin.module"() <{sym_name = "copy_166"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, memref<10x10xi32>, tensor<*xf32>) -> (), sym_name = "succeededSameOperandShape_166"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: memref<10x10xi32>, %arg3: tensor<*xf32>):
    "test.same_operand_shape"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> ()
    "test.same_operand_shape"(%arg0, %arg0) : (tensor<10x10xf32>, tensor<10x10xf32>) -> ()
    "test.same_operand_shape"(%arg1, %arg3) : (tensor<1xf32>, tensor<*xf32>) -> ()
    "test.same_operand_shape"(%arg0, %arg2) : (tensor<10x10xf32>, memref<10x10xi32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_167"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, tensor<*xf32>, tensor<?xf32>) -> (), sym_name = "succeededSameOperandAndResultShape_167"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: tensor<*xf32>, %arg3: tensor<?xf32>):
    %0 = "test.same_operand_and_result_shape"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %1 = "test.same_operand_and_result_shape"(%arg0, %arg0) : (tensor<10x10xf32>, tensor<10x10xf32>) -> tensor<10x10xf32>
    %2 = "test.same_operand_and_result_shape"(%arg1, %arg2) : (tensor<1xf32>, tensor<*xf32>) -> tensor<1xf32>
    %3 = "test.same_operand_and_result_shape"(%arg1, %arg3) : (tensor<1xf32>, tensor<?xf32>) -> tensor<1xf32>
    %4 = "test.same_operand_and_result_shape"(%arg1, %arg3) : (tensor<1xf32>, tensor<?xf32>) -> memref<1xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_168"}> ({
  "func.func"() <{function_type = (tensor<10x10xf32>, tensor<1xf32>, tensor<*xf32>, tensor<?xf32>, i32) -> (), sym_name = "succeededSameOperandAndResultType_168"}> ({
  ^bb0(%arg0: tensor<10x10xf32>, %arg1: tensor<1xf32>, %arg2: tensor<*xf32>, %arg3: tensor<?xf32>, %arg4: i32):
    %0 = "test.same_operand_and_result_type"(%arg1, %arg1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %1 = "test.same_operand_and_result_type"(%arg0, %arg0) : (tensor<10x10xf32>, tensor<10x10xf32>) -> tensor<10x10xf32>
    %2 = "test.same_operand_and_result_type"(%arg1, %arg2) : (tensor<1xf32>, tensor<*xf32>) -> tensor<1xf32>
    %3 = "test.same_operand_and_result_type"(%arg1, %arg3) : (tensor<1xf32>, tensor<?xf32>) -> tensor<1xf32>
    %4 = "test.same_operand_and_result_type"(%arg4, %arg4) : (i32, i32) -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_169"}> ({
  "func.func"() <{function_type = (tensor<?xf32>, tensor<5xf32>) -> (), sym_name = "elementwiseMappable_dynamic_shapes_169"}> ({
  ^bb0(%arg0: tensor<?xf32>, %arg1: tensor<5xf32>):
    %0 = "test.elementwise_mappable"(%arg0, %arg1) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_170"}> ({
  "func.func"() <{function_type = (vector<2xf32>) -> (), sym_name = "succeededElementwiseMappable_170"}> ({
  ^bb0(%arg0: vector<2xf32>):
    %0 = "test.elementwise_mappable"(%arg0) : (vector<2xf32>) -> vector<2xf16>
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_171"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededParentOneOf_171"}> ({
    "test.parent"() ({
      "test.child_with_parent_one_of"() : () -> ()
      "test.finish"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_172"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededParent1OneOf_172"}> ({
    "test.parent1"() ({
      "test.child_with_parent_one_of"() : () -> ()
      "test.finish"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_173"}> ({
  "test.symbol"() <{sym_name = "foo_3_173", sym_visibility = "nested"}> : () -> ()
  "test.symbol"() <{sym_name = "foo_4_173", sym_visibility = "private"}> : () -> ()
  "test.symbol"() <{sym_name = "foo_5_173", sym_visibility = "public"}> : () -> ()
  "test.symbol"() <{sym_name = "foo_6_173"}> : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_174"}> ({
  "test.symbol_scope"() ({
    "func.func"() <{function_type = () -> (), sym_name = "foo_174", sym_visibility = "private"}> ({
    }) : () -> ()
    "test.finish"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "foo_174", sym_visibility = "private"}> ({
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_175"}> ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "succeededOperandSizeAttr_175"}> ({
  ^bb0(%arg0: i32):
    "test.attr_sized_operands"(%arg0, %arg0, %arg0, %arg0) <{operandSegmentSizes = array<i32: 0, 2, 1, 1>}> : (i32, i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_176"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededResultSizeAttr_176"}> ({
    %0:4 = "test.attr_sized_results"() <{resultSegmentSizes = array<i32: 0, 2, 1, 1>}> : () -> (i32, i32, i32, i32)
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_177"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeededOilistTrivial_177"}> ({
    "test.oilist_with_keywords_only"() <{keyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{otherKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{keyword, otherKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{keyword, otherKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{diffNameUnitAttrKeyword}> : () -> ()
    "test.oilist_with_keywords_only"() <{diffNameUnitAttrKeyword, keyword}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_178"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> (), sym_name = "succeededOilistSimple_178"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "test.oilist_with_simple_args"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
    "test.oilist_with_simple_args"(%arg0) <{operandSegmentSizes = array<i32: 0, 1, 0>}> : (i32) -> ()
    "test.oilist_with_simple_args"(%arg0) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (i32) -> ()
    "test.oilist_with_simple_args"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i32, i32) -> ()
    "test.oilist_with_simple_args"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i32, i32) -> ()
    "test.oilist_with_simple_args"(%arg1, %arg0) <{operandSegmentSizes = array<i32: 0, 1, 1>}> : (i32, i32) -> ()
    "test.oilist_with_simple_args"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
    "test.oilist_with_simple_args"(%arg1, %arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
    "test.oilist_with_simple_args"(%arg2, %arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_179"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> (), sym_name = "succeededOilistVariadic_179"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "test.oilist_variadic_with_parens"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 2, 0, 0>}> : (i32, i32) -> ()
    "test.oilist_variadic_with_parens"(%arg0, %arg1, %arg2, %arg1) <{operandSegmentSizes = array<i32: 2, 2, 0>}> : (i32, i32, i32, i32) -> ()
    "test.oilist_variadic_with_parens"(%arg0, %arg1, %arg0, %arg1, %arg2, %arg0, %arg1) <{operandSegmentSizes = array<i32: 2, 2, 3>}> : (i32, i32, i32, i32, i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_180"}> ({
  "func.func"() <{function_type = (i32, i32, i32) -> (), sym_name = "succeededOilistCustom_180"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: i32):
    "test.oilist_custom"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 2, 0>}> : (i32, i32) -> ()
    "test.oilist_custom"(%arg0, %arg1) <{nowait, operandSegmentSizes = array<i32: 2, 0>}> : (i32, i32) -> ()
    "test.oilist_custom"(%arg0, %arg1, %arg1) <{nowait, operandSegmentSizes = array<i32: 2, 1>}> : (i32, i32, i32) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_181"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeeded_type_traits_181"}> ({
    %0 = "test.result_type_with_trait"() : () -> !test.test_type_with_trait
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_182"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "succeeded_attr_traits_182"}> ({
    "test.attr_with_trait"() <{attr = #test.attr_with_trait}> : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_183"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "structured_cfg_183"}> ({
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
  "builtin.module"() <{sym_name = "copy_184"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "unstructured_cfg_184"}> ({
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
  "builtin.module"() <{sym_name = "copy_185"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "unordered_cfg_with_loop_185"}> ({
    "regionOp0"() ({
      %0 = "op0"() : () -> i1
      "cf.cond_br"(%0)[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
    ^bb1:  // pred: ^bb2
      "op1"(%1) : (i32) -> ()
      "cf.br"()[^bb5] : () -> ()
    ^bb2:  // 3 preds: ^bb0, ^bb3, ^bb4
      %1 = "op2"() : () -> i32
      "cf.br"()[^bb1] : () -> ()
    ^bb3:  // pred: ^bb0
      "op3"() : () -> ()
      "cf.br"()[^bb2] : () -> ()
    ^bb4:  // no predecessors
      "op4"() : () -> ()
      "cf.br"()[^bb2] : () -> ()
    ^bb5:  // pred: ^bb1
      "op5"() : () -> ()
      "cf.br"()[^bb7] : () -> ()
    ^bb6:  // pred: ^bb6
      "op6"() : () -> ()
      "cf.br"()[^bb6] : () -> ()
    ^bb7:  // pred: ^bb5
      "op7"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_186"}> ({
  "func.func"() <{function_type = (i32, f32) -> (i3, i2, i1), sym_name = "wrapping_op_186"}> ({
  ^bb0(%arg0: i32, %arg1: f32):
    %0:3 = "test.wrapping_region"() ({
      %1:3 = "some.op"(%arg1, %arg0) {test.attr = "attr"} : (f32, i32) -> (i1, i2, i3)
      "test.return"(%1#0, %1#1, %1#2) : (i1, i2, i3) -> ()
    }) : () -> (i1, i2, i3)
    "func.return"(%0#2, %0#1, %0#0) : (i3, i2, i1) -> ()
  }) : () -> ()
  }) : () -> ()
  "builtin.module"() <{sym_name = "copy_187"}> ({
  "func.func"() <{function_type = () -> (), sym_name = "zero_whitespace_187"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  }) : () -> ()
}) : () -> ()
