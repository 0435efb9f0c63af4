# Generated from src/refwright/_async/tab/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""One tab's state and what a tab keeps and does: the ``Tab`` (its Playwright page, refs, guard, listeners),
the window's ``TabGroup``, script recording and video, downloads and uploads, where secrets may be typed,
saved state, emulation, permissions and the person's turn with the page."""
