# Generated from tests/api/_async by scripts/unasync.py: edit the async code, not this file.
