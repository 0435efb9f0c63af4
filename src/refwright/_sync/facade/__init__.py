# Generated from src/refwright/_async/facade/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The public classes: ``Browser``, ``Page`` and a page's typed parts (tabs, dialogs, storage, the network API,
the keyboard, mouse and clipboard). Thin and typed: each holds its implementation and enters the pipeline;
none keeps state of its own."""
