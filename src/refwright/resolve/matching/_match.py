"""Which inspected control a target means: unique matches act, everything else is explained (pure)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ..._errors import AmbiguousTargetError, DisabledTargetError, TargetNotFoundError
from .._labels import match_labels
from .._model import CLICKABLE, KIND_NAMES, Control, describe
from ..grammar._plan import Target

__all__ = ["AmbiguousTargetError", "DisabledTargetError", "Match", "TargetNotFoundError", "find_target",
           "kinds_for_role"]

# Role word -> (kinds it names, kinds tried when none of those match: styled spans acting as links...).
_ROLE_KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "button": (frozenset({"button"}), frozenset({"pointer", "link", "combobox", "icon"})),
    "link": (frozenset({"link"}), frozenset({"pointer", "button", "icon"})),
    "tab": (frozenset({"tab"}), frozenset({"link", "button", "pointer"})),
    "checkbox": (frozenset({"checkbox"}), frozenset()),
    "radio": (frozenset({"radio"}), frozenset()),
    "option": (frozenset({"option", "radio"}), frozenset({"menuitem", "pointer", "link", "treeitem"})),
    "textbox": (frozenset({"text"}), frozenset({"date", "time"})),
    "textarea": (frozenset({"text"}), frozenset()),
    "menuitem": (frozenset({"menuitem"}), frozenset({"link", "button", "pointer", "option"})),
    "item": (frozenset({"menuitem", "option", "treeitem", "tab"}), frozenset({"link", "pointer", "button"})),
    "slider": (frozenset({"range", "slider", "handle"}), frozenset()),
    "select": (frozenset({"select"}), frozenset({"combobox"})),
    "icon": (frozenset({"icon", "button", "link", "pointer"}), frozenset()),
    "date": (frozenset({"date"}), frozenset()),
    "time": (frozenset({"time"}), frozenset()),
    "spinner": (frozenset({"text"}), frozenset()),
}

MAX_LISTED = 8


def kinds_for_role(role: str | None, allowed: Collection[str]) -> tuple[frozenset[str], frozenset[str]]:
    if role is None or role == "any" or role not in _ROLE_KINDS:
        return frozenset(allowed), frozenset()
    primary, secondary = _ROLE_KINDS[role]
    return primary, secondary


@dataclass(frozen=True)
class Match:
    """The controls a target resolved to (one, or several for "every"), and how, in words."""

    controls: tuple[Control, ...]
    how: str
    target: Target
    skipped: tuple[str, ...] = field(default=())

    @property
    def control(self) -> Control:
        return self.controls[0]


def _role_filter(pool: Sequence[Control], kinds: frozenset[str], target: Target) -> list[Control]:
    out = [c for c in pool if c.kind in kinds]
    if target.role == "textarea":
        out = [c for c in out if c.tag == "textarea"]
    elif target.role == "spinner":
        out = [c for c in out if c.role == "spinbutton" or c.input_type == "number"]
    elif target.role == "textbox" and target.label is None:
        # "the text field" next to a text area means the one-line field: a text area is called one.
        lines = [c for c in out if c.tag != "textarea"]
        out = lines or out
    return out


def _kind_name(target: Target, controls: Sequence[Control]) -> str:
    if target.role and target.role not in ("any", "item"):
        return {"textbox": "text field", "select": "list", "menuitem": "menu item", "textarea": "text area",
                "date": "date field", "time": "time field"}.get(target.role, target.role)
    kinds = {c.kind for c in controls}
    if len(kinds) == 1:
        return KIND_NAMES.get(next(iter(kinds)), "control")
    return "control"


def _ordinal_pick(pool: list[Control], ordinal: int) -> Control | None:
    if ordinal == -1:
        return pool[-1] if pool else None
    return pool[ordinal - 1] if 0 < ordinal <= len(pool) else None


def _one(target: Target, pool: list[Control], how_base: str) -> tuple[list[Control], str]:
    if target.label is not None:
        tier, hits = match_labels(target.label, [c.label for c in pool])
        found = [pool[i] for i in hits]
        how = f"{tier} of a {_kind_name(target, found)}" if found else ""
        if target.ordinal is not None and found:
            pick = _ordinal_pick(found, target.ordinal)
            return ([pick] if pick else []), f"{how}, the {target.ordinal}. of {len(found)}"
        return found, how
    if target.ordinal is not None:
        pick = _ordinal_pick(pool, target.ordinal)
        if pick is None:
            return [], ""
        which = "last" if target.ordinal == -1 else f"number {target.ordinal}"
        return [pick], f"{which} of {len(pool)} visible {how_base}s in page order"
    return list(pool), f"the only visible {how_base}" if len(pool) == 1 else ""


def find_target(readings: Sequence[Target], controls: Sequence[Control], allowed: Collection[str] = CLICKABLE,
                *, what: str = "") -> Match:
    """The control ``readings`` mean among ``controls``: the first reading with any match decides.

    One match acts. Several raise ``AmbiguousTargetError`` with the candidates and their refs (unless the
    reading asks for every one); none raise ``TargetNotFoundError`` naming what is visible instead.
    """
    if not readings:
        raise TargetNotFoundError("The request names no control. Say which one, for example click \"Save\".")
    for target in readings:
        primary, secondary = kinds_for_role(target.role, allowed)
        for kinds in (primary, secondary):
            if not kinds:
                continue
            pool = _role_filter(controls, kinds, target)
            if not pool:
                continue
            base = _kind_name(target, pool)
            found, how = _one(target, pool, base)
            if not found:
                continue
            if target.every:
                return Match(tuple(found), f"every visible {base}", target)
            if len(found) > 1:
                enabled = [c for c in found if not c.disabled]
                if len(enabled) == 1:
                    return Match((enabled[0],), how + " (the only enabled one)", target)
                raise AmbiguousTargetError(_ambiguous_text(target, found))
            return Match((found[0],), how, target)
    raise TargetNotFoundError(_not_found_text(readings[0], controls, allowed, what))


def _ambiguous_text(target: Target, found: Sequence[Control]) -> str:
    listed = ", ".join(describe(c) for c in found[:MAX_LISTED])
    more = f" and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
    return (f"Ambiguous: {len(found)} visible controls match {target.describe()}: {listed}{more}. Nothing was "
            f"done. Act on one directly (`click @{found[0].ref}`), or name it more precisely (a role, an "
            "ordinal such as \"the 2nd\", or its exact label).")


def _not_found_text(target: Target, controls: Sequence[Control], allowed: Collection[str], what: str) -> str:
    primary, secondary = kinds_for_role(target.role, allowed)
    pool = [c for c in controls if c.kind in primary | secondary] or [c for c in controls if c.kind in allowed]
    labels = ", ".join(describe(c) for c in pool[:MAX_LISTED])
    more = f" (+{len(pool) - MAX_LISTED} more)" if len(pool) > MAX_LISTED else ""
    subject = what or target.describe()
    if not pool:
        return (f"No visible control matches {subject}, and the page shows none of that kind. Nothing was done. "
                "It may be hidden or not loaded yet: run `inspect` or `snapshot -i` to see the page.")
    return (f"No visible control matches {subject}. Nothing was done. Visible candidates: {labels}{more}. "
            "Use an exact label from that list, or act on a ref (`click @eN`).")

