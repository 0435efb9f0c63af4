"""Chromium's own accessibility tree as the oracle for snapshot fidelity (used by tests and benchmarks).

The oracle is CDP ``Accessibility.getFullAXTree``; it only grades the engine, it is never used by it.
Elements are matched through a test-only ``data-oracle-id`` attribute stamped on every element.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import refwright

# Chromium's names for the roles of interactive elements.
ORACLE_INTERACTIVE = {
    "button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "option",
    "menuitem", "menuitemcheckbox", "menuitemradio", "slider", "spinbutton", "switch", "tab", "treeitem",
    "Date", "DateTime", "InputTime", "ColorWell", "DisclosureTriangle",
}

# The same role under Chromium's internal name.
ROLE_ALIASES = {
    "Date": "textbox", "DateTime": "textbox", "InputTime": "textbox", "ColorWell": "textbox",
    "DisclosureTriangle": "button",
}

# Zero-size elements are in Chromium's tree but cannot be seen or hit; the issue wants them left out of
# snapshots, so they are left out of the grading too.
STAMP = """() => {
  let n = 0;
  const visit = (root) => {
    for (const el of root.querySelectorAll('*')) {
      el.setAttribute('data-oracle-id', String(++n));
      const r = el.getBoundingClientRect();
      if ((r.width === 0 || r.height === 0) && !el.closest('select')) el.setAttribute('data-oracle-zero', '');
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
}"""


@dataclass
class Element:
    oracle_id: str
    role: str
    name: str


@dataclass
class Report:
    page: str
    oracle: dict[str, Element] = field(default_factory=dict)
    ours: dict[str, Element] = field(default_factory=dict)

    @property
    def matched(self) -> set[str]:
        return set(self.oracle) & set(self.ours)

    def missing(self) -> list[Element]:
        return [self.oracle[k] for k in sorted(set(self.oracle) - set(self.ours), key=int)]

    def extra(self) -> list[Element]:
        return [self.ours[k] for k in sorted(set(self.ours) - set(self.oracle), key=int)]

    def wrong_names(self) -> list[tuple[Element, Element]]:
        return [(self.oracle[k], self.ours[k]) for k in sorted(self.matched, key=int)
                if self.oracle[k].name != self.ours[k].name]

    def wrong_roles(self) -> list[tuple[Element, Element]]:
        return [(self.oracle[k], self.ours[k]) for k in sorted(self.matched, key=int)
                if ROLE_ALIASES.get(self.oracle[k].role, self.oracle[k].role) != self.ours[k].role]


async def oracle_elements(page: refwright.Page) -> dict[str, Element]:
    pw = page.playwright_page
    cdp = await pw.context.new_cdp_session(pw)
    try:
        await cdp.send("DOM.getDocument", {"depth": -1, "pierce": True})
        tree = await cdp.send("Accessibility.getFullAXTree")
        out: dict[str, Element] = {}
        for node in tree["nodes"]:
            role = node.get("role", {}).get("value")
            props = {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}
            if role == "generic" and props.get("editable") == "richtext" and props.get("focusable"):
                # A contenteditable root: Chromium keeps role generic and marks it editable.
                role = "textbox"
            if node.get("ignored") or role not in ORACLE_INTERACTIVE or "backendDOMNodeId" not in node:
                continue
            described = await cdp.send("DOM.describeNode", {"backendNodeId": node["backendDOMNodeId"]})
            attrs = described["node"].get("attributes", [])
            pairs = dict(zip(attrs[::2], attrs[1::2], strict=False))
            oracle_id = pairs.get("data-oracle-id")
            if oracle_id is None or "data-oracle-zero" in pairs:  # user-agent shadow parts, zero-size
                continue
            # Chromium keeps stray edge spaces (" Next page"); refwright, like Playwright, trims them.
            name = " ".join(str(node.get("name", {}).get("value", "")).split())
            out[oracle_id] = Element(oracle_id, role, name)
        return out
    finally:
        await cdp.detach()


async def our_elements(page: refwright.Page) -> dict[str, Element]:
    snap = await page.snapshot(interactive=True)
    out: dict[str, Element] = {}
    for node in snap.nodes:
        if not node.ref or not node.interactive:
            continue
        oracle_id = await page.locator("@" + node.ref).get_attribute("data-oracle-id")
        if oracle_id is not None:
            out[oracle_id] = Element(oracle_id, node.role, node.name)
    return out


async def grade(page: refwright.Page, name: str) -> Report:
    await page.playwright_page.evaluate(STAMP)
    return Report(name, await oracle_elements(page), await our_elements(page))


def summary(reports: list[Report]) -> dict[str, float]:
    oracle = sum(len(r.oracle) for r in reports)
    ours = sum(len(r.ours) for r in reports)
    matched = sum(len(r.matched) for r in reports)
    names = matched - sum(len(r.wrong_names()) for r in reports)
    roles = matched - sum(len(r.wrong_roles()) for r in reports)
    return {
        "oracle": oracle, "ours": ours, "matched": matched,
        "recall": matched / oracle if oracle else 1.0,
        "precision": matched / ours if ours else 1.0,
        "names": names / matched if matched else 1.0,
        "roles": roles / matched if matched else 1.0,
    }


def describe(reports: list[Report]) -> str:
    lines = []
    for r in reports:
        for e in r.missing():
            lines.append(f"{r.page}: missing {e.role} {e.name!r} (#{e.oracle_id})")
        for e in r.extra():
            lines.append(f"{r.page}: extra {e.role} {e.name!r} (#{e.oracle_id})")
        for o, e in r.wrong_names():
            lines.append(f"{r.page}: name {e.name!r} should be {o.name!r} ({o.role} #{o.oracle_id})")
        for o, e in r.wrong_roles():
            lines.append(f"{r.page}: role {e.role} should be {o.role} ({o.name!r} #{o.oracle_id})")
    return "\n".join(lines)
