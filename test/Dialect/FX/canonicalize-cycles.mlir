// RUN: timeout 20 fx-opt --verify-roundtrip %s --canonicalize | FileCheck %s
// RUN: timeout 20 %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --canonicalize | FileCheck %s

// A module body is a graph region: a value may be used before, or by, the op
// that defines it. No folder may fold an op to its own result, or the
// greedy driver would fold it forever; `timeout` turns such a hang into a
// failure. The cycles are left as they are.

// A getitem of a make_size whose element is the getitem itself.
// CHECK-DAG: %[[G:.*]] = fx.getitem %[[S:.*]][0] : !fx.size<1>
// CHECK-DAG: %[[S]] = fx.make_size %[[G]] : !fx.size<1>
%g = fx.getitem %s[0] : !fx.size<1>
%s = fx.make_size %g : !fx.size<1>

// The same through a negative index.
// CHECK-DAG: %[[H:.*]] = fx.getitem %[[T:.*]][-1] : !fx.size<2>
// CHECK-DAG: %[[T]] = fx.make_size %{{.*}}, %[[H]] : !fx.size<2>
%c4 = arith.constant 4 : index
%h = fx.getitem %t[-1] : !fx.size<2>
%t = fx.make_size %c4, %h : !fx.size<2>

// A view whose input is its own result, to its own size.
// CHECK-DAG: %[[V:.*]] = fx.view %[[V]], %[[VS:.*]] : tensor<4xf32>, !fx.size<1> -> tensor<4xf32>
// CHECK-DAG: %[[VS]] = fx.size %[[V]] : tensor<4xf32> -> !fx.size<1>
%v = fx.view %v, %vs : tensor<4xf32>, !fx.size<1> -> tensor<4xf32>
%vs = fx.size %v : tensor<4xf32> -> !fx.size<1>

// The same to a size rebuilt from its own dims.
// CHECK-DAG: %[[W:.*]] = fx.view %[[W]], %[[WS:.*]] : tensor<?xf32>, !fx.size<1> -> tensor<?xf32>
// CHECK-DAG: %[[WS]] = fx.make_size %[[WD:.*]] : !fx.size<1>
// CHECK-DAG: %[[WD]] = fx.sym_size %[[W]], dim = 0 : tensor<?xf32>
%w = fx.view %w, %ws : tensor<?xf32>, !fx.size<1> -> tensor<?xf32>
%ws = fx.make_size %wd : !fx.size<1>
%wd = fx.sym_size %w, dim = 0 : tensor<?xf32>

// An opaque node keeps the cycles alive; region DCE would erase them.
// CHECK: fx.node call_function "print"(%[[G]], %[[H]], %[[V]], %[[W]])
fx.node call_function "print"(%g, %h, %v, %w) : (index, index, tensor<4xf32>, tensor<?xf32>) -> ()
