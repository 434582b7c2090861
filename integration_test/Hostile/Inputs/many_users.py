"""Prints a torch.Size and an x.size(0) with N users each."""
import sys

users = int(sys.argv[1])
print("func.func @users(%x: tensor<?x8xf32>) -> index {")
print("%s = fx.size %x : tensor<?x8xf32> -> !fx.size<2>")
print("%n = fx.size %x, dim = 0 : tensor<?x8xf32> -> index")
for i in range(users):
    print(f"%g{i} = fx.getitem %s[{i % 2 - 1}] : !fx.size<2>")
for i in range(users):
    print(f"%l{i} = fx.slice none, %n, none")
print(f"return %g{users - 1} : index")
print("}")
