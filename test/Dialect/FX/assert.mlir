// RUN: fx-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: fx-opt %s --split-input-file --verify-diagnostics --canonicalize | FileCheck %s --check-prefix=CANON

// The custom form: a format, then its values with their types.
// CHECK-LABEL: func.func @round_trip
// CHECK: fx.assert %{{.*}}, "shape '[{}, 8]' is invalid for input of size {}" (%{{.*}}, %{{.*}} : index, i32)
// CHECK: fx.assert %{{.*}}, "braces {{[{][{]}} and {{[}][}]}} alone"{{$}}
// canonicalize writes a constant value into the format, keeping the
// escaped braces, and erases a check that holds.
// CANON-LABEL: func.func @round_trip
// CANON-SAME: (%[[C:.*]]: i1, %[[N:.*]]: index, %[[M:.*]]: i32)
// CANON: fx.assert %[[C]], "shape '[{}, 8]' is invalid for input of size {}" (%[[N]], %[[M]] : index, i32)
// CANON: fx.assert %[[C]], "braces {{[{][{]}} and {{[}][}]}} alone"{{$}}
// CANON: fx.assert %[[C]], "{{[{][{]}}[ 3 -1 {}" (%[[N]] : index)
// CANON-NOT: fx.assert
// CANON: return
func.func @round_trip(%c: i1, %n: index, %m: i32) {
  fx.assert %c, "shape '[{}, 8]' is invalid for input of size {}" (%n, %m : index, i32)
  fx.assert %c, "braces {{ and }} alone"
  %c3 = arith.constant 3 : index
  %cm1 = arith.constant -1 : i64
  fx.assert %c, "{{[ {} {} {}" (%c3, %cm1, %n : index, i64, index)
  %true = arith.constant true
  fx.assert %true, "never fails {}" (%n : index)
  return
}

// -----

func.func @too_few(%c: i1, %n: index) {
  // expected-error @+1 {{'fx.assert' op format has 2 placeholder(s) '{}' but 1 value(s)}}
  fx.assert %c, "{} and {}" (%n : index)
  return
}

// -----

func.func @lone_brace(%c: i1, %n: index) {
  // expected-error @+1 {{'fx.assert' op format has a lone '}' at offset 3: a value is '{}', a literal brace '{{' or '}}'}}
  fx.assert %c, "{} } x" (%n : index)
  return
}

// -----

func.func @not_an_integer(%c: i1, %f: f32) {
  // expected-error @+1 {{'fx.assert' op operand #1 must be variadic of index or 8/16/32/64-bit signless integer, but got 'f32'}}
  fx.assert %c, "{}" (%f : f32)
  return
}
