// --load-dialect-plugin alone gives Debian's mlir-opt the fx dialect and the
// fx passes; the two-flag form (dialect plugin and pass plugin from the same
// library) registers them once and gives the same result.
// RUN: %preload_asan mlir-opt --load-dialect-plugin=%fx_plugin_path %s \
// RUN:   --pass-pipeline='builtin.module(func.func(fx-decompose-size))' | FileCheck %s
// RUN: %preload_asan mlir-opt --load-dialect-plugin=%fx_plugin_path %s \
// RUN:   --pass-pipeline='builtin.module(convert-fx-to-tensor)' | FileCheck %s --check-prefix=LOWER
// RUN: %preload_asan mlir-opt --load-dialect-plugin=%fx_plugin_path --load-pass-plugin=%fx_plugin_path %s \
// RUN:   --pass-pipeline='builtin.module(func.func(fx-decompose-size))' | FileCheck %s
// RUN: %preload_asan mlir-opt --load-pass-plugin=%fx_plugin_path --load-dialect-plugin=%fx_plugin_path %s \
// RUN:   --pass-pipeline='builtin.module(func.func(fx-decompose-size))' | FileCheck %s
//
// The pass plugin alone registers the passes but not the dialect.
// RUN: not %preload_asan mlir-opt --load-pass-plugin=%fx_plugin_path %s \
// RUN:   --pass-pipeline='builtin.module(func.func(fx-decompose-size))' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-DIALECT

// CHECK-LABEL: func.func @view
// CHECK-SAME:  (%[[X:.*]]: tensor<?x8xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK-NOT:   fx.size %
// CHECK-DAG:   %[[D0:.*]] = fx.sym_size %[[X]], dim = 0 : tensor<?x8xf32>
// CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : index
// CHECK:       %[[S:.*]] = fx.make_size %[[D0]], %[[C8]] : !fx.size<2>
// CHECK-NOT:   fx.size %
// CHECK:       fx.view %[[Y]], %[[S]]

// LOWER-LABEL: func.func @view
// LOWER-NOT:   fx.
// LOWER:       tensor.dim
// LOWER:       tensor.reshape

// NO-DIALECT: Dialect `fx' not found for custom op 'fx.size'

func.func @view(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %view : tensor<?x8xf32>
}
