"""What a replay reports of each step: replayed, healed (from what, to what, how) or failed (why), as a line for
stderr and as JSON for ``--report``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._code import check_statement, locator_code, py_str, value_code
from ._steps import SET_TO, Check, Step

__all__ = ["Outcome", "statement"]


@dataclass
class Outcome:
    """One step as replayed: ``status`` is replayed, healed or failed; ``new`` the healed step."""

    item: Step | Check
    status: str
    ms: float
    old: str = ""
    new: Step | None = None
    how: str = ""
    new_check: Check | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"line": self.item.line, "status": self.status, "ms": round(self.ms, 1),
                               "step": statement(self.item)}
        if self.status == "healed":
            out["old"] = self.old
            out["new"] = locator_code(self.new) if self.new is not None else \
                statement(self.new_check) if self.new_check is not None else None
            out["how"] = self.how
        elif self.how:
            out["why"] = self.how
        return out


def statement(item: Step | Check) -> str:
    """The step as one line for stderr and the report (a value typed is left out: it may be long)."""
    if isinstance(item, Check):
        lines = check_statement(item, "")
        return lines[0] if len(lines) == 1 else f"check: {item.describe()}"
    page = item.tab or "page"
    if item.action == "goto":
        return f"{page}.goto({py_str(item.value or '')})"
    if item.action == "wheel":
        return f"{page}.mouse.wheel({item.value})"
    if not item.targeted:
        return f"{page}.keyboard.press({value_code(item)})"
    if item.action in SET_TO:
        return f"{SET_TO[item.action]}({page}.{locator_code(item)}, {value_code(item)})"
    return f"{page}.{locator_code(item)}.{item.action}()"
