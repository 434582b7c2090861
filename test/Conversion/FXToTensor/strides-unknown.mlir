// Where the strides of a view's input cannot be known and a slice with a
// step may reach it, the lowering refuses rather than take it as
// contiguous, which would compute reshape's values where torch raises.
// RUN: fx-opt %s --convert-fx-to-tensor --split-input-file --verify-diagnostics

// torch: (x[::st] if c else x).view(-1)
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
  // expected-error @+1 {{'fx.view' op cannot be lowered: it cannot know the strides of its input, which may be a slice with a step that reaches it through the result of 'scf.if'; fx-to-tensor follows strides within a function and through calls of known functions}}
  %v = fx.view %i, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// -----

func.func @block_stepped(%t: tensor<?x3xf32>, %st: index) -> tensor<?xf32> {
  %sl = fx.slice none, none, %st
  %r = fx.slice_tensor %t[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
  cf.br ^bb1(%r : tensor<?x3xf32>)
^bb1(%b: tensor<?x3xf32>):
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  // expected-error @+1 {{through an argument of a block other than the entry block;}}
  %v = fx.view %b, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// -----

// torch: for _ in range(n): x.view(-1); x = x[::st]
func.func @for_stepped(%t: tensor<?x3xf32>, %st: index, %n: index) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : index
  %s = fx.make_size %m1 : !fx.size<1>
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<?x3xf32> {
    // expected-error @+1 {{through an argument of a region of 'scf.for';}}
    %v = fx.view %a, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
    %sl = fx.slice none, none, %st
    %r = fx.slice_tensor %a[%sl] : tensor<?x3xf32> -> tensor<?x3xf32>
    scf.yield %r : tensor<?x3xf32>
  }
  return %f : tensor<?x3xf32>
}

// -----

// halve(x, n) = x if n == 0 else halve(x[::2], n - 1): recursive, not
// inlined.
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
  // expected-error @+1 {{through a call of @halve, which is recursive;}}
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}

// -----

// An indirect call of an argument may call any function whose address is
// taken and whose type is the callee's: @every returns x[::st].
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
  // expected-error @+1 {{through a call of an unknown function;}}
  %v = fx.view %r, %s : tensor<?x3xf32>, !fx.size<1> -> tensor<?xf32>
  return %v : tensor<?xf32>
}
