# Generated from tests/api/_async/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
