"""Deterministic benchmark pages: a page of N form controls and a page of N elements.

Both are plain static HTML with the markup real sites use (sections with headings, data tables with row
actions, labelled form fields, fieldsets of radios, selects, link lists, article cards); the same
arguments always give the same bytes, so runs on different days measure the same page.

    python -m benchmarks.pagegen controls 6000 > /tmp/controls.html
"""

from __future__ import annotations

import html
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["GeneratedPage", "controls_page", "count_controls", "count_elements", "elements_page"]

_WORDS = (
    "account", "billing", "invoice", "order", "shipment", "customer", "product", "report", "export", "import",
    "archive", "profile", "security", "network", "device", "policy", "backup", "storage", "region", "quota",
    "member", "team", "project", "release", "build", "deploy", "budget", "contract", "vendor", "ticket",
    "refund", "payment", "coupon", "catalog", "review", "message", "calendar", "schedule", "payroll", "expense",
    "audit", "license", "domain", "webhook", "token", "session", "cluster", "volume", "snapshot",
)
_FIRST = ("Ada", "Grace", "Alan", "Linus", "Barbara", "Ken", "Margaret", "Dennis", "Edsger", "Frances", "Donald",
          "Radia", "Tim", "Vint", "Guido")
_LAST = ("Lovelace", "Hopper", "Turing", "Torvalds", "Liskov", "Thompson", "Hamilton", "Ritchie", "Dijkstra",
         "Allen", "Knuth", "Perlman")
_CITIES = ("Lisbon", "Oslo", "Nairobi", "Lima", "Osaka", "Quebec", "Tbilisi", "Hanoi", "Dakar", "Perth", "Bergen",
           "Cusco")
