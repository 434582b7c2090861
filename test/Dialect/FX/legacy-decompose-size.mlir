// RUN: fx-opt --verify-roundtrip %s --test-fx-legacy-decompose-size --split-input-file --verify-diagnostics | FileCheck %s

// The pre-fix pass on the graphs it did handle: a dimless size whose users are
// getitems and views.
// CHECK-LABEL: func.func @dimless
// CHECK-SAME: (%[[X:.*]]: tensor<?x8xf32>, %[[Y:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[D0:.*]] = fx.sym_size %[[X]], dim = 0
// CHECK-DAG: %[[S:.*]] = fx.make_size
// CHECK-NOT: fx.getitem
// CHECK: %[[V:.*]] = fx.view %[[Y]], %[[S]]
// CHECK: return %[[D0]], %[[V]]
func.func @dimless(%x: tensor<?x8xf32>, %y: tensor<?xf32>) -> (index, tensor<?x8xf32>) {
  %0 = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
  %1 = fx.getitem %0[0] : !fx.size<2>
  %2 = fx.view %y, %0 : tensor<?xf32>, !fx.size<2> -> tensor<?x8xf32>
  return %1, %2 : index, tensor<?x8xf32>
}

// -----

// A size with a dim and no users is erased without complaint.
// CHECK-LABEL: func.func @with_dim_unused
// CHECK-NOT: fx.size %
func.func @with_dim_unused(%x: tensor<?x8xf32>) {
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  return
}

// -----

// Users are counted as torch.fx counts them: one op using the value twice is
// one user. Without a NameLoc the node is named by its op.
func.func @with_dim_one_user(%x: tensor<?x8xf32>) -> !fx.slice {
  // expected-error @+1 {{Tried to erase Node fx.size but it still had 1 users in the graph}}
  %0 = fx.size %x, dim = -1 : tensor<?x8xf32> -> index
  %1 = fx.slice %0, %0, none
  return %1 : !fx.slice
}

// -----

func.func @dynamic_dim(%x: tensor<?x8xf32>, %d: index) -> index {
  // expected-error @+1 {{Tried to erase Node fx.size but it still had 1 users in the graph}}
  %0 = fx.size %x, dim = %d : tensor<?x8xf32> -> index
  return %0 : index
}

// -----

// An opaque node is a user the legacy pass does not know either.
func.func @opaque_user(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error @+1 {{Tried to erase Node fx.size but it still had 1 users in the graph}}
  %0 = fx.size %x, dim = 0 : tensor<?x8xf32> -> index
  %1 = fx.node "call_method" "narrow"(%x, %0) : (tensor<?x8xf32>, index) -> tensor<?x8xf32>
  return %1 : tensor<?x8xf32>
}

// -----

// torch.fx counts user nodes, not ops: the two fx.slice ops of one getitem
// node (x[:n, :n]) are one user, a second getitem another.
func.func @users_by_node(%x: tensor<?x8xf32>) -> (!fx.slice, !fx.slice, !fx.slice) {
  // The NameLoc carries no line: the error is at an unknown place.
  // expected-error @unknown {{Tried to erase Node size but it still had 2 users in the graph}}
  %n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index loc("size")
  %a = fx.slice none, %n, none loc("getitem")
  %b = fx.slice none, %n, none loc("getitem")
  %c = fx.slice %n, none, none loc("getitem_1")
  return %a, %b, %c : !fx.slice, !fx.slice, !fx.slice
}
