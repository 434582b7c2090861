// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size=emit-remarks --verify-diagnostics --mlir-print-op-on-diagnostic=false | FileCheck %s

// One remark per size op, at its location, before anything is rewritten.
// CHECK-LABEL: func.func @remarks
// CHECK: fx.make_size
func.func @remarks(%x: tensor<?x8xf32>, %u: tensor<*xf32>, %r: tensor<f32>) -> (!fx.size<2>, index, index, !fx.size<3>, !fx.size<0>) {
  // expected-remark @+1 {{decomposed x.size() into [sym_size(0), 8]}}
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  // expected-remark @+1 {{erased x.size(): it has no users}}
  %dead = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  // expected-remark @+1 {{left alone: x.size(dim) returns one int, not a torch.Size}}
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  // expected-remark @+1 {{left alone: fx.sym_size returns one int, not a torch.Size}}
  %k = fx.sym_size %x, dim = -1 : tensor<?x8xf32>
  // expected-remark @+1 {{left alone: its tensor is unranked, so its dims are unknown}}
  %us = fx.size %u : tensor<*xf32> -> !fx.size<3>
  // expected-remark @+1 {{decomposed x.size() into []}}
  %rs = fx.size %r : tensor<f32> -> !fx.size<0>
  return %s, %n, %k, %us, %rs : !fx.size<2>, index, index, !fx.size<3>, !fx.size<0>
}

