"""The ``coding`` profile: the coding-agent tools over refwright's model-free resolver.

A proposal (a step that needs approval: a submit, a purchase, a drag) is carried out only when the person
approves it through the client (MCP elicitation) or the person started the server with ``--approve auto``.
``browser_confirm`` asks the person too: no tool call lets the model approve its own proposal.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import urllib.request
from typing import Any
from urllib.parse import urlsplit

from .._driver._notes import with_notes
from .._errors import RefwrightError
from ..commands._registry import lookup
from ..resolve import render_inspection
from ..resolve._outcome import StepResult
from ..safety import clean_line
from ._actions_profile import check_url
from ._tools import CallContext, ToolDef
from ._visual import visual_tools

__all__ = ["coding_tools"]

_PROPOSALS = "proposals"
_TABS = "tabs"
_MAX_TABS = 50


def _summary(command: str) -> str:
    spec = lookup(command)
    assert spec is not None, command
    return f"{spec.summary[0].upper()}{spec.summary[1:]}. Returns: {spec.output}."


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_TARGET = {"type": "string", "description": "a ref from browser_inspect (@e3) or the control's exact label"}


async def _step(call: CallContext, result: StepResult) -> str:
    """A step's text; a proposal is put to the person and carried out only if they approve."""
    if result.token is None:
        return await _noted(call, result.output)
    book: dict[str, str] = call.extra.setdefault(_PROPOSALS, {})
    book[result.token] = result.output
    if result.done:
        # A finished request may offer a step it did not ask for (the page's one submit button): that stays
        # the model's and the person's to choose with browser_confirm, never approved along with the request.
        return result.output
    return await _decide(call, result.token, result.output)


async def _decide(call: CallContext, token: str, text: str) -> str:
    # Without refs: the question must read the same when the call is repeated with the person's answer.
    summary = re.sub(r"@e\d+ ", "", text.split(" — ", 1)[0].removeprefix("Needs approval: "))
    if not await call.approve_proposal(summary):
        call.extra.get(_PROPOSALS, {}).pop(token, None)
        return (f"{text}\nDeclined: the person did not approve this step, so nothing was done. Do not retry it; "
                "ask the person what they want instead.")
    page = await call.page()
    done = await call.bounded(page.confirm(token))
    call.extra.get(_PROPOSALS, {}).pop(token, None)
    return await _noted(call, f"Approved by the person.\n{done.output}")


async def _noted(call: CallContext, text: str) -> str:
    """A step's text and what it set off (a navigation, a new tab, a download), as a command's answer has."""
    page = await call.page()
    return with_notes(text, page.drain_events())


async def _launch(args: dict[str, Any], call: CallContext) -> str:
    url = check_url(args["url"]) if args.get("url") else None
    await call.permit("launch", url)
    if call.session.attached:
        await call.session.reset()
    page = await call.page()
    page.recording()  # every session's steps can be saved as a script (browser_save_run)
    if url is None:
        return "Launched an isolated Chromium profile on a blank page. Next: browser_navigate."
    result = await call.bounded(page.run_command(f"open {json.dumps(url)}"))
    return result.output


def _loopback(endpoint: str) -> str:
    parts = urlsplit(endpoint if "://" in endpoint else f"http://{endpoint}")
    host = (parts.hostname or "").lower()
    try:
        local = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        local = False
    if parts.scheme not in ("http", "https") or not local:
        raise RefwrightError(f"Refused {clean_line(endpoint)[:200]!r}: browser_connect only talks to a Chrome on this "
                             "machine (127.0.0.1, ::1 or localhost). Start Chrome with --remote-debugging-port=9222.")
    return f"{parts.scheme}://{parts.netloc}"


