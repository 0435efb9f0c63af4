"""Snapshots: the injected page runtime, the tree format, stable refs and diffs."""

from ._types import RefEntry, Snapshot, SnapshotNode

__all__ = ["RefEntry", "Snapshot", "SnapshotNode"]
