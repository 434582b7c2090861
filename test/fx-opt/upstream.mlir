// fx-opt reads and runs what mlir-opt does: ops of upstream dialects that fx
// programs do not use, and the upstream passes the docs name.
// RUN: fx-opt --verify-roundtrip %s --split-input-file | FileCheck %s --check-prefix=PARSE
// RUN: fx-opt %s --split-input-file --one-shot-bufferize=bufferize-function-boundaries \
// RUN:   --convert-scf-to-cf | FileCheck %s --check-prefix=LOWER

// PARSE-LABEL: func.func @upstream
// PARSE: linalg.fill
// PARSE: vector.transfer_read
// PARSE: math.sqrt
// LOWER-LABEL: func.func @upstream
// LOWER: memref.alloc
// LOWER-NOT: tensor<
func.func @upstream(%x: tensor<4xf32>, %f: f32) -> (tensor<4xf32>, vector<4xf32>, f32) {
  %c0 = arith.constant 0 : index
  %filled = linalg.fill ins(%f : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  %v = vector.transfer_read %x[%c0], %f : tensor<4xf32>, vector<4xf32>
  %s = math.sqrt %f : f32
  return %filled, %v, %s : tensor<4xf32>, vector<4xf32>, f32
}

// -----

// An scf.if on tensors: bufferized, then lowered to cf branches.
// PARSE-LABEL: func.func @select
// PARSE: scf.if
// LOWER-LABEL: func.func @select
// LOWER-NOT: scf.if
// LOWER: cf.cond_br
// LOWER-NOT: tensor<
// LOWER: return
func.func @select(%c: i1, %a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.if %c -> tensor<4xf32> {
    scf.yield %a : tensor<4xf32>
  } else {
    scf.yield %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
