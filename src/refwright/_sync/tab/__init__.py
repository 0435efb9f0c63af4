# Generated from src/refwright/_async/tab/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""tab."""
