"""A recorded run as a script a person reads like one they wrote (pure): the docstring, one statement per
step with its intent beside it, the closing checks, and how it runs."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ._code import SET_HELPERS, FrameNames, call_lines, check_statement, frame_lines, py_str, step_statement
from ._params import Params, declare
from ._steps import ITEMS, SET_TO, Check, Step, scrub_refs

__all__ = ["scrub_secrets", "write_script"]

# The longest step request kept beside its step (a longer one is the task's, said once in the docstring).
_SHORT = 80

_RUN_REFWRIGHT = '''

if __name__ == "__main__":
    import sys

    from refwright.cli import main

    raise SystemExit(main(["replay", __file__, "--heal", "local", *sys.argv[1:]]))
'''

_RUN_PLAIN = '''

if __name__ == "__main__":
    import argparse

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser()
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    values = dict(pair.split("=", 1) for pair in parser.parse_args().set)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=os.environ.get("REFWRIGHT_EXECUTABLE_PATH") or None
        )
        run(browser.new_page(), **values)
        browser.close()
'''


def scrub_secrets(text: str, secrets: Iterable[str]) -> str:
    """``text`` with every secret value replaced by ``[secret]`` (longest first, so none leaks in part)."""
    for value in sorted({s for s in secrets if s}, key=len, reverse=True):
        text = text.replace(value, "[secret]")
    return text


def _named_tabs(steps: Sequence[Step], checks: Sequence[Check]) -> tuple[list[Step], list[Check]]:
    """The steps and checks with their tabs named as the script names them: the first tab ``page``, the next
    ``page2``... A tab that no step opened (a new tab the run opened itself) starts with ``new_page()``."""
    first = next((s.tab for s in steps if s.tab), "")
    names = {"": "page", first: "page"}

    def name(tab: str) -> str:
        if tab not in names:
            names[tab] = f"page{len(set(names.values())) + 1}"
        return names[tab]

    out: list[Step] = []
    for step in steps:
        if step.tab not in names:
            out.append(Step("new_page", tab=name(step.tab)))
        out.append(replace(step, tab=name(step.tab), opens=name(step.opens) if step.opens else ""))
    return out, [replace(c, tab=names.get(c.tab, "page")) for c in checks]


def _signature(params: Params) -> list[str]:
    """``def run(page: Page, *, email: str = "demo@example.com") -> None:``: the parameters, declared once with
    the recorded values as defaults (one a line when they do not fit on one, as ruff formats them)."""
    args = ["page: Page", *(["*"] if params else []), *(f"{name}: str = {py_str(value)}" for name, value in params)]
    return call_lines("def run", args, " -> None:", "")


def _docstring_text(text: str) -> str:
    # Inside a triple-quoted docstring: backslashes and quote runs are escaped, each line stripped at its end.
    text = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    return "\n".join(line.rstrip() for line in text.splitlines())


def write_script(steps: Sequence[Step], checks: Sequence[Check], *, task: str, start_url: str, date: str,
                 secrets: Iterable[str] = (), plain: bool = False) -> str:
    """The script's text. ``secrets`` are values that must not appear anywhere in it (passwords typed,
    values of ``{{secret:NAME}}``): they are cut out of the task and every comment. ``plain`` writes a script
    that runs with Playwright alone; otherwise it replays through refwright (healing on)."""
    hidden = list(secrets)

    def clean(text: str) -> str:
        return scrub_refs(scrub_secrets(text, hidden))

    head = ["Replay of a browser run recorded by refwright.", ""]
    head.append(f"Task: {clean(task).strip() or '(none given)'}")
    head.append(f"Start URL: {clean(start_url) or 'about:blank'}")
    head.append(f"Recorded: {date}")
    head.append("")
    steps, checks, params = declare(steps, checks, scrub_secrets(task, hidden))
    if plain:
        head.append("Runs with Playwright alone: python this_file.py")
    else:
        head.append("Run: python this_file.py (as `refwright replay this_file.py --heal local` would)")
    if params:
        lists = {s.target_param for s in steps if s.loop} | {s.param for s in steps if s.options and s.param}
        head.append(f"Parameters: {', '.join(n for n, _ in params)} (other values: --set NAME=VALUE, or "
                    "--data rows.csv for one run per row)")
        if lists:
            head.append(f"Lists: {', '.join(n for n, _ in params if n in lists)} (items separated by "
                        f"{ITEMS!r}; an empty value is none)")
    lines = ['"""' + _docstring_text("\n".join(head)), '"""', ""]
    uses_env = plain or any(s.secret for s in steps)
    uses_re = any(c.text is None for c in checks)
    if uses_env:
        lines.append("import os")
    if uses_re:
        lines.append("import re")
    if uses_env or uses_re:
        lines.append("")
    helpers = [SET_TO[a] for a in SET_TO if any(st.action == a and st.by != "none" for st in steps)]
    lines.append(f"from playwright.sync_api import {'Locator, ' if helpers else ''}Page, expect")
    for helper in helpers:
        lines += SET_HELPERS[helper].rstrip("\n").split("\n")
    lines += ["", "", *_signature(params)]
    body: list[str] = []
    frames: FrameNames = {}
    steps, checks = _named_tabs(steps, checks)
    for step in steps:
        body += frame_lines(step.tab, step.frames, frames)  # before the intent, right above its statement
        if step.action not in ("goto", "new_page"):
            intent = step.intent()
            if "name" in intent:
                intent["name"] = scrub_secrets(str(intent["name"]), hidden)
            request = clean(step.request).strip()
            # The request is in the docstring once; a step's own (an `act` request, a tool call) only when short.
            if request and len(request) <= _SHORT and " ".join(request.split()) != " ".join(clean(task).split()):
                intent["request"] = request
            body.append("    # intent: " + json.dumps(intent, ensure_ascii=False))
        body += step_statement(step, scope=frames.get((step.tab, step.frames), ""))
    for check in checks:
        body += check_statement(check)
    if not body:
        body.append("    pass")
    lines += body
    text = "\n".join(lines) + "\n"
    text += _RUN_PLAIN if plain else _RUN_REFWRIGHT
    return text
