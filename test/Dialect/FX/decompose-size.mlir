// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --split-input-file | FileCheck %s
// The same through Debian's mlir-opt with the fx plugin:
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --pass-pipeline='builtin.module(fx-decompose-size)' --split-input-file | FileCheck %s
// The single-walk driver gives the same result.
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(fx-decompose-size{use-walk-driver})' --split-input-file | FileCheck %s
// Idempotence: a second run changes nothing more.
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --split-input-file > %t.once.mlir
// RUN: fx-opt --verify-roundtrip %t.once.mlir --fx-decompose-size --split-input-file > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

// CHECK-LABEL: func.func @all_static
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NOT: fx.size %
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[S:.*]] = fx.make_size %[[C4]], %[[C8]] : !fx.size<2>
// CHECK-NOT: fx.size %
// CHECK: return %[[S]]
func.func @all_static(%x: tensor<4x8xf32>) -> !fx.size<2> {
  %0 = fx.size %x : tensor<4x8xf32> -> !fx.size<2>
  return %0 : !fx.size<2>
}

// -----

// CHECK-LABEL: func.func @all_symbolic
// CHECK-SAME: (%[[X:.*]]: tensor<?x?x?xf32>)
// CHECK-NOT: fx.size %
// CHECK-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0 : tensor<?x?x?xf32>
// CHECK-NEXT: %[[D1:.*]] = fx.sym_size %[[X]], dim = 1 : tensor<?x?x?xf32>
// CHECK-NEXT: %[[D2:.*]] = fx.sym_size %[[X]], dim = 2 : tensor<?x?x?xf32>
// CHECK-NEXT: %[[S:.*]] = fx.make_size %[[D0]], %[[D1]], %[[D2]] : !fx.size<3>
// CHECK-NEXT: return %[[S]]
func.func @all_symbolic(%x: tensor<?x?x?xf32>) -> !fx.size<3> {
  %0 = fx.size %x : tensor<?x?x?xf32> -> !fx.size<3>
  return %0 : !fx.size<3>
}

// -----

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: (%[[X:.*]]: tensor<?x8x?xf32>)
// CHECK-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[D2:.*]] = fx.sym_size %[[X]], dim = 2
// CHECK-NEXT: %[[S:.*]] = fx.make_size %[[D0]], %[[C8]], %[[D2]] : !fx.size<3>
// CHECK-NEXT: return %[[S]]
func.func @mixed(%x: tensor<?x8x?xf32>) -> !fx.size<3> {
  %0 = fx.size %x : tensor<?x8x?xf32> -> !fx.size<3>
  return %0 : !fx.size<3>
}

// -----

// x.size() of a 0-d tensor is torch.Size([]).
// CHECK-LABEL: func.func @rank0
// CHECK-NEXT: %[[S:.*]] = fx.make_size : !fx.size<0>
// CHECK-NEXT: return %[[S]]
func.func @rank0(%x: tensor<f32>) -> !fx.size<0> {
  %0 = fx.size %x : tensor<f32> -> !fx.size<0>
  return %0 : !fx.size<0>
}

// -----

// The dims of an unranked tensor are unknown: left alone.
// CHECK-LABEL: func.func @unranked
// CHECK-NEXT: %[[S:.*]] = fx.size %{{.*}} : tensor<*xf32> -> !fx.size<2>
// CHECK-NEXT: fx.getitem %[[S]][0]
// CHECK-NOT: fx.sym_size
// CHECK-NOT: fx.make_size
func.func @unranked(%x: tensor<*xf32>) -> index {
  %0 = fx.size %x : tensor<*xf32> -> !fx.size<2>
  %1 = fx.getitem %0[0] : !fx.size<2>
  return %1 : index
}

// -----

// getitem users now read the rebuilt size; the pass does not fold them.
// CHECK-LABEL: func.func @getitem_users
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>)
// CHECK-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[S:.*]] = fx.make_size %[[D0]], %[[C8]]
// CHECK-NEXT: %[[A:.*]] = fx.getitem %[[S]][0]
// CHECK-NEXT: %[[B:.*]] = fx.getitem %[[S]][-1]
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @getitem_users(%x: tensor<?x8xf32>) -> (index, index) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.getitem %0[0] : !fx.size<2>
  %2 = fx.getitem %0[-1] : !fx.size<2>
  return %1, %2 : index, index
}

// -----

// CHECK-LABEL: func.func @view_user
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK: %[[S:.*]] = fx.make_size
// CHECK-NEXT: %[[V:.*]] = fx.view %[[Y]], %[[S]] : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
// CHECK-NEXT: return %[[V]]
func.func @view_user(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.view %y, %0 : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %1 : tensor<?x8xf32>
}

// -----

// One size, used twice: one rebuilt size serves both users.
// CHECK-LABEL: func.func @used_twice
// CHECK-COUNT-1: fx.make_size
// CHECK-NOT: fx.make_size
// CHECK: %[[V:.*]] = fx.view %{{.*}}, %[[S:.*]] :
// CHECK-NEXT: return %[[V]], %[[S]]
func.func @used_twice(%x: tensor<?x8xf32>) -> (tensor<?x8xf32>, !fx.size<2>) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.view %x, %0 : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %1, %0 : tensor<?x8xf32>, !fx.size<2>
}

// -----

// Every size with a dim is already a scalar and is never touched, not even
// on a static dim (folding that is canonicalize's job).
// CHECK-LABEL: func.func @with_dim_untouched
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[D:.*]]: index)
// CHECK-NEXT: %[[A:.*]] = fx.size %[[X]], dim = 0 : tensor<?x8xf32> -> index
// CHECK-NEXT: %[[B:.*]] = fx.size %[[X]], dim = -1 : tensor<?x8xf32> -> index
// CHECK-NEXT: %[[C:.*]] = fx.size %[[X]], dim = %[[D]] : tensor<?x8xf32> -> index
// CHECK-NEXT: %[[E:.*]] = fx.sym_size %[[X]], dim = 1 : tensor<?x8xf32>
// CHECK-NEXT: %[[F:.*]] = fx.size %[[X]], dim = 1 : tensor<?x8xf32> -> index
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]], %[[E]], %[[F]]
func.func @with_dim_untouched(%x: tensor<?x8xf32>, %d: index)
    -> (index, index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %2 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %3 = fx.sym_size %x, dim = 1 : tensor<?x8xf32>
  %4 = fx.size %x, dim = 1 : tensor<?x8xf32> -> index
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// -----

// Sizes in nested regions are decomposed in place.
// CHECK-LABEL: func.func @nested
// CHECK: scf.execute_region
// CHECK-NEXT: fx.sym_size
// CHECK-NEXT: fx.make_size
func.func @nested(%x: tensor<?xf32>) -> !fx.size<1> {
  %0 = scf.execute_region -> !fx.size<1> {
    %1 = fx.size %x : tensor<?xf32> -> !fx.size<1>
    scf.yield %1 : !fx.size<1>
  }
  return %0 : !fx.size<1>
}

