// The default splitting ops follow `vllm-release`, each release's own list
// (vllm/config/compilation.py, lines in SplitRules.cpp): 0.34.0 (the
// default) splits at zaya_cca, 0.32.0 and 0.33.0 do not, 0.30.0 and 0.31.0
// not at qwen4_exp_qsa_prepare_with_output either; all split at
// unified_attention_with_output. A release it does not know is an error.
// RUN: fx-opt %s --fx-split-graph | FileCheck %s --check-prefix=NEWEST
// RUN: fx-opt %s --fx-split-graph='vllm-release=0.34.0' | FileCheck %s --check-prefix=NEWEST
// RUN: fx-opt %s --fx-split-graph='vllm-release=0.33.0' | FileCheck %s --check-prefix=R032
// RUN: fx-opt %s --fx-split-graph='vllm-release=0.32.0' | FileCheck %s --check-prefix=R032
// RUN: fx-opt %s --fx-split-graph='vllm-release=0.31.0' | FileCheck %s --check-prefix=R030
// RUN: fx-opt %s --fx-split-graph='vllm-release=0.30.0' | FileCheck %s --check-prefix=R030
// Given ops, the release's list is not used.
// RUN: fx-opt %s --fx-split-graph='vllm-release=0.30.0 splitting-ops=vllm::zaya_cca' | FileCheck %s --check-prefix=GIVEN
// RUN: not fx-opt %s --fx-split-graph='vllm-release=0.29.0' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: fx-split-graph: vllm-release '0.29.0' is not a vLLM release whose rules it knows (0.30.0, 0.31.0, 0.32.0, 0.33.0, 0.34.0)

// NEWEST-LABEL: func.func private @releases_submod_1(
// NEWEST-SAME: fx.splitting = true
// NEWEST-NEXT: vllm.zaya_cca
// NEWEST-LABEL: func.func private @releases_submod_3(
// NEWEST-SAME: fx.splitting = true
// NEWEST-NEXT: vllm.qwen4_exp_qsa_prepare_with_output
// NEWEST-LABEL: func.func private @releases_submod_5(
// NEWEST-SAME: fx.splitting = true
// NEWEST-NEXT: vllm.unified_attention_with_output
// NEWEST-LABEL: func.func private @releases_submod_6(
// NEWEST-SAME: fx.splitting = false
// NEWEST-NOT: func.func

// R032-LABEL: func.func private @releases_submod_0(
// R032-SAME: fx.splitting = false
// R032-NEXT: vllm.zaya_cca
// R032-LABEL: func.func private @releases_submod_1(
// R032-SAME: fx.splitting = true
// R032-NEXT: vllm.qwen4_exp_qsa_prepare_with_output
// R032-LABEL: func.func private @releases_submod_3(
// R032-SAME: fx.splitting = true
// R032-NEXT: vllm.unified_attention_with_output
// R032-LABEL: func.func private @releases_submod_4(
// R032-SAME: fx.splitting = false
// R032-NOT: func.func

// R030-LABEL: func.func private @releases_submod_0(
// R030-SAME: fx.splitting = false
// R030-NEXT: vllm.zaya_cca
// R030: vllm.qwen4_exp_qsa_prepare_with_output
// R030-LABEL: func.func private @releases_submod_1(
// R030-SAME: fx.splitting = true
// R030-NEXT: vllm.unified_attention_with_output
// R030-LABEL: func.func private @releases_submod_2(
// R030-SAME: fx.splitting = false
// R030-NOT: func.func

// GIVEN-LABEL: func.func private @releases_submod_1(
// GIVEN-SAME: fx.splitting = true
// GIVEN-NEXT: vllm.zaya_cca
// GIVEN-LABEL: func.func private @releases_submod_2(
// GIVEN-SAME: fx.splitting = false
// GIVEN-NOT: fx.splitting = true
// GIVEN: vllm.unified_attention_with_output
// GIVEN-NOT: func.func
func.func @releases(%x: tensor<8xf32> loc("x")) -> tensor<8xf32> {
  %a = fx.node call_function "torch.ops.vllm.zaya_cca.default"(%x) : (tensor<8xf32>) -> tensor<8xf32> loc("zaya_cca")
  %b = fx.node call_function "torch.ops.aten.neg.default"(%a) : (tensor<8xf32>) -> tensor<8xf32> loc("neg_1")
  %c = fx.node call_function "torch.ops.vllm.qwen4_exp_qsa_prepare_with_output.default"(%b) : (tensor<8xf32>) -> tensor<8xf32> loc("prepare")
  %d = fx.node call_function "torch.ops.aten.neg.default"(%c) : (tensor<8xf32>) -> tensor<8xf32> loc("neg_2")
  %e = fx.node call_function "torch.ops.vllm.unified_attention_with_output.default"(%d) : (tensor<8xf32>) -> tensor<8xf32> loc("attention")
  %f = fx.node call_function "torch.ops.aten.neg.default"(%e) : (tensor<8xf32>) -> tensor<8xf32> loc("neg_3")
  return %f : tensor<8xf32>
}
