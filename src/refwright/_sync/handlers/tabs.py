# Generated from src/refwright/_async/handlers/tabs.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""tab, tab new, tab <t<N>|label>, tab close, window new: the tabs of one window (agent-browser's words).

The functions below the handlers are the typed API's too (``refwright.Tabs``)."""

from __future__ import annotations

from ..._errors import RefwrightError
from ..._open_url import normalize_url
from ...commands import ParsedCommand
from ...safety import ActionType, clean_line
from ..pipeline._translate import best_effort
from ..tab._tab import Tab


def open_tab(session: Tab, url: str | None = None, *, label: str | None = None,
                   window: bool = False, policy: bool = True) -> Tab:
    """A new tab (or window) of ``session``'s window, made active, at ``url`` when one is given. The URL is
    checked by the network guard and (unless the caller did, ``policy=False``) the action policy before
    anything opens."""
    target = normalize_url(url) if url else None
    if label is not None:
        session.tabs.check_label(label)
    if target is not None:
        session.guard.check_navigation(target)
        if policy:
            session.check_policy(ActionType.NAVIGATE, target)
    pw, context = session.open_page(window=window)
    tab = session.spawn(pw, own_context=context, label=label)
    session.tabs.select(tab)
    if target is not None:
        # A load that fails leaves the tab open and active, as a browser's would: `tab` shows where it is.
        pw.goto(target, wait_until="load", timeout=session.config.timeouts.navigation)
    return tab


def select_tab(session: Tab, ref: str) -> Tab:
    tab = session.tabs.find(ref).member
    session.tabs.select(tab)
    with best_effort():  # a tab kept waiting by a dialog still becomes the one commands run on
        tab.pw.bring_to_front()
    return tab


def close_tab(session: Tab, ref: str | None = None) -> str:
    """Close the named tab (the active one without a name); the id it had."""
    entry = session.tabs.find(ref) if ref is not None else session.tabs.entry_of(session)
    if entry is None:
        raise RefwrightError("That tab is closed already; run `tab` to list open tabs")
    if len(session.tabs) <= 1:
        raise RefwrightError("Cannot close the last tab; open another with `tab new` first, or close the page")
    entry.member.close()
    return entry.tab_id


def _tab_line(session: Tab, tab: Tab, tab_id: str, label: str | None) -> str:
    title = ""
    with best_effort():  # closing or navigating: listed by its URL
        title = clean_line(tab.title()) if tab.events.dialog is None else ""
    marker = "→" if tab is session else " "
    named = f" {label}" if label else ""
    url = clean_line(tab.url)
    # A page without a title is listed by its URL, as Chromium titles its tab (and agent-browser lists it).
    return f"{marker} [{tab_id}]{named} {title or url} - {url}"


def tab(session: Tab, cmd: ParsedCommand) -> str:
    args = cmd.args
    sub = args[0].lower() if args else "list"
    if sub == "list":
        return "\n".join([_tab_line(session, e.member, e.tab_id, e.label) for e in session.tabs.entries])
    if sub == "new":
        label = cmd.flag("label")
        if label == "":
            raise RefwrightError("Usage: tab new [--label <name>] [url]")
        # run_command decided the policy on the new tab's URL already.
        opened = open_tab(session, args[1] if len(args) > 1 else None,
                                label=label if isinstance(label, str) else None, policy=False)
        return _opened("Tab opened", opened)
    if sub == "close":
        return f"Tab [{close_tab(session, args[1] if len(args) > 1 else None)}] closed"
    chosen = select_tab(session, args[0])
    entry = chosen.tabs.entry_of(chosen)
    tab_id = entry.tab_id if entry is not None else args[0]
    note = " (dialog open, resolve it with `dialog accept`/`dialog dismiss`)" if chosen.events.dialog else ""
    return f"Switched to tab [{tab_id}] ({clean_line(chosen.url)}){note}"


def _opened(noun: str, tab: Tab) -> str:
    entry = tab.tabs.entry_of(tab)
    if entry is None:
        return noun
    label = f" {entry.label}" if entry.label else ""
    return f"{noun} [{entry.tab_id}]{label} ({len(tab.tabs)} total)"


def window(session: Tab, cmd: ParsedCommand) -> str:
    if not cmd.args or cmd.args[0].lower() != "new":
        raise RefwrightError("Usage: window new")
    return _opened("Window opened", open_tab(session, window=True, policy=False))


HANDLERS = {"tab": tab, "window": window}
