// The integer-set chunks of MLIR 19's mlir/test/Dialect/Affine/invalid.mlir
// (the LLVM Project, under the Apache License v2.0 with LLVM Exceptions: see
// ../../../LICENSE.TXT), with the custom form `affine.if` written in generic
// form and the `affine.for` around it left out.
// RUN: mlir-opt -allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// -----

func.func @invalid_if_conditional2() {
  "affine.if"() {condition = affine_set<(i)[N] : (i >= )>} : () -> ()  // expected-error {{expected affine expression}}
  return
}

// -----

func.func @invalid_if_conditional3() {
  "affine.if"() {condition = affine_set<(i)[N] : (i == )>} : () -> ()  // expected-error {{expected affine expression}}
  return
}

// -----

func.func @invalid_if_conditional6() {
  "affine.if"() {condition = affine_set<(i) : (i)>} : () -> () // expected-error {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
  return
}

// -----
// TODO: support affine.if (1)?
func.func @invalid_if_conditional7() {
  "affine.if"() {condition = affine_set<(i) : (1)>} : () -> () // expected-error {{expected '== affine-expr' or '>= affine-expr' at end of affine constraint}}
  return
}
