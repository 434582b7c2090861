// The LoRA regression, on the shipped example (examples/lora.mlir).
//
// fx-decompose-size leaves the graph of the crash, whose only size op is
// x.size(0), exactly as it was:
// RUN: fx-opt --verify-roundtrip %fx_src_root/examples/lora.mlir > %t.before.mlir
// RUN: fx-opt --verify-roundtrip %fx_src_root/examples/lora.mlir --fx-decompose-size > %t.after.mlir
// RUN: FileCheck %s --check-prefix=FIXED < %t.after.mlir
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %fx_src_root/examples/lora.mlir \
// RUN:   --pass-pipeline='builtin.module(func.func(fx-decompose-size))' | FileCheck %s --check-prefix=FIXED
// RUN: FileCheck %s --check-prefix=UNCHANGED --input-file=%t.after.mlir
//
// The pre-fix pass decomposes x.size(0) as if it were x.size(), finds the two
// slices still using it, and fails with the torch.fx error:
// RUN: not fx-opt --verify-roundtrip %fx_src_root/examples/lora.mlir --test-fx-legacy-decompose-size 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LEGACY

// FIXED-LABEL: func.func @lora_forward
// FIXED-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[MAP:.*]]: tensor<?xi64>, %[[IDX:.*]]: tensor<?xi64>)
// FIXED-NEXT: %[[N:.*]] = fx.size %[[X]], dim = 0 : tensor<?x8xf32> -> index
// FIXED-NEXT: %[[S0:.*]] = fx.slice none, %[[N]], none
// FIXED-NEXT: %[[R0:.*]] = fx.slice_tensor %[[MAP]][%[[S0]]] : tensor<?xi64> -> tensor<?xi64>
// FIXED-NEXT: %[[S1:.*]] = fx.slice none, %[[N]], none
// FIXED-NEXT: %[[R1:.*]] = fx.slice_tensor %[[IDX]][%[[S1]]] : tensor<?xi64> -> tensor<?xi64>
// FIXED-NEXT: return %[[R0]], %[[R1]]
// FIXED-NOT: fx.sym_size
// FIXED-LABEL: func.func @lora_view
// FIXED-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[Y:.*]]: tensor<?xf32>)
// FIXED-NEXT: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0 : tensor<?x8xf32>
// FIXED-NEXT: %[[C8:.*]] = arith.constant 8 : index
// FIXED-NEXT: %[[S:.*]] = fx.make_size %[[D0]], %[[C8]] : !fx.size<2>
// FIXED-NEXT: %[[V:.*]] = fx.view %[[Y]], %[[S]]
// FIXED-NEXT: return %[[V]]

// The first function, the one that crashed, is byte-for-byte the same.
// RUN: sed -n '/@lora_forward/,/^  }/p' %t.before.mlir > %t.before.forward
// RUN: sed -n '/@lora_forward/,/^  }/p' %t.after.mlir > %t.after.forward
// RUN: diff %t.before.forward %t.after.forward
// UNCHANGED: fx.size %arg0, dim = 0

// LEGACY: error: {{.*}}Tried to erase Node size_1 but it still had 2 users in the graph
// LEGACY-NOT: error:
