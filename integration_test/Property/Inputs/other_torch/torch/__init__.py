# A stand-in for a torch other than the pinned one, for differential.test:
# utils/differential.py reads only its version before it refuses to run.
__version__ = "1.13.1"
