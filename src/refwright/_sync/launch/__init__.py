# Generated from src/refwright/_async/launch/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Starting a browser: Chromium launched, attached over CDP or from a person's own profile, and the network
guard wired in front of it."""
