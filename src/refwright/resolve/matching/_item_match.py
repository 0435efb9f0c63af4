"""Items of a list found by their content, and the control a request means inside one (pure, no page).

"Find the email by Lela and click the star icon": the page runtime reports each item (a list row, a card, a
message) whose text shows "Lela", with the controls inside it; this module decides which item the request
means and which of its controls, or why none: several items match, or the item holds no such control.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .._labels import fold, loose, synonym
from .._model import CLICKABLE, Control, Inspection, describe
from ..grammar._plan import Part, Target
from ._match import AmbiguousTargetError, Match, TargetNotFoundError, find_target

__all__ = ["Item", "control_in", "describe_item", "icon_readings", "item_text", "items_from_raw", "menu_in",
           "next_page", "pick_items", "text_in"]

# Words that name the same icon: a request says "delete", the icon shows a trash can.
_ICON_SYNONYMS = (
    frozenset({"delete", "trash", "remove", "bin", "garbage", "discard"}),
    frozenset({"star", "important", "favorite", "favourite", "mark as important"}),
    frozenset({"like", "heart", "love"}),
    frozenset({"retweet", "repost", "reshare"}),
    frozenset({"reply", "respond", "answer"}),
    frozenset({"forward", "fwd"}),
    frozenset({"more", "menu", "more options", "options", "ellipsis"}),
    frozenset({"edit", "pencil", "modify"}),
)
_POSSESSIVE = re.compile(r"^(?:their|his|her|its|the|my|your|this|that)\s+", re.IGNORECASE)
_NEXT_PAGE = frozenset({">", "›", "»", "next", "next page", "next ›", "next »", "→"})


@dataclass(frozen=True)
class Item:
    """One item whose text shows what the request names. ``inside`` are the listed controls in it with the
    text just before each (its key: "Phone:"); ``opener`` the control that opens the item when it is
    clickable; ``texts`` its short texts that no control covers, as (element id, text)."""

    id: int
    text: str
    exact: bool
    inside: tuple[tuple[int, str], ...] = ()
    opener: int | None = None
    texts: tuple[tuple[int, str], ...] = ()


def items_from_raw(raw: Sequence[Mapping[str, Any]]) -> list[Item]:
    return [Item(id=int(r["id"]), text=str(r.get("text") or ""), exact=bool(r.get("exact")),
                 inside=tuple((int(i), str(k or "")) for i, k in r.get("inside") or ()),
                 opener=int(r["opener"]) if r.get("opener") is not None else None,
                 texts=tuple((int(i), str(t)) for i, t in r.get("texts") or ())) for r in raw]


def pick_items(items: Sequence[Item], part: Part) -> list[Item]:
    """The items ``part`` means: those showing its name as a whole text first; every one, the first N, or
    the one. Several items that show the name are ambiguous, never a guess."""
    name = part.labels[0]
    pool = [i for i in items if i.exact] or list(items)
    if not pool:
        raise TargetNotFoundError(f"No visible item shows {name!r}. Nothing was done. Run `inspect` to see the page.")
    if part.value == "every":
        return pool
    if part.value and part.value.isdigit():
        n = int(part.value)
        if len(pool) < n:
            raise TargetNotFoundError(f"The request asks for {n} items showing {name!r}, and the page shows "
                                      f"{len(pool)}. Nothing was done.")
        return pool[:n]
    if part.value == "any":  # a request about the person ("For the user @y, mute"): any item of theirs serves
        return pool[:1]
    # Several items showing the name ("Lela" as the sender of two emails) are as many candidates: the request
    # names nothing that tells them apart, so act asks rather than guess which one was meant.
    if len(pool) > 1:
        listed = "; ".join(repr(i.text) for i in pool[:6])
        raise AmbiguousTargetError(f"Ambiguous: {len(pool)} items show {name!r}: {listed}. Nothing was done; name the "
                                   "item more precisely (a word of its text), or act on a ref from `inspect`.")
    return pool[:1]


def icon_readings(targets: Sequence[Target]) -> list[Target]:
    """Other names of the icons ``targets`` name ("trash" for "delete"), as icon targets."""
    out: list[Target] = []
    for t in targets:
        if t.label is None:
            continue
        word = synonym(t.label)
        for group in _ICON_SYNONYMS:
            if word in group:
                out.extend(Target(label=w, role="icon", every=t.every) for w in sorted(group - {word}))
    return out


def _readings(targets: Sequence[Target]) -> list[Target]:
    bare = [replace(t, label=_POSSESSIVE.sub("", t.label)) if t.label else t for t in targets]
    return [*bare, *icon_readings(bare)]


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", loose(text))


def control_in(item: Item, targets: Sequence[Target], inspection: Inspection) -> Match | None:
    """The control of ``item`` that ``targets`` name: by its label (an icon also by another name of it), else
    by the text just before it ("their phone number" is the link after "Phone:"); None when none is."""
    controls = [c for i, _ in item.inside if (c := inspection.get(i)) is not None]
    readings = _readings(targets)
    try:
        return find_target(readings, controls, CLICKABLE)
    except TargetNotFoundError:
        pass
    keys = {i: k for i, k in item.inside if k}
    for target in readings:
        wanted = set(_words(target.label or ""))
        keyed = [c for c in controls if c.id in keys and set(_words(keys[c.id])) and set(_words(keys[c.id])) <= wanted]
        if len(keyed) == 1:
            return Match((keyed[0],), f"the control after {keys[keyed[0].id]!r} in the item", target)
    return None


def text_in(item: Item, targets: Sequence[Target]) -> tuple[int, str] | None:
    """A short text of ``item`` that a target names, when no control covers it (a menu entry without a
    role): equal to the label, or beginning with it ("Mute" is "Mute @kenda"); None unless exactly one."""
    for target in _readings(targets):
        if not target.label:
            continue
        key = loose(target.label)
        hits = [(i, t) for i, t in item.texts if loose(t) == key] or \
               [(i, t) for i, t in item.texts if loose(t).startswith(key + " ")]
        if len(hits) == 1:
            return hits[0]
    return None


def menu_in(item: Item, inspection: Inspection) -> Control | None:
    """The control of ``item`` that opens its menu of more actions (a "more" icon, a collapsed popup)."""
    controls = [c for i, _ in item.inside if (c := inspection.get(i)) is not None]
    found = [c for c in controls if (c.popup and "expanded" not in c.states) or
             (c.kind == "icon" and synonym(c.label) in ("more", "menu", "options"))]
    return found[0] if len(found) == 1 else None


def next_page(inspection: Inspection) -> Control | None:
    """The one control that turns a paginated list to its next page, if the page shows one."""
    found = [c for c in inspection.controls if c.kind in ("link", "button", "pointer") and not c.disabled
             and (fold(c.label) in _NEXT_PAGE or loose(c.label) in _NEXT_PAGE)]
    return found[0] if len(found) == 1 else None


def item_text(item: Item) -> str:
    return repr(item.text[:60])


def describe_item(item: Item, control: Control) -> str:
    return f"{describe(control)} in the item {item_text(item)}"
