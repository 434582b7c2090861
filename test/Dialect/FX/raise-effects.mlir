// An fx op that may raise keeps torch's order and existence under upstream's
// passes, as a GraphModule runs every node: it has a write effect (DCE keeps
// it unused, CSE does not merge it) and is not speculatable (LICM does not
// hoist it out of a loop that may run zero times, control-flow sink does not
// move it into a branch). One that cannot raise is pure: DCE erases it unused.
// RUN: fx-opt --verify-roundtrip %s --canonicalize --cse | FileCheck %s --check-prefix=DCE
// RUN: fx-opt --verify-roundtrip %s --loop-invariant-code-motion | FileCheck %s --check-prefix=LICM
// RUN: fx-opt --verify-roundtrip %s --control-flow-sink | FileCheck %s --check-prefix=SINK
// RUN: fx-opt --verify-roundtrip %s --inline | FileCheck %s --check-prefix=INLINE
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --canonicalize --cse | FileCheck %s --check-prefix=DCE

// x.size(d), x.size(7) of an unranked tensor, x.view(0 - 2, 8), t[::k] and
// a slice typed 3 rows: each unused, each may raise, and so may a view of a
// static argument to constants that fit, whose strides only the run knows.
// x.size(0) cannot, and goes.
// DCE-LABEL: func.func @unused
// DCE-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[U:.*]]: tensor<*xf32>, %[[D:.*]]: index, %[[T:.*]]: tensor<?xi64>, %[[K:.*]]: index, %[[S:.*]]: tensor<16xf32>)
// DCE-NOT: fx.sym_size %[[X]]
// DCE: fx.size %[[X]], dim = %[[D]]
// DCE-NEXT: fx.sym_size %[[U]], dim = 7
// DCE-NEXT: fx.sym_size %[[U]], dim = 7
// DCE: fx.view %[[X]]
// DCE: fx.slice_tensor %[[T]]
// DCE: fx.slice_tensor %[[T]]{{.*}} -> tensor<3xi64>
// DCE: fx.view %[[S]]
// DCE: return
func.func @unused(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %d: index,
                  %t: tensor<?xi64>, %k: index, %s16: tensor<16xf32>) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %2 = fx.size %u, dim = 7 : tensor<*xf32> -> index
  %3 = fx.sym_size %u, dim = 7 : tensor<*xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %m2 = arith.subi %c0, %c2 : index
  %size = fx.make_size %m2, %c8 : !fx.size<2>
  %4 = fx.view %x, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %by = fx.slice none, none, %k
  %5 = fx.slice_tensor %t[%by] : tensor<?xi64> -> tensor<?xi64>
  %all = fx.slice none, none, none
  %6 = fx.slice_tensor %t[%all] : tensor<?xi64> -> tensor<3xi64>
  %fits = fx.make_size %c2, %c8 : !fx.size<2>
  %7 = fx.view %s16, %fits : tensor<16xf32>, !fx.size<2> -> tensor<2x8xf32>
  return
}

// In a loop that may run zero times, only what cannot raise is hoisted.
// LICM-LABEL: func.func @loop
// LICM-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[U:.*]]: tensor<*xf32>, %[[D:.*]]: index, %[[T:.*]]: tensor<?xi64>, %[[N:.*]]: index)
// LICM: fx.sym_size %[[X]], dim = 0
// LICM: fx.make_size
// LICM: scf.for
// LICM-NEXT: fx.size %[[X]], dim = %[[D]]
// LICM-NEXT: fx.sym_size %[[U]], dim = 7
// LICM-NEXT: fx.view %[[X]]
// LICM: fx.slice_tensor %[[T]]
// LICM: }
func.func @loop(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %d: index,
                %t: tensor<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %m2 = arith.constant -2 : index
  %k = arith.constant 0 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
    %1 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
    %2 = fx.sym_size %u, dim = 7 : tensor<*xf32>
    %size = fx.make_size %m2, %c8 : !fx.size<2>
    %3 = fx.view %x, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
    %by = fx.slice none, none, %k
    %4 = fx.slice_tensor %t[%by] : tensor<?xi64> -> tensor<?xi64>
  }
  return
}

