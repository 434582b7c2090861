// fx-copy-strided-casts: a cast of a strided buffer to the identity layout
// or to an unranked memref becomes a copy into a new buffer of the identity
// layout; other casts stay.
// RUN: fx-opt %s --fx-copy-strided-casts | FileCheck %s

// CHECK-LABEL: func.func @to_identity
// CHECK-SAME: (%[[B:.*]]: memref<?x4xf32, strided<[?, 1], offset: ?>>)
// CHECK: %[[ROWS:.*]] = memref.dim %[[B]], %{{.*}}
// CHECK: %[[COPY:.*]] = memref.alloc(%[[ROWS]]) : memref<?x4xf32>
// CHECK: memref.copy %[[B]], %[[COPY]]
// CHECK-NOT: memref.cast
// CHECK: return %[[COPY]]
func.func @to_identity(%b: memref<?x4xf32, strided<[?, 1], offset: ?>>) -> memref<?x4xf32> {
  %c = memref.cast %b : memref<?x4xf32, strided<[?, 1], offset: ?>> to memref<?x4xf32>
  return %c : memref<?x4xf32>
}

// CHECK-LABEL: func.func @to_unranked
// CHECK-SAME: (%[[B:.*]]: memref<6xi64, strided<[2], offset: 1>>)
// CHECK: %[[COPY:.*]] = memref.alloc() : memref<6xi64>
// CHECK: memref.copy %[[B]], %[[COPY]]
// CHECK: %[[U:.*]] = memref.cast %[[COPY]] : memref<6xi64> to memref<*xi64>
// CHECK: return %[[U]]
func.func @to_unranked(%b: memref<6xi64, strided<[2], offset: 1>>) -> memref<*xi64> {
  %c = memref.cast %b : memref<6xi64, strided<[2], offset: 1>> to memref<*xi64>
  return %c : memref<*xi64>
}

// A cast between identity layouts, or to another strided layout, reads the
// buffer as it is.
// CHECK-LABEL: func.func @kept
// CHECK-NOT: memref.alloc
// CHECK: memref.cast %{{.*}} : memref<4xf32> to memref<?xf32>
// CHECK: memref.cast %{{.*}} : memref<4xf32, strided<[2]>> to memref<4xf32, strided<[?], offset: ?>>
func.func @kept(%a: memref<4xf32>, %b: memref<4xf32, strided<[2]>>) -> (memref<?xf32>, memref<4xf32, strided<[?], offset: ?>>) {
  %c = memref.cast %a : memref<4xf32> to memref<?xf32>
  %d = memref.cast %b : memref<4xf32, strided<[2]>> to memref<4xf32, strided<[?], offset: ?>>
  return %c, %d : memref<?xf32>, memref<4xf32, strided<[?], offset: ?>>
}
