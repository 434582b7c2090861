// Run-time checks: emitted when the types cannot prove them, erased by
// canonicalize once folding proves them. With message-values they are
// fx.assert, whose messages carry the values torch prints (canonicalize
// writes the constant ones into the text); without, cf.assert with the
// message's static text, `?` for what only run time knows.
// RUN: fx-opt %s --convert-fx-to-tensor=message-values | FileCheck %s --check-prefix=LOWERED
// RUN: fx-opt %s --convert-fx-to-tensor=message-values --canonicalize | FileCheck %s --check-prefix=CANON
// RUN: fx-opt %s --convert-fx-to-tensor | FileCheck %s --check-prefix=STATIC

// x.size(1 + 1): the dim is a constant only once the addition folds.
// LOWERED-LABEL: func.func @folded_dim
// LOWERED: %[[D:.*]] = arith.addi
// LOWERED: fx.assert %{{.*}}, "Dimension out of range (expected to be in range of [-3, 2], but got {})" (%[[D]] : index)
// CANON-LABEL: func.func @folded_dim
// CANON-NOT: fx.assert
// STATIC-LABEL: func.func @folded_dim
// STATIC: cf.assert %{{.*}}, "Dimension out of range (expected to be in range of [-3, 2], but got ?)"
// CANON: %[[C4:.*]] = arith.constant 4 : index
// CANON-NEXT: return %[[C4]]
func.func @folded_dim(%x: tensor<?x3x4xf32>) -> index {
  %c1 = arith.constant 1 : index
  %d = arith.addi %c1, %c1 : index
  %n = fx.size %x, dim = %d : tensor<?x3x4xf32> -> index
  return %n : index
}

// y.view(0 - 1, 2): once 0 - 1 folds, the -1 check is proven and only the
// element count is left to run time, with the -1 in its text. (Element 1, a
// constant 2, needs none.)
// LOWERED-LABEL: func.func @folded_minus_one
// LOWERED-NOT: "only one dimension can be inferred"
// LOWERED: %[[M:.*]] = arith.subi
// LOWERED: fx.assert %{{.*}}, "invalid shape dimension {} at index 0 of shape [{}, 2]" (%[[M]], %[[M]] : index, index)
// LOWERED: fx.assert %{{.*}}, "shape '[{}, 2]' is invalid for input of size {}" (%[[M]], %{{.*}} : index, index)
// CANON-LABEL: func.func @folded_minus_one
// CANON-NOT: "only one dimension can be inferred"
// CANON-NOT: "invalid shape dimension
// CANON: %[[N:.*]] = tensor.dim
// CANON: fx.assert %{{.*}}, "shape '[-1, 2]' is invalid for input of size {}" (%[[N]] : index)
// CANON-NOT: fx.assert
// CANON: call @__fx_view_strides_1_2(
// CANON-NOT: fx.assert
// CANON: tensor.reshape
// STATIC-LABEL: func.func @folded_minus_one
// STATIC: cf.assert %{{.*}}, "invalid shape dimension ? at index 0 of shape [?, 2]"
// STATIC: cf.assert %{{.*}}, "shape '[?, 2]' is invalid for input of size ?"
func.func @folded_minus_one(%y: tensor<?xf32>) -> tensor<?x2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = arith.subi %c0, %c1 : index
  %s = fx.make_size %m, %c2 : !fx.size<2>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<2> -> tensor<?x2xf32>
  return %v : tensor<?x2xf32>
}

// A view whose size and input are static, of an input made in the function
// (contiguous), is proven once canonicalize folds its contiguous strides:
// no check.
// CANON-LABEL: func.func @static_view
// CANON-NOT: fx.assert
// CANON: return
func.func @static_view() -> tensor<3x2xf32> {
  %y = arith.constant dense<0.0> : tensor<6xf32>
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %s = fx.make_size %c3, %c2 : !fx.size<2>
  %v = fx.view %y, %s : tensor<6xf32>, !fx.size<2> -> tensor<3x2xf32>
  return %v : tensor<3x2xf32>
}

