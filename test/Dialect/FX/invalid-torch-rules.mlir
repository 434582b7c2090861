// What torch rejects and the IR shows statically.
// RUN: fx-opt --verify-roundtrip %s --split-input-file --verify-diagnostics

// t[:] keeps every row: a 5-row tensor cannot be sliced to 3.
func.func @slice_all_rows(%t: tensor<5xi64>) -> tensor<3xi64> {
  %s = fx.slice none, none, none
  // expected-error @+1 {{'fx.slice_tensor' op result dim 0 is 3, but the slice [:] keeps all 5 rows of input 'tensor<5xi64>'}}
  %0 = fx.slice_tensor %t[%s] : tensor<5xi64> -> tensor<3xi64>
  return %0 : tensor<3xi64>
}

// -----

// What the types do not show is left to run time: a dynamic dim 0, a bound
// that is not none, a -1, an element known only at run time, and an element
// below -1 even when it is a constant, as folding makes one (torch.zeros(6)
// .view(-2, 3) and .view(-1, -1, -2) raise at run time, see
// integration_test/Runner/runtime-checks.mlir).
func.func @valid(%t: tensor<?xi64>, %u: tensor<5xi64>, %y: tensor<6xf32>,
                 %n: index) -> (tensor<3xi64>, tensor<3xi64>, tensor<?x3xf32>,
                                tensor<?x3xf32>) {
  %all = fx.slice none, none, none
  %0 = fx.slice_tensor %t[%all] : tensor<?xi64> -> tensor<3xi64>
  %c3 = arith.constant 3 : index
  %head = fx.slice none, %c3, none
  %1 = fx.slice_tensor %u[%head] : tensor<5xi64> -> tensor<3xi64>
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %c-1, %c3 : !fx.size<2>
  %2 = fx.view %y, %s : tensor<6xf32>, !fx.size<2> -> tensor<?x3xf32>
  %r = fx.make_size %n, %c3 : !fx.size<2>
  %3 = fx.view %y, %r : tensor<6xf32>, !fx.size<2> -> tensor<?x3xf32>
  %c-2 = arith.constant -2 : index
  %below = fx.make_size %c-2, %c3 : !fx.size<2>
  %4 = fx.view %y, %below : tensor<6xf32>, !fx.size<2> -> tensor<?x3xf32>
  %two = fx.make_size %c-1, %c-1, %c-2 : !fx.size<3>
  %5 = fx.view %y, %two : tensor<6xf32>, !fx.size<3> -> tensor<?x?x?xf32>
  return %0, %1, %2, %3 : tensor<3xi64>, tensor<3xi64>, tensor<?x3xf32>, tensor<?x3xf32>
}
