# -*- Python -*-
#
# The integration suite, `check-fx-integration`: property and differential
# tests, hostile inputs, the fuzz corpus, the importer on torch models, the
# benchmarks' smoke runs, the install tree, and lowered programs run under
# mlir-runner. It uses the unit suite's tools and substitutions
# (test/lit.cfg.py) and adds what only these tests need.

import os
import subprocess
import sys

from lit.llvm import llvm_config

lit_config.load_config(config, os.path.join(config.fx_src_root, "test", "lit.cfg.py"))

config.name = "FX-Integration"
config.excludes.add("consumer")
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fx_obj_root, "integration_test")

# The runtime of mlir-runner.
for lib in ["mlir_runner_utils", "mlir_c_runner_utils"]:
    config.substitutions.append(
        (f"%{lib}", os.path.join(config.llvm_lib_dir, f"lib{lib}.so"))
    )
llvm_config.add_tool_substitutions(["mlir-runner"], [config.llvm_tools_dir])

# A downstream build against the installed libraries links the sanitizer
# runtime when those are instrumented.
consumer_flags = ""
if config.fx_sanitizers:
    consumer_flags = (
        f"-DCMAKE_C_COMPILER={config.fx_c_compiler} "
        f"-DCMAKE_CXX_COMPILER={config.fx_cxx_compiler} "
        "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
    )
config.substitutions.append(("%fx_consumer_flags", consumer_flags))

# The importer's tests need torch in the Python that runs lit (the build's
# Python3_EXECUTABLE; utils/build.sh makes it a virtual environment).
config.substitutions.append(
    ("%fx_import", os.path.join(config.fx_src_root, "tools", "fx-import", "fx_import.py"))
)
# The wheel pip built (dist/) and its C++ build (build/): the target
# fx-python-package (integration_test/CMakeLists.txt).
config.substitutions.append(
    ("%fx_python_package", os.path.join(config.fx_src_root, "build-python-package"))
)
if subprocess.run([sys.executable, "-c", "import torch.fx"],
                  capture_output=True).returncode == 0:
    config.available_features.add("torch")
# vLLM itself (utils/install-vllm.sh installs it beside torch) is the oracle
# of split_graph (Import/split_vllm_oracle.py) and the benchmark's reference.
if subprocess.run([sys.executable, "-c", "import vllm.compilation.backends"],
                  capture_output=True).returncode == 0:
    config.available_features.add("vllm")
elif os.environ.get("FX_REQUIRE_VLLM"):
    # utils/build.sh sets it: in CI the tests that need vLLM must run, not be
    # unsupported.
    lit_config.fatal(f"FX_REQUIRE_VLLM is set, but {sys.executable} cannot import "
                     f"vllm.compilation.backends (utils/install-vllm.sh installs it)")
if os.path.exists(os.path.join(config.fx_tools_dir, "fx-fuzz")):
    config.available_features.add("fuzzer")
