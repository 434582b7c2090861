func.func @unranked(%u: tensor<*xf32>) {
  %0 = fx.size %u : tensor<*xf32> -> !fx.size<100000>
  return
}