// Used in one branch only: what may raise stays before the branch, where
// torch raises; what cannot moves into it.
// SINK-LABEL: func.func @branch
// SINK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[D:.*]]: index, %[[P:.*]]: i1, %[[T:.*]]: tensor<?xi64>, %[[K:.*]]: index)
// SINK: %[[BAD:.*]] = fx.size %[[X]], dim = %[[D]]
// SINK: %[[SL:.*]] = fx.slice_tensor %[[T]]
// SINK: %[[V:.*]] = fx.view %[[X]]
// SINK: scf.if %[[P]]
// SINK-NEXT: %[[OK:.*]] = fx.sym_size %[[X]], dim = 0
// SINK-NEXT: scf.yield %[[OK]], %[[BAD]], %[[SL]], %[[V]]
func.func @branch(%x: tensor<?x8xf32>, %d: index, %p: i1, %t: tensor<?xi64>,
                  %k: index) -> (index, index, tensor<?xi64>, tensor<?x8xf32>) {
  %ok = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  %bad = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %by = fx.slice none, none, %k
  %sl = fx.slice_tensor %t[%by] : tensor<?xi64> -> tensor<?xi64>
  %c8 = arith.constant 8 : index
  %m2 = arith.constant -2 : index
  %size = fx.make_size %m2, %c8 : !fx.size<2>
  %v = fx.view %x, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %r:4 = scf.if %p -> (index, index, tensor<?xi64>, tensor<?x8xf32>) {
    scf.yield %ok, %bad, %sl, %v : index, index, tensor<?xi64>, tensor<?x8xf32>
  } else {
    %c1 = arith.constant 1 : index
    %e = tensor.empty(%c1) : tensor<?xi64>
    %f = tensor.empty(%c1) : tensor<?x8xf32>
    scf.yield %c1, %c1, %e, %f : index, index, tensor<?xi64>, tensor<?x8xf32>
  }
  return %r#0, %r#1, %r#2, %r#3 : index, index, tensor<?xi64>, tensor<?x8xf32>
}

// Inlined with its default pipeline (canonicalize), an unused x.size(7) and
// a view of size 0 - 2 stay in the caller, in order, and the view's -2 is a
// constant that the verifier accepts: it is torch's run-time error.
func.func private @callee(%x: tensor<?x8xf32>, %u: tensor<*xf32>) {
  %0 = fx.size %u, dim = 7 : tensor<*xf32> -> index
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %m2 = arith.subi %c0, %c2 : index
  %size = fx.make_size %m2, %c8 : !fx.size<2>
  %1 = fx.view %x, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return
}

// INLINE-LABEL: func.func @caller
// INLINE-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[U:.*]]: tensor<*xf32>)
// INLINE-DAG: %[[M2:.*]] = arith.constant -2 : index
// INLINE-DAG: %[[C8:.*]] = arith.constant 8 : index
// INLINE: fx.sym_size %[[U]], dim = 7
// INLINE-NEXT: %[[S:.*]] = fx.make_size %[[M2]], %[[C8]]
// INLINE-NEXT: fx.view %[[X]], %[[S]]
// INLINE-NEXT: return
func.func @caller(%x: tensor<?x8xf32>, %u: tensor<*xf32>) {
  call @callee(%x, %u) : (tensor<?x8xf32>, tensor<*xf32>) -> ()
  return
}

// A view of a call's result may be of a slice with a step, as in
// every_other(x) = x[::2]: torch.zeros(4, 3)[::2].view(3, 2) raises, so the
// unused view stays.
// DCE-LABEL: func.func @unused_view_of_call
// DCE: call @every_other
// DCE-NEXT: fx.make_size
// DCE-NEXT: fx.view
func.func @every_other(%x: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %c2 = arith.constant 2 : index
  %sl = fx.slice none, none, %c2
  %r = fx.slice_tensor %x[%sl] : tensor<4x3xf32> -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @unused_view_of_call(%x: tensor<4x3xf32>) {
  %r = call @every_other(%x) : (tensor<4x3xf32>) -> tensor<2x3xf32>
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %s = fx.make_size %c3, %c2 : !fx.size<2>
  %v = fx.view %r, %s : tensor<2x3xf32>, !fx.size<2> -> tensor<3x2xf32>
  return
}
