// A !fx.size<N> lowers to N values; an N that no tensor rank could have is
// rejected rather than allocated.
// RUN: fx-opt %s --convert-fx-to-tensor --split-input-file --verify-diagnostics

// expected-error @+1 {{'func.func' op cannot be lowered: it carries a !fx.size of more than 65536 elements}}
func.func @argument(%s: !fx.size<9223372036854775807>) -> index {
  %0 = fx.getitem %s[0] : !fx.size<9223372036854775807>
  return %0 : index
}

// -----

func.func @unranked(%u: tensor<*xf32>) {
  // expected-error @+1 {{'fx.size' op cannot be lowered: it carries a !fx.size of more than 65536 elements}}
  %0 = fx.size %u : tensor<*xf32> -> !fx.size<100000>
  return
}

// -----

// The same in the function type of a func.constant, for func.call_indirect.
// expected-error @+1 {{'func.func' op cannot be lowered: it carries a !fx.size of more than 65536 elements}}
func.func private @callee(!fx.size<100000>)
func.func @indirect() {
  // expected-error @+1 {{'func.constant' op cannot be lowered: it carries a !fx.size of more than 65536 elements}}
  %f = func.constant @callee : (!fx.size<100000>) -> ()
  return
}
