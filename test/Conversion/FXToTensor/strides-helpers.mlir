// A view of run-time strides calls a private helper, defined once per
// symbol table for each (input rank, view rank) that is needed: in the
// symbol table of the call (a nested module has its own), and not again
// where the table already has it (a module lowered in parts).
// RUN: fx-opt %s --convert-fx-to-tensor | FileCheck %s

// CHECK-LABEL: func.func @twice
// CHECK: call @__fx_view_strides_1_1(
// CHECK: call @__fx_view_strides_1_1(
func.func @twice(%t: tensor<?xf32>) -> tensor<?xf32> {
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %t, %s : tensor<?xf32>, !fx.size<1> -> tensor<?xf32>
  %w = fx.view %v, %s : tensor<?xf32>, !fx.size<1> -> tensor<?xf32>
  return %w : tensor<?xf32>
}

// CHECK-LABEL: module @nested
// CHECK: func.func @inner
// CHECK: call @__fx_view_strides_1_2(
// CHECK: func.func private @__fx_view_strides_1_2
// CHECK-NOT: func.func
// CHECK: }
module @nested {
  func.func @inner(%t: tensor<?xf32>) -> tensor<?x2xf32> {
    %m1 = arith.constant -1 : index
    %c2 = arith.constant 2 : index
    %s = fx.make_size %m1, %c2 : !fx.size<2>
    %v = fx.view %t, %s : tensor<?xf32>, !fx.size<2> -> tensor<?x2xf32>
    return %v : tensor<?x2xf32>
  }
}

// The helper of a part lowered before is kept, and called.
// CHECK-LABEL: func.func private @__fx_view_strides_2_1
// CHECK-SAME: attributes {lowered_before}
func.func private @__fx_view_strides_2_1(%n0: index, %n1: index, %s0: index, %s1: index, %numel: index, %e0: index) -> index attributes {lowered_before} {
  %c1 = arith.constant 1 : index
  return %c1 : index
}

// CHECK-LABEL: func.func @flatten
// CHECK: call @__fx_view_strides_2_1(
func.func @flatten(%t: tensor<?x3xf32>) -> tensor<?xf32> {
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %t, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// Only the helper that the module lacked is added, after its functions.
// CHECK: func.func private @__fx_view_strides_1_1
// CHECK-NOT: func.func
