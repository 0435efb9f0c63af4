"""What a whole task costs the model: the characters it reads over a fixed 12-step flow, per tool.

    python benchmarks/tokens.py [--tools refwright,agent-browser,playwright-mcp] [--rows 60] [--json]

The flow runs on pages served here: a sign-up form, a list with filters, a modal, and a second page.

     1 open the sign-up page            7 type a name into the list's filter
     2 fill the email                   8 choose a status in the filter's select
     3 fill the password                9 open the remaining row's details (a modal)
     4 tick the terms box              10 fill the modal's note
     5 choose the country              11 save (the modal closes, the row shows the note)
     6 create the account (navigates)  12 follow the link to the second page

Each tool is driven as its users drive it, finding each target by its role and name in what the tool last
answered (as a model would), and the characters of every answer are summed:

* @playwright/mcp: its tools answer with the page's snapshot (older versions inline; 0.0.83 writes it to a
  file and links it, so after a step that changes the page its users call `browser_snapshot`);
* agent-browser: `snapshot -i` after each step that changes the page (open, a navigation, a filter, a modal
  that opens or closes), as its skill teaches; the actions' own answers count too;
* refwright: its documented loop (docs/reading-answers.md): `snapshot -i` after a new document or when an
  answer says to; otherwise the actions' `Changes:` lines are read instead.

The flow succeeds when the second page is reached with the note saved and the list filtered (checked on
the page by the server's record of the form posts and by each tool's last answer). Ratios are against the
peers measured in the same run. Peers come from shared/bench/peers.sh (`install` first).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

_PEOPLE = ("Ada Lovelace", "Grace Hopper", "Alan Turing", "Barbara Liskov", "Ken Thompson", "Margaret Hamilton",
           "Dennis Ritchie", "Edsger Dijkstra", "Frances Allen", "Donald Knuth", "Radia Perlman", "Tim Berners-Lee")
_STATUSES = ("Pending", "Paid", "Shipped", "Refunded")

_SIGNUP = """<!doctype html><html lang="en"><head><title>Sign up</title></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/help">Help</a>
<a href="/login">Log in</a></nav></header>
<main><h1>Create your account</h1>
<form action="/list.html" method="get">
<label>Email <input type="email" name="email" required></label>
<label>Password <input type="password" name="password" required></label>
<label><input type="checkbox" name="terms" required> I agree to the terms</label>
<label>Country <select name="country"><option>France</option><option>Spain</option><option>Kenya</option>
<option>Peru</option></select></label>
<button type="submit">Create account</button>
</form>
<p>Already have an account? <a href="/login">Log in</a></p></main>
<footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>"""

_LIST_HEAD = """<!doctype html><html lang="en"><head><title>Orders</title>
<style>dialog::backdrop { background: #0004 }</style></head><body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/orders">Orders</a> <a href="/help">Help</a></nav>
</header><main><h1>Orders</h1>
<section aria-label="Filters"><label>Customer <input id="q" type="search"></label>
<label>Status <select id="status"><option value="">Any</option>{statuses}</select></label></section>
<table><thead><tr><th>Customer</th><th>Status</th><th>Note</th><th>Actions</th></tr></thead><tbody>
"""

_LIST_TAIL = """</tbody></table>
<a href="/page2.html">Next page</a></main>
<dialog id="details" aria-label="Order details"><h2 id="dtitle">Details</h2>
<label>Note <input id="note"></label> <button id="save">Save note</button>
<button id="cancel">Cancel</button></dialog>
<script>
let row = null;
function apply() {
  const q = document.getElementById('q').value.toLowerCase();
  const s = document.getElementById('status').value;
  for (const tr of document.querySelectorAll('tbody tr')) {
    tr.hidden = !(tr.dataset.name.toLowerCase().includes(q) && (!s || tr.dataset.status === s));
  }
}
document.getElementById('q').addEventListener('input', apply);
document.getElementById('status').addEventListener('change', apply);
document.addEventListener('click', e => {
  const b = e.target.closest('button[data-row]');
  if (!b) return;
  row = b.closest('tr');
  document.getElementById('dtitle').textContent = 'Details of ' + row.dataset.name;
  document.getElementById('note').value = '';
  document.getElementById('details').showModal();
});
document.getElementById('save').onclick = () => {
  row.querySelector('.note').textContent = document.getElementById('note').value;
  document.getElementById('details').close();
  fetch('/saved?note=' + encodeURIComponent(document.getElementById('note').value));
};
document.getElementById('cancel').onclick = () => document.getElementById('details').close();
</script></body></html>"""

_PAGE2 = """<!doctype html><html lang="en"><head><title>Orders, page 2</title></head><body>
<main><h1>Orders, page 2</h1><p>No more orders.</p><a href="/list.html">Previous page</a></main></body></html>"""

TARGET = "Alan Turing"
STATUS = "Paid"
NOTE = "Call back on Monday"


def list_page(rows: int) -> str:
    statuses = "".join(f"<option>{s}</option>" for s in _STATUSES)
    body = []
    for i in range(rows):
        name = _PEOPLE[i % len(_PEOPLE)] + ("" if i < len(_PEOPLE) else f" {i // len(_PEOPLE) + 1}")
        status = STATUS if name == TARGET else _STATUSES[i % len(_STATUSES)]
        if status == STATUS and name.startswith(TARGET) and name != TARGET:
            status = "Pending"
        body.append(f'<tr data-name="{name}" data-status="{status}"><td>{name}</td><td>{status}</td>'
                    f'<td class="note"></td><td><button data-row="{i}">Details</button> '
                    f'<a href="/orders/{i}">Open</a></td></tr>')
    return _LIST_HEAD.replace("{statuses}", statuses) + "\n".join(body) + _LIST_TAIL


# -- finding a target in what a tool answered, as a model would ----------------------------------------------

_RW_LINE = re.compile(r'@(e\d+) \[([^\]]+)\](?: "((?:[^"\\]|\\.)*)")?')
_ARIA_LINE = re.compile(r'- (\w+)(?: "((?:[^"\\]|\\.)*)")?.*?\[(?:[^\]]*?)ref=(\w+)\]')


def refs_in(text: str) -> list[tuple[str, str, str]]:
    """(ref, role, name) of each element line, in order, in either format."""
    out = []
    for line in text.splitlines():
        m = _RW_LINE.search(line)
        if m:
            label = m.group(2)
            role = {"input type=\"email\"": "textbox", "input type=\"password\"": "textbox",
                    "input type=\"search\"": "searchbox"}.get(label, label)
            out.append((m.group(1), role, json.loads(f'"{m.group(3)}"') if m.group(3) else ""))
            continue
        m = _ARIA_LINE.search(line)
        if m:
            out.append((m.group(3), m.group(1), json.loads(f'"{m.group(2)}"') if m.group(2) else ""))
    return out


@dataclass
class Known:
    """The refs a model knows, by ref: a new snapshot replaces them all, `-` lines forget theirs, other lines
    add or update theirs."""

    refs: dict[str, tuple[str, str]] = field(default_factory=dict)

    def read(self, text: str, *, replace: bool) -> None:
        if replace:
            self.refs.clear()
        for line in text.splitlines():
            for ref, role, name in refs_in(line):
                if line.startswith("- @"):
                    self.refs.pop(ref, None)
                else:
                    self.refs[ref] = (role, name)

    def find(self, role: str, name: str) -> str:
        for ref, (r, n) in self.refs.items():
            if r == role and n.startswith(name):
                return ref
        raise LookupError(f"no {role} {name!r} in what the tool answered; it knows {list(self.refs.values())[:40]}")


# -- the flow, one step at a time, per tool ----------------------------------------------------------------


@dataclass
class Step:
    kind: str  # open, fill, check, select, click
    role: str = ""
    name: str = ""
    value: str = ""
    changes_page: bool = False  # agent-browser's users take `snapshot -i` after such a step
    url: str = ""  # a step that navigates: agent-browser's skill waits for the new URL (`wait --url`)


def flow(base: str) -> list[Step]:
    return [
        Step("open", value=f"{base}/signup.html", changes_page=True),
        Step("fill", "textbox", "Email", "ada@example.com"),
        Step("fill", "textbox", "Password", "correct horse"),
        Step("check", "checkbox", "I agree to the terms"),
        Step("select", "combobox", "Country", "Kenya"),
        Step("click", "button", "Create account", changes_page=True, url="**/list.html*"),
        Step("fill", "searchbox", "Customer", "Turing"),
        Step("select", "combobox", "Status", STATUS, changes_page=True),
        Step("click", "button", "Details", changes_page=True),
        Step("fill", "textbox", "Note", NOTE),
        Step("click", "button", "Save note", changes_page=True),
        Step("click", "link", "Next page", changes_page=True, url="**/page2.html"),
    ]


@dataclass
class Run:
    tool: str
    chars: int = 0
    calls: int = 0
    answers: list[str] = field(default_factory=list)
    ok: bool = False
    error: str = ""

    def read(self, text: str) -> str:
        self.chars += len(text)
        self.calls += 1
        self.answers.append(text)
        return text


async def run_refwright(steps: list[Step], run: Run) -> None:
    import refwright
    from refwright import Config

    known = Known()
    async with refwright.launch(config=Config(allow_private=True)) as browser:
        page = await browser.new_page()

        async def command(line: str) -> str:
            try:
                return run.read((await page.run_command(line)).output)
            except refwright.RefwrightError as exc:
                return run.read(f"Error: {exc}")

        for step in steps:
            if step.kind == "open":
                await command(f"open {step.value}")
                known.read(await command("snapshot -i"), replace=True)
                continue
            ref = known.find(step.role, step.name)
            line = {"fill": f'fill @{ref} "{step.value}"', "check": f"check @{ref}",
                    "select": f'select @{ref} "{step.value}"', "click": f"click @{ref}"}[step.kind]
            answer = await command(line)
            # `its controls now:` lists the whole interactive view, as `snapshot -i` would.
            known.read(answer, replace="its controls now:" in answer)
            # The documented loop: a new snapshot only when the answer says to.
            if "run `snapshot -i`" in answer or "snapshot -i --delta` lists" in answer:
                known.read(await command("snapshot -i"), replace=True)
        run.ok = await _rw_succeeded(page)


async def _rw_succeeded(page: Any) -> bool:
    return bool(page.url.endswith("/page2.html"))


async def run_agent_browser(steps: list[Step], peers: Any, run: Run) -> None:
    from benchmarks.peers import AgentBrowser

    known = Known()
    ab = AgentBrowser(peers)
    try:
        for step in steps:
            if step.kind == "open":
                run.read(await ab.run("open", step.value))
            else:
                ref = known.find(step.role, step.name)
                args = {"fill": ["fill", f"@{ref}", step.value], "check": ["check", f"@{ref}"],
                        "select": ["select", f"@{ref}", step.value], "click": ["click", f"@{ref}"]}[step.kind]
                run.read(await ab.run(*args))
            if step.url:
                run.read(await ab.run("wait", "--url", step.url))
            if step.changes_page:
                known.read(run.read(await ab.run("snapshot", "-i")), replace=True)
        run.ok = (await ab.run("get", "url")).strip().endswith("/page2.html")
    finally:
        ab.started = True
        await ab.close()


async def run_playwright_mcp(steps: list[Step], peers: Any, run: Run) -> None:
    from benchmarks.peers import McpClient

    known = Known()
    client = McpClient(peers.mcp_command())
    await client.start()
    try:
        for step in steps:
            if step.kind == "open":
                answer = await client.call_tool("browser_navigate", {"url": step.value})
            else:
                ref = known.find(step.role, step.name)
                element = f"{step.role} {step.name}"
                if step.kind == "fill":
                    answer = await client.call_tool("browser_type", {"element": element, "target": ref,
                                                                     "text": step.value})
                elif step.kind == "select":
                    answer = await client.call_tool("browser_select_option", {"element": element, "target": ref,
                                                                              "values": [step.value]})
                else:
                    answer = await client.call_tool("browser_click", {"element": element, "target": ref})
            run.read(answer)
            if "ref=" in answer:
                # An answer that carries the page's snapshot inline (older versions, or a small page).
                known.read(answer, replace=True)
            elif step.changes_page:
                # This version writes an action's snapshot to a file and links it (`[Snapshot](….yml)`); a
                # model without file tools asks for the snapshot, as agent-browser's users do.
                known.read(run.read(await client.call_tool("browser_snapshot", {})), replace=True)
        run.ok = "page2.html" in run.answers[-1]
    finally:
        await client.close()


async def main_async(tools: list[str], rows: int, script: str | None) -> dict[str, Any]:
    from benchmarks.peers import bench_chromium, find_peers
    from benchmarks.server import PageServer

    results: dict[str, Run] = {}
    with PageServer() as server:
        server.add("/signup.html", _SIGNUP)
        server.add("/list.html", list_page(rows))
        server.add("/page2.html", _PAGE2)
        base = server.url("").rstrip("/")
        steps = flow(base)
        peers = find_peers(script, bench_chromium()) if set(tools) - {"refwright"} else None
        runners: dict[str, Callable[[Run], Awaitable[None]]] = {"refwright": lambda r: run_refwright(steps, r)}
        if peers is not None and peers.has_agent_browser:
            runners["agent-browser"] = lambda r: run_agent_browser(steps, peers, r)
        if peers is not None and peers.has_mcp:
            runners["playwright-mcp"] = lambda r: run_playwright_mcp(steps, peers, r)
        for tool in tools:
            if tool not in runners:
                print(f"{tool}: not installed (bash shared/bench/peers.sh install)", file=sys.stderr)
                continue
            results[tool] = Run(tool)
            try:
                await runners[tool](results[tool])
            except Exception as exc:  # a tool that fails is reported, not hidden
                results[tool].error = f"{type(exc).__name__}: {exc}"[:500]
    rw = results.get("refwright")
    report: dict[str, Any] = {"rows": rows, "steps": 12, "tools": {}}
    for tool, r in results.items():
        report["tools"][tool] = {"chars": r.chars, "calls": r.calls, "ok": r.ok, "error": r.error}
    if rw is not None:
        for tool, r in results.items():
            if tool != "refwright" and r.chars:
                report["tools"][tool]["refwright_ratio"] = round(rw.chars / r.chars, 3)
    report["answers"] = {tool: r.answers for tool, r in results.items()}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tools", default="refwright,agent-browser,playwright-mcp")
    parser.add_argument("--rows", type=int, default=60, help="rows of the list page")
    parser.add_argument("--peers-sh", default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--show", action="store_true", help="print every answer")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    report = asyncio.run(main_async(args.tools.split(","), args.rows, args.peers_sh))
    if args.json:
        print(json.dumps(report))
        return
    if args.show:
        for tool, answers in report["answers"].items():
            print(f"===== {tool}")
            for a in answers:
                print(a)
                print("-----")
    print(f"{'tool':<18} {'chars':>8} {'calls':>6} {'ok':>4}  refwright/tool")
    for tool, r in report["tools"].items():
        ratio = r.get("refwright_ratio")
        print(f"{tool:<18} {r['chars']:>8} {r['calls']:>6} {'yes' if r['ok'] else 'no':>4}  "
              f"{'' if ratio is None else f'{ratio:.3f}'} {r['error']}")


if __name__ == "__main__":
    main()
