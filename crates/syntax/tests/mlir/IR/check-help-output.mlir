// RUN: mlir-opt --help | FileCheck %s
//
// CHECK: OVERVIEW: MLIR modular optimizer driver