def _list_tabs(endpoint: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{endpoint}/json/list", timeout=5) as response:
        data = json.loads(response.read(2_000_000))
    return [t for t in data if isinstance(t, dict) and t.get("type") == "page"][:_MAX_TABS]


async def _connect(args: dict[str, Any], call: CallContext) -> str:
    endpoint = _loopback(str(args.get("endpoint") or "http://127.0.0.1:9222"))
    index = args.get("pageIndex")
    try:
        tabs = await asyncio.to_thread(_list_tabs, endpoint)
    except (OSError, ValueError) as exc:
        raise RefwrightError(f"No Chrome answered at {endpoint} ({exc}). Start Chrome with "
                             "--remote-debugging-port=9222, then call browser_connect again.") from exc
    if index is None:
        if not tabs:
            return f"Chrome at {endpoint} has no open tabs. Open one, then call browser_connect again."
        lines = [f"Chrome at {endpoint} has {len(tabs)} tab(s). Nothing is attached yet; call browser_connect "
                 "again with pageIndex to attach to one:"]
        lines += [f"  pageIndex={i}: {json.dumps(clean_line(str(t.get('title', '')))[:100])} "
                  f"{clean_line(str(t.get('url', '')))[:200]}" for i, t in enumerate(tabs)]
        return "\n".join(lines)
    if not 0 <= index < len(tabs):
        raise RefwrightError(f"pageIndex {index} is out of range: Chrome has {len(tabs)} tab(s). Call browser_connect "
                             "without pageIndex to list them.")
    tab = tabs[index]
    await call.permit("connect", str(tab.get("url", "")))
    page = await call.bounded(call.session.attach(endpoint, index, str(tab.get("url", "")),
                                                  str(tab.get("title", ""))))
    return f"Attached to tab {index}: {clean_line(await page.title())[:100]} · {clean_line(page.url)[:200]}"


async def _navigate(args: dict[str, Any], call: CallContext) -> str:
    url = check_url(args["url"])
    page = await call.page()
    page.recording()
    return (await call.bounded(page.run_command(f"open {json.dumps(url)}"))).output


_SCRIPT_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,80}\.py$")


async def _save_run(args: dict[str, Any], call: CallContext) -> str:
    name = str(args["name"])
    if not _SCRIPT_NAME.match(name):
        raise RefwrightError(f"{name!r} is not a script file name: give a plain name ending in .py (signup.py); "
                             "the script is written into the session's output folder.")
    await call.permit("save_run", detail=name)
    page = await call.page()
    steps = len(page.recording().steps)
    path = await call.bounded(page.save_recording(page.output_dir / name, answer=str(args.get("answer") or ""),
                                                  plain=bool(args.get("plain"))))
    page.recording()  # go on recording: a later save holds the steps after this one
    return (f"Saved {steps} step(s) as {path}. Run it with `refwright replay {path}` (no model), or "
            f"`python {path}`. The script:\n\n{path.read_text(encoding='utf-8')}")


