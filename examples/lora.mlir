// The LoRA graph that crashed under torch.compile, as fx-dialect IR.
//
//   def forward(x, token_lora_mapping, sampler_indices):  # x: [tokens, 8]
//       size_1 = x.size(0)
//       mapping = token_lora_mapping[:size_1]
//       indices = sampler_indices[:size_1]
//       return mapping, indices
//
// `x.size(0)` returns a scalar, and here it is the stop of two slices. The old
// decomposition pass treated it like `x.size()`, found no getitem users to
// rewire and erased it anyway: "Tried to erase Node size_1 but it still had 2
// users in the graph". fx-decompose-size leaves it alone.
//
//   fx-opt --fx-decompose-size examples/lora.mlir
//   fx-opt --test-fx-legacy-decompose-size examples/lora.mlir   # the crash

func.func @lora_forward(%x: tensor<?x8xf32>, %token_lora_mapping: tensor<?xi64>,
                        %sampler_indices: tensor<?xi64>)
    -> (tensor<?xi64>, tensor<?xi64>) {
  %size_1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("size_1")
  %slice = fx.slice none, %size_1, none
  %mapping = fx.slice_tensor %token_lora_mapping[%slice]
      : tensor<?xi64> -> tensor<?xi64>
  %slice_1 = fx.slice none, %size_1, none
  %indices = fx.slice_tensor %sampler_indices[%slice_1]
      : tensor<?xi64> -> tensor<?xi64>
  return %mapping, %indices : tensor<?xi64>, tensor<?xi64>
}

// What the pass does decompose: the dimless `x.size()`, a torch.Size.
//
//   def forward(x, y):  # x: [tokens, 8], y: [tokens * 8]
//       return y.view(x.size())
func.func @lora_view(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %view : tensor<?x8xf32>
}
