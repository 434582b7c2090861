// fx-reduce shrinks a LoRA-style graph on which the pre-fix decomposition
// fails ("Tried to erase Node ... but it still had ... users in the graph") to
// the smallest program that still fails: a size with a dim and one user. The
// interestingness script runs the pre-fix pass on each candidate.
//
// RUN: fx-reduce %s --reduction-tree='traversal-mode=0 test=%S/Inputs/legacy-erase-error.sh test-arg=%fx_obj_root/bin/fx-opt' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
//
// The reduced program still trips the pre-fix pass, and fx-decompose-size
// leaves it alone.
// RUN: not fx-opt %t.mlir --test-fx-legacy-decompose-size 2>&1 | FileCheck %s --check-prefix=LEGACY
// RUN: fx-opt %t.mlir --fx-decompose-size | FileCheck %s --check-prefix=FIXED
//
// A program the pre-fix pass handles is not interesting: fx-reduce says so and
// fails.
// RUN: not fx-reduce %S/Inputs/legacy-ok.mlir --reduction-tree='traversal-mode=0 test=%S/Inputs/legacy-erase-error.sh test-arg=%fx_obj_root/bin/fx-opt' 2>&1 | FileCheck %s --check-prefix=NOT-INTERESTING

// CHECK-NOT:   func.func @view
// CHECK-LABEL: func.func @lora_forward
// CHECK-SAME:  (%[[X:[^:]*]]: tensor<?x8xf32>, %[[MAPPING:[^:]*]]: tensor<?xi64>, %[[INDICES:[^:]*]]: tensor<?xi64>, %[[W:[^:]*]]: tensor<8x8xf32>)
// CHECK-NEXT:  %[[SIZE:.*]] = fx.size %[[X]], dim = 0 : tensor<?x8xf32> -> index
// CHECK-NEXT:  fx.slice none, %[[SIZE]], none
// CHECK-NEXT:  return %[[MAPPING]], %[[INDICES]], %[[X]] :
// CHECK-NEXT:  }
// CHECK-NEXT:  }

// LEGACY: Tried to erase Node {{.*}} but it still had 1 users in the graph

// FIXED-LABEL: func.func @lora_forward
// FIXED-NEXT:  fx.size %{{.*}}, dim = 0
// FIXED-NEXT:  fx.slice none

// NOT-INTERESTING: warning: uninterested module will not be reduced

func.func @view(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %view : tensor<?x8xf32>
}

func.func @lora_forward(%x: tensor<?x8xf32>, %token_lora_mapping: tensor<?xi64>,
                        %sampler_indices: tensor<?xi64>, %w: tensor<8x8xf32>)
    -> (tensor<?xi64>, tensor<?xi64>, tensor<?x8xf32>) {
  %all = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %n = fx.getitem %all[0] : !fx.size<2>
  %c8 = arith.constant 8 : index
  %shape = fx.make_size %n, %c8 : !fx.size<2>
  %h = fx.node "call_function" "torch.matmul"(%x, %w)
      : (tensor<?x8xf32>, tensor<8x8xf32>) -> tensor<?x8xf32>
  %hv = fx.view %h, %shape : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %size_1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("size_1")
  %slice = fx.slice none, %size_1, none
  %mapping = fx.slice_tensor %token_lora_mapping[%slice]
      : tensor<?xi64> -> tensor<?xi64>
  %slice_1 = fx.slice none, %size_1, none
  %indices = fx.slice_tensor %sampler_indices[%slice_1]
      : tensor<?xi64> -> tensor<?xi64>
  return %mapping, %indices, %hv : tensor<?xi64>, tensor<?xi64>, tensor<?x8xf32>
}
