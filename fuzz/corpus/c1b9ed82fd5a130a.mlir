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
