// The lowering leaves duplicate constants; cse merges them for the checks.
// RUN: fx-opt %s --convert-fx-to-tensor --cse --split-input-file | FileCheck %s
// RUN: %preload_asan mlir-opt %fx_plugins %s --pass-pipeline='builtin.module(convert-fx-to-tensor,cse)' --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @size_with_dim
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[D:.*]]: index, %[[U:.*]]: tensor<*xf32>)
// CHECK-NOT: fx.
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[A:.*]] = tensor.dim %[[X]], %[[C0]] : tensor<?x8xf32>
// x.size(d): -2 <= d < 2 at run time, then d < 0 ? d + 2 : d.
// CHECK: cf.assert %{{.*}}, "Dimension out of range (expected to be in range of [-2, 1], but got ?)"
// CHECK-DAG: %[[NEG:.*]] = arith.cmpi slt, %[[D]], %{{.*}} : index
// CHECK-DAG: %[[WRAP:.*]] = arith.addi %[[D]], %{{.*}} : index
// CHECK-DAG: %[[SEL:.*]] = arith.select %[[NEG]], %[[WRAP]], %[[D]] : index
// CHECK-DAG: %[[B:.*]] = tensor.dim %[[X]], %[[SEL]] : tensor<?x8xf32>
// An unranked tensor: -1 + tensor.rank, once -1 is checked against the rank.
// CHECK-DAG: %[[RANK:.*]] = tensor.rank %[[U]] : tensor<*xf32>
// CHECK: cf.assert %{{.*}}, "Dimension out of range (expected to be in range of [?, ?], but got -1)"
// CHECK-DAG: %[[LAST:.*]] = arith.addi %[[RANK]], %{{.*}} : index
// CHECK-DAG: %[[E:.*]] = tensor.dim %[[U]], %[[LAST]] : tensor<*xf32>
// CHECK: return %[[A]], %[[C8]], %[[B]], %[[A]], %[[E]]
func.func @size_with_dim(%x: tensor<?x8xf32>, %d: index, %u: tensor<*xf32>)
    -> (index, index, index, index, index) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %2 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  %3 = fx.sym_size %x, dim = -2 : tensor<?x8xf32>
  %4 = fx.sym_size %u, dim = -1 : tensor<*xf32>
  return %0, %1, %2, %3, %4 : index, index, index, index, index
}

// -----

// A torch.Size is its elements, also across function boundaries.
// CHECK-LABEL: func.func @sizes
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[A:.*]]: index, %[[B:.*]]: index) -> (index, index, index, index)
// CHECK-NOT: fx.
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// CHECK: return %[[N]], %[[C8]], %[[B]], %[[C8]]
func.func @sizes(%x: tensor<?x8xf32>, %a: index, %b: index)
    -> (!fx.size<2>, index, index) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %made = fx.make_size %a, %b : !fx.size<2>
  %0 = fx.getitem %made[-1] : !fx.size<2>
  %1 = fx.getitem %size[1] : !fx.size<2>
  return %size, %0, %1 : !fx.size<2>, index, index
}

// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[X0:.*]]: index, %[[X1:.*]]: index) -> (index, index)
// CHECK: %[[R:.*]]:4 = call @sizes(%[[X]], %[[X0]], %[[X1]], %{{.*}}, %{{.*}}) : (tensor<?x8xf32>, index, index, index, index) -> (index, index, index, index)
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @caller(%x: tensor<?x8xf32>) -> !fx.size<2> {
  %c1 = arith.constant 1 : index
  %0:3 = call @sizes(%x, %c1, %c1) : (tensor<?x8xf32>, index, index) -> (!fx.size<2>, index, index)
  return %0#0 : !fx.size<2>
}

// -----

