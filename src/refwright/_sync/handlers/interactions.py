# Generated from src/refwright/_async/handlers/interactions.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Interactions: click, fill, press, select, drag, scroll and friends.

Each goes through Playwright's actionability checks (attached, visible, enabled, stable, receives
events) and retries until ``TimeoutConfig.action``; a failure says whether the element was missing or
found but not actionable.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator

from ..._errors import CoveredError, RefwrightError, RefwrightTimeoutError
from ...commands import ParsedCommand
from ...safety._secrets import has_token
from ...snapshot._format import quote
from ..pipeline._actionable import ensure_actionable, explain_block
from ..pipeline._forms import blocked_submission, watch_forms
from ..pipeline._translate import best_effort, mapped, perform, translate
from ..tab._fill import TextNotEnteredError, fill_text, not_entered
from ..tab._secret_fields import type_secret
from ..tab._tab import Tab

# Names of controls that close a cover (a dialog, a banner, a loading screen).
_CLOSERS = re.compile(r"^(close|dismiss|cancel|no,? thanks|not now|got it|ok|accept( all)?|reject( all)?|"
                      r"continue|skip|[x×✕✖])\b", re.I)
# Whether an element is the one a click at its centre would reach, i.e. not itself covered.
_ON_TOP = """el => { const r = el.getBoundingClientRect();
  if (!r.width || !r.height) return false;
  const t = el.getRootNode().elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!t && (t === el || el.contains(t)); }"""
_MAX_CLOSERS_TRIED = 5


def _act(session: Tab, target: str, name: str, action: Callable[[Locator, float], object], *,
               check: str | None = None, value: str | None = None) -> None:
    locator = session.locator(target)
    # A target the action cannot reach (hidden, disabled, covered, the wrong kind) fails at once.
    ensure_actionable(session, locator, target, check or name, value=value)
    try:
        perform(locator, action, target=target, command=name, timeout=session.config.timeouts.action)
    except RefwrightTimeoutError as exc:
        # The page kept settling until the timeout: say what blocks the target now, in refwright's words.
        reason = explain_block(session, locator, target, check or name, value=value)
        if reason is not None:
            raise reason from exc
        if not isinstance(exc, CoveredError):
            raise
        closer = _closer_on_top(session)
        if closer is None:
            raise
        raise CoveredError(f"{exc} The last snapshot lists {closer}, which is on top now: click it to close "
                           "the cover.") from exc


def _closer_on_top(session: Tab) -> str | None:
    """A ref of the last snapshot that closes something and can be clicked now (nothing covers it)."""
    snap = session.view.last_snapshot
    if snap is None:
        return None
    tried = 0
    for ref, entry in snap.refs.items():
        if entry.role not in ("button", "link") or not _CLOSERS.match(entry.name.strip()):
            continue
        tried += 1
        if tried > _MAX_CLOSERS_TRIED:
            break
        with best_effort(RefwrightError):  # gone or covered itself: the next candidate is tried
            if session.locator(ref).evaluate(_ON_TOP, timeout=500):
                return f"@{ref} [{entry.role}] {quote(entry.name)}"
    return None


def _choose_option(session: Tab, target: str) -> bool:
    """Clicking an <option> of a dropdown selects it, as a person's click in the open list would."""
    entry = session.ref(target)
    if entry is None or entry.role != "option":
        return False
    option = session.locator(target)
    select = option.locator("xpath=ancestor::select[1]")
    if select.count() != 1:
        return False
    handle = option.element_handle(timeout=session.config.timeouts.action)
    _act(session, target, "click", lambda loc, t: select.select_option(element=handle, timeout=t), check="option")
    return True


def _click_without_a_box(session: Tab, target: str) -> str | None:
    """Click an element whose own box is empty but that shows something: a link around a floated image,
    an empty logo link. Its visible content is clicked instead (the click reaches the element, as a
    person's would), else a link is focused and Enter pressed. ``None``: the element has a box (or is
    hidden): the ordinary click goes ahead and reports any failure. The text says how, when that
    matters to the model ("" when the click went to its content)."""
    locator = session.locator(target)
    timeout = session.config.timeouts.action
    box = None
    with best_effort():  # the ordinary click goes ahead and reports what is wrong
        if locator.count() != 1:
            return None
        box = locator.bounding_box(timeout=timeout)
    if box is None or (box["width"] > 0 and box["height"] > 0):
        return None
    content = locator.locator("*").filter(visible=True)
    with mapped(lambda exc: translate(exc, target=target, command="click", timeout=timeout)):
        if content.count() > 0:
            perform(content.first, lambda loc, t: loc.click(timeout=t), target=target, command="click",
                          timeout=timeout)
            return ""
        if not locator.evaluate(_FOCUSABLE_LINK, timeout=timeout):
            return None
        locator.focus(timeout=timeout)
        if not locator.evaluate("el => el.getRootNode().activeElement === el", timeout=timeout):
            return None
        session.pw.keyboard.press("Enter")
    return " (it shows no box of its own: refwright focused the link and pressed Enter)"


# A link that keyboard activation follows: an <a>/<area> with an href, not disabled by the page.
_FOCUSABLE_LINK = "el => (el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href')"


