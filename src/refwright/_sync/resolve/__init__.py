# Generated from src/refwright/_async/resolve/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The page-driving half of model-free resolution (the pure half is ``refwright.resolve``)."""

from ._bounded import copy_field, drag_to, select_exact, set_checks, set_field, set_range
from ._confirm import confirm
from ._decide import act
from ._inspection import inspect_page

__all__ = ["act", "confirm", "copy_field", "drag_to", "inspect_page", "select_exact", "set_checks", "set_field",
           "set_range"]
