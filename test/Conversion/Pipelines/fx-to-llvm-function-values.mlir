// fx-to-llvm lowers func.call_indirect of tensor functions. LLVM 22's
// one-shot-bufferize takes no function value of tensors ("op was not
// bufferized"), so fx-bufferize-function-values first gives each such value
// the signature of buffers that bufferization gives functions (identity
// layouts): a func.constant refers to a wrapper that calls the function,
// arith.select and function signatures take the new type, and a call
// through a value copies each tensor into a new buffer and takes each buffer
// result back as a tensor that nothing else holds.
// RUN: fx-opt %s --fx-to-llvm --mlir-print-ir-before=one-shot-bufferize \
// RUN:   -o /dev/null 2>&1 | FileCheck %s
// RUN: fx-opt %s --fx-to-llvm | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @apply
// CHECK-SAME: (%[[F:.*]]: (memref<?x4xf32>, index, index, index) -> (memref<?x4xf32>, index, index), %[[X:[^:]*]]: tensor<?x4xf32>
// CHECK: %[[BUF:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<?x4xf32> to memref<?x4xf32, strided<[?, ?], offset: ?>>
// CHECK: %[[ROWS:.*]] = memref.dim %[[BUF]]
// CHECK: %[[COPY:.*]] = memref.alloc(%[[ROWS]]) : memref<?x4xf32>
// CHECK: memref.copy %[[BUF]], %[[COPY]]
// CHECK: %[[R:.*]]:3 = call_indirect %[[F]](%[[COPY]], {{.*}}) : (memref<?x4xf32>, index, index, index) -> (memref<?x4xf32>, index, index)
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[R]]#0 restrict writable : memref<?x4xf32> to tensor<?x4xf32>
// CHECK: return %[[T]], %[[R]]#1, %[[R]]#2
func.func @apply(%f: (tensor<?x4xf32>, index) -> tensor<?x4xf32>,
                 %x: tensor<?x4xf32>, %st: index) -> tensor<?x4xf32> {
  %r = func.call_indirect %f(%x, %st) : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func private @every(%x: tensor<?x4xf32>, %st: index) -> tensor<?x4xf32>

func.func @keep(%x: tensor<?x4xf32>, %st: index) -> tensor<?x4xf32> {
  return %x : tensor<?x4xf32>
}

// CHECK-LABEL: func.func @pick
// CHECK-SAME: -> ((memref<?x4xf32>, index, index, index) -> (memref<?x4xf32>, index, index))
// CHECK-DAG: %[[EVERY:.*]] = constant @every_buffers : (memref<?x4xf32>, index, index, index) -> (memref<?x4xf32>, index, index)
// CHECK-DAG: %[[KEEP:.*]] = constant @keep_buffers : (memref<?x4xf32>, index, index, index) -> (memref<?x4xf32>, index, index)
// CHECK: %[[PICKED:.*]] = arith.select %{{.*}}, %[[EVERY]], %[[KEEP]] : (memref<?x4xf32>, index, index, index) -> (memref<?x4xf32>, index, index)
// CHECK: return %[[PICKED]]
func.func @pick(%c: i1) -> ((tensor<?x4xf32>, index) -> tensor<?x4xf32>) {
  %every = func.constant @every : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  %keep = func.constant @keep : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  %f = arith.select %c, %every, %keep : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
  return %f : (tensor<?x4xf32>, index) -> tensor<?x4xf32>
}

// A wrapper per function, after the module's functions.
// CHECK-LABEL: func.func private @every_buffers
// CHECK-SAME: (%[[M:[^:]*]]: memref<?x4xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index) -> (memref<?x4xf32>, index, index)
// CHECK: %[[IN:.*]] = bufferization.to_tensor %[[M]] restrict writable : memref<?x4xf32> to tensor<?x4xf32>
// CHECK: %[[OUT:.*]]:3 = call @every(%[[IN]], {{.*}}) : (tensor<?x4xf32>, index, index, index) -> (tensor<?x4xf32>, index, index)
// CHECK: %[[OUTBUF:.*]] = bufferization.to_buffer %[[OUT]]#0 read_only
// CHECK: %[[OUTCOPY:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK: memref.copy %[[OUTBUF]], %[[OUTCOPY]]
// CHECK: return %[[OUTCOPY]], %[[OUT]]#1, %[[OUT]]#2
// CHECK-LABEL: func.func private @keep_buffers
// CHECK: call @keep(
// CHECK-NOT: @every_buffers

// LLVM-LABEL: llvm.func @apply
// LLVM: llvm.call %{{.*}}(
// LLVM-NOT: func.
// LLVM-NOT: bufferization.