// t[start:stop:step] with Python's clamping, as tensor.extract_slice.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xi64>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[STOP:.*]]: index)
// CHECK-NOT: fx.
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[LEN:.*]] = tensor.dim %[[T]], %[[C0]] : tensor<?x4xi64>
// A stop counts from the end when negative, then saturates at 0 and at the length.
// CHECK-DAG: %[[NEG:.*]] = arith.cmpi slt, %[[STOP]], %[[C0]] : index
// CHECK-DAG: %[[FROM_END:.*]] = arith.addi %[[STOP]], %[[LEN]] : index
// CHECK-DAG: %[[LOW:.*]] = arith.maxsi %[[FROM_END]], %[[C0]] : index
// CHECK-DAG: %[[HIGH:.*]] = arith.minsi %[[STOP]], %[[LEN]] : index
// CHECK-DAG: %[[CLAMPED:.*]] = arith.select %[[NEG]], %[[LOW]], %[[HIGH]] : index
// CHECK-DAG: %[[SPAN:.*]] = arith.subi %[[CLAMPED]], %{{.*}} : index
// With a step of 1 the rows are the span.
// CHECK-DAG: %[[ROWS:.*]] = arith.maxsi %[[SPAN]], %[[C0]] : index
// An empty slice starts at 0.
// CHECK-DAG: %[[NONEMPTY:.*]] = arith.cmpi sgt, %[[ROWS]], %[[C0]] : index
// CHECK-DAG: %[[OFFSET:.*]] = arith.select %[[NONEMPTY]], %{{.*}}, %[[C0]] : index
// CHECK-NOT: cf.assert
// CHECK: %[[R:.*]] = tensor.extract_slice %[[T]][%[[OFFSET]], 0] [%[[ROWS]], 4] [1, 1] : tensor<?x4xi64> to tensor<?x4xi64>
// CHECK: return %[[R]]
func.func @slice(%t: tensor<?x4xi64>, %stop: index) -> tensor<?x4xi64> {
  %s = fx.slice none, %stop, none
  %0 = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<?x4xi64>
  return %0 : tensor<?x4xi64>
}

// An absent stop is the end; with a static input and step, the slice
// folds to static offsets, sizes and strides. Only the stride that the step
// makes of the caller's is left to check.
// CHECK-LABEL: func.func @slice_static
// CHECK-SAME: (%[[T:.*]]: tensor<5xi64>, %[[T0:.*]]: index)
// CHECK-NOT: cf.assert %{{.*}}, "slice step cannot be zero"
// CHECK: %[[S0:.*]] = arith.muli %[[T0]], %c2 : index
// CHECK: cf.assert %{{.*}}, "IntArrayRef contains an int that cannot be represented as a SymInt: ?"
// CHECK: cf.assert %{{.*}}, "as_strided: Negative strides are not supported at the moment, got strides: [?]"
// CHECK: %[[R:.*]] = tensor.extract_slice %[[T]][0] [3] [2] : tensor<5xi64> to tensor<3xi64>
// CHECK: return %[[R]], %[[S0]]
func.func @slice_static(%t: tensor<5xi64>) -> tensor<3xi64> {
  %c2 = arith.constant 2 : index
  %s = fx.slice none, none, %c2
  %0 = fx.slice_tensor %t[%s] : tensor<5xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// CHECK-LABEL: func.func @view
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[Y:.*]]: tensor<?xf32>, %[[YS:[a-z0-9_]+]]: index)
// CHECK-NOT: fx.
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x8xf32>
// The elements are dims, so neither -1 nor below it: only the element count
// is checked.
// CHECK-DAG: %[[PRODUCT:.*]] = arith.muli %[[N]], %[[C8]] : index
// CHECK-DAG: %[[NUMEL:.*]] = tensor.dim %[[Y]], %{{.*}} : tensor<?xf32>
// CHECK-DAG: %[[EQ:.*]] = arith.cmpi eq, %[[NUMEL]], %[[PRODUCT]] : index
// CHECK: cf.assert %[[EQ]], "shape '[?, 8]' is invalid for input of size ?"
// Then the view's strides from y's, with torch's checks, in the helper of a
// rank-1 input and a rank-2 view: y's size and stride, its element count
// and the view's shape go in, the view's strides come out.
// CHECK: %[[STRIDES:.*]]:2 = call @__fx_view_strides_1_2(%[[NUMEL]], %[[YS]], %[[NUMEL]], %[[N]], %[[C8]]) : (index, index, index, index, index) -> (index, index)
// CHECK-NOT: cf.assert
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[N]], %[[C8]] : tensor<2xindex>
// CHECK: %[[R:.*]] = tensor.reshape %[[Y]](%[[SHAPE]]) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x8xf32>
// CHECK: return %[[R]], %[[STRIDES]]#0, %[[STRIDES]]#1
// CHECK-LABEL: func.func private @__fx_view_strides_1_2
// CHECK-SAME: (%{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index) -> (index, index)
// CHECK: cf.assert %{{.*}}, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."
// CHECK: cf.assert %{{.*}}, "Stride calculation overflowed"
// CHECK: cf.assert %{{.*}}, "numel: integer multiplication overflow"
// CHECK: return
func.func @view(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %0 = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}
