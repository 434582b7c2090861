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

func.func @branch_size(%a: tensor<2x?xf32>, %b: tensor<3x?xf32>, %c: i1) -> index {
  %sa = fx.size %a : tensor<2x?xf32> -> !fx.size<2>
  %sb = fx.size %b : tensor<3x?xf32> -> !fx.size<2>
  cf.cond_br %c, ^join(%sa : !fx.size<2>), ^join(%sb : !fx.size<2>)
^join(%s: !fx.size<2>):
  %n = fx.getitem %s[1] : !fx.size<2>
  return %n : index
}

func.func private @declared(!fx.size<2>, !fx.slice)
func.func @call_declared(%x: tensor<?x8xf32>, %s: !fx.slice) {
  %size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  call @declared(%size, %s) : (!fx.size<2>, !fx.slice) -> ()
  return
}
