"""Why an action cannot happen on its target, as the sentence a model acts on (pure).

The page runtime's ``actionable`` operation (``snapshot/runtime/actionable.js``) answers what blocks an
action: the target is hidden, disabled, read-only, covered, or of the wrong kind. This module turns that
answer into a message that names the true reason and the next step, with refs where the latest snapshot
has them (``Closer`` and ``Field`` carry those, looked up by the caller).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .._errors import CoveredError, NotActionableError, RefwrightError
from ._format import quote

__all__ = ["WAIT_ADVICE", "Closer", "blocked_error", "describe_target", "listed"]

_NEW_SNAPSHOT = "take a new snapshot (`snapshot -i`) to see what the page shows now"
# How to wait for a disabled target, in the command language (a profile without waits says it its way).
WAIT_ADVICE = ("wait for that with `wait --fn <condition>` (a JavaScript condition that is true once it is "
               "enabled) or `wait <ms>`")


class Closer(NamedTuple):
    """A control of a cover that closes it: its ref in the latest snapshot, if it has one."""

    ref: str | None
    role: str
    name: str


def listed(ref: str, role: str, name: str) -> str:
    """A snapshot line's start: ``@e3 [button] "Save"``."""
    return f"@{ref} [{role}] {quote(name)}" if name else f"@{ref} [{role}]"


def describe_target(target: str, role: str, name: str) -> str:
    """The target as typed, with what it is: ``#buy [button] "Buy"``."""
    if target.startswith("@"):
        return listed(target[1:], role, name)
    if name and quote(name) in target:
        return target  # already said by role and name (`button "Go"`, as the MCP tools name elements)
    return f"{target} [{role}] {quote(name)}" if name else f"{target} [{role}]"


def _options(options: Sequence[Sequence[Any]], *, enabled_only: bool) -> str:
    names = [quote(str(o[0])) for o in options if not (enabled_only and o[1])]
    return ", ".join(names[:12]) + (", ..." if len(names) > 12 else "") if names else "none"


def _cover(cover: Mapping[str, Any]) -> str:
    name, kind = str(cover.get("name") or ""), cover.get("kind")
    text = str(cover.get("text") or "")
    shown = f"<{cover.get('tag', 'div')}>" + (f" {quote(text, 60)}" if text else "")
    if kind in ("modal", "dialog"):
        what = "a modal dialog" if kind == "modal" else "a dialog"
        return f"{what} {quote(name)}" if name else f"{what} ({shown})"
    if cover.get("wide"):
        return f"an overlay over the whole page ({shown})"
    if kind == "fixed":
        return f"a fixed element ({shown})"
    return f"another element ({shown})"


def _close_advice(cover: Mapping[str, Any], closers: Sequence[Closer]) -> str:
    with_refs = [c for c in closers if c.ref]
    if with_refs:
        first = " or ".join(listed(c.ref or "", c.role, c.name) for c in with_refs[:2])
        return f"Close it first: click {first}."
    if closers:
        c = closers[0]
        return (f"Close it first with its {c.role} {quote(c.name)}: take a new snapshot (`snapshot -i`), which "
                "lists it with a ref.")
    if cover.get("kind") == "fixed" and not cover.get("wide"):
        return "`scroll` so that it no longer covers it, or close it if it can be closed."
    return ("Close it first (`press Escape`, or its close button: a new snapshot (`snapshot -i`) lists what it "
            "shows), or wait for it to go (`wait 1000`).")


