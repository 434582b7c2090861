// RUN: fx-opt --verify-roundtrip %s -split-input-file -verify-diagnostics | FileCheck %s

// The SymInt bindings the importer writes on function arguments: fx.symbol
// on an index argument, fx.dim_symbols on a ranked tensor argument, one
// string per dim, empty on static dims.

// CHECK-LABEL: func.func @bindings
// CHECK-SAME: %{{.*}}: index {fx.symbol = "s0"}
// CHECK-SAME: %{{.*}}: tensor<?x8x?xf32> {fx.dim_symbols = ["s0", "", ""]}
func.func @bindings(%s0: index {fx.symbol = "s0"},
                    %x: tensor<?x8x?xf32> {fx.dim_symbols = ["s0", "", ""]}) {
  return
}

// Declarations are checked too.
// CHECK-LABEL: func.func private @declaration
// CHECK-SAME: (index {fx.symbol = "s1"}, tensor<?xi64> {fx.dim_symbols = ["s1"]})
func.func private @declaration(index {fx.symbol = "s1"},
                               tensor<?xi64> {fx.dim_symbols = ["s1"]})

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<?xf32>': 'fx.symbol' is only valid on an 'index' argument}}
func.func @symbol_on_tensor(%x: tensor<?xf32> {fx.symbol = "s0"}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #1 of type 'index': 'fx.symbol' must be a non-empty string, got ""}}
func.func @empty_symbol(%x: tensor<?xf32>, %s0: index {fx.symbol = ""}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'index': 'fx.symbol' must be a non-empty string, got 0 : i64}}
func.func @integer_symbol(%s0: index {fx.symbol = 0}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'index': 'fx.dim_symbols' is only valid on a ranked tensor argument}}
func.func @dim_symbols_on_index(%s0: index {fx.dim_symbols = ["s0"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<*xf32>': 'fx.dim_symbols' is only valid on a ranked tensor argument}}
func.func @dim_symbols_unranked(%x: tensor<*xf32> {fx.dim_symbols = ["s0"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<?xf32>': 'fx.dim_symbols' must be an array of strings, got [0]}}
func.func @dim_symbols_not_strings(%x: tensor<?xf32> {fx.dim_symbols = [0]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<?xf32>': 'fx.dim_symbols' must be an array of strings, got "s0"}}
func.func @dim_symbols_not_array(%x: tensor<?xf32> {fx.dim_symbols = "s0"}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<?x8xf32>': 'fx.dim_symbols' has 1 entries but the tensor has rank 2}}
func.func @dim_symbols_rank(%x: tensor<?x8xf32> {fx.dim_symbols = ["s0"]}) {
  return
}

// -----

// expected-error @+1 {{'func.func' op argument #0 of type 'tensor<?x8xf32>': 'fx.dim_symbols' names "s1" for dim 1, which is static (8)}}
func.func @dim_symbols_static(%x: tensor<?x8xf32> {fx.dim_symbols = ["s0", "s1"]}) {
  return
}
