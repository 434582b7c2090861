// fx-to-llvm lowers a check wherever it is: in an affine.for (lower-affine
// runs before convert-scf-to-cf), and with a NUL in its text, printed as the
// byte rather than ending the message there.
//
// RUN: fx-opt %s --fx-to-llvm -o %t
// DEFINE: %{run} = mlir-runner %t -entry-point-result=void \
// DEFINE:     -shared-libs=%mlir_runner_utils,%mlir_c_runner_utils
// RUN: not %{run} -e affine_loop 2>&1 | FileCheck %s --check-prefix=AFFINE
// AFFINE: {{^}}i = 2 reached the bound 2{{$}}
// RUN: not %{run} -e nul 2>&1 | tr '\000' '@' | FileCheck %s --check-prefix=NUL
// NUL: {{^}}a@b 5 c@{{$}}

func.func @affine_loop() {
  %c2 = arith.constant 2 : index
  affine.for %i = 0 to 4 {
    %ok = arith.cmpi slt, %i, %c2 : index
    fx.assert %ok, "i = {} reached the bound {}" (%i, %c2 : index, index)
  }
  return
}

func.func @nul() {
  %no = arith.constant 0 : i1
  %n = arith.constant 5 : i64
  fx.assert %no, "a\00b {} c\00" (%n : i64)
  return
}
