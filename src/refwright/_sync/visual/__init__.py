# Generated from src/refwright/_async/visual/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The page side of local OCR: a masked screenshot of the viewport, recognised off the event loop."""

from ._capture import capture_text

__all__ = ["capture_text"]
