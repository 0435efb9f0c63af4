# Generated from src/refwright/_async/pipeline/_check.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The input check: a declared secret's token is refused anywhere but in text to type, before anything runs."""

from __future__ import annotations

from ..._errors import RefwrightError
from ...commands._typing import misplaced_in

__all__ = ["check_input"]


def check_input(line: str) -> None:
    """Raise when ``line`` would send a ``{{secret:NAME}}`` as a URL, a script or anything but typed text
    (never sent: nothing has run yet). A typed method's values are its arguments (``set_field(target,
    "{{secret:pw}}")`` types it), so only command lines are checked."""
    why = misplaced_in(line)
    if why is not None:
        raise RefwrightError(why)
