// RUN: fx-opt --verify-roundtrip %s --inline='default-pipeline=' | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --inline='default-pipeline=' | FileCheck %s
// With its default simplification pipeline (canonicalize) too:
// RUN: fx-opt --verify-roundtrip %s --inline | FileCheck %s --check-prefix=DEFAULT
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --inline | FileCheck %s --check-prefix=DEFAULT

// Every fx op inlines, fx.node included: the callee's ops run once, in order,
// where the call ran. No simplification pipeline runs, so nothing folds.
// The private callees are erased once inlined.
// CHECK-NOT: func.func private

func.func private @sizes(%x: tensor<?x8xf32>) -> (index, index) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %n = fx.getitem %s[0] : !fx.size<2>
  %m = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  return %n, %m : index, index
}

func.func private @relu_view(%x: tensor<?x8xf32>, %t: tensor<16xi64>, %n: index)
    -> (tensor<?x8xf32>, tensor<?xi64>) {
  %y = fx.node call_function "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %s = fx.size %y : tensor<?x8xf32> -> !fx.size<2>
  %v = fx.view %y, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %sl = fx.slice none, %n, none
  %r = fx.slice_tensor %t[%sl] : tensor<16xi64> -> tensor<?xi64>
  return %v, %r : tensor<?x8xf32>, tensor<?xi64>
}

// Upstream ops only: fx-opt needs the func dialect's inliner extension.
func.func private @tensor_dim(%x: tensor<?x8xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x8xf32>
  return %d : index
}

// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[T:.*]]: tensor<16xi64>)
// CHECK-NOT: call
// CHECK: %[[S:.*]] = fx.size %[[X]] : tensor<?x8xf32> -> !fx.size<2>
// CHECK: %[[N:.*]] = fx.getitem %[[S]][0] : !fx.size<2>
// CHECK: %[[M:.*]] = fx.sym_size %[[X]], dim = 0
// CHECK: %[[Y:.*]] = fx.node call_function "torch.relu"(%[[X]])
// CHECK: %[[YS:.*]] = fx.size %[[Y]] : tensor<?x8xf32> -> !fx.size<2>
// CHECK: %[[V:.*]] = fx.view %[[Y]], %[[YS]]
// CHECK: %[[SL:.*]] = fx.slice none, %[[N]], none
// CHECK: %[[R:.*]] = fx.slice_tensor %[[T]][%[[SL]]]
// CHECK: %[[D:.*]] = tensor.dim %[[X]]
// CHECK-NOT: call
// CHECK: return %[[M]], %[[V]], %[[R]], %[[D]]
// DEFAULT-LABEL: func.func @caller
// DEFAULT-NOT: func.call
// DEFAULT: fx.node call_function "torch.relu"
// DEFAULT-NOT: func.call
// DEFAULT: return
func.func @caller(%x: tensor<?x8xf32>, %t: tensor<16xi64>)
    -> (index, tensor<?x8xf32>, tensor<?xi64>, index) {
  %n, %m = func.call @sizes(%x) : (tensor<?x8xf32>) -> (index, index)
  %v, %r = func.call @relu_view(%x, %t, %n)
      : (tensor<?x8xf32>, tensor<16xi64>, index) -> (tensor<?x8xf32>, tensor<?xi64>)
  %d = func.call @tensor_dim(%x) : (tensor<?x8xf32>) -> index
  return %m, %v, %r, %d : index, tensor<?x8xf32>, tensor<?xi64>, index
}
