# Generated from src/refwright/_async/facade/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""facade."""
