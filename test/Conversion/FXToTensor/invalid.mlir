// RUN: fx-opt %s --convert-fx-to-tensor --split-input-file --verify-diagnostics
// Nothing is half-converted: after the failure the IR is as it was.
// RUN: not fx-opt %s --convert-fx-to-tensor --split-input-file --mlir-print-ir-after-failure 2>&1 | FileCheck %s

// CHECK-LABEL: IR Dump After ConvertFXToTensor Failed
// CHECK: func.func private @overlong_declaration(!fx.size<65537>)
// CHECK: func.func @unranked_slice
// CHECK-NEXT: fx.slice_tensor
// CHECK-NOT: tensor.extract_slice
// CHECK-LABEL: func.func @refused_keeps_size_spellings
// CHECK-NEXT: fx.size %{{.*}}, dim = 0 :
// CHECK-NEXT: fx.size
// CHECK-NEXT: fx.getitem
// CHECK-NOT: fx.sym_size

// A declaration has no block to carry its argument: the project's message,
// not "failed to legalize operation 'func.func'".
// expected-error @+1 {{'func.func' op cannot be lowered: it carries a !fx.size of more than 65536 elements}}
func.func private @overlong_declaration(!fx.size<65537>)

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

// The size queries are put in their canonical form only once the lowering is
// accepted: refused, the IR keeps them as written.
func.func @refused_keeps_size_spellings(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = fx.size %x, dim = 0 : tensor<?xf32> -> index
  %size = fx.size %x : tensor<?xf32> -> !fx.size<1>
  %1 = fx.getitem %size[0] : !fx.size<1>
  // expected-error @+1 {{'fx.node' op cannot be lowered: it is an opaque torch.fx node (call_function torch.add)}}
  %2 = fx.node "call_function" "torch.add"(%x, %0, %1) : (tensor<?xf32>, index, index) -> tensor<?xf32>
  return %2 : tensor<?xf32>
}

// -----

// A graph region allows a view of itself, and a size that is an element of
// itself; no program computes them, and upstream's canonicalize need not
// terminate on their lowering. What uses them is refused too; what does not
// (%c2, @fine) is not.
%c2 = arith.constant 2 : index
%s = fx.make_size %c2 : !fx.size<1>
// expected-error @+1 {{'fx.view' op cannot be lowered: it depends on its own result, through a cycle of uses of a graph region}}
%v = fx.view %v, %s : tensor<?xf32>, !fx.size<1> -> tensor<?xf32>
// expected-error @+1 {{'fx.size' op cannot be lowered: it depends on its own result, through a cycle of uses of a graph region}}
%n = fx.size %v : tensor<?xf32> -> !fx.size<1>
// expected-error @+1 {{'fx.make_size' op cannot be lowered: it depends on its own result, through a cycle of uses of a graph region}}
%t = fx.make_size %i : !fx.size<1>
// expected-error @+1 {{'fx.getitem' op cannot be lowered: it depends on its own result, through a cycle of uses of a graph region}}
%i = fx.getitem %t[0] : !fx.size<1>
func.func @fine(%x: tensor<?xf32>) -> !fx.size<1> {
  %d = fx.size %x : tensor<?xf32> -> !fx.size<1>
  return %d : !fx.size<1>
}

// -----

// The view of a rank-1 argument to rank 1 calls @__fx_view_strides_1_1,
// whose name the module already gives to something else.
// expected-error @+1 {{'func.func' op is named as a view-stride helper that convert-fx-to-tensor defines, but is not one}}
func.func private @__fx_view_strides_1_1()
func.func @helper_name_taken(%t: tensor<?xf32>) -> tensor<?xf32> {
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %t, %s : tensor<?xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}
