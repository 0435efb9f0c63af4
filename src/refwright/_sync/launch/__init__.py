# Generated from src/refwright/_async/launch/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""launch."""
