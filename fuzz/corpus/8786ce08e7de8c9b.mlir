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
