// RUN: fx-opt --verify-roundtrip %s --fx-decompose-size="emit-remarks use-walk-driver" --verify-diagnostics --mlir-print-op-on-diagnostic=false | FileCheck %s

// The walk driver decomposes a dead x.size() too, and says so.
// CHECK-LABEL: func.func @dead
// CHECK: fx.make_size
func.func @dead(%x: tensor<?x8xf32>) {
  // expected-remark @+1 {{decomposed x.size() into [sym_size(0), 8]}}
  %dead = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  return
}
