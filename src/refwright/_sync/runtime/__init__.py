# Generated from src/refwright/_async/runtime/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The bridge to the page runtime: the channel every call into the page goes through, its route into
Playwright's utility world, the engine's registration, snapshots through frames, and page vitals."""
