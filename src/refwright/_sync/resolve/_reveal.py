# Generated from src/refwright/_async/resolve/_reveal.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Steps whose target must be revealed first: a menu item behind its menu, an item found by the route the
request names ("Navigate through X. Find and click Y"), a control inside a collapsed section."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._labels import match_labels
from ...resolve._model import CLICKABLE, Inspection, describe
from ...resolve.grammar._plan import Plan, Target
from ...resolve.matching._match import AmbiguousTargetError, Match, TargetNotFoundError, find_target
from ...resolve.matching._sections import in_open_section, only_named
from ...resolve.matching._select import MENU_KINDS
from ...resolve.state._memory import Memo, ResolverState
from ..tab._script_recording import note_element, noted_done
from ._do import act_on_control
from ._inspection import ACT_LIMIT, element_locator, inspect_page, run_resolver_op
from ._step import Step, click_step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["step_expand", "step_find", "step_menu", "wait_visible"]


def step_menu(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                     memo: Memo) -> Step:
    part = plan.parts[index]
    labels = part.labels
    found: tuple[int, Match] | None = None
    for j in range(len(labels) - 1, -1, -1):
        try:
            found = (j, find_target([Target(label=labels[j])], inspection.controls, MENU_KINDS))
            break
        except TargetNotFoundError:
            continue
    if found is None:
        raise TargetNotFoundError(
            f"No visible menu item matches {labels[0]!r}, the start of the path {' > '.join(labels)}. Nothing was "
            "done; open the menu first or run `inspect` to see what is shown."
        )
    j, match = found
    opened = memo.read.setdefault(index, [])
    skipped = [label for label in labels[:j] if label not in opened and
               not match_labels(label, [c.label for c in inspection.controls])[1]]
    if skipped:
        # A path is followed from its start: an item further on is never clicked while an item before it is
        # neither shown nor opened by this request ("Ann as full name > Next" is no menu whose Next to click).
        raise TargetNotFoundError(
            f"No visible control matches {skipped[0]!r}, which comes before {labels[j]!r} in the path "
            f"{' > '.join(labels)}. Nothing was done; open what comes first, or run `inspect` and act on a ref.")
    opened.append(labels[j])
    if j == len(labels) - 1:
        note = "chose " + " > ".join(labels)
        return click_step(session, state, inspection, match, lambda: memo.mark(index, note),
                            f"the last item of the menu path {' > '.join(labels)}")
    nxt = labels[j + 1]
    act_on_control(session, inspection, match.control, "hover", lambda loc, t: loc.hover(timeout=t))
    if wait_visible(session, nxt):
        return Step(f"Opened {describe(match.control)} by hovering ({match.how}), which revealed {nxt!r}", False)
    if match.control.approval:
        raise RefwrightError(f"Hovering {describe(match.control)} did not reveal {nxt!r}, and clicking it needs "
                             "approval. Click it yourself (`click @…`) if that is meant.")
    act_on_control(session, inspection, match.control, "click", lambda loc, t: loc.click(timeout=t))
    if wait_visible(session, nxt):
        return Step(f"Opened {describe(match.control)} by clicking ({match.how}), which revealed {nxt!r}", False)
    raise TargetNotFoundError(f"Opening {describe(match.control)} did not reveal {nxt!r}; the path "
                         f"{' > '.join(labels)} does not match this menu. Run `inspect` to see its items.")


def wait_visible(session: Tab, label: str, max_ms: int = 1_200) -> bool:
    """Whether a menu item labelled ``label`` shows within ``max_ms`` (a submenu opening after a hover)."""
    waited = 0
    while True:
        now = inspect_page(session, limit=ACT_LIMIT)
        _tier, hits = match_labels(label, [c.label for c in now.controls if c.kind in MENU_KINDS])
        if hits:
            return True
        if waited >= max_ms:
            return False
        session.pw.wait_for_timeout(100)
        waited += 100


