"""Does refwright list every element agent-browser lists? Matching two ref lists by role and name (pure).

agent-browser's ``snapshot -i --json`` gives ``data.refs = {"e3": {"role": ..., "name": ...}}`` and its text
output gives the tree (so a select's ``option`` refs can be told apart from listbox options). refwright's
``Snapshot.refs`` gives the same pairs. An agent-browser element counts as listed when refwright has an
element with the same role and the same name (whitespace collapsed); every other one is a miss, and each
miss is classified to say why: the element is there under another name, or under another role, or absent.
"""

from __future__ import annotations

import difflib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["INTERACTIVE_ROLES", "Coverage", "Item", "ab_items", "compare", "is_interactive", "rw_items"]

# Widget roles an agent acts on (agent-browser also lists cursor-clickable generics, here "clickable").
# agent-browser's -i output also has headings, cells and column headers; those are compared separately.
INTERACTIVE_ROLES = frozenset({
    "button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "option", "menuitem",
    "menuitemcheckbox", "menuitemradio", "slider", "spinbutton", "switch", "tab", "treeitem", "scrollbar",
    "clickable", "iframe",
})

# Chrome's role names that refwright spells differently.
_ROLE_ALIASES = {"generic": "clickable", "iframe": "iframe", "statictext": "text"}
_LINE = re.compile(r'^(?P<indent>\s*)- (?P<role>[A-Za-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?.*?\bref=(?P<ref>e\d+)\b'
                   r"(?P<rest>.*)$")


@dataclass(frozen=True)
class Item:
    ref: str
    role: str
    name: str
    # The role of the nearest listed ancestor in the tool's own output ("combobox" for a select's options).
    parent: str = ""
    # agent-browser's "clickable" mark: listed for cursor:pointer / onclick, whatever its role.
    clickable: bool = False

    def key(self) -> tuple[str, str]:
        return norm_role(self.role), norm_name(self.name)

    @property
    def kind(self) -> str:
        """The role, marked when agent-browser lists the element only as cursor-clickable."""
        return self.role + (" (clickable)" if self.clickable and not _is_widget(self.role) else "")

    def show(self) -> str:
        inside = f" (inside {self.parent})" if self.parent else ""
        return f"{self.kind} {json.dumps(self.name, ensure_ascii=False)}{inside}"


def norm_role(role: str) -> str:
    r = role.strip().lower()
    return _ROLE_ALIASES.get(r, r)


def _is_widget(role: str) -> bool:
    return norm_role(role) in INTERACTIVE_ROLES and norm_role(role) != "clickable"


def is_interactive(item: Item) -> bool:
    return norm_role(item.role) in INTERACTIVE_ROLES or item.clickable


def norm_name(name: str) -> str:
    return re.sub(r"[\s\u00a0]+", " ", name).strip()


@dataclass(frozen=True)
class _Line:
    parent: str
    name: str
    clickable: bool


def _lines(text: str) -> dict[str, _Line]:
    """ref -> what agent-browser's indented text says about it: the role of the closest enclosing line
    with a ref, the quoted name as printed, and whether it is marked clickable."""
    stack: list[tuple[int, str]] = []
    out: dict[str, _Line] = {}
    for line in text.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        indent = len(m.group("indent"))
        while stack and stack[-1][0] >= indent:
            stack.pop()
        name = m.group("name") or ""
        try:
            name = json.loads(f'"{name}"')
        except ValueError:
            pass
        out[m.group("ref")] = _Line(stack[-1][1] if stack else "", name,
                                    re.search(r"\bclickable\b", m.group("rest")) is not None)
        stack.append((indent, m.group("role")))
    return out


def ab_items(json_output: str) -> list[Item]:
    """Items from ``agent-browser snapshot -i --json``, in ref order."""
    doc: dict[str, Any] = json.loads(json_output)
    data = doc.get("data") or {}
    refs: Mapping[str, Mapping[str, Any]] = data.get("refs") or {}
    lines = _lines(str(data.get("snapshot") or ""))
    items: list[Item] = []
    for ref, v in refs.items():
        line = lines.get(ref, _Line("", "", False))
        # The JSON leaves a clickable generic's name empty where the text prints its content.
        name = str(v.get("name") or "") or line.name
        items.append(Item(ref, str(v.get("role") or ""), name, line.parent, line.clickable))
    items.sort(key=lambda i: int(i.ref[1:]) if i.ref[1:].isdigit() else 0)
    return items


