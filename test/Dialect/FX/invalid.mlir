// RUN: fx-opt --verify-roundtrip %s --split-input-file --verify-diagnostics
// RUN: %preload_asan mlir-opt %fx_plugins --verify-roundtrip %s --split-input-file --verify-diagnostics

func.func @size_dim_out_of_range(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.size' op dim 2 is out of range for 'tensor<?x8xf32>' (expected -2 <= dim < 2)}}
  %0 = fx.size %x, dim = 2 : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

func.func @size_negative_dim_out_of_range(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.size' op dim -3 is out of range for 'tensor<?x8xf32>' (expected -2 <= dim < 2)}}
  %0 = fx.size %x, dim = -3 : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

func.func @size_dim_of_rank0(%x: tensor<f32>) -> index {
  // expected-error @+1 {{'fx.size' op dim 0 is out of range for 'tensor<f32>', which has no dims}}
  %0 = fx.size %x, dim = 0 : tensor<f32> -> index
  return %0 : index
}

// -----

func.func @size_length_mismatch(%x: tensor<?x8xf32>) -> !fx.size<3> {
  // expected-error @+1 {{'fx.size' op result '!fx.size<3>' has 3 elements, but input 'tensor<?x8xf32>' has rank 2}}
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<3>
  return %0 : !fx.size<3>
}

// -----

func.func @size_with_dim_returns_size(%x: tensor<?x8xf32>) -> !fx.size<2> {
  // expected-error @+1 {{'fx.size' op with a dim returns 'index', not '!fx.size<2>'}}
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> !fx.size<2>
  return %0 : !fx.size<2>
}

// -----

func.func @size_dimless_returns_index(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.size' op without a dim returns a torch.Size ('!fx.size<rank>'), not 'index'}}
  %0 = fx.size %x : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

func.func @size_two_dims(%x: tensor<?x8xf32>, %d: index) -> index {
  // expected-error @+1 {{'fx.size' op has both a constant dim and a dim operand}}
  %0 = "fx.size"(%x, %d) <{dim = 0 : i64}> : (tensor<?x8xf32>, index) -> index
  return %0 : index
}

// -----

func.func @size_wrong_result_type(%x: tensor<?x8xf32>) -> i64 {
  // expected-error @+1 {{'fx.size' op result #0 must be a torch.Size of known length or index, but got 'i64'}}
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> i64
  return %0 : i64
}

// -----

func.func @size_of_non_tensor(%x: memref<?xf32>) -> index {
  // expected-error @+1 {{'fx.size' op operand #0 must be tensor of any type values, but got 'memref<?xf32>'}}
  %0 = "fx.size"(%x) <{dim = 0 : i64}> : (memref<?xf32>) -> index
  return %0 : index
}

// -----

func.func @size_of_non_tensor_custom(%x: memref<?xf32>) -> index {
  // expected-error @+1 {{custom op 'fx.size' operand 'input' must be a tensor, but got 'memref<?xf32>'}}
  %0 = fx.size %x, dim = 0 : memref<?xf32> -> index
  return %0 : index
}

// -----

func.func @sym_size_dim_out_of_range(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.sym_size' op dim 2 is out of range for 'tensor<?x8xf32>' (expected -2 <= dim < 2)}}
  %0 = fx.sym_size %x, dim = 2 : tensor<?x8xf32>
  return %0 : index
}

// -----

func.func @sym_size_int64_min(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.sym_size' op dim -9223372036854775808 is out of range for 'tensor<?x8xf32>' (expected -2 <= dim < 2)}}
  %0 = fx.sym_size %x, dim = -9223372036854775808 : tensor<?x8xf32>
  return %0 : index
}

// -----

func.func @make_size_count(%a: index) -> !fx.size<2> {
  // expected-error @+2 {{'fx.make_size' op inferred type(s) '!fx.size<1>' are incompatible with return type(s) of operation '!fx.size<2>'}}
  // expected-error @+1 {{'fx.make_size' op failed to infer returned types}}
  %0 = fx.make_size %a : !fx.size<2>
  return %0 : !fx.size<2>
}

// -----

func.func @make_size_element_type(%a: i64) -> !fx.size<1> {
  // expected-error @+1 {{'fx.make_size' op operand #0 must be variadic of index, but got 'i64'}}
  %0 = "fx.make_size"(%a) : (i64) -> !fx.size<1>
  return %0 : !fx.size<1>
}

// -----

// expected-error @+1 {{!fx.size length must be non-negative, got -1}}
func.func private @negative_length(!fx.size<-1>)

// -----

func.func @getitem_out_of_range(%s: !fx.size<2>) -> index {
  // expected-error @+1 {{'fx.getitem' op index 2 is out of range for '!fx.size<2>' (expected -2 <= index < 2)}}
  %0 = fx.getitem %s[2] : !fx.size<2>
  return %0 : index
}

// -----

func.func @getitem_negative_out_of_range(%s: !fx.size<2>) -> index {
  // expected-error @+1 {{'fx.getitem' op index -3 is out of range for '!fx.size<2>' (expected -2 <= index < 2)}}
  %0 = fx.getitem %s[-3] : !fx.size<2>
  return %0 : index
}

// -----

func.func @getitem_empty(%s: !fx.size<0>) -> index {
  // expected-error @+1 {{'fx.getitem' op index 0 is out of range for '!fx.size<0>', which has no elements}}
  %0 = fx.getitem %s[0] : !fx.size<0>
  return %0 : index
}

// -----

func.func @slice_bound_type(%a: i64) -> !fx.slice {
  // expected-error @+1 {{'fx.slice' op operand #0 must be index, but got 'i64'}}
  %0 = "fx.slice"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> !fx.slice
  return %0 : !fx.slice
}

// -----

func.func @slice_tensor_element_type(%t: tensor<?xi64>, %s: !fx.slice) -> tensor<?xf32> {
  // expected-error @+1 {{'fx.slice_tensor' op failed to verify that all of {input, result} have same element type}}
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @slice_tensor_rank0(%t: tensor<i64>, %s: !fx.slice) -> tensor<i64> {
  // expected-error @+1 {{'fx.slice_tensor' op cannot slice dim 0 of 0-d tensor 'tensor<i64>'}}
  %0 = fx.slice_tensor %t[%s] : tensor<i64> -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @slice_tensor_rank(%t: tensor<?x4xi64>, %s: !fx.slice) -> tensor<?xi64> {
  // expected-error @+1 {{'fx.slice_tensor' op result 'tensor<?xi64>' has rank 1, but input 'tensor<?x4xi64>' has rank 2}}
  %0 = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<?xi64>
  return %0 : tensor<?xi64>
}

// -----

func.func @slice_tensor_grows(%t: tensor<4xi64>, %s: !fx.slice) -> tensor<5xi64> {
  // expected-error @+1 {{'fx.slice_tensor' op result dim 0 is 5, but a slice of 'tensor<4xi64>' has at most 4 rows}}
  %0 = fx.slice_tensor %t[%s] : tensor<4xi64> -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

func.func @slice_tensor_trailing_dim(%t: tensor<?x4xi64>, %s: !fx.slice) -> tensor<?x3xi64> {
  // expected-error @+1 {{'fx.slice_tensor' op result dim 1 is 3, but input dim 1 is 4; only dim 0 is sliced}}
  %0 = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<?x3xi64>
  return %0 : tensor<?x3xi64>
}

// -----

func.func @view_rank(%x: tensor<?x8xf32>, %s: !fx.size<2>) -> tensor<?xf32> {
  // expected-error @+1 {{'fx.view' op result 'tensor<?xf32>' has rank 1, but size '!fx.size<2>' has 2 elements}}
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @view_element_type(%x: tensor<?x8xf32>, %s: !fx.size<2>) -> tensor<?x8xf16> {
  // expected-error @+1 {{'fx.view' op failed to verify that all of {input, result} have same element type}}
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf16>
  return %0 : tensor<?x8xf16>
}

// -----

func.func @view_numel(%x: tensor<4x8xf32>, %s: !fx.size<2>) -> tensor<3x8xf32> {
  // expected-error @+1 {{'fx.view' op cannot view 'tensor<4x8xf32>' (32 elements) as 'tensor<3x8xf32>' (24 elements)}}
  %0 = fx.view %x, %s : tensor<4x8xf32>, !fx.size<2> -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

func.func @view_size_type(%x: tensor<4x8xf32>, %s: index) -> tensor<4x8xf32> {
  // expected-error @+1 {{'fx.view' op operand #1 must be a torch.Size of known length, but got 'index'}}
  %0 = "fx.view"(%x, %s) : (tensor<4x8xf32>, index) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @node_kind(%x: tensor<?xf32>) {
  // expected-error @+1 {{custom op 'fx.node' expected one of [call_function, call_method, call_module, get_attr] for the opcode of a torch.fx node, got: placeholder}}
  fx.node "placeholder" "x"(%x) : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @node_kind_keyword(%x: tensor<?xf32>) {
  // expected-error @+1 {{custom op 'fx.node' expected one of [call_function, call_method, call_module, get_attr] for the opcode of a torch.fx node, got: output}}
  fx.node output "x"(%x) : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @node_kind_generic(%x: tensor<?xf32>) {
  // expected-error @+2 {{expected one of [call_function, call_method, call_module, get_attr] for the opcode of a torch.fx node, got: placeholder}}
  // expected-error @+1 {{failed to parse FX_NodeKindAttr parameter 'value' which is to be a `::mlir::fx::NodeKind`}}
  "fx.node"(%x) <{kind = #fx<node_kind placeholder>, target = "x"}> : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @node_target(%x: tensor<?xf32>) {
  // expected-error @+1 {{'fx.node' op has an empty target}}
  fx.node "call_function" ""(%x) : (tensor<?xf32>) -> ()
  return
}

// -----

// The attribute dictionary may not override what the custom syntax says.

func.func @size_dim_repeated(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{custom op 'fx.size' sets 'dim' in its custom syntax; the attribute dictionary may not repeat it}}
  %0 = fx.size %x, dim = 0 {dim = 1} : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

func.func @size_dim_added(%x: tensor<?x8xf32>) -> !fx.size<2> {
  // expected-error @+1 {{custom op 'fx.size' sets 'dim' in its custom syntax; the attribute dictionary may not repeat it}}
  %0 = fx.size %x {dim = 1} : tensor<?x8xf32> -> !fx.size<2>
  return %0 : !fx.size<2>
}

// -----

func.func @sym_size_dim_repeated(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{custom op 'fx.sym_size' sets 'dim' in its custom syntax; the attribute dictionary may not repeat it}}
  %0 = fx.sym_size %x, dim = 0 {dim = 1} : tensor<?x8xf32>
  return %0 : index
}

// -----

func.func @getitem_index_repeated(%s: !fx.size<2>) -> index {
  // expected-error @+1 {{custom op 'fx.getitem' sets 'index' in its custom syntax; the attribute dictionary may not repeat it}}
  %0 = fx.getitem %s[0] {index = 1} : !fx.size<2>
  return %0 : index
}

// -----

func.func @slice_segments_repeated(%c: index) -> !fx.slice {
  // expected-error @+1 {{custom op 'fx.slice' sets 'operandSegmentSizes' in its custom syntax; the attribute dictionary may not repeat it}}
  %0 = fx.slice none, %c, none {operandSegmentSizes = array<i32: 1, 0, 0>}
  return %0 : !fx.slice
}

// -----

func.func @node_kind_repeated(%x: tensor<?xf32>) {
  // expected-error @+1 {{custom op 'fx.node' sets 'kind' in its custom syntax; the attribute dictionary may not repeat it}}
  fx.node call_function "torch.relu"(%x) {kind = #fx<node_kind get_attr>} : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @node_target_repeated(%x: tensor<?xf32>) {
  // expected-error @+1 {{custom op 'fx.node' sets 'target' in its custom syntax; the attribute dictionary may not repeat it}}
  fx.node call_function "torch.relu"(%x) {target = "torch.sigmoid"} : (tensor<?xf32>) -> ()
  return
}

// -----

// A wrong operand or result type names what it must be.

func.func @sym_size_of_memref(%x: memref<?xf32>) -> index {
  // expected-error @+1 {{custom op 'fx.sym_size' operand 'input' must be a tensor, but got 'memref<?xf32>'}}
  %0 = fx.sym_size %x, dim = 0 : memref<?xf32>
  return %0 : index
}

// -----

func.func @getitem_of_index(%s: index) -> index {
  // expected-error @+1 {{custom op 'fx.getitem' operand 'size' must be a torch.Size ('!fx.size<N>'), but got 'index'}}
  %0 = fx.getitem %s[0] : index
  return %0 : index
}

// -----

func.func @make_size_of_index(%a: index) -> index {
  // expected-error @+1 {{custom op 'fx.make_size' result must be a torch.Size ('!fx.size<N>'), but got 'index'}}
  %0 = fx.make_size %a : index
  return %0 : index
}

// -----

func.func @slice_tensor_of_memref(%t: memref<?xi64>, %s: !fx.slice) {
  // expected-error @+1 {{custom op 'fx.slice_tensor' operand 'input' must be a tensor, but got 'memref<?xi64>'}}
  %0 = fx.slice_tensor %t[%s] : memref<?xi64> -> tensor<?xi64>
  return
}

// -----

func.func @slice_tensor_to_memref(%t: tensor<?xi64>, %s: !fx.slice) {
  // expected-error @+1 {{custom op 'fx.slice_tensor' result must be a tensor, but got 'memref<?xi64>'}}
  %0 = fx.slice_tensor %t[%s] : tensor<?xi64> -> memref<?xi64>
  return
}

// -----

func.func @view_size_of_index(%x: tensor<4xf32>, %s: index) {
  // expected-error @+1 {{custom op 'fx.view' operand 'size' must be a torch.Size ('!fx.size<N>'), but got 'index'}}
  %0 = fx.view %x, %s : tensor<4xf32>, index -> tensor<4xf32>
  return
}