def step_find(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                     memo: Memo) -> Step:
    part = plan.parts[index]
    match: Match | None = None
    try:
        match = find_target(part.targets, inspection.controls, CLICKABLE)
    except AmbiguousTargetError:
        # What is looked for is in what was opened: a section's header that shares its name is the route.
        match = find_target(part.targets, [c for c in inspection.controls if c.kind != "tab"], CLICKABLE)
    except TargetNotFoundError:
        inside = next((t for t in (in_open_section(t.label or "", inspection) for t in part.targets) if t), None)
        if inside is not None:
            # "the Confirm button inside Shipping details", once that section is open: the target by its own name.
            match = find_target([inside], [c for c in inspection.controls if c.kind != "tab"], CLICKABLE)
    if match is not None:
        note = f"found and clicked {describe(match.control, with_ref=False)}"
        return click_step(session, state, inspection, match, lambda: memo.mark(index, note),
                                "the request's target")
    label = next((t.label for t in part.targets if t.label), "")
    items = (run_resolver_op(session, "disclosures", label=label))["items"]
    fresh = only_named(part.text, label, [i for i in items if int(i["id"]) not in memo.tried])
    pick = next((i for i in fresh if i["c"]), None) or (fresh[0] if fresh else None)
    if pick is None and memo.tried:
        # A section opened with an animation shows its content late: the target is waited for a moment.
        for _ in range(10):
            session.pw.wait_for_timeout(100)
            now = inspect_page(session, limit=ACT_LIMIT)
            try:
                late = find_target(part.targets, [c for c in now.controls if c.kind != "tab"], CLICKABLE)
            except TargetNotFoundError:
                continue
            done = functools.partial(memo.mark, index, f"found and clicked {describe(late.control, with_ref=False)}")
            return click_step(session, state, now, late, done, "the request's target")
    if pick is None:
        raise TargetNotFoundError(
            f"{part.targets[0].describe()} is not visible, and every collapsed section was already "
                             "opened. Nothing more was done; run `inspect` to see the page.")
    memo.tried.add(int(pick["id"]))
    locator = element_locator(session, inspection.token, int(pick["id"]))
    why = "its hidden content names it" if pick["c"] else "the next collapsed section in page order"
    # A submenu opens on hover, and a click on its parent may close it again: hover first.
    noted = note_element(session, locator, str(pick["l"]), "hover")
    locator.hover(timeout=session.config.timeouts.action)
    noted_done(noted)
    if label and wait_visible(session, label, max_ms=300):
        return Step(f"Opened {str(pick['l'])!r} by hovering, to look for {part.targets[0].describe()} ({why})", False)
    noted = note_element(session, locator, str(pick["l"]), "click")
    locator.click(timeout=session.config.timeouts.action)
    noted_done(noted)
    return Step(f"Expanded the section {str(pick['l'])!r} to look for {part.targets[0].describe()} ({why})", False)


def step_expand(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                       memo: Memo) -> Step:
    found = (run_resolver_op(session, "disclosures", label=""))["items"]
    items = [i for i in found if not i.get("tab") or i.get("x")]
    # "Expand the section and click Submit": a collapsed header named like what the request clicks next is
    # that target's look-alike, not the section that hides it.
    later = [t.label for p in plan.parts[index + 1:] for t in p.targets[:1] if t.label]
    items = [i for i in items if not any(match_labels(label, [str(i["l"])])[1] for label in later)] or items
    if not items:
        memo.mark(index, "found no collapsed section to expand")
        return Step("Found no collapsed section to expand (nothing was done)")
    if len(items) > 1:
        listed = ", ".join(repr(str(i["l"])) for i in items[:6])
        raise AmbiguousTargetError(
            f"Ambiguous: {len(items)} collapsed sections ({listed}). Nothing was done; name the one "
                              "to open (act click \"<its title>\").")
    pick = items[0]
    locator = element_locator(session, inspection.token, int(pick["id"]))
    noted = note_element(session, locator, str(pick["l"]), "click")
    locator.click(timeout=session.config.timeouts.action)
    noted_done(noted)
    memo.mark(index, f"expanded the section {str(pick['l'])!r}")
    why = ("the only collapsed section not named like what the request clicks next" if len(found) > 1 else
           "the only collapsed section on the page")
    return Step(f"Expanded the section {str(pick['l'])!r} ({why})")