_STATUSES = ("Pending", "Paid", "Shipped", "Refunded", "On hold", "Cancelled")

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1f2937; }
header.site { display: flex; gap: 16px; align-items: center; padding: 8px 16px; background: #111827; }
header.site a { color: #f9fafb; }
main { padding: 16px; }
section { margin: 16px 0; border-top: 1px solid #e5e7eb; }
table { border-collapse: collapse; width: 100%; }
td, th { border-bottom: 1px solid #e5e7eb; padding: 4px 8px; text-align: left; }
.icon-btn { width: 28px; height: 28px; padding: 0; }
.icon-btn svg { width: 16px; height: 16px; }
.field { display: flex; flex-direction: column; margin: 4px 0; max-width: 360px; }
.cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; }
.card { border: 1px solid #e5e7eb; padding: 8px; border-radius: 6px; }
ul.links { columns: 4; }
footer { padding: 16px; background: #f3f4f6; }
"""

_TRASH_SVG = ('<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 4h10M6 4V2h4v2M5 4l1 10h4l1-10"/>'
              "</svg>")


@dataclass
class GeneratedPage:
    """HTML plus what it was built to contain."""

    html: str
    controls: int
    elements: int
    title: str
    notes: dict[str, int] = field(default_factory=dict)


class _Builder:
    """Collects HTML and counts the elements and form controls emitted."""

    CONTROL_TAGS = frozenset({"a", "button", "input", "select", "textarea"})

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.elements = 0
        self.controls = 0

    def open(self, tag: str, attrs: str = "") -> None:
        self.elements += 1
        if tag in self.CONTROL_TAGS:
            self.controls += 1
        self.parts.append(f"<{tag}{' ' + attrs if attrs else ''}>")

    def close(self, tag: str) -> None:
        self.parts.append(f"</{tag}>")

    def leaf(self, tag: str, attrs: str = "", text: str = "") -> None:
        self.open(tag, attrs)
        if tag not in ("input", "img", "br", "hr"):
            self.parts.append(html.escape(text))
            self.close(tag)

    def raw(self, markup: str, elements: int = 0) -> None:
        self.parts.append(markup)
        self.elements += elements

    def text(self, text: str) -> None:
        self.parts.append(html.escape(text))

    def html(self) -> str:
        return "".join(self.parts)


def _phrase(rng: random.Random, n: int = 2) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(n))


def _person(rng: random.Random) -> str:
    return f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"


def _document(title: str, body: str) -> str:
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>\n{body}\n</body></html>\n"
    )


# -- the controls page ------------------------------------------------------------------------------------

def _orders_table(b: _Builder, rng: random.Random, sid: int, budget: int) -> None:
    b.leaf("h2", f'id="s{sid}"', f"Orders: {_phrase(rng).title()}")
    b.open("table", f'aria-describedby="s{sid}"')
    b.open("thead")
    b.open("tr")
    for head in ("Select", "Order", "Customer", "Status", "Total", "Actions"):
        b.leaf("th", 'scope="col"', head)
    b.close("tr")
    b.close("thead")
    b.open("tbody")
    rows = max(1, budget // 4)
    for r in range(rows):
        oid = sid * 1000 + r
        b.open("tr")
        b.open("td")
        b.leaf("input", f'type="checkbox" aria-label="Select order {oid}"')
        b.close("td")
        b.open("td")
        b.leaf("a", f'href="/orders/{oid}"', f"#{oid}")
        b.close("td")
        b.leaf("td", "", _person(rng))
        b.leaf("td", "", rng.choice(_STATUSES))
        b.leaf("td", "", f"${rng.randint(5, 900)}.{rng.randint(0, 99):02d}")
        b.open("td")
        b.leaf("button", 'type="button"', "Edit")
        b.raw(f'<button type="button" class="icon-btn" aria-label="Delete order {oid}">{_TRASH_SVG}</button>', 3)
        b.controls += 1
        b.close("td")
        b.close("tr")
    b.close("tbody")
    b.close("table")


def _profile_form(b: _Builder, rng: random.Random, sid: int, budget: int) -> None:
    b.leaf("h2", "", f"Settings: {_phrase(rng).title()}")
    b.open("form", f'action="/save/{sid}" aria-label="Settings form {sid}"')
    used = 0
    i = 0
    while used < budget - 1:
        fid = f"f{sid}_{i}"
        kind = i % 6
        if kind in (0, 1, 2):
            typ = ("text", "email", "tel")[kind]
            b.open("div", 'class="field"')
            b.leaf("label", f'for="{fid}"', f"{_phrase(rng, 1).title()} {('name', 'email', 'phone')[kind]} {i}")
            ph = ' placeholder="you@example.com"' if typ == "email" else ""
            b.leaf("input", f'id="{fid}" name="{fid}" type="{typ}"{ph}')
            b.close("div")
            used += 1
        elif kind == 3:
            b.open("div", 'class="field"')
            b.leaf("label", f'for="{fid}"', f"Region {i}")
            b.open("select", f'id="{fid}" name="{fid}"')
            for c in rng.sample(_CITIES, 4):
                b.leaf("option", "", c)
            b.close("select")
            b.close("div")
            used += 1
        elif kind == 4 and used + 3 < budget:
            b.open("fieldset")
            b.leaf("legend", "", f"Delivery speed {i}")
            for speed in ("Standard", "Express", "Overnight"):
                b.open("label")
                b.leaf("input", f'type="radio" name="{fid}" value="{speed.lower()}"')
                b.text(f" {speed}")
                b.close("label")
            b.close("fieldset")
            used += 3
        else:
            b.open("div")
            b.open("label")
            b.leaf("input", f'type="checkbox" name="{fid}"')
            b.text(f" Email me about {_phrase(rng, 1)} updates")
            b.close("label")
            b.close("div")
            used += 1
        i += 1
    b.leaf("button", 'type="submit"', "Save changes")
    b.close("form")


def _link_list(b: _Builder, rng: random.Random, sid: int, budget: int) -> None:
    b.leaf("h2", "", f"Related: {_phrase(rng).title()}")
    b.open("ul", 'class="links"')
    for i in range(budget):
        b.open("li")
        b.leaf("a", f'href="/docs/{sid}/{i}"', f"{_phrase(rng, 3).capitalize()} guide")
        b.close("li")
    b.close("ul")


def _cards(b: _Builder, rng: random.Random, sid: int, budget: int) -> None:
    b.leaf("h2", "", f"Projects: {_phrase(rng).title()}")
    b.open("div", 'class="cards"')
    for i in range(max(1, budget // 2)):
        name = f"{_phrase(rng).title()} {sid}-{i}"
        b.open("article", 'class="card"')
        b.leaf("h3", "", name)
        b.leaf("p", "", f"Owned by {_person(rng)} in {rng.choice(_CITIES)}.")
        b.leaf("a", f'href="/projects/{sid}/{i}"', f"Open {name}")
        b.leaf("button", 'type="button"', "Star")
        b.close("article")
    b.close("div")


_SECTIONS: tuple[tuple[Callable[[_Builder, random.Random, int, int], None], int], ...] = (
    (_orders_table, 60), (_profile_form, 30), (_link_list, 40), (_cards, 24),
)


def controls_page(n: int = 6000, seed: int = 6000) -> GeneratedPage:
    """A page with exactly ``n`` visible form controls and links (``n`` >= 3)."""
    rng = random.Random(seed)
    b = _Builder()
    b.raw('<header class="site"><a href="/">Home</a><a href="/help">Help</a></header>', 3)
    b.controls += 2
    b.open("main")
    b.leaf("h1", "", f"Admin console ({n} controls)")
    sid = 0
    while b.controls < n:
        left = n - b.controls
        # A short remainder goes into a link list, which takes any count exactly.
        fill, size = _SECTIONS[sid % len(_SECTIONS)] if left >= 8 else (_link_list, left)
        before = b.controls
        b.open("section", f'aria-labelledby="h{sid}"' if sid % 3 == 0 else "")
        fill(b, rng, sid, min(size, left))
        b.close("section")
        if b.controls == before:  # pragma: no cover - every section emits at least one control
            raise RuntimeError("section emitted no controls")
        sid += 1
    b.close("main")
    page_html = _document(f"Admin console ({n} controls)", b.html())
    return GeneratedPage(page_html, count_controls(page_html), count_elements(page_html),
                         f"Admin console ({n} controls)", {"sections": sid})


# -- the many-elements page -------------------------------------------------------------------------------

def _post(b: _Builder, rng: random.Random, i: int) -> None:
    author = _person(rng)
    b.open("article", f'class="card" aria-labelledby="p{i}"')
    b.open("header")
    b.leaf("img", f'src="data:," alt="{author}" width="24" height="24"')
    b.open("h3", f'id="p{i}"')
    b.leaf("a", f'href="/posts/{i}"', f"{_phrase(rng, 4).capitalize()}")
    b.close("h3")
    b.leaf("time", f'datetime="2024-01-{1 + i % 28:02d}"', f"Jan {1 + i % 28}")
    b.close("header")
    for _ in range(2):
        b.open("p")
        b.text(f"{author} wrote about {_phrase(rng, 3)} ")
        b.leaf("em", "", _phrase(rng, 1))
        b.text(" and ")
        b.leaf("span", "", _phrase(rng, 2))
        b.text(f" in {rng.choice(_CITIES)}.")
        b.close("p")
    b.open("ul", 'class="tags"')
    for _ in range(3):
        b.open("li")
        b.leaf("a", f'href="/tags/{rng.choice(_WORDS)}"', rng.choice(_WORDS))
        b.close("li")
    b.close("ul")
    b.open("footer")
    b.open("div")
    for label in ("Like", "Share", "Reply"):
        b.leaf("button", 'type="button"', label)
    b.close("div")
    b.open("div")
    b.leaf("span", "", f"{rng.randint(0, 999)} likes")
    b.leaf("span", "", f"{rng.randint(0, 99)} replies")
    b.close("div")
    b.close("footer")
    b.close("article")


def elements_page(n: int = 50_000, seed: int = 50_000) -> GeneratedPage:
    """A long feed of about ``n`` elements (within one post's worth, ~30)."""
    rng = random.Random(seed)
    b = _Builder()
    b.open("main")
    b.leaf("h1", "", f"Feed ({n} elements)")
    i = 0
    while b.elements < n:
        _post(b, rng, i)
        i += 1
    b.close("main")
    page_html = _document(f"Feed ({n} elements)", b.html())
    return GeneratedPage(page_html, count_controls(page_html), count_elements(page_html),
                         f"Feed ({n} elements)", {"posts": i})


# -- counting (independent of the builders, so the tests can check them) ----------------------------------

def count_elements(page_html: str) -> int:
    """Elements inside <body>, counted with the standard library's HTML parser."""
    from html.parser import HTMLParser

    class Counter(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.inside = False
            self.n = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag == "body":
                self.inside = True
            elif self.inside:
                self.n += 1

    c = Counter()
    c.feed(page_html)
    return c.n


def count_controls(page_html: str) -> int:
    """Links with href, buttons, non-hidden inputs, selects and textareas."""
    from html.parser import HTMLParser

    class Counter(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if (tag == "a" and "href" in a) or tag in ("button", "select", "textarea") or (
                    tag == "input" and a.get("type") != "hidden"):
                self.n += 1

    c = Counter()
    c.feed(page_html)
    return c.n


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("controls", "elements") or not argv[1].isdigit():
        print("usage: python -m benchmarks.pagegen controls|elements N", file=sys.stderr)
        return 2
    page = controls_page(int(argv[1])) if argv[0] == "controls" else elements_page(int(argv[1]))
    sys.stdout.write(page.html)
    print(f"{page.controls} controls, {page.elements} elements", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
