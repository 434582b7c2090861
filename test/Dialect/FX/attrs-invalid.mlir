// The fx dialect's function attributes (discardableAttrs in FXBase.td) are
// verified: a malformed one is an error that names it.
// RUN: fx-opt %s --split-input-file --verify-diagnostics -o /dev/null

// expected-error @+1 {{'func.func' op 'fx.folded' must be an array of [name, input, result, after] entries (strings, and an integer result), got [["item", "pair", "0", ""]]}}
func.func @folded_result_not_int() attributes {fx.folded = [["item", "pair", "0", ""]]} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.folded' must be an array of [name, input, result, after] entries (strings, and an integer result), got [["item", "pair", 0]]}}
func.func @folded_three_fields() attributes {fx.folded = [["item", "pair", 0]]} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.placeholders' must be an array of [name, after] entries (strings), got [["y"]]}}
func.func @placeholder_without_after() attributes {fx.placeholders = [["y"]]} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.symbols' must be a dictionary of arrays (one per result) of arrays of strings, got {x = ["s0"]}}}
func.func @symbols_not_per_result() attributes {fx.symbols = {x = ["s0"]}} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.targets' must be a dictionary of strings, got {size = 1 : i64}}}
func.func @targets_not_string() attributes {fx.targets = {size = 1}} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.outputs' must be a string, got ["%0"]}}
func.func @outputs_not_string() attributes {fx.outputs = ["%0"]} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.piece' must be an integer, got "1"}}
func.func private @piece_not_int() attributes {fx.piece = "1"}

// -----

// expected-error @+1 {{'func.func' op 'fx.splitting' must be a bool, got 1 : i64}}
func.func private @splitting_not_bool() attributes {fx.splitting = 1}

// -----

// expected-error @+1 {{'func.func' op 'fx.sym_shape_indices' must be an array<i64>, got [0, 1]}}
func.func private @indices_not_dense() attributes {fx.sym_shape_indices = [0, 1]}

// -----

// expected-error @+1 {{'func.func' op 'fx.outptus' is not an attribute of the fx dialect}}
func.func @misspelled() attributes {fx.outptus = "(%0,)"} {
  return
}

// -----

// expected-error @+1 {{'func.func' op 'fx.symbol' is only valid on a function argument}}
func.func @binding_on_function() attributes {fx.symbol = "s0"} {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0: 'fx.folded' is not an argument attribute of the fx dialect}}
func.func @function_attr_on_argument(%x: index {fx.folded = []}) {
  return
}

// -----

func.func @on_an_op(%x: index) -> index {
  // expected-error @+1 {{'arith.addi' op 'fx.targets' is only valid on a function}}
  %y = arith.addi %x, %x {fx.targets = {}} : index
  return %y : index
}
