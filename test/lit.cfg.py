# -*- Python -*-

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "FX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "lib"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fx_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%fx_src_root", config.fx_src_root))
config.substitutions.append(("%fx_obj_root", config.fx_obj_root))

llvm_config.use_default_substitutions()

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.fx_tools_dir, config.llvm_tools_dir]
# Every fx-opt run in the suite also checks that its input prints and parses
# back to the same IR, in the generic form and as bytecode.
tools = [
    ToolSubst("fx-opt", extra_args=["--verify-roundtrip"], unresolved="fatal"),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)
