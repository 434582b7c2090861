// A rank-64 tensor: 64 values, 22 of them symbolic, in one torch.Size.
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size | FileCheck %s
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size --canonicalize | FileCheck %s --check-prefix=FOLD

// CHECK-LABEL: func.func @rank64
// CHECK-NOT: fx.size %
// CHECK-COUNT-22: fx.sym_size
// CHECK: fx.make_size {{(%[a-z0-9_]+, ){63}%[a-z0-9_]+}} : !fx.size<64>
// CHECK-NOT: fx.size %
func.func @rank64(%x: tensor<?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?xf32>) -> !fx.size<64> {
  %0 = fx.size %x : tensor<?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?xf32> -> !fx.size<64>
  return %0 : !fx.size<64>
}

// x.size()[62] (static) and x.size()[63], x.size(-64) (symbolic) on the widest
// tensor; canonicalized, x.size(-64) is fx.sym_size of dim 0.
// CHECK-LABEL: func.func @ends
// FOLD-LABEL: func.func @ends
// FOLD-DAG: %[[C3:.*]] = arith.constant 3 : index
// FOLD-DAG: %[[D63:.*]] = fx.sym_size %{{.*}}, dim = 63
// FOLD-DAG: %[[D0:.*]] = fx.sym_size %{{.*}}, dim = 0 :
// FOLD-NOT: fx.size
// FOLD: return %[[D63]], %[[D0]], %[[C3]]
func.func @ends(%x: tensor<?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?xf32>) -> (index, index, index) {
  %0 = fx.size %x : tensor<?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?xf32> -> !fx.size<64>
  %1 = fx.getitem %0[63] : !fx.size<64>
  %2 = fx.size %x, dim = -64 : tensor<?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?x5x1x?x3x4x?x1x2x?x4x5x?x2x3x?xf32> -> index
  %3 = fx.getitem %0[62] : !fx.size<64>
  return %1, %2, %3 : index, index, index
}
