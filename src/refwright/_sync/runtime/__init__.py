# Generated from src/refwright/_async/runtime/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""runtime."""
