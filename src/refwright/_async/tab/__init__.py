"""One tab's state and what a tab keeps and does: the ``Tab`` (its Playwright page, refs, guard, listeners),
the window's ``TabGroup``, script recording and video, downloads and uploads, where secrets may be typed,
saved state, emulation, permissions and the person's turn with the page."""
