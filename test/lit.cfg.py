# -*- Python -*-

import os

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
for lib in ["mlir_runner_utils", "mlir_c_runner_utils"]:
    config.substitutions.append(
        (f"%{lib}", os.path.join(config.llvm_lib_dir, f"lib{lib}.so"))
    )

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.fx_tools_dir, config.llvm_tools_dir]
# Every fx-opt and mlir-opt run in the suite also checks that its input prints and parses
# back to the same IR, in the generic form and as bytecode.
tools = [
    ToolSubst(tool, extra_args=["--verify-roundtrip"], unresolved="fatal")
    for tool in ["fx-opt", "mlir-opt"]
]
tools.append("mlir-runner")
llvm_config.add_tool_substitutions(tools, tool_dirs)
