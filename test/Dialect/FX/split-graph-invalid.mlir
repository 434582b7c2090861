// What may not cross a cut is an error, and the module is left unchanged.
// Values are named by their FX node name (see split-graph-moe.mlir); these
// have none, so they are named by their op.
// RUN: fx-opt --verify-roundtrip %s -split-input-file -verify-diagnostics --fx-split-graph
// RUN: not fx-opt --verify-roundtrip %s -split-input-file --fx-split-graph --mlir-print-ir-after-failure 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNCHANGED

// UNCHANGED-LABEL: func.func @size_crosses(
// UNCHANGED-NEXT: fx.size
// UNCHANGED-NEXT: fx.node {{.*}}"torch.ops.vllm.unified_attention_with_output"
// UNCHANGED-NEXT: fx.view
// UNCHANGED-NEXT: return
// UNCHANGED-NOT: _submod_

// A dimless x.size() defined before the attention and used after it.
func.func @size_crosses(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{a torch.Size would cross a split boundary: value 'fx.size' of type '!fx.size<2>', defined by 'fx.size' in piece 0, is used in piece 2; run fx-decompose-size first}}
  %orig_shape = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %h = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  // expected-note @+1 {{used here by 'fx.view'}}
  %v = fx.view %h, %orig_shape : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %v : tensor<?x8xf32>
}

// -----

// Any other type: the message names it. A tuple does not cross even when
// its elements could. Every offending value is reported, and nothing changes
// in any function.
// UNCHANGED-LABEL: func.func @tuple_crosses(
// UNCHANGED-NEXT: fx.node {{.*}}"torch.aminmax"
func.func @tuple_crosses(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{only tensors and scalars may cross a split boundary: value 'fx.node' of type 'tuple<f64, f64>', defined by 'fx.node' in piece 0, is used in piece 2}}
  %range = fx.node "call_function" "torch.aminmax"(%x) : (tensor<4xf32>) -> tuple<f64, f64>
  // expected-error @+1 {{only tensors and scalars may cross a split boundary: value 'fx.node' of type 'none', defined by 'fx.node' in piece 0, is used in piece 2}}
  %none = fx.node "call_function" "f"(%x) : (tensor<4xf32>) -> none
  %a = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @+1 {{used here by 'fx.node'}}
  %r = fx.node "call_function" "g"(%a, %range) : (tensor<4xf32>, tuple<f64, f64>) -> tensor<4xf32>
  // expected-note @+1 {{used here by 'fx.node'}}
  %s = fx.node "call_function" "h"(%r, %none) : (tensor<4xf32>, none) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// A piece whose function is fine does not change either.
// UNCHANGED-LABEL: func.func @fine(
// UNCHANGED-NEXT: fx.node {{.*}}"torch.relu"
func.func @fine(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = fx.node "call_function" "torch.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// The return is the caller's: a torch.Size returned from a piece crosses too.
func.func @size_returned(%x: tensor<?x8xf32>) -> !fx.size<2> {
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<?x8xf32>) -> ()
  // expected-error @+1 {{a torch.Size would cross a split boundary: value 'fx.size' of type '!fx.size<2>', defined by 'fx.size' in piece 2, is returned; run fx-decompose-size first}}
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  return %s : !fx.size<2>
}

// -----

// One result of several is named with its position. fx-decompose-size
// decomposes only an fx.size, so the message does not send the user there.
func.func @tuple_element(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{a torch.Size would cross a split boundary: value 'fx.node[1]' of type '!fx.size<1>', defined by 'fx.node' in piece 0, is used in piece 2}}
  %pair:2 = fx.node "call_function" "f"(%x) : (tensor<4xf32>) -> (tensor<4xf32>, !fx.size<1>)
  %a = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%pair#0) : (tensor<4xf32>) -> tensor<4xf32>
  // expected-note @+1 {{used here by 'fx.view'}}
  %v = fx.view %a, %pair#1 : tensor<4xf32>, !fx.size<1> -> tensor<4xf32>
  return %v : tensor<4xf32>
}


// -----

// A splitting op inside a region cannot be cut out.
func.func @nested(%x: tensor<4xf32>, %c: i1) {
  scf.if %c {
    // expected-error @+1 {{splitting op inside 'scf.if' cannot be cut out; fx-split-graph cuts only at ops directly in the function body}}
    fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  }
  return
}

// -----

// expected-error @+1 {{'func.func' op has 2 blocks; fx-split-graph splits only functions of one block}}
func.func @two_blocks(%x: tensor<4xf32>) {
  cf.br ^bb1
^bb1:
  fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x) : (tensor<4xf32>) -> ()
  return
}

// -----

// A getitem whose index is computed after its producer's piece cannot join
// that piece (it would use the index before it exists), so the tuple would
// cross.
func.func @getitem_late_index(%x: tensor<4x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{only tensors and scalars may cross a split boundary: value 'fx.node' of type 'tuple<tensor<2x3xf32>, tensor<2x3xf32>>', defined by 'fx.node' in piece 1, is used in piece 2}}
  %split = fx.node "call_function" "torch.ops.vllm.unified_attention_with_output"(%x)
      : (tensor<4x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2x3xf32>>
  %i = fx.sym_size %x, dim = 1 : tensor<4x3xf32>
  // expected-note @+1 {{used here by 'fx.node'}}
  %getitem = fx.node "call_function" "operator.getitem"(%split, %i)
      : (tuple<tensor<2x3xf32>, tensor<2x3xf32>>, index) -> tensor<2x3xf32>
  return %getitem : tensor<2x3xf32>
}
