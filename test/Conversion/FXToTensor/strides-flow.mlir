// A ranked tensor carries its strides beside it, as index values, wherever
// it flows: out of scf.if and scf.for, along cf branches, into and out of
// calls (recursive or indirect ones too). A view compares the strides it is
// given, at run time; nothing is refused.
// RUN: fx-opt %s --convert-fx-to-tensor --canonicalize --cse | FileCheck %s

// torch: (x[::st] if c else x).view(-1): scf.if yields the slice's stride
// of dim 0 (that of dim 1 is 1 either way, a constant), and the view reads
// it.
// CHECK-LABEL: func.func @if_stepped
// CHECK-SAME: (%[[T:.*]]: tensor<?x3xf32>, %[[T0:.*]]: index, %[[T1:.*]]: index, %[[ST:.*]]: index, %{{.*}}: i1) -> (tensor<?xf32>, index)
// CHECK: %[[IF:.*]]:2 = scf.if %{{.*}} -> (tensor<?x3xf32>, index)
// CHECK: %[[STEP:.*]] = arith.select %{{.*}}, %[[ST]], %{{.*}} : index
// CHECK: %[[S0:.*]] = arith.muli %[[T0]], %[[STEP]] : index
// CHECK: scf.yield %{{.*}}, %[[S0]] : tensor<?x3xf32>, index
// CHECK: scf.yield %[[T]], %[[T0]] : tensor<?x3xf32>, index
// CHECK: call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[IF]]#1, %[[T1]], %{{.*}}, %{{.*}})
func.func @if_stepped(%t: tensor<?x3xf32>, %st: index, %c: i1) -> tensor<?xf32> {
  %i = scf.if %c -> tensor<?x3xf32> {
    %sl = fx.slice none, none, %st
    %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
    scf.yield %r : tensor<?x3xf32>
  } else {
    scf.yield %t : tensor<?x3xf32>
  }
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %i, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// A block argument: the branch passes the strides along (canonicalize
// folds the block into the entry one).
// CHECK-LABEL: func.func @block_stepped
// CHECK-SAME: (%[[T:.*]]: tensor<?x3xf32>, %[[T0:.*]]: index, %[[T1:.*]]: index, %[[ST:.*]]: index)
// CHECK: %[[S0:.*]] = arith.muli %[[T0]], %{{.*}} : index
// CHECK: call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[S0]], %[[T1]], %{{.*}}, %{{.*}})
func.func @block_stepped(%t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  cf.br ^bb1(%r : tensor<?x3xf32>)
^bb1(%b: tensor<?x3xf32>):
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %b, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// torch: for _ in range(n): x.view(-1); x = x[::st]: the loop carries the
// stride of dim 0, and returns it.
// CHECK-LABEL: func.func @for_stepped
// CHECK-SAME: (%[[T:.*]]: tensor<?x3xf32>, %[[T0:.*]]: index, %[[T1:.*]]: index, %{{.*}}: index, %{{.*}}: index) -> (tensor<?x3xf32>, index, index)
// CHECK: %[[FOR:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[T]], %[[A0:.*]] = %[[T0]]) -> (tensor<?x3xf32>, index)
// CHECK: func.call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[A0]], %[[T1]], %{{.*}}, %{{.*}})
// CHECK: %[[S0:.*]] = arith.muli %[[A0]], %{{.*}} : index
// CHECK: scf.yield %{{.*}}, %[[S0]] : tensor<?x3xf32>, index
// CHECK: return %[[FOR]]#0, %[[FOR]]#1, %[[T1]]
func.func @for_stepped(%t: tensor<?x3xf32>, %st: index, %n: index) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<?x3xf32> {
      %v = fx.view %a, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
    %sl = fx.slice none, none, %st
    %r = fx.slice_tensor %a[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
    scf.yield %r : tensor<?x3xf32>
  }
  return %f : tensor<?x3xf32>
}

// halve(x, n) = x if n == 0 else halve(x[::2], n - 1): recursive; the
// strides go into each call and come back out of it.
// CHECK-LABEL: func.func @halve
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>, %[[X0:.*]]: index, %[[X1:.*]]: index, %{{.*}}: index) -> (tensor<?x3xf32>, index, index)
// CHECK: %[[H0:.*]] = arith.muli %[[X0]], %c2 : index
// CHECK: func.call @halve(%{{.*}}, %[[H0]], %[[X1]], %{{.*}}) : (tensor<?x3xf32>, index, index, index) -> (tensor<?x3xf32>, index, index)
// CHECK-LABEL: func.func @call_recursive
// CHECK: %[[R:.*]]:3 = call @halve
// CHECK: call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[R]]#1, %[[R]]#2, %{{.*}}, %{{.*}})
func.func @halve(%x: tensor<?x3xf32>, %n: index) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> tensor<?x3xf32> {
    scf.yield %x : tensor<?x3xf32>
  } else {
    %sl = fx.slice none, none, %c2
    %h = fx.slice_tensor %x[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
    %m = arith.subi %n, %c1 : index
    %y = func.call @halve(%h, %m) : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
    scf.yield %y : tensor<?x3xf32>
  }
  return %r : tensor<?x3xf32>
}
func.func @call_recursive(%t: tensor<?x3xf32>, %n: index) -> tensor<?xf32> {
  %r = call @halve(%t, %n) : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// An indirect call of a function value that the caller passes: the value's
// type carries the strides, and so does the call.
// CHECK-LABEL: func.func @address
// CHECK: constant @every : (tensor<?x3xf32>, index, index, index) -> (tensor<?x3xf32>, index, index)
// CHECK-LABEL: func.func @call_unknown
// CHECK-SAME: (%[[G:.*]]: (tensor<?x3xf32>, index, index, index) -> (tensor<?x3xf32>, index, index)
// CHECK: %[[R:.*]]:3 = call_indirect %[[G]](
// CHECK: call @__fx_view_strides_2_1(%{{.*}}, %c3, %[[R]]#1, %[[R]]#2, %{{.*}}, %{{.*}})
func.func @every(%x: tensor<?x3xf32>, %st: index) -> tensor<?x3xf32> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %x[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}
func.func @address() -> ((tensor<?x3xf32>, index) -> tensor<?x3xf32>) {
  %f = func.constant @every : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
  return %f : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
}
func.func @call_unknown(%g: (tensor<?x3xf32>, index) -> tensor<?x3xf32>,
                        %t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %r = func.call_indirect %g(%t, %st) : (tensor<?x3xf32>, index) -> tensor<?x3xf32>
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// Two casts of the input, the second of a slice of the first, each passing
// its tensor's strides on: the driver may build the second one's
// replacement where the first one was, which is still a cast to convert
// only if it is the input's.
// CHECK-LABEL: func.func @cast_of_slice_of_cast
// CHECK-SAME: -> (tensor<?xi64>, index)
// CHECK: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[SLICE:.*]] = tensor.extract_slice %{{.*}}[1] [4] [1]
// CHECK: %[[AGAIN:.*]] = tensor.cast %[[SLICE]] : tensor<4xi64> to tensor<?xi64>
// CHECK: call @takes_any(%[[AGAIN]], %[[ONE]])
// CHECK-NOT: unrealized_conversion_cast
func.func private @takes_any(%t: tensor<?xi64>) -> tensor<?xi64>
func.func @cast_of_slice_of_cast() -> tensor<?xi64> {
  %c = arith.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi64>
  %t = tensor.cast %c : tensor<6xi64> to tensor<?xi64>
  %s = tensor.extract_slice %t[1] [4] [1] : tensor<?xi64> to tensor<4xi64>
  %sd = tensor.cast %s : tensor<4xi64> to tensor<?xi64>
  %r = func.call @takes_any(%sd) : (tensor<?xi64>) -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// Every view above is of rank 2 to rank 1: one helper.
// CHECK-LABEL: func.func private @__fx_view_strides_2_1
// CHECK: cf.assert %{{.*}}, "view size is not compatible
// CHECK-NOT: func.func