def blocked_error(verdict: Mapping[str, Any], *, target: str, verb: str, value: str | None = None,
                  closers: Sequence[Closer] = (), select_ref: str | None = None,
                  fields: Sequence[str] = ()) -> RefwrightError:
    """The error for a blocked ``verdict`` of the ``actionable`` operation on ``target``. ``verb`` says
    the action (``click``, ``select an option in``); ``select_ref`` is the ref of an option's select and
    ``fields`` the snapshot lines of fields that can be filled, where the latest snapshot lists them."""
    role, name = str(verdict.get("role") or "element"), str(verdict.get("name") or "")
    what = describe_target(target, role, name)
    why = verdict.get("why")
    if why == "covered":
        cover = verdict.get("cover") or {}
        if cover.get("kind") == "label":
            text = str(cover.get("text") or "")
            how = f"`find text {quote(text)} {'check' if verb == 'check' else 'click'}`" if text else \
                "a click on the label's text"
            return CoveredError(f"{what} lies under its own label, which the page draws over it, so a {verb} would "
                                f"land on the label. The label works the control: use {how} instead.")
        return CoveredError(f"{what} is covered by {_cover(cover)}, so a {verb} would land on the cover instead. "
                            + _close_advice(cover, closers))
    if why == "hidden":
        return NotActionableError(
            f"{what} is hidden: {verdict.get('how', 'it is not shown')}, so refwright cannot {verb} it. If something "
            f"on the page shows it (a menu, a tab, a \"Show more\" button), use that first; {_NEW_SNAPSHOT}.")
    if why == "disabled":
        waited = verdict.get("waited")
        stayed = f" It stayed disabled for {max(1, round(waited))} s." if isinstance(waited, (int, float)) else ""
        return NotActionableError(
            f"{what} is disabled, so refwright cannot {verb} it.{stayed} When the page enables it, {verb} it "
            f"again: {WAIT_ADVICE}; `snapshot -i` lists it as [disabled] until then.")
    if why == "readonly":
        return NotActionableError(f"{what} is read-only, so refwright cannot {verb} it: the page does not let it "
                                  "be typed into. A read-only date field usually opens a picker when clicked.")
    options = verdict.get("options") or []
    holder = (listed(select_ref, str(verdict.get("selectRole") or "combobox"), str(verdict.get("selectName") or ""))
              if select_ref else what)
    if why == "option":
        return NotActionableError(
            f"The option {quote(str(verdict.get('option') or value or ''))} of {holder} is disabled, so it cannot be "
            f"selected. Its enabled options: {_options(options, enabled_only=True)}.")
    if why == "nooption":
        return NotActionableError(
            f"{what} has no option {quote(str(verdict.get('option') or value or ''))}. Its options: "
            f"{_options(options, enabled_only=False)}. Run `select {target} <option>` with one of them.")
    kind = verdict.get("kind")
    if kind == "option":
        choice = quote(value) if value else "<option>"
        if select_ref:
            return NotActionableError(
                f"{target} is an option, not the select that holds it: run `select @{select_ref} {choice}` on its "
                f"select, {holder} (or `click {target}` to choose this option).")
        return NotActionableError(
            f"{target} is an option, not the select that holds it. `select` takes the select's ref: take a new "
            f"snapshot (`snapshot -i`), then run `select <the select's ref> {choice}` (or `click {target}`).")
    if kind == "notselect":
        return NotActionableError(
            f"{what} is not a <select>, so `select` cannot choose in it. A list the page draws itself opens with a "
            f"click: `click {target}`, then click the option in a new snapshot.")
    if kind == "notfillable":
        use = verdict.get("use")
        if use == "check":
            return NotActionableError(f"{what} is a {role}, not a text field, so it cannot be filled: use "
                                      f"`check {target}` or `uncheck {target}`.")
        if use == "upload":
            return NotActionableError(f"{what} is a file input: use `upload {target} <file>` instead of `fill`.")
        if use == "select":
            return NotActionableError(f"{what} is a dropdown, not a text field: use `select {target} <option>`.")
        if use == "click":
            return NotActionableError(f"{what} is a button, not a text field, so it cannot be filled: "
                                      f"`click {target}` presses it.")
        if role in ("textbox", "searchbox", "combobox", "spinbutton"):
            return NotActionableError(
                f"{what} is a {role} the page draws itself, not an <input>, <textarea> or editable element, so "
                f"`fill` cannot set it. Type into it as a person would: `click {target}`, then `keyboard type <text>`.")
        kind_of = f"a {role}" if role not in ("generic", "none", "presentation", "element") else \
            f"a <{verdict.get('tag', 'div')}> element"
        hint = (f"Fields you can fill: {', '.join(fields[:6])}." if fields else
                "Take a new snapshot (`snapshot -i`): text fields are listed as [textbox].")
        return NotActionableError(f"{what} is {kind_of}, not a field, so it cannot be filled. {hint}")
    return NotActionableError(f"refwright cannot {verb} {what} as the page is now; {_NEW_SNAPSHOT}.")
