// fx-bufferize-function-values: each function value of tensors takes the
// signature of buffers that one-shot-bufferize gives functions (identity
// layouts). A func.constant refers to a wrapper `@<f>_buffers`, which calls
// the function; a call through a value copies each ranked tensor into a new
// buffer and takes each buffer result back as a tensor.
// RUN: fx-opt %s --fx-bufferize-function-values | FileCheck %s

// CHECK-LABEL: func.func @apply
// CHECK-SAME: (%[[F:.*]]: (memref<?x4xf32>, index) -> memref<?x4xf32>, %[[X:.*]]: tensor<?x4xf32>, %[[N:.*]]: index) -> tensor<?x4xf32>
// CHECK: %[[BUF:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[COPY:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: memref.copy %[[BUF]], %[[COPY]]
// CHECK: %[[R:.*]] = call_indirect %[[F]](%[[COPY]], %[[N]]) : (memref<?x4xf32>, index) -> memref<?x4xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[R]] restrict writable : memref<?x4xf32> to tensor<?x4xf32>
// CHECK: return %[[T]]
func.func @apply(%f: (tensor<?x4xf32>, index) -> tensor<?x4xf32>,
                 %x: tensor<?x4xf32>, %n: index) -> tensor<?x4xf32> {
  %r = func.call_indirect %f(%x, %n) : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @keep(%x: tensor<?x4xf32>, %n: index) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @address
// CHECK: %[[K:.*]] = constant @keep_buffers : (memref<?x4xf32>, index) -> memref<?x4xf32>
// CHECK: return %[[K]]
func.func @address() -> ((tensor<?x4xf32>, index) -> tensor<?x4xf32>) {
  %f = func.constant @keep : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  return %f : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
}

// A function value without tensors is left as it is.
// CHECK-LABEL: func.func @scalar
// CHECK: constant @twice : (index) -> index
func.func @twice(%n: index) -> index {
  return %n : index
}
func.func @scalar() -> ((index) -> index) {
  %f = func.constant @twice : (index) -> index
  return %f : (index) -> index
}

// The wrapper takes each buffer as a tensor, calls the function, and copies
// the tensor it returns into a new buffer.
// CHECK-LABEL: func.func private @keep_buffers
// CHECK-SAME: (%[[B:.*]]: memref<?x4xf32>, %[[N:.*]]: index) -> memref<?x4xf32>
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[B]] restrict writable : memref<?x4xf32> to tensor<?x4xf32>
// CHECK: %[[R:.*]] = call @keep(%[[T]], %[[N]])
// CHECK: %[[RB:.*]] = bufferization.to_buffer %[[R]] read_only
// CHECK: %[[C:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: memref.copy %[[RB]], %[[C]]
// CHECK: return %[[C]]
