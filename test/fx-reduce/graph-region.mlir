// In a graph region (the module body) an fx.view may take its own result. The
// reduction pattern never forwards a value to itself: the reducer keeps the
// self-view the script asks for and erases everything else it can.
//
// RUN: fx-reduce %s --reduction-tree='traversal-mode=0 test=%S/Inputs/self-view.sh' -o %t.mlir
// RUN: FileCheck %s < %t.mlir

// CHECK:      module {
// CHECK-NEXT:   %[[W:.*]] = fx.node {{"?}}get_attr{{"?}} "weight"() : () -> tensor<?x8xf32>
// CHECK-NEXT:   %[[S:.*]] = fx.size %[[W]] : tensor<?x8xf32> -> !fx.size<2>
// CHECK-NEXT:   %[[V:.*]] = fx.view %[[V]], %[[S]] : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
// CHECK-NEXT: }

%x = fx.node "get_attr" "weight"() : () -> tensor<?x8xf32>
%size = fx.size %x : tensor<?x8xf32> -> !fx.size<2>
%v = fx.view %v, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
%w = fx.view %x, %size : tensor<?x8xf32>, !fx.size<2> -> tensor<?x8xf32>
%y = fx.node "call_function" "torch.relu"(%w) : (tensor<?x8xf32>) -> tensor<?x8xf32>
