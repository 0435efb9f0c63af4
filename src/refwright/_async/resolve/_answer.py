"""Steps whose value the page's text gives: an answer computed or read from what the page shows, typed into
a field, and the text of a paragraph selected (highlighted) as a person does with the mouse."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._errors import RefwrightError
from ...resolve._labels import compact, fold
from ...resolve._model import TEXT_KINDS, Inspection, describe
from ...resolve.grammar._plan import Part, Plan, Target
from ...resolve.matching._match import find_target
from ...resolve.matching._page_text import Block, math_answer, pick_block, shown_text, word_at
from ...resolve.matching._select import field_match
from ...resolve.state._memory import Memo, ResolverState
from ..tab._fill import fill_text
from ..tab._script_recording import note_element, noted_done
from ._do import act_on_control
from ._inspection import element_locator, run_resolver_op
from ._step import Step

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["read_blocks", "step_answer", "step_highlight"]


async def read_blocks(session: Tab) -> list[Block]:
    """The text blocks the page shows outside its controls, in page order."""
    raw = await run_resolver_op(session, "reading")
    return [Block(int(b["id"]), str(b["tag"]), str(b["t"])) for b in raw.get("blocks", [])]


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:39] + "…"


def _paragraph(part: Part, at: int) -> int | None:
    n = part.labels[at] if len(part.labels) > at else ""
    return int(n) if n else None


async def _answer(session: Tab, part: Part, inspection: Inspection) -> tuple[str, str, int | None]:
    """The value to type, how it was found, and the id of the field it was read from (if any)."""
    what = part.labels[0]
    if what == "math":
        # A problem may be a field's own label ("3 + 4 =" before its box, <label>What is 3 + 4?</label>).
        own = [Block(c.id, "label", c.label) for c in inspection.controls if c.kind in TEXT_KINDS and c.label]
        value, how = math_answer([*await read_blocks(session), *own], part.labels[1] or None)
        return value, f"{how}, computed from the problem the page shows", None
    if what == "word":
        n = int(part.labels[1])
        if part.targets:
            source = find_target(part.targets, inspection.controls, TEXT_KINDS,
                                 what=f"a field to read: {part.targets[0].describe()}")
            read = await run_resolver_op(session, "fieldText", id=source.control.id)
            if "t" not in read:
                raise RefwrightError(f"{describe(source.control)} cannot be read (a password or hidden field). "
                                     "Nothing was done.")
            value, how = word_at(str(read["t"]), n, describe(source.control))
            return value, f"{how}, read from the page", source.control.id
        block = pick_block(await read_blocks(session), _paragraph(part, 2), "paragraph")
        value, how = word_at(block.text, n, f"the paragraph {_short(block.text)!r}")
        return value, f"{how}, read from the page", None
    labels = {fold(c.label) for c in inspection.controls if c.label}
    # A field's own label ("Username") is not text shown to be typed.
    block = shown_text([b for b in await read_blocks(session) if fold(b.text) not in labels])
    return block.text, "the only text the page shows outside its controls", None


async def step_answer(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                      memo: Memo) -> Step:
    """Type into a field an answer computed or read from the page's text, saying what it came from."""
    part = plan.parts[index]
    value, how, source = await _answer(session, part, inspection)
    match = field_match(part.field or Target(role="textbox"), inspection, exclude=source)
    await act_on_control(session, inspection, match.control, "fill", fill_text(value))
    memo.mark(index, f"typed {value!r} ({how})")
    return Step(f"Typed {value!r} into {describe(match.control)} ({how}; the field: {match.how})")


async def step_highlight(session: Tab, state: ResolverState, plan: Plan, index: int, inspection: Inspection,
                         memo: Memo) -> Step:
    """Select the text of a paragraph as a person does: a triple-click on it; when that selects more or less
    than the paragraph, a selection range over exactly its text."""
    part = plan.parts[index]
    n = _paragraph(part, 1)
    block = pick_block(await read_blocks(session), n, "paragraph")
    which = "the paragraph" if n is None else "the last paragraph" if n == -1 else f"paragraph {n}"
    paragraph = element_locator(session, inspection.token, block.id)
    # Kept in a saved run as Playwright's select_text() on the paragraph: the same selection, made directly.
    noted = await note_element(session, paragraph, "", "select_text")
    await paragraph.click(click_count=3, timeout=session.config.timeouts.action)
    how = "a triple-click on it"
    shown = await run_resolver_op(session, "selection", id=block.id)
    if compact(str(shown.get("sel", ""))) != compact(str(shown.get("t", ""))):
        shown = await run_resolver_op(session, "selection", id=block.id, force=True)
        how = "a triple-click took more or less than it, so a selection range over its text"
    await noted_done(noted)
    memo.mark(index, f"selected the text of {which}")
    return Step(f"Selected the text of {which} {_short(block.text)!r} ({len(str(shown.get('sel', '')).strip())} "
                f"characters, by {how})")