// x.reshape(x.size(0), -1): x.size(0) is a dim, neither -1 nor below, so
// only the element count and the ambiguous 0-element case are checked.
// LOWERED-LABEL: func.func @literal_minus_one
// LOWERED-NOT: "only one dimension
// LOWERED-NOT: "invalid shape dimension
// LOWERED: %[[N:.*]] = tensor.dim
// LOWERED: fx.assert %{{.*}}, "shape '[{}, -1]' is invalid for input of size {}" (%[[N]], %{{.*}} : index, index)
// LOWERED: fx.assert %{{.*}}, "cannot reshape tensor of 0 elements into shape [{}, -1] because the unspecified dimension size -1 can be any value and is ambiguous" (%[[N]] : index)
// LOWERED: %[[Q:.*]] = arith.divsi
// LOWERED: %[[E:.*]] = arith.maxsi %[[Q]], %c0{{(_[0-9]+)?}} : index
// LOWERED: tensor.from_elements %{{.*}}, %[[E]] : tensor<2xindex>
func.func @literal_minus_one(%x: tensor<?x3x4xf32>) -> tensor<?x?xf32> {
  %n = fx.size %x, dim = 0 : tensor<?x3x4xf32> -> index
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %n, %c-1 : !fx.size<2>
  %v = fx.view %x, %s : tensor<?x3x4xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// The same on a static tensor, x.reshape(2, -1): nothing left to check.
// LOWERED-LABEL: func.func @static_minus_one
// LOWERED-NOT: fx.assert
// LOWERED: %[[C12:.*]] = arith.constant 12 : index
// LOWERED: tensor.from_elements %{{.*}}, %[[C12]] : tensor<2xindex>
func.func @static_minus_one(%x: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %n = fx.size %x, dim = 0 : tensor<2x3x4xf32> -> index
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %n, %c-1 : !fx.size<2>
  %v = fx.view %x, %s : tensor<2x3x4xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// A run-time element may be -1, so the constant -1 after it may be a second.
// LOWERED-LABEL: func.func @runtime_then_minus_one
// LOWERED-SAME: %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[N:[^:]*]]: index)
// LOWERED: fx.assert %{{.*}}, "invalid shape dimension {} at index 0 of shape [{}, -1]" (%[[N]], %[[N]] : index, index)
// LOWERED: fx.assert %{{.*}}, "only one dimension can be inferred"{{$}}
// LOWERED: fx.assert %{{.*}}, "shape '[{}, -1]' is invalid for input of size 24" (%[[N]] : index)
func.func @runtime_then_minus_one(%x: tensor<2x3x4xf32>, %n: index) -> tensor<?x?xf32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %n, %c-1 : !fx.size<2>
  %v = fx.view %x, %s : tensor<2x3x4xf32>, !fx.size<2> -> tensor<?x?xf32>
  return %v : tensor<?x?xf32>
}

// y.view(y.size(0), 2, e): torch names the element's index and prints the
// whole shape, the dim read from y included (which needs no check of its
// own).
// LOWERED-LABEL: func.func @invalid_element_in_shape
// LOWERED-SAME: %[[E:[^:]*]]: index)
// LOWERED: %[[N:.*]] = tensor.dim
// LOWERED-NOT: fx.assert
// LOWERED: fx.assert %{{.*}}, "invalid shape dimension {} at index 2 of shape [{}, 2, {}]" (%[[E]], %[[N]], %[[E]] : index, index, index)
// LOWERED: fx.assert %{{.*}}, "shape '[{}, 2, {}]' is invalid for input of size {}" (%[[N]], %[[E]], %{{.*}} : index, index, index)
// STATIC-LABEL: func.func @invalid_element_in_shape
// STATIC: cf.assert %{{.*}}, "invalid shape dimension ? at index 2 of shape [?, 2, ?]"
func.func @invalid_element_in_shape(%y: tensor<?xf32>, %e: index) -> tensor<?x2x?xf32> {
  %n = fx.size %y, dim = 0 : tensor<?xf32> -> index
  %c2 = arith.constant 2 : index
  %s = fx.make_size %n, %c2, %e : !fx.size<3>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<3> -> tensor<?x2x?xf32>
  return %v : tensor<?x2x?xf32>
}

// x.view(-1, -1).view(5) and x.view(-1).view(()) of a static x with 0
// elements: the second view's element count check folds to false, and its
// reshape is never reached. canonicalize folds a reshape of a reshape into a
// reshape of the first one's source, tensor<0xf32>, which tensor.reshape
// rejects with a static result of 5 or 1 elements: the source is cast to an
// unranked tensor first, which has no static count.
// CANON-LABEL: func.func @static_after_failing_view
// CANON: %[[R:.*]] = tensor.reshape %{{.*}} : (tensor<0xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CANON: %[[U:.*]] = tensor.cast %[[R]] : tensor<?x?xf32> to tensor<*xf32>
// CANON: tensor.reshape %[[U]](%{{.*}}) : (tensor<*xf32>, tensor<1xindex>) -> tensor<5xf32>
// CANON-LABEL: func.func @scalar_after_failing_view
// CANON: %[[R:.*]] = tensor.reshape %{{.*}} : (tensor<0xf32>, tensor<1xindex>) -> tensor<?xf32>
// CANON: %[[U:.*]] = tensor.cast %[[R]] : tensor<?xf32> to tensor<*xf32>
// CANON: tensor.reshape %[[U]](%{{.*}}) : (tensor<*xf32>, tensor<0xindex>) -> tensor<f32>
func.func @static_after_failing_view(%x: tensor<0xf32>) -> tensor<5xf32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %c-1, %c-1 : !fx.size<2>
  %v = fx.view %x, %s : tensor<0xf32>, !fx.size<2> -> tensor<?x?xf32>
  %c5 = arith.constant 5 : index
  %five = fx.make_size %c5 : !fx.size<1>
  %w = fx.view %v, %five : tensor<?x?xf32>, !fx.size<1> -> tensor<5xf32>
  return %w : tensor<5xf32>
}
func.func @scalar_after_failing_view(%x: tensor<0xf32>) -> tensor<f32> {
  %c-1 = arith.constant -1 : index
  %s = fx.make_size %c-1 : !fx.size<1>
  %v = fx.view %x, %s : tensor<0xf32>, !fx.size<1> -> tensor<?xf32>
  %none = fx.make_size : !fx.size<0>
  %w = fx.view %v, %none : tensor<?xf32>, !fx.size<0> -> tensor<f32>
  return %w : tensor<f32>
}