def _simple(verb_output: str, method: str) -> Callable[[Tab, ParsedCommand], str]:
    def handler(session: Tab, cmd: ParsedCommand) -> str:
        target = cmd.args[0]
        if method == "click" and _choose_option(session, target):
            return f"{verb_output} {target}"
        if method == "click":
            how = _click_without_a_box(session, target)
            if how is not None:
                return f"{verb_output} {target}{how}"

        def run(loc: Locator, timeout: float) -> object:
            result: object = getattr(loc, method)(timeout=timeout)
            return result

        watching = watch_forms(session, target) if method in _SUBMITTING else None
        _act(session, target, cmd.name, run)
        _note_stopped(session, watching)
        return f"{verb_output} {target}"

    return handler


# Actions that can submit a form, whose answer says when native validation stopped it.
_SUBMITTING = ("click", "dblclick", "tap")


def _note_stopped(session: Tab, watching: tuple[str, ...] | None) -> None:
    stopped = blocked_submission(session, watching) if watching is not None else None
    if stopped:
        # A note: it carries the page's words (the field's name, a custom message), which content
        # boundaries then wrap.
        session.events.notes.append(stopped)


def fill(session: Tab, cmd: ParsedCommand) -> str:
    target = cmd.args[0]
    text = cmd.text_from(1)

    def run(loc: Locator, timeout: float) -> None:
        if has_token(text):  # a {{secret:NAME}} becomes its value only on its origins
            type_secret(session, loc, text, timeout)
        else:
            fill_text(text)(loc, timeout)

    try:
        _act(session, target, cmd.name, run)
    except TextNotEnteredError:
        raise not_entered(target, "Run `snapshot -i` to see the page as it is now.") from None
    return f"Filled {target}"


def type_(session: Tab, cmd: ParsedCommand) -> str:
    target = cmd.args[0]
    text = cmd.text_from(1)

    def run(loc: Locator, timeout: float) -> None:
        if has_token(text):
            type_secret(session, loc, text, timeout, keys=True)
        else:
            loc.press_sequentially(text, timeout=timeout)

    _act(session, target, cmd.name, run)
    return f"Typed into {target}"


def press(session: Tab, cmd: ParsedCommand) -> str:
    key = cmd.args[0]
    # Enter in a field submits its form (implicit submission), which validation may stop.
    watching = watch_forms(session, cmd.args[1] if len(cmd.args) > 1 else None) \
        if key.endswith("Enter") else None
    with mapped(lambda exc: _key_error(exc, key)):
        if len(cmd.args) > 1:
            _act(session, cmd.args[1], cmd.name, lambda loc, t: loc.press(key, timeout=t))
        else:
            session.pw.keyboard.press(key)
    _note_stopped(session, watching)
    return f"Pressed {key}"


def _key_error(exc: Exception, key: str) -> RefwrightError:
    if "Unknown key" in str(exc):
        return RefwrightError(
            f"Unknown key `{key}`. Use key names such as Enter, Tab, Escape, ArrowDown, Backspace, "
            "or combinations such as Control+A and Shift+Tab."
        )
    return translate(exc)


def select(session: Tab, cmd: ParsedCommand) -> str:
    target = cmd.args[0]
    value = cmd.text_from(1)
    _act(session, target, cmd.name, lambda loc, t: loc.select_option(value, timeout=t), value=value)
    return f"Selected {value} in {target}"


def drag(session: Tab, cmd: ParsedCommand) -> str:
    source, target = cmd.args[0], cmd.args[1]
    destination = session.locator(target)
    _act(session, source, cmd.name, lambda loc, t: loc.drag_to(destination, timeout=t))
    return f"Dragged {source} to {target}"


_DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def scroll(session: Tab, cmd: ParsedCommand) -> str:
    direction = cmd.args[0].lower()
    if direction in ("top", "bottom"):
        session.channel.run("scroll", to=direction)
        return f"Scrolled {direction}"
    if direction not in _DIRECTIONS:
        raise RefwrightError("Usage: scroll <up|down|left|right|top|bottom> [pixels]")
    px = 300
    if len(cmd.args) > 1:
        try:
            px = int(float(cmd.args[1]))
        except ValueError:
            px = 300
    dx, dy = _DIRECTIONS[direction]
    session.channel.run("scroll", dx=dx * px, dy=dy * px)
    return f"Scrolled {direction}"


def scrollintoview(session: Tab, cmd: ParsedCommand) -> str:
    target = cmd.args[0]
    _act(session, target, cmd.name, lambda loc, t: loc.scroll_into_view_if_needed(timeout=t))
    return f"Scrolled {target} into view"


def highlight(session: Tab, cmd: ParsedCommand) -> str:
    target = cmd.args[0]

    def run(loc: Locator, timeout: float) -> None:
        # highlight() does not wait; make sure the element is there first so a stale ref fails clearly.
        loc.wait_for(state="attached", timeout=timeout)
        loc.highlight()

    _act(session, target, cmd.name, run)
    return f"Highlighted {target}"


HANDLERS = {
    "click": _simple("Clicked", "click"),
    "dblclick": _simple("Double-clicked", "dblclick"),
    "tap": _simple("Tapped", "tap"),
    "hover": _simple("Hovered", "hover"),
    "focus": _simple("Focused", "focus"),
    "check": _simple("Checked", "check"),
    "uncheck": _simple("Unchecked", "uncheck"),
    "highlight": highlight,
    "fill": fill,
    "type": type_,
    "press": press,
    "select": select,
    "drag": drag,
    "scroll": scroll,
    "scrollintoview": scrollintoview,
}
