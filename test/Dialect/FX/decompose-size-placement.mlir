// placement=after-producer: the per-dim values go right after the tensor's
// producer (the function's start for an argument), as vLLM's
// _decompose_size_nodes inserts them; in-place, the default, puts them where
// the x.size() was.
// RUN: fx-opt %s --fx-decompose-size=placement=after-producer | FileCheck %s
// RUN: fx-opt %s --fx-decompose-size='placement=after-producer use-walk-driver' | FileCheck %s
// RUN: fx-opt %s --fx-decompose-size | FileCheck %s --check-prefix=INPLACE

// CHECK-LABEL: func.func @placement(
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x8xf32>)
// CHECK-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[R:.*]] = fx.node call_function "torch.relu"
// CHECK-NEXT: %[[D1:.*]] = fx.sym_size %[[R]], dim = 0
// CHECK-NEXT: %[[C8B:.*]] = arith.constant 8 : index
// CHECK-NEXT: fx.node call_function "torch.neg"
// CHECK-NEXT: fx.make_size %[[D0]], %[[C8]]
// CHECK-NEXT: fx.make_size %[[D1]], %[[C8B]]
// INPLACE-LABEL: func.func @placement(
// INPLACE-NEXT: fx.node call_function "torch.relu"
// INPLACE-NEXT: fx.node call_function "torch.neg"
// INPLACE-NEXT: fx.sym_size
func.func @placement(%x: tensor<?x8xf32>) -> (!fx.size<2>, !fx.size<2>) {
  %r = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %n = fx.node "call_function" "torch.neg"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %t = fx.size %r : tensor<?x8xf32> -> !fx.size<2>
  return %s, %t : !fx.size<2>, !fx.size<2>
}
