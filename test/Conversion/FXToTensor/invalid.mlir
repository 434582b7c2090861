// RUN: fx-opt %s --convert-fx-to-tensor --split-input-file --verify-diagnostics
// Nothing is half-converted: after the failure the IR is as it was.
// RUN: not fx-opt %s --convert-fx-to-tensor --split-input-file --mlir-print-ir-after-failure 2>&1 | FileCheck %s

// CHECK-LABEL: IR Dump After ConvertFXToTensor Failed
// CHECK: func.func @dynamic_step
// CHECK-NEXT: fx.size %{{.*}}, dim = 0
// CHECK-NEXT: fx.slice none, %{{.*}}, %{{.*}}
// CHECK-NEXT: fx.slice_tensor
// CHECK-NOT: tensor.dim
// CHECK-NOT: tensor.extract_slice
func.func @dynamic_step(%t: tensor<?xi64>, %x: tensor<?x8xf32>, %step: index) -> tensor<?xi64> {
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  // expected-error @+1 {{'fx.slice' op cannot be lowered: the step must be none or a positive constant}}
  %s = fx.slice none, %n, %step
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @negative_step(%t: tensor<?xi64>) -> tensor<?xi64> {
  %c-1 = arith.constant -1 : index
  // expected-error @+1 {{'fx.slice' op cannot be lowered: the step must be none or a positive constant}}
  %s = fx.slice none, none, %c-1
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @unranked_slice(%t: tensor<*xi64>, %s: !fx.slice) -> tensor<*xi64> {
  // expected-error @+1 {{'fx.slice_tensor' op cannot be lowered: the input is unranked}}
  %0 = fx.slice_tensor %t[%s] : tensor<*xi64> -> tensor<*xi64>
  return %0 : tensor<*xi64>
}

// -----

func.func @unranked_view(%t: tensor<?xf32>, %s: !fx.size<2>) -> tensor<*xf32> {
  // expected-error @+1 {{'fx.view' op cannot be lowered: the result is unranked}}
  %0 = fx.view %t, %s : tensor<?xf32>, !fx.size<2> -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// An fx type flowing through an op the lowering does not know.
func.func @unknown_user(%x: tensor<?xf32>) -> !fx.size<1> {
  // expected-error @+1 {{failed to legalize operation 'scf.execute_region'}}
  %0 = scf.execute_region -> !fx.size<1> {
    %1 = fx.size %x : tensor<?xf32> -> !fx.size<1>
    scf.yield %1 : !fx.size<1>
  }
  return %0 : !fx.size<1>
}

// -----

func.func @opaque(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'fx.node' op cannot be lowered: it is an opaque torch.fx node (call_function torch.relu)}}
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// x.reshape(n, -1): torch infers the -1, tensor.reshape would not.
func.func @inferred_dim(%x: tensor<?x4x2xf32>, %n: index) -> tensor<?x8xf32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %n, %c-1 : !fx.size<2>
  // expected-error @+1 {{'fx.view' op cannot be lowered: element 1 of the size is -1, a dim that torch infers}}
  %0 = fx.view %x, %s : tensor<?x4x2xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
