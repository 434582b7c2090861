# -*- Python -*-
#
# The unit suite, `check-fx`: the dialect, the passes, the lowering's IR, the
# plugin, the language server and the reducer. integration_test/lit.cfg.py
# loads this file for the same tools and substitutions, then adds its own.
# Substitutions add no flags: a RUN line shows every flag its tools get.

import os
import subprocess

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
    "Inputs",
]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fx_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%fx_src_root", config.fx_src_root))
config.substitutions.append(("%fx_obj_root", config.fx_obj_root))

llvm_config.use_default_substitutions()

# The fx plugin for Debian's mlir-opt.
fx_plugin = os.path.join(config.fx_obj_root, "lib", "FXPlugin.so")
config.substitutions.append(
    ("%fx_plugins", f"--load-dialect-plugin={fx_plugin} --load-pass-plugin={fx_plugin}")
)
config.substitutions.append(("%fx_plugin_path", fx_plugin))

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# A sanitizer build (-DLLVM_USE_SANITIZER=...): reports fail the test.
# Debian's mlir-opt is not instrumented, so a RUN line that loads the
# instrumented plugin into it starts it with `%preload_asan mlir-opt`: the
# shared ASan runtime preloaded, and no leak check of its own. In other builds
# %preload_asan is empty.
preload_asan = ""
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
    preload_asan = f"env LD_PRELOAD={runtime} ASAN_OPTIONS=detect_leaks=0:{asan_options}"
config.substitutions.append(("%preload_asan", preload_asan))

tool_dirs = [config.fx_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("fx-opt", unresolved="fatal"),
    ToolSubst("mlir-opt", unresolved="fatal"),
    ToolSubst("fx-lsp-server", unresolved="fatal"),
    ToolSubst("fx-reduce", unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
