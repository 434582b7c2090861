// RUN: fx-opt %s --convert-fx-to-tensor --cse | FileCheck %s

// A !fx.size<2> yielded by scf.if is two index results.
// CHECK-LABEL: func.func @if_size
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[Y:.*]]: tensor<?x4xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[C:.*]]: i1) -> index
// CHECK: %[[R:.*]]:2 = scf.if %[[C]] -> (index, index)
// CHECK: scf.yield %{{.*}}, %{{.*}} : index, index
// CHECK: scf.yield %{{.*}}, %{{.*}} : index, index
// CHECK: return %[[R]]#1 : index
func.func @if_size(%x: tensor<?x8xf32>, %y: tensor<?x4xf32>, %c: i1) -> index {
  %s = scf.if %c -> !fx.size<2> {
    %a = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
    scf.yield %a : !fx.size<2>
  } else {
    %b = fx.size %y : tensor<?x4xf32> -> !fx.size<2>
    scf.yield %b : !fx.size<2>
  }
  %e = fx.getitem %s[1] : !fx.size<2>
  return %e : index
}

// A !fx.slice carried by scf.for is three index values.
// CHECK-LABEL: func.func @for_slice
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (index, index, index)
// CHECK-NOT: fx.
func.func @for_slice(%t: tensor<?xi64>, %n: index) -> tensor<?xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = fx.slice none, none, none
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> !fx.slice {
    %next = fx.slice %i, none, none
    scf.yield %next : !fx.slice
  }
  %r = fx.slice_tensor %t[%s] : tensor<?xi64> -> tensor<?xi64>
  return %r : tensor<?xi64>
}

// A cf block argument of type !fx.size<2> is two index arguments.
// CHECK-LABEL: func.func @branch_size
// CHECK: cf.cond_br %{{.*}}, ^[[JOIN:.*]](%{{.*}}, %{{.*}} : index, index), ^[[JOIN]](%{{.*}}, %{{.*}} : index, index)
// CHECK: ^[[JOIN]](%{{.*}}: index, %[[B:.*]]: index):
// CHECK: return %[[B]] : index
func.func @branch_size(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>, %c: i1) -> index {
  %sa = fx.size %a : tensor<2x?xf32> -> !fx.size<2>
  %sb = fx.size %b : tensor<3x?xf32> -> !fx.size<2>
  cf.cond_br %c, ^join(%sa : !fx.size<2>), ^join(%sb : !fx.size<2>)
^join(%s: !fx.size<2>):
  %n = fx.getitem %s[1] : !fx.size<2>
  return %n : index
}

// A declaration and its call: sizes and slices are their elements.
// CHECK-LABEL: func.func private @declared(index, index, index, index, index)
// CHECK-LABEL: func.func @call_declared
// CHECK: call @declared(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (index, index, index, index, index) -> ()
func.func private @declared(!fx.size<2>, !fx.slice)
func.func @call_declared(%x: tensor<?x8xf32>, %s: !fx.slice) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  call @declared(%size, %s) : (!fx.size<2>, !fx.slice) -> ()
  return
}

// A !fx.size<2> through cf.switch is two index values to each successor, as
// through cf.br and cf.cond_br; a case without operands keeps none.
// CHECK-LABEL: func.func @switch_size
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[Y:.*]]: tensor<?x4xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[K:.*]]: i32) -> index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]]
// CHECK-DAG: %[[M:.*]] = tensor.dim %[[Y]]
// CHECK: cf.switch %[[K]] : i32, [
// CHECK-NEXT: default: ^[[BB:.*]](%[[N]], %[[C8]] : index, index),
// CHECK-NEXT: 1: ^[[BB]](%[[M]], %[[C4]] : index, index),
// CHECK-NEXT: 2: ^[[OTHER:.*]]
// CHECK-NEXT: ]
// CHECK: ^[[BB]](%{{.*}}: index, %[[E:.*]]: index):
// CHECK-NEXT: return %[[E]] : index
// CHECK-NOT: fx.
func.func @switch_size(%x: tensor<?x8xf32>, %y: tensor<?x4xf32>, %k: i32) -> index {
  %a = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %b = fx.size %y : tensor<?x4xf32> -> !fx.size<2>
  cf.switch %k : i32, [
    default: ^bb1(%a : !fx.size<2>),
    1: ^bb1(%b : !fx.size<2>),
    2: ^bb2
  ]
^bb1(%s: !fx.size<2>):
  %e = fx.getitem %s[1] : !fx.size<2>
  return %e : index
^bb2:
  %c0 = arith.constant 0 : index
  return %c0 : index
}

// func.call_indirect, as func.call: the callee's function type, from
// func.constant or an argument, and the operands and results carry the
// elements of sizes and slices.
// CHECK-LABEL: func.func @indirect_callee(%{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index) -> (index, index)
// CHECK-LABEL: func.func @call_indirect
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %{{[a-z0-9_]+}}: index, %{{[a-z0-9_]+}}: index, %[[A:.*]]: index, %[[B:.*]]: index, %[[C:.*]]: index)
// CHECK-NOT: fx.
// CHECK-DAG: %[[F:.*]] = constant @indirect_callee : (index, index, index, index, index) -> (index, index)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[R:.*]]:2 = call_indirect %[[F]](%[[N]], %[[C8]], %[[A]], %[[B]], %[[C]]) : (index, index, index, index, index) -> (index, index)
// CHECK: return %[[R]]#1
// CHECK-LABEL: func.func @call_indirect_argument
// CHECK-SAME: (%[[G:.*]]: (index, index) -> index, %[[M:.*]]: index, %[[K:.*]]: index) -> index
// CHECK: %[[S:.*]] = call_indirect %[[G]](%[[M]], %[[K]]) : (index, index) -> index
// CHECK: return %[[S]]
func.func @indirect_callee(%s: !fx.size<2>, %sl: !fx.slice) -> !fx.size<2> {
  return %s : !fx.size<2>
}
func.func @call_indirect(%x: tensor<?x8xf32>, %sl: !fx.slice) -> index {
  %f = func.constant @indirect_callee : (!fx.size<2>, !fx.slice) -> !fx.size<2>
  %s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %r = func.call_indirect %f(%s, %sl) : (!fx.size<2>, !fx.slice) -> !fx.size<2>
  %e = fx.getitem %r[1] : !fx.size<2>
  return %e : index
}
func.func @call_indirect_argument(%g: (!fx.size<2>) -> index, %s: !fx.size<2>) -> index {
  %r = func.call_indirect %g(%s) : (!fx.size<2>) -> index
  return %r : index
}
