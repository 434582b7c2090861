// Dims and indices at the ends of int64, and huge static dims.
// RUN: fx-opt --verify-roundtrip %s --split-input-file --verify-diagnostics
// RUN: fx-opt --verify-roundtrip %s --split-input-file --verify-diagnostics --fx-decompose-size --canonicalize
// RUN: fx-opt --verify-roundtrip %s --split-input-file --verify-diagnostics --convert-fx-to-tensor

func.func @int64_max_dim(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.size' op dim 9223372036854775807 is out of range for 'tensor<?x8xf32>' (expected -2 <= dim < 2)}}
  %0 = fx.size %x, dim = 9223372036854775807 : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

func.func @int64_min_dim(%x: tensor<?x8xf32>) -> index {
  // expected-error @+1 {{'fx.size' op dim -9223372036854775808 is out of range for 'tensor<?x8xf32>' (expected -2 <= dim < 2)}}
  %0 = fx.size %x, dim = -9223372036854775808 : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

func.func @int64_min_index(%s: !fx.size<2>) -> index {
  // expected-error @+1 {{'fx.getitem' op index -9223372036854775808 is out of range for '!fx.size<2>' (expected -2 <= index < 2)}}
  %0 = fx.getitem %s[-9223372036854775808] : !fx.size<2>
  return %0 : index
}

// -----

func.func @int64_max_index(%s: !fx.size<9223372036854775807>) -> index {
  // expected-error @+1 {{'fx.getitem' op index 9223372036854775807 is out of range for '!fx.size<9223372036854775807>' (expected -9223372036854775807 <= index < 9223372036854775807)}}
  %0 = fx.getitem %s[9223372036854775807] : !fx.size<9223372036854775807>
  return %0 : index
}

// -----

func.func @dim_too_wide(%x: tensor<?xf32>) -> index {
  // expected-error @+1 {{integer value too large}}
  %0 = fx.size %x, dim = 9223372036854775808 : tensor<?xf32> -> index
  return %0 : index
}

// -----

// On an unranked tensor any dim is accepted; every pass handles it.
func.func @unranked_extremes(%u: tensor<*xf32>) -> (index, index) {
  %0 = fx.size %u, dim = -9223372036854775808 : tensor<*xf32> -> index
  %1 = fx.sym_size %u, dim = 9223372036854775807 : tensor<*xf32>
  return %0, %1 : index, index
}

// -----

// The largest static dim there is folds to its constant.
func.func @huge_static_dim(%x: tensor<9223372036854775806x?xf32>)
    -> (!fx.size<2>, index) {
  %0 = fx.size %x : tensor<9223372036854775806x?xf32> -> !fx.size<2>
  %1 = fx.size %x, dim = 0 : tensor<9223372036854775806x?xf32> -> index
  return %0, %1 : !fx.size<2>, index
}
