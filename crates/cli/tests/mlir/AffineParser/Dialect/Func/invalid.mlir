// The affine-map and integer-set chunks of MLIR 19's
// mlir/test/Dialect/Func/invalid.mlir (the LLVM Project, under the Apache
// License v2.0 with LLVM Exceptions: see ../../../LICENSE.TXT), with the
// custom form `affine.for` written in generic form.
// RUN: mlir-opt -allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// -----

func.func @invalid_bound_map(%N : i32) {
  "affine.for"(%N) {upperBoundMap = affine_map<(i)->(j)>} : (i32) -> () //expected-error {{use of undeclared identifier}}
  return
}

// -----

// expected-error @+1 {{expected '(' in integer set constraint list}}
#set0 = affine_set<(i)[N, M] : )i >= 0)>