async def _inspect(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("inspect")
    page = await call.page()
    return render_inspection(await call.bounded(page.inspect()))


async def _action(args: dict[str, Any], call: CallContext) -> str:
    request, ref = args.get("request"), args.get("ref")
    if bool(request) == bool(ref):
        raise RefwrightError("browser_action takes either request (a plain instruction such as \"click Save\") or "
                             "ref (a ref from browser_inspect such as @e3), not both or neither.")
    page = await call.page()
    if ref:
        ref = "@" + str(ref).lstrip("@")
        call.refuse_while_planning("click")
        inspection = await call.bounded(page.inspect())
        control = next((c for c in inspection.controls if "@" + c.ref == ref), None)
        if control is None:
            raise RefwrightError(f"{ref} is not among the inspected controls. Call browser_inspect and use one of "
                                 "the refs it lists.")
        if control.approval:
            summary = f"click {ref} {control.kind} {json.dumps(control.label)}"
            if not await call.approve_proposal(summary):
                return (f"Declined: the person did not approve `{summary}` ({control.risk_reason}), so nothing was "
                        "done. Ask the person what they want instead.")
        return (await call.bounded(page.run_command(f"click {ref}"))).output
    call.refuse_while_planning("act")
    return await _step(call, await call.bounded(page.act(str(request), new=bool(args.get("new")))))


async def _fill(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("fill")
    page = await call.page()
    return await _step(call, await call.bounded(page.set_field(str(args["target"]), str(args["value"]))))


async def _copy(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("fill")
    page = await call.page()
    return await _step(call, await call.bounded(page.copy_field(str(args["source"]), str(args["target"]))))


async def _checks(args: dict[str, Any], call: CallContext) -> str:
    items = args["items"]
    if not all(isinstance(v, bool) for v in items.values()):
        raise RefwrightError('items maps each checkbox label to true or false, for example {"Remember me": true}.')
    call.refuse_while_planning("check")
    page = await call.page()
    return await _step(call, await call.bounded(page.set_checks(dict(items))))


async def _select(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("select")
    page = await call.page()
    return await _step(call, await call.bounded(page.select_exact(args.get("target"), str(args["option"]))))


async def _range(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("fill")
    page = await call.page()
    return await _step(call, await call.bounded(page.set_range(args.get("target"), float(args["value"]))))


async def _drag(args: dict[str, Any], call: CallContext) -> str:
    call.refuse_while_planning("drag")
    page = await call.page()
    return await _step(call, await call.bounded(page.drag_to(str(args["source"]), str(args["target"]))))


async def _confirm(args: dict[str, Any], call: CallContext) -> str:
    token = str(args["token"])
    text = call.extra.get(_PROPOSALS, {}).get(token)
    if text is None:
        raise RefwrightError(f"There is no open proposal {token!r} from this session. Proposals are put to the "
                             "person when they are made; run the step again to make a new one.")
    call.refuse_while_planning("confirm")
    return await _decide(call, token, text)


async def _close(args: dict[str, Any], call: CallContext) -> str:
    await call.session.reset()
    return "Closed the browser (an attached Chrome was only disconnected). The next call starts a fresh one."


def coding_tools() -> list[ToolDef]:
    approval = (" A step that needs approval becomes a proposal, which the person approves or declines through "
                "the client; you cannot approve it yourself.")
    return [
        ToolDef("browser_launch", "Launch an isolated Chromium profile (refwright's own), optionally opening url.",
                _obj({"url": {"type": "string", "description": "an http(s) URL to open"}}, []), _launch),
        ToolDef("browser_connect", "List the tabs of a Chrome on this machine started with "
                "--remote-debugging-port; attach to one only when pageIndex is given. Non-loopback endpoints are "
                "refused.",
                _obj({"endpoint": {"type": "string", "description": "default http://127.0.0.1:9222"},
                      "pageIndex": {"type": "integer", "minimum": 0, "description": "the tab to attach to"}}, []),
                _connect),
        ToolDef("browser_navigate", _summary("open"),
                _obj({"url": {"type": "string", "description": "an http(s) URL"}}, ["url"]), _navigate),
        ToolDef("browser_inspect", _summary("inspect") + " Passwords, hidden fields, file inputs, cookies and "
                "storage are never listed.", _obj({}, []), _inspect, read_only=True),
        ToolDef("browser_action", _summary("act") + " Pass request (plain language, e.g. \"click Sign in\") or ref "
                "(from browser_inspect). Without a local match, the configured decision provider may pick a "
                "control." + approval,
                _obj({"request": {"type": "string", "description": "a plain-language request"},
                      "ref": {"type": "string", "description": "a ref from browser_inspect, e.g. @e3"},
                      "new": {"type": "boolean", "description": "start the request afresh"}}, []), _action),
        ToolDef("browser_fill", _summary("setfield"),
                _obj({"target": _TARGET, "value": {"type": "string", "description": "the text to enter"}},
                     ["target", "value"]), _fill),
        ToolDef("browser_copy_field", _summary("copyfield"),
                _obj({"source": _TARGET, "target": _TARGET}, ["source", "target"]), _copy),
        ToolDef("browser_set_checkboxes", _summary("setchecks"),
                _obj({"items": {"type": "object", "additionalProperties": {"type": "boolean"},
                                "description": "label -> checked, e.g. {\"Remember me\": true}"}}, ["items"]),
                _checks),
        ToolDef("browser_select_option", _summary("selectexact"),
                _obj({"target": {**_TARGET, "description": "the select (omit when the page has only one)"},
                      "option": {"type": "string", "description": "the exact option label"}}, ["option"]), _select),
        ToolDef("browser_set_range", _summary("setrange"),
                _obj({"target": {**_TARGET, "description": "the slider (omit when the page has only one)"},
                      "value": {"type": "number", "description": "the exact value"}}, ["value"]), _range),
        ToolDef("browser_drag", _summary("dragto") + approval,
                _obj({"source": _TARGET, "target": _TARGET}, ["source", "target"]), _drag),
        ToolDef("browser_confirm", "Put an open proposal to the person again (for example after they dismissed the "
                "question). Only the person approves; calling this never approves by itself.",
                _obj({"token": {"type": "string", "description": "the proposal's token"}}, ["token"]), _confirm),
        ToolDef("browser_save_run", "Save the steps of this session that changed the page (since launch, navigate "
                "or the last save) as a Playwright script that `refwright replay` runs with no model and heals when "
                "the page changes. Passwords are read from the environment, never written. Returns the script.",
                _obj({"name": {"type": "string", "description": "a file name ending in .py, e.g. signup.py"},
                      "answer": {"type": "string", "description": "your answer; texts it quotes that the page "
                                 "shows become the script's closing checks"},
                      "plain": {"type": "boolean", "description": "a script that needs Playwright alone"}},
                     ["name"]), _save_run),
        ToolDef("browser_close", "Close the browser (an attached Chrome is only disconnected).", _obj({}, []), _close),
        *visual_tools(_step),
    ]


