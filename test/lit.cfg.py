# -*- Python -*-

import os
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "FX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = [
    "CMakeLists.txt",
    "lit.cfg.py",
    "lit.site.cfg.py",
    "lib",
    "consumer",
    "Inputs",
]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fx_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%fx_src_root", config.fx_src_root))
config.substitutions.append(("%fx_obj_root", config.fx_obj_root))

llvm_config.use_default_substitutions()

# The fx plugin for Debian's mlir-opt, and the runtime of mlir-runner.
fx_plugin = os.path.join(config.fx_obj_root, "lib", "FXPlugin.so")
config.substitutions.append(
    ("%fx_plugins", f"--load-dialect-plugin={fx_plugin} --load-pass-plugin={fx_plugin}")
)
config.substitutions.append(("%fx_plugin_path", fx_plugin))
for lib in ["mlir_runner_utils", "mlir_c_runner_utils"]:
    config.substitutions.append(
        (f"%{lib}", os.path.join(config.llvm_lib_dir, f"lib{lib}.so"))
    )

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.fx_tools_dir, config.llvm_tools_dir]
# A sanitizer build (-DLLVM_USE_SANITIZER=...): reports fail the test. Debian's
# mlir-opt is not instrumented, so it gets the shared ASan runtime preloaded
# for the instrumented plugin, and no leak check of its own; a downstream
# build against the installed, instrumented libraries links the runtime too.
mlir_opt = os.path.join(config.llvm_tools_dir, "mlir-opt")
consumer_flags = ""
if config.fx_sanitizers:
    config.available_features.add("sanitizers")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    # LLVM's BumpPtrAllocator, inlined into the instrumented code, poisons each
    # new slab and unpoisons what it hands out; Debian's uninstrumented
    # libMLIR.so then allocates from the same slab (an attribute uniquer's,
    # say) without unpoisoning. Manual poisoning is off so that only real
    # errors are reported.
    asan_options = "allow_user_poisoning=0"
    config.environment["ASAN_OPTIONS"] = asan_options
    runtime = subprocess.check_output(
        [config.fx_cxx_compiler, "-print-file-name=libclang_rt.asan-x86_64.so"],
        text=True,
    ).strip()
    mlir_opt = (
        f"env LD_PRELOAD={runtime} ASAN_OPTIONS=detect_leaks=0:{asan_options} {mlir_opt}"
    )
    consumer_flags = (
        f"-DCMAKE_C_COMPILER={config.fx_c_compiler} "
        f"-DCMAKE_CXX_COMPILER={config.fx_cxx_compiler} "
        "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=address,undefined"
    )
config.substitutions.append(("%fx_consumer_flags", consumer_flags))
# The importer's tests need torch (Debian's python3-torch, for /usr/bin/python3).
config.substitutions.append(
    ("%fx_import", os.path.join(config.fx_src_root, "tools", "fx-import", "fx_import.py"))
)
if subprocess.run([sys.executable, "-c", "import torch.fx"],
                  capture_output=True).returncode == 0:
    config.available_features.add("torch")
if os.path.exists(os.path.join(config.fx_tools_dir, "fx-fuzz")):
    config.available_features.add("fuzzer")

# Every fx-opt and mlir-opt run in the suite also checks that its input prints
# and parses back to the same IR, in the generic form and as bytecode.
tools = [
    ToolSubst("fx-opt", extra_args=["--verify-roundtrip"], unresolved="fatal"),
    ToolSubst("mlir-opt", command=mlir_opt, extra_args=["--verify-roundtrip"]),
    "mlir-runner",
    ToolSubst("fx-lsp-server", unresolved="fatal"),
    ToolSubst("fx-reduce", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
