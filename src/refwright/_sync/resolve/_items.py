# Generated from src/refwright/_async/resolve/_items.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The step for an item found by its content: act in it (its icon, its link), open it, open its menu, or turn
a paginated list to its next page to find it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...resolve._model import Control, Inspection, control_from_raw, describe
from ...resolve.grammar._plan import Kind, Part, Plan, Target
from ...resolve.matching._item_match import (
    Item,
    control_in,
    describe_item,
    item_text,
    items_from_raw,
    menu_in,
    next_page,
    pick_items,
    text_in,
)
from ...resolve.matching._match import Match, TargetNotFoundError
from ...resolve.state._memory import Memo, ResolverState
from ._do import act_on_control
from ._inspection import run_resolver_op
from ._step import Step, click_step, hover_click

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_item"]


def _text_control(element_id: int, text: str) -> Control:
    return control_from_raw({"id": element_id, "k": "pointer", "l": text, "ls": "text"})


def _first_of(found: list[Item], part: Part) -> str:
    same = [i for i in found if i.exact]
    if part.value not in (None, "any") or len(same) < 2:
        return ""
    return f"; the first of {len(same)} items showing {part.labels[0]!r}, which the request names alike"


def _in_each(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                   memo: Memo, chosen: list[Item], targets: tuple[Target, ...]) -> Step | None:
    """The next part done in every chosen item ("Like all posts by X"), one click per call."""
    matches = [control_in(item, targets, inspection) for item in chosen]
    if not all(matches):
        return None
    left = [m for m in matches if m is not None and m.control.id not in memo.clicked_ids]
    name = plan.parts[index].labels[0]

    def finish() -> None:
        memo.mark(index, f"found {len(chosen)} item(s) showing {name!r}")
        memo.mark(index + 1, f"clicked {plan.parts[index + 1].describe()[6:]} in each")

    if not left:
        finish()
        return Step(f"Every item showing {name!r} ({len(chosen)}) is done", complete=True)
    match = left[0]

    def mark() -> None:
        memo.clicked_ids.add(match.control.id)
        if len(left) == 1:
            finish()

    step = click_step(session, state, inspection, match, mark,
                            f"it is in an item showing {name!r} ({len(chosen) - len(left) + 1} of {len(chosen)})")
    if step.proposal is None:
        step.text += f" in item {len(chosen) - len(left) + 1} of {len(chosen)} showing {name!r}"
    return step


def _turn_page(session: Tab, state: ResolverState, inspection: Inspection, memo: Memo,
                     name: str) -> Step:
    """No item shows ``name`` here: the next page of a paginated list, or a refusal once none is left."""
    page = next_page(inspection)
    # A pager that comes back to a page already looked through (one that wraps around) has no more.
    if page is not None and inspection.fingerprint not in memo.pages:
        memo.pages.add(inspection.fingerprint)
        match = Match((page,), "the link to the next page", Target(label=page.label))
        step = click_step(session, state, inspection, match, lambda: None, f"no item on this page shows {name!r}")
        step.complete = False
        if step.proposal is None:
            step.text = f"Turned to the next page with {describe(page)}: no item on this page shows {name!r}"
        return step
    pages = f" on any of the {len(memo.pages | {inspection.fingerprint})} pages of the list" if memo.pages else ""
    raise TargetNotFoundError(f"No visible item shows {name!r}{pages}. Nothing was done. Check the name, or run "
                              "`inspect` to see the page.")


def _in_item(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                   memo: Memo, found: list[Item]) -> Step | None:
    """The next part's control clicked inside the item (or its text, or its menu opened first); None when
    the item holds none of them."""
    part, following = plan.parts[index], plan.parts[index + 1]
    name = part.labels[0]
    item = pick_items(found, part)[0]
    inside = control_in(item, following.targets, inspection)
    if inside is not None:
        note = f"clicked {describe(inside.control, with_ref=False)} in the item showing {name!r}"

        def both() -> None:
            memo.mark(index, f"found the item showing {name!r}")
            memo.mark(index + 1, note)

        step = click_step(session, state, inspection, inside, both,
                                f"it is in the item showing {name!r}{_first_of(found, part)}")
        if step.proposal is None:
            step.text = f"Clicked {describe_item(item, inside.control)} ({inside.how}{_first_of(found, part)})"
        return step
    hit = text_in(item, following.targets)
    if hit is not None:
        def marked(said: str = hit[1]) -> None:
            memo.mark(index, f"found the item showing {name!r}")
            memo.mark(index + 1, f"clicked {said!r}")

        # A text no control covers is clicked as a custom pointer target would be, with its approval.
        return Step("", False, state.propose(inspection, _text_control(*hit), "click",
                                             f"a text of the item showing {name!r} that the request names",
                                             args={"text": hit[1]}, on_done=marked))
    menu = menu_in(item, inspection)
    if menu is not None and menu.id not in memo.clicked_ids and item.opener is None:
        act_on_control(session, inspection, menu, "click", hover_click)
        memo.clicked_ids.add(menu.id)
        return Step(f"Opened the menu {describe(menu)} of the item {item_text(item)} to look for "
                    f"{following.targets[0].describe()}", complete=False)
    return None


def step_item(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                    memo: Memo) -> Step:
    """Find the item the part names by its content, then do the next part in it, or open it first."""
    part = plan.parts[index]
    name = part.labels[0]
    raw = run_resolver_op(session, "items", text=name, ids=[c.id for c in inspection.controls])
    found = items_from_raw(raw.get("items") or [])
    if not found:
        return _turn_page(session, state, inspection, memo, name)
    item = pick_items(found, part)[0]
    following = plan.parts[index + 1] if index + 1 < len(plan.parts) else None
    clicks = following is not None and following.kind in (Kind.CLICK, Kind.FIND)
    if following is not None and clicks:
        if part.value not in (None, "any"):
            each = _in_each(session, state, plan, index, inspection, memo, pick_items(found, part),
                                  following.targets)
            if each is not None:
                return each
        step = _in_item(session, state, plan, index, inspection, memo, found)
        if step is not None:
            return step
    opener = inspection.get(item.opener) if item.opener is not None else None
    if opener is not None:
        match = Match((opener,), f"the item showing {name!r}", Target(label=name))
        return click_step(session, state, inspection, match,
                                lambda: memo.mark(index, f"opened the item showing {name!r}"),
                                f"the request asks for what is in it{_first_of(found, part)}")
    if following is None or not clicks:
        memo.mark(index, f"found the item showing {name!r}")
        return Step(f"Found the item {item_text(item)}")
    listed = ", ".join(describe(c) for i, _ in item.inside if (c := inspection.get(i)) is not None) or "none"
    raise TargetNotFoundError(f"The item {item_text(item)} shows no control that matches "
                              f"{following.targets[0].describe()}. Nothing was done. Its controls: {listed}.")
