"""Prints a function whose torch.Size sits at the bottom of N nested regions."""
import sys

depth = int(sys.argv[1])
print("func.func @deep(%x: tensor<?x8xf32>) -> !fx.size<2> {")
for i in range(depth):
    print(f"%r{i} = scf.execute_region -> !fx.size<2> {{")
print("%s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>")
print("scf.yield %s : !fx.size<2>")
for i in reversed(range(depth)):
    print("}")
    if i > 0:
        print(f"scf.yield %r{i} : !fx.size<2>")
print("return %r0 : !fx.size<2>")
print("}")
