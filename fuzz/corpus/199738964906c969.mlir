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

func.func @lora_view(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> tensor<?x8xf32> {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2> loc("size")
  %view = fx.view %y, %size : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %view : tensor<?x8xf32>
}
