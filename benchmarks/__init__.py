"""Benchmarks: run `python benchmarks/snapshot.py --help`."""