def rw_items(refs: Mapping[str, Any]) -> list[Item]:
    """Items from refwright's ``Snapshot.refs`` (values with ``.role`` and ``.name``)."""
    items = [Item(ref, str(e.role), str(e.name)) for ref, e in refs.items()]
    items.sort(key=lambda i: int(i.ref[1:]))
    return items


@dataclass
class Miss:
    item: Item
    why: str  # "name differs", "role differs", "absent"
    refwright: Item | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.item.kind, "name": self.item.name, "why": self.why}
        if self.item.parent:
            out["inside"] = self.item.parent
        if self.refwright is not None:
            out["refwright"] = {"role": self.refwright.role, "name": self.refwright.name}
        return out

    def show(self) -> str:
        if self.refwright is None:
            return f"{self.item.show()}: {self.why}"
        return f"{self.item.show()}: {self.why}, refwright has {self.refwright.show()}"


@dataclass
class Coverage:
    agent_browser: int
    refwright: int
    matched: int
    misses: list[Miss] = field(default_factory=list)
    extras: list[Item] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.misses

    def by_reason(self) -> dict[str, int]:
        return dict(Counter(m.why for m in self.misses))

    def by_role(self) -> dict[str, int]:
        return dict(Counter(m.item.kind + (f" in {m.item.parent}" if m.item.parent else "") for m in self.misses))

    def to_json(self, examples: int = 25) -> dict[str, Any]:
        return {
            "agent_browser_refs": self.agent_browser,
            "refwright_refs": self.refwright,
            "matched": self.matched,
            "missed": len(self.misses),
            "complete": self.complete,
            "missed_by_reason": self.by_reason(),
            "missed_by_role": self.by_role(),
            "missed_examples": [m.to_json() for m in self.misses[:examples]],
            "extra": len(self.extras),
            "extra_by_role": dict(Counter(i.role for i in self.extras)),
            "extra_examples": [{"role": i.role, "name": i.name} for i in self.extras[:examples]],
        }


def _similar(a: str, b: str, fuzzy: bool) -> bool:
    a, b = a.casefold(), b.casefold()
    if not a or not b:
        return False
    if a == b or a in b or b in a:
        return True
    if (a.endswith("…") and b.startswith(a[:-1])) or (b.endswith("…") and a.startswith(b[:-1])):
        return True
    if not fuzzy:
        return False
    m = difflib.SequenceMatcher(None, a, b)
    return m.real_quick_ratio() >= 0.75 and m.quick_ratio() >= 0.75 and m.ratio() >= 0.75


def compare(agent_browser: Iterable[Item], refwright: Iterable[Item]) -> Coverage:
    ab = list(agent_browser)
    rw = list(refwright)
    # 1. Exact role+name, as multisets (ten "Edit" buttons need ten).
    pool: dict[tuple[str, str], list[Item]] = {}
    for item in rw:
        pool.setdefault(item.key(), []).append(item)
    unmatched: list[Item] = []
    matched = 0
    for item in ab:
        bucket = pool.get(item.key())
        if not bucket and item.clickable and not _is_widget(item.role):
            # agent-browser keeps the element's own role (LabelText, row) and adds "clickable";
            # refwright's -C calls a cursor-only target "clickable" when it has no role of its own.
            bucket = pool.get(("clickable", norm_name(item.name)))
        if bucket:
            bucket.pop(0)
            matched += 1
        else:
            unmatched.append(item)
    left = [i for bucket in pool.values() for i in bucket]
    left.sort(key=lambda i: int(i.ref[1:]))
    misses: list[Miss] = []
    # Fuzzy name comparison is quadratic; on huge lists only case and containment count as similar.
    fuzzy = len(unmatched) * len(left) <= 500_000
    # 2. The same element under a different name, then 3. under a different role.
    for item in unmatched:
        role, name = item.key()
        partner = next((r for r in left if norm_role(r.role) == role
                        and _similar(norm_name(r.name), name, fuzzy)), None)
        why = "name differs"
        if partner is None and name:
            partner = next((r for r in left if norm_name(r.name) == name), None)
            why = "role differs"
        if partner is None:
            misses.append(Miss(item, "absent"))
            continue
        left.remove(partner)
        misses.append(Miss(item, why, partner))
    return Coverage(len(ab), len(rw), matched, misses, left)