// Static result dims are checked against what the size computes.
// LOWERED-LABEL: func.func @static_result
// LOWERED-SAME: %[[N:[^:]*]]: index)
// LOWERED: fx.assert %{{.*}}, "view: dim 0 of shape '[{}, 2]' is {}, not 3, as the result type tensor<3x2xf32> says" (%[[N]], %{{.*}} : index, index)
// LOWERED-LABEL: func.func @static_slice_rows
// LOWERED: fx.assert %{{.*}}, "dim 0 of the slice is {}, not 3, as the result type tensor<3xi64> says" (%{{.*}} : index)
// LOWERED-LABEL: func.func @static_trailing
// LOWERED: %[[D1:.*]] = tensor.dim %{{.*}}, %c1
// LOWERED: fx.assert %{{.*}}, "dim 1 of the slice is {}, not 4, as the result type tensor<?x4xi64> says" (%[[D1]] : index)
// STATIC-LABEL: func.func @static_result
// STATIC: cf.assert %{{.*}}, "view: dim 0 of shape '[?, 2]' is ?, not 3, as the result type tensor<3x2xf32> says"
// STATIC-LABEL: func.func @static_slice_rows
// STATIC: cf.assert %{{.*}}, "dim 0 of the slice is ?, not 3, as the result type tensor<3xi64> says"
func.func @static_result(%y: tensor<?xf32>, %n: index) -> tensor<3x2xf32> {
  %c2 = arith.constant 2 : index
  %s = fx.make_size %n, %c2 : !fx.size<2>
  %v = fx.view %y, %s : tensor<?xf32>, !fx.size<2> -> tensor<3x2xf32>
  return %v : tensor<3x2xf32>
}
func.func @static_slice_rows(%t: tensor<?xi64>, %stop: index) -> tensor<3xi64> {
  %s = fx.slice none, %stop, none
  %r = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<3xi64>
  return %r : tensor<3xi64>
}
func.func @static_trailing(%t: tensor<?x?xi64>) -> tensor<?x4xi64> {
  %s = fx.slice none, none, none
  %r = fx.slice_tensor %t[%s] : tensor<?x?xi64> -> tensor<?x4xi64>
  return %r : tensor<?x4xi64>
}

// An unranked result claims no dims: nothing to check, a cast to it.
// LOWERED-LABEL: func.func @unranked_result
// LOWERED-NOT: fx.assert
// LOWERED: %[[S:.*]] = tensor.extract_slice
// LOWERED: tensor.cast %[[S]] : tensor<?x4xi64> to tensor<*xi64>
func.func @unranked_result(%t: tensor<?x4xi64>) -> tensor<*xi64> {
  %s = fx.slice none, none, none
  %r = fx.slice_tensor %t[%s] : tensor<?x4xi64> -> tensor<*xi64>
  return %r : tensor<*xi64>
}

