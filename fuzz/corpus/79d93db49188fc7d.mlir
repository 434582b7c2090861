func.func @size_forms(%x: tensor<?x8xf32>, %d: index)
    -> (!fx.size<2>, index, index, index) {
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %m = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %k = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  return %s, %n, %m, %k : !fx.size<2>, index, index, index
}

func.func @unranked(%x: tensor<*xf32>) -> (!fx.size<3>, index, index) {
  %s = fx.size %x : tensor<*xf32> -> !fx.size<3>
  %n = fx.size %x, dim = 5 : tensor<*xf32> -> index
  %m = fx.sym_size %x, dim = -7 : tensor<*xf32>
  return %s, %n, %m : !fx.size<3>, index, index
}

func.func @rank0(%x: tensor<f32>) -> !fx.size<0> {
  %s = fx.size %x : tensor<f32> -> !fx.size<0>
  return %s : !fx.size<0>
}

func.func @sym_size(%x: tensor<?x8xf32>) -> (index, index) {
  %a = fx.sym_size %x, dim = 0 : tensor<?x8xf32>
  %b = fx.sym_size %x, dim = -2 : tensor<?x8xf32>
  return %a, %b : index, index
}

func.func @make_size_getitem(%a: index, %b: index)
    -> (index, index, !fx.size<0>) {
  %s = fx.make_size %a, %b : !fx.size<2>
  %0 = fx.getitem %s[0] : !fx.size<2>
  %1 = fx.getitem %s[-1] : !fx.size<2>
  %e = fx.make_size : !fx.size<0>
  return %0, %1, %e : index, index, !fx.size<0>
}

func.func @slices(%t: tensor<?x4xi64>, %a: index, %b: index, %c: index)
    -> (tensor<?x4xi64>, tensor<2x4xi64>) {
  %s0 = fx.slice none, %b, none
  %s1 = fx.slice %a, %b, %c
  %s2 = fx.slice none, none, none
  %s3 = fx.slice %a, none, none
  %r0 = fx.slice_tensor %t[%s0] : tensor<?x4xi64> -> tensor<?x4xi64>
  %r1 = fx.slice_tensor %t[%s1] : tensor<?x4xi64> -> tensor<2x4xi64>
  return %r0, %r1 : tensor<?x4xi64>, tensor<2x4xi64>
}

func.func @view(%x: tensor<?x8xf32>, %y: tensor<4x8xf32>, %s: !fx.size<2>,
                %t: !fx.size<3>) -> (tensor<?x8xf32>, tensor<2x2x8xf32>) {
  %0 = fx.view %x, %s : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %1 = fx.view %y, %t : tensor<4x8xf32>, !fx.size<3> -> tensor<2x2x8xf32>
  return %0, %1 : tensor<?x8xf32>, tensor<2x2x8xf32>
}

func.func @node(%x: tensor<?x8xf32>, %n: index) -> (tensor<?x8xf32>, index) {
  %y = fx.node call_function "torch.relu"(%x) {args = "(%0,)"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %m = fx.node call_method "mul"(%n) : (index) -> index
  %z = fx.node call_module "fc1"(%y) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  fx.node get_attr "weight"() : () -> ()
  return %y, %m : tensor<?x8xf32>, index
}

func.func @node_quoted_kind(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %y = fx.node "call_function" "torch.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  fx.node "get_attr" "weight"() : () -> ()
  return %y : tensor<?x8xf32>
}

func.func @node_generic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %y = "fx.node"(%x) <{kind = #fx<node_kind call_method>, target = "relu"}> : (tensor<?x8xf32>) -> tensor<?x8xf32>
  return %y : tensor<?x8xf32>
}

func.func @result_names(%x: tensor<?x8xf32>, %t: tensor<16xi64>)
    -> (index, index, index, tensor<?xi64>, tensor<?x8xf32>, tensor<?x8xf32>) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %2 = fx.sym_size %x, dim = 1 : tensor<?x8xf32>
  %3 = fx.getitem %0[0] : !fx.size<2>
  %4 = fx.make_size %1, %2 : !fx.size<2>
  %5 = fx.slice none, %1, none
  %6 = fx.slice_tensor %t[%5] : tensor<16xi64> -> tensor<?xi64>
  %7 = fx.view %x, %4 : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
  %8 = fx.node call_function "torch.nn.functional.relu"(%7) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %9:2 = fx.node call_module "fc1"(%8) : (tensor<?x8xf32>) -> (tensor<?x8xf32>, index)
  return %3, %9#1, %2, %6, %9#0, %8 : index, index, index, tensor<?xi64>, tensor<?x8xf32>, tensor<?x8xf32>
}
