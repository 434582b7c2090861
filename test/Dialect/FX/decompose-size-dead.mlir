// Unused ops. The greedy driver is handed only the x.size() ops to rewrite
// and erases a dead one; the walk driver decomposes it. Neither touches a
// dead x.size(0) or a dead getitem.
// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size | FileCheck %s --check-prefixes=CHECK,GREEDY
// RUN: fx-opt --verify-roundtrip %s --pass-pipeline='builtin.module(fx-decompose-size{use-walk-driver})' | FileCheck %s --check-prefixes=CHECK,WALK

// CHECK-LABEL: func.func @dead
// CHECK-NEXT: fx.size %{{.*}}, dim = 0 : tensor<?x8xf32> -> index
// WALK-NEXT: fx.sym_size
// WALK-NEXT: arith.constant 8
// WALK-NEXT: fx.make_size
// GREEDY-NOT: fx.make_size
// CHECK-NEXT: fx.getitem %{{.*}}[1] : !fx.size<2>
// CHECK-NEXT: return
func.func @dead(%x: tensor<?x8xf32>, %s: !fx.size<2>) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %2 = fx.getitem %s[1] : !fx.size<2>
  return
}