// x.size(d) of a 0-d tensor: torch raises for every d, and tensor.dim takes
// no 0-d operand. The assert always fails; no tensor.dim is built.
// LOWERED-LABEL: func.func @size_of_0d
// LOWERED-SAME: %[[D:[^:]*]]: index)
// LOWERED-NOT: tensor.dim
// LOWERED: %[[NO:.*]] = arith.constant false
// LOWERED: fx.assert %[[NO]], "Dimension specified as {} but tensor has no dimensions" (%[[D]] : index)
// LOWERED-NOT: tensor.dim
// LOWERED: return
// CANON-LABEL: func.func @size_of_0d
// CANON: fx.assert %{{.*}}, "Dimension specified as {} but tensor has no dimensions" (%{{.*}} : index)
// STATIC-LABEL: func.func @size_of_0d
// STATIC: cf.assert %{{.*}}, "Dimension specified as ? but tensor has no dimensions"
func.func @size_of_0d(%x: tensor<f32>, %d: index) -> index {
  %n = fx.size %x, dim = %d : tensor<f32> -> index
  return %n : index
}

// Slices whose rows cannot match the static result dim 0: x[::3] of 2 rows
// is 1 row, typed 0; x[4:] of 4 rows is 0 rows, typed 4. The check folds to
// false and stays; the slice is built with the claimed rows from 0 by 1, in
// bounds, and needs no tensor.cast (one from 1 row to 0 would not verify).
// LOWERED-LABEL: func.func @rows_cannot_match
// LOWERED: fx.assert %{{.*}}, "dim 0 of the slice is 1, not 0, as the result type tensor<0x?x2xf32> says"{{$}}
// LOWERED: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 0, 0] [0, %{{.*}}, 2] [1, 1, 1] : tensor<2x?x2xf32> to tensor<0x?x2xf32>
// LOWERED-NOT: tensor.cast
// LOWERED: return %[[S]]
// CANON-LABEL: func.func @rows_cannot_match
// CANON: %[[NO:.*]] = arith.constant false
// CANON: fx.assert %[[NO]], "dim 0 of the slice is 1, not 0, as the result type tensor<0x?x2xf32> says"
// CANON: tensor.extract_slice %{{.*}}[0, 0, 0] [0, %{{.*}}, 2] [1, 1, 1] : tensor<2x?x2xf32> to tensor<0x?x2xf32>
func.func @rows_cannot_match(%x: tensor<2x?x2xf32>) -> tensor<0x?x2xf32> {
  %c3 = arith.constant 3 : index
  %s = fx.slice none, none, %c3
  %r = fx.slice_tensor %x[%s] : tensor<2x?x2xf32> -> tensor<0x?x2xf32>
  return %r : tensor<0x?x2xf32>
}
// LOWERED-LABEL: func.func @past_the_end
// LOWERED: fx.assert %{{.*}}, "dim 0 of the slice is 0, not 4, as the result type tensor<4xf32> says"
// LOWERED: %[[S:.*]] = tensor.extract_slice %{{.*}}[0] [4] [1] : tensor<4xf32> to tensor<4xf32>
// LOWERED-NOT: tensor.cast
// LOWERED: return %[[S]]
// CANON-LABEL: func.func @past_the_end
// CANON: %[[NO:.*]] = arith.constant false
// CANON: fx.assert %[[NO]], "dim 0 of the slice is 0, not 4, as the result type tensor<4xf32> says"
func.func @past_the_end(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %s = fx.slice %c4, none, none
  %r = fx.slice_tensor %x[%s] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// x[:b:3] of 4 rows typed 4 rows: the rows are known at run time only, and
// 4 rows by 3 would run out of bounds. A cast from the computed rows to 4,
// folded by canonicalize into the slice, made exactly that slice; with the
// claimed rows taken by the step only where the check passes, by 1 where it
// fails, every folding stays in bounds.
// LOWERED-LABEL: func.func @claimed_rows_by_step
// LOWERED: %[[OK:.*]] = arith.cmpi eq
// LOWERED: fx.assert %[[OK]], "dim 0 of the slice is {}, not 4, as the result type tensor<4x4xf32> says"
// LOWERED: %[[S:.*]] = tensor.extract_slice %{{.*}}[{{.*}}, 0] [4, 4] [%{{.*}}, 1] : tensor<4x4xf32> to tensor<4x4xf32>
// LOWERED-NOT: tensor.cast
// LOWERED: return %[[S]]
// CANON-LABEL: func.func @claimed_rows_by_step
// CANON-DAG: %[[C1:.*]] = arith.constant 1 : index
// CANON-DAG: %[[C3:.*]] = arith.constant 3 : index
// CANON: %[[OK:.*]] = arith.cmpi eq
// CANON: fx.assert %[[OK]], "dim 0 of the slice is {}, not 4, as the result type tensor<4x4xf32> says"
// CANON: %[[STRIDE:.*]] = arith.select %[[OK]], %[[C3]], %[[C1]] : index
// CANON: tensor.extract_slice %{{.*}}[0, 0] [4, 4] [%[[STRIDE]], 1] : tensor<4x4xf32> to tensor<4x4xf32>
func.func @claimed_rows_by_step(%x: tensor<4x4xf32>, %b: index) -> tensor<4x4xf32> {
  %c3 = arith.constant 3 : index
  %s = fx.slice none, %b, %c3
  %r = fx.slice_tensor %x[%s] : tensor<4x4xf32> -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// x[::-2] and x[::INT64_MIN]: torch raises before slicing, and so does the
// assert. The slice after it is built with step 1, not the constant: -2 rows
// (a negative static size) or a stride of INT64_MIN (the dynamic-stride
// sentinel) would make the lowered IR invalid. (Found by fx-fuzz-structured.)
// LOWERED-LABEL: func.func @constant_negative_steps
// LOWERED: fx.assert %{{.*}}, "step must be greater than zero"
// LOWERED: tensor.extract_slice %{{.*}}[0] [5] [1] : tensor<5xi64> to tensor<5xi64>
// LOWERED: fx.assert %{{.*}}, "step must be greater than zero"
// LOWERED: tensor.extract_slice %{{.*}}[%{{.*}}] [%{{.*}}] [1] : tensor<?xi64> to tensor<?xi64>
// CANON-LABEL: func.func @constant_negative_steps
// CANON: %[[FALSE:.*]] = arith.constant false
// CANON: fx.assert %[[FALSE]], "step must be greater than zero"
// CANON-NOT: -9223372036854775808
// CANON: return
func.func @constant_negative_steps(%x: tensor<5xi64>, %y: tensor<?xi64>) -> (tensor<?xi64>, tensor<?xi64>) {
  %c-2 = arith.constant -2 : index
  %s = fx.slice none, none, %c-2
  %0 = fx.slice_tensor %x[%s] : tensor<5xi64> -> tensor<?xi64>
  %min = arith.constant -9223372036854775808 : index
  %t = fx.slice none, none, %min
  %1 = fx.slice_tensor %y[%t] : tensor<?xi64> -> tensor<?xi64>
  return %0, %1 : tensor<?xi64>, tensor<?xi64>
}

// x.size() of an unranked x as !fx.size<3>: one check of the rank, with the
// rank in the message; past it every dim below 3 is in range, unchecked.
// LOWERED-LABEL: func.func @unranked_size
// LOWERED: %[[RANK:.*]] = tensor.rank
// LOWERED: fx.assert %{{.*}}, "x.size() of a tensor whose rank is {}, not 3, the length of '!fx.size<3>'" (%[[RANK]] : index)
// LOWERED-NOT: fx.assert
// LOWERED: %[[LAST:.*]] = tensor.dim %{{.*}}, %c2
// LOWERED: return %[[LAST]]
// STATIC-LABEL: func.func @unranked_size
// STATIC: cf.assert %{{.*}}, "x.size() of a tensor whose rank is ?, not 3, the length of '!fx.size<3>'"
// STATIC-NOT: cf.assert
// STATIC: return
func.func @unranked_size(%u: tensor<*xf32>) -> index {
  %s = fx.size %u : tensor<*xf32> -> !fx.size<3>
  %e = fx.getitem %s[-1] : !fx.size<3>
  return %e : index
}

// The view-stride helpers follow the functions, with the view's checks as
// fx.assert of static messages, which have no value to print.
// CANON-LABEL: func.func private @__fx_view_strides_1_2
// CANON: fx.assert %{{.*}}, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."{{$}}
// CANON: fx.assert %{{.*}}, "Stride calculation overflowed"{{$}}
// CANON: fx.assert %{{.*}}, "numel: integer multiplication overflow"{{$}}
// CANON-NEXT: return
