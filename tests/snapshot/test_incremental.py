"""The page runtime serves a kept snapshot only while it is exact: a seeded fuzz of page changes (text,
attributes, removals, insertions, hiding and showing, and what no mutation reports: a typed value, a
checked box, a selected option, a validation message, a style rule a script inserts or edits, a new shadow
root, a URL from pushState), after each of which the snapshot equals a cold walk of the same DOM, in order.

The suite runs a CI-sized count; ``REFWRIGHT_FUZZ_ROUNDS=1000`` runs the long one (rounds per page).
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from refwright import Page
from refwright._async.runtime._runtime_engine import run_op
from refwright.snapshot._patch import apply_patch

from ..conftest import run
from ..server import TestServer

ASSETS = Path(__file__).resolve().parents[1] / "assets"
PAGES = sorted([*(f"/fidelity/{p.name}" for p in (ASSETS / "fidelity").glob("*.html")),
                *(f"/spec/{p.name}" for p in (ASSETS / "spec").glob("*.html")), "/signup.html", "/controls.html"])
ROUNDS = int(os.environ.get("REFWRIGHT_FUZZ_ROUNDS", "12"))
VIEWS: tuple[dict[str, Any], ...] = ({"interactive": True}, {}, {"compact": True, "urls": True},
                                     {"interactive": True, "cursor": True})
COMPARED = ("lines", "depths", "refLines", "refIds", "refRoles", "refNames", "refKinds", "truncated", "url", "title",
            "token")

# One change, as the page's own scripts would make it (in the page's world), chosen by `kind` with `seed`.
MUTATE = r"""([kind, seed]) => {
  let s = seed >>> 0;
  const rnd = (n) => { s = (s * 1103515245 + 12345) >>> 0; return n ? s % n : 0; };
  const all = [];
  const collect = (root) => {
    for (const el of root.querySelectorAll('*')) {
      all.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);
  const els = all.filter(e => !['html', 'head', 'body', 'script', 'style', 'title', 'meta'].includes(e.localName));
  const pick = (list) => list.length ? list[rnd(list.length)] : null;
  const el = pick(els);
  const fields = all.filter(e => e.localName === 'textarea' || (e.localName === 'input' && e.type !== 'file'));
  const word = ['Save', 'Delete', 'Ünïcode', '', 'a b', 'Submit order', 'x'.repeat(rnd(30))][rnd(7)];
  switch (kind) {
    case 'text': {
      const texts = [];
      for (const e of els) for (const c of e.childNodes) if (c.nodeType === 3) texts.push(c);
      const t = pick(texts);
      if (t) t.data = word;
      break;
    }
    case 'attr': {
      if (!el) break;
      const attrs = [['hidden', ''], ['aria-label', word], ['aria-hidden', 'true'], ['disabled', ''],
        ['role', ['button', 'none', 'heading', 'link', 'checkbox'][rnd(5)]], ['class', 'fz-hide'],
        ['title', word], ['style', ['display:none', 'visibility:hidden', '', 'cursor:pointer'][rnd(4)]],
        ['aria-expanded', 'true'], ['tabindex', '0'], ['onclick', '1']];
      const [name, value] = attrs[rnd(attrs.length)];
      if (el.hasAttribute(name) && rnd(2)) el.removeAttribute(name); else el.setAttribute(name, value);
      break;
    }
    case 'remove':
      if (el && el.parentNode) el.remove();
      break;
    case 'insert': {
      const src = pick(els);
      const at = pick(els);
      if (src && at && at.parentNode && !src.contains(at)) at.parentNode.insertBefore(src.cloneNode(true), at);
      break;
    }
    case 'value': {
      const f = pick(fields);
      if (f) f.value = word;
      break;
    }
    case 'checked': {
      const boxes = all.filter(e => e.localName === 'input' && (e.type === 'checkbox' || e.type === 'radio'));
      const b = pick(boxes);
      if (b) b.checked = !b.checked;
      break;
    }
    case 'select': {
      const sel = pick(all.filter(e => e.localName === 'select' && e.options.length));
      if (sel) sel.selectedIndex = rnd(sel.options.length);
      break;
    }
    case 'validity': {
      const f = pick(fields);
      if (f) f.setCustomValidity(rnd(2) ? word || 'Wrong' : '');
      break;
    }
    case 'rule': {
      let sheet = null;
      for (const sh of document.styleSheets) { try { sh.cssRules; sheet = sh; break; } catch (e) {} }
      if (!sheet) {
        sheet = new CSSStyleSheet();
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      const tags = ['button', 'a', 'input', 'h1', 'h2', 'li', 'p', 'label', 'span', 'div'];
      const rules = ['.fz-hide { display: none }', tags[rnd(10)] + ':nth-child(' + (1 + rnd(4)) + ') { display: none }',
        tags[rnd(10)] + ' { visibility: hidden }', tags[rnd(10)] + '::before { content: "' + word + '" }',
        tags[rnd(10)] + ' { cursor: pointer }', '.fz-hide { display: block }'];
      sheet.insertRule(rules[rnd(rules.length)], sheet.cssRules.length);
      break;
    }
    case 'edit-rule': {
      for (const sh of document.styleSheets) {
        let rules;
        try { rules = sh.cssRules; } catch (e) { continue; }
        const r = rules.length ? rules[rnd(rules.length)] : null;
        if (r && r.style) { r.style.display = ['none', '', 'block'][rnd(3)]; break; }
      }
      break;
    }
    case 'shadow': {
      const hosts = els.filter(e => ['div', 'span', 'section', 'p'].includes(e.localName) && !e.shadowRoot);
      const h = pick(hosts);
      if (h) h.attachShadow({ mode: 'open' }).innerHTML = '<button>' + (word || 'In shadow') + '</button><slot></slot>';
      break;
    }
    case 'url':
      history.replaceState(null, '', location.pathname + '?fz=' + rnd(1000));
      break;
    case 'named-by': {
      // Text of what names something else: a label, or an element an aria-labelledby or a <use> points to.
      const ids = new Set();
      for (const e of all) {
        for (const id of (e.getAttribute('aria-labelledby') || '').split(/\s+/)) if (id) ids.add(id);
        const href = e.localName === 'use' ? (e.getAttribute('href') || '') : '';
        if (href.startsWith('#')) ids.add(href.slice(1));
      }
      const sources = all.filter(e => e.localName === 'label' || e.localName === 'title' || ids.has(e.id));
      const src = pick(sources);
      if (src) {
        const inner = Array.from(src.querySelectorAll('*')).filter(e => e.localName !== 'input');
        const at = inner.length && rnd(2) ? pick(inner) : src;
        const t = Array.from(at.childNodes).find(c => c.nodeType === 3);
        if (t) t.data = word; else at.append(word);
      }
      break;
    }
    case 'layout': {
      // Sizes that move, squeeze or clip other elements: what layout alone changes.
      if (!el) break;
      const styles = ['width:0;overflow:hidden', 'flex:0 0 5000px', 'position:absolute;clip:rect(0 0 0 0)',
        'display:inline-block;width:' + rnd(400) + 'px', 'margin-left:-9999px', 'height:0;overflow:hidden', ''];
      el.setAttribute('style', styles[rnd(styles.length)]);
      break;
    }
    case 'class': {
      if (!el) break;
      const names = ['off', 'row', 'panel', 'sr', 'fz-hide', 'toggle'];
      el.classList.toggle(names[rnd(names.length)]);
      break;
    }
    case 'focus': {
      const f = pick(all.filter(e => e.tabIndex >= 0));
      if (f) f.focus();
      break;
    }
    case 'scroll':
      window.scrollTo(0, rnd(2000));
      break;
  }
}"""

KINDS = ("none", "none", "text", "attr", "attr", "remove", "insert", "value", "value", "checked", "select",
         "validity", "rule", "edit-rule", "shadow", "url", "focus", "scroll")


async def _compare(page: Page, view: dict[str, Any], where: str) -> tuple[int, int]:
    """Served against cold; (1 if served from what was kept, 1 if walked in part)."""
    pw = page.playwright_page
    served = await run_op(pw, "snapshot", 10_000, **view)
    cold = await run_op(pw, "snapshot", 10_000, cold=True, **view)
    for key in COMPARED:
        assert served.get(key) == cold.get(key), f"{where} {view}: {key} differs from a cold walk"
    return int(bool(served.get("kept"))), int("reused" in served)


@pytest.mark.parametrize("path", PAGES)
async def test_a_kept_snapshot_equals_a_cold_walk(page: Page, server: TestServer, path: str) -> None:
    rng = random.Random(f"{path}:40")
    await run(page, f"open {server.url(path)}")
    await page.snapshot()  # registers the engine
    pw = page.playwright_page
    kept = partial = 0
    for n in range(ROUNDS):
        kinds = [rng.choice(KINDS) for _ in range(rng.randint(1, 3))]
        for kind in kinds:
            if kind != "none":
                await pw.evaluate(MUTATE, [kind, rng.randrange(1 << 30)])
        for view in rng.sample(VIEWS, 2):
            k, p = await _compare(page, view, f"{path} round {n} after {kinds}")
            kept, partial = kept + k, partial + p
        # Asked again at once: usually served from what was just kept (unless an event the change set off
        # arrived in between, such as a scroll's), and exact either way.
        k, p = await _compare(page, view, f"{path} round {n}, asked again")
        kept, partial = kept + k, partial + p
    print(f"{path}: {ROUNDS} rounds, {kept} of {3 * ROUNDS} snapshots served from what was kept, {partial} walked "
          "in part")


async def test_what_no_mutation_reports_is_seen(page: Page, server: TestServer) -> None:
    """Each change that fires no mutation (and no event) makes the next snapshot walk again."""
    html = """<style id=s>x-late:not(:defined) { display: none }</style><input id=t aria-label=Name>
    <input id=c type=checkbox aria-label=Agree><select aria-label=Size><option>S<option>M</select>
    <button class=b>Go</button><div id=h>host</div><x-late><button>Late</button></x-late>"""
    await run(page, f"open {server.html('/kept.html', html)}")
    await page.snapshot()
    pw = page.playwright_page
    view: dict[str, Any] = {"interactive": True}
    changes = [
        "document.getElementById('t').value = 'typed'",
        "document.getElementById('c').checked = true",
        "document.querySelector('select').selectedIndex = 1",
        "document.getElementById('s').sheet.insertRule('.b { display: none }')",
        "document.getElementById('s').sheet.cssRules[0].style.display = 'block'",
        "document.getElementById('h').attachShadow({mode: 'open'}).innerHTML = '<button>Inside</button>'",
        "document.getElementById('t').setCustomValidity('Wrong')",
        "customElements.define('x-late', class extends HTMLElement {})",
    ]
    first = await run_op(pw, "snapshot", 10_000, **view)
    again = await run_op(pw, "snapshot", 10_000, known=first["stamp"], **view)
    assert again.get("same") == first["stamp"]
    for change in changes:
        await pw.evaluate(change)
        served = await run_op(pw, "snapshot", 10_000, **view)
        assert not served.get("kept"), change
        cold = await run_op(pw, "snapshot", 10_000, cold=True, **view)
        assert served["lines"] == cold["lines"], change
    lines = (await run_op(pw, "snapshot", 10_000, **view))["lines"]
    # (A custom validity message shows once the field was edited or its form submitted.)
    assert lines == ['[textbox] "Name" value="typed"', '[checkbox] "Agree" [checked]', '[combobox] "Size" value="M"',
                     '[option] "S"', '[option] "M" [selected]', '[button] "Go"', '[button] "Inside"',
                     '[button] "Late"'], lines
    # A style rule on a custom element's own state (which nothing reports) is never served from what was kept.
    await pw.evaluate("document.getElementById('s').sheet.insertRule('x-late:state(open) { color: red }')")
    await run_op(pw, "snapshot", 10_000, **view)
    assert not (await run_op(pw, "snapshot", 10_000, **view)).get("kept")


async def test_a_repeat_snapshot_through_python_reuses_the_result(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/signup.html')}")
    first = await run(page, "snapshot -i")
    assert await run(page, "snapshot -i") == first
    await run(page, "check @e4")
    assert '@e4 [checkbox] "I agree to the terms" [checked] [focused]' in await run(page, "snapshot -i")


# What a partial walk must bound: names read from elsewhere (label for, aria-labelledby, an icon's <use>),
# style rules on siblings and on control state, controls clipped away unless a visible label stands for
# them, a flex row whose items squeeze each other, an image map, a disabled fieldset's legend, and a shadow
# tree with slots, its own label, name and sibling rule.
TANGLED = """<style>
.toggle:checked + .panel { display: none }
.row.off ~ .row button { visibility: hidden }
.sq { display: flex; width: 320px } .sq > * { min-width: 0; overflow: hidden; flex-shrink: 1; padding: 0; border: 0 }
.sr { position: absolute; clip: rect(0 0 0 0); width: 1px; height: 1px; overflow: hidden }
.fz-hide { display: none }
</style>
<header><label for=a1>First name</label> <a href="#top">Top</a></header>
<main>
<h1>Orders <span>today</span></h1>
<input id=a1><span id=l1>Ship</span> <span id=l2>to</span> <button aria-labelledby="l1 l2">x</button>
<input type=checkbox class=toggle aria-label=Hide><div class=panel><button>Panel</button> <a href="#p">More</a></div>
<div class=row>one <button>R1</button></div><div class=row>two <button>R2</button></div>
<div class=row>three <button>R3</button></div>
<div class=sq><button>A rather wide label</button><button>B</button><a href="#x">Link</a>
<input aria-label=Squeezed></div>
<input class=sr id=srin><label for=srin>Visible label for a clipped field</label>
<input class=sr aria-label="Clipped alone">
<img alt=Map width=60 height=40 usemap="#m"
 src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='60' height='40'/%3E">
<map name=m><area href="#a" alt="An area" shape=rect coords="0,0,30,40"></map>
<ul><li><a href="#1">One</a></li><li><a href="#2">Two <b>bold</b></a></li><li>plain</li></ul>
<svg width=0 height=0><symbol id=ic><title>Trash</title></symbol></svg>
<button><svg width=16 height=16><use href="#ic"/></svg></button>
<label>Wrapped <span>inner</span> <input type=checkbox></label>
<fieldset disabled><legend><button>In legend</button></legend><button>Off</button></fieldset>
<div onclick="1" style="cursor:pointer">Clickable <span>div</span></div>
<select aria-label=Size><option>S<option>M</select><textarea aria-label=Note required></textarea>
<h2 id=h2>Details</h2><section aria-labelledby=h2><button>In section</button></section>
<div id=host><span slot=s>Slotted <b>text</b></span><button>Light button</button></div>
<script>document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = '<style>.row + button ' +
  '{ color: red }</style><label>In shadow <input></label><slot name=s></slot><nav><slot></slot></nav>' +
  '<span id=sl>Shadow name</span><button aria-labelledby=sl>?</button>';</script>
</main>"""

SQUEEZE = """<style>.sq { display: flex; width: 320px } #grow { flex-shrink: 0; white-space: nowrap }
.sq > .s { min-width: 0; overflow: hidden; padding: 0; border: 0 }</style>
<main><div class=sq><button id=grow>Grow</button><button class=s>B</button><input class=s aria-label=Squeezed>
<a class=s href="#x">Link</a></div><p><button>Elsewhere</button></p></main>"""


# Changes a page's scripts make without an event: each is followed by a snapshot, so that most are walked
# in part (the focus, scrolling and style-sheet kinds of the fuzz above walk in full).
PARTIAL_KINDS = ("text", "attr", "attr", "remove", "insert", "value", "checked", "select", "validity",
                 "named-by", "layout", "layout", "class", "class")
# Pages whose changes a partial walk can mostly bound (the sign-up form's style rules on validity walk in full).
WALKED_IN_PART = frozenset({"tangled", "squeeze", "/controls.html", "/fidelity/edge.html", "/fidelity/labels.html",
                            "/fidelity/structure.html", "/fidelity/widgets.html", "/spec/names.html",
                            "/spec/said_once.html"})
PARTIAL_VIEWS: tuple[dict[str, Any], ...] = ({"interactive": True}, {"interactive": True, "cursor": True})


@pytest.mark.parametrize("path", [*PAGES, "tangled", "squeeze"])
async def test_a_partial_walk_equals_a_cold_walk(page: Page, server: TestServer, path: str) -> None:
    """After each change, an interactive snapshot re-walks only what the change can reach and reuses the
    rest of the kept walk: it equals a cold walk of the same DOM, in order."""
    rng = random.Random(f"{path}:partial")
    inline = {"tangled": TANGLED, "squeeze": SQUEEZE}
    url = server.html(f"/{path}.html", inline[path]) if path in inline else server.url(path)
    await run(page, f"open {url}")
    await page.snapshot()
    pw = page.playwright_page
    for view in PARTIAL_VIEWS:
        await _compare(page, view, f"{path} first")
    partial = 0
    for n in range(ROUNDS * 2):
        kinds = [rng.choice(PARTIAL_KINDS) for _ in range(rng.randint(1, 2))]
        for kind in kinds:
            await pw.evaluate(MUTATE, [kind, rng.randrange(1 << 30)])
        for view in PARTIAL_VIEWS:
            partial += (await _compare(page, view, f"{path} round {n} after {kinds}"))[1]
    print(f"{path}: {2 * ROUNDS} rounds, {partial} of {4 * ROUNDS} snapshots walked in part")
    # The path under test is taken (fewer of a long run's changes can be bounded as the page drifts: clones
    # with ids, a modal left open).
    assert path not in WALKED_IN_PART or partial >= 12, (
        f"{path}: only {partial} of {4 * ROUNDS} snapshots were walked in part")


async def test_a_partial_walk_sees_what_layout_alone_changed(page: Page, server: TestServer) -> None:
    """A longer label that squeezes other controls to nothing leaves them out, though nothing of theirs
    changed; shortened again, they are back."""
    await run(page, f"open {server.html('/squeeze.html', SQUEEZE)}")
    await page.snapshot()
    pw = page.playwright_page
    view: dict[str, Any] = {"interactive": True}
    before = await run_op(pw, "snapshot", 10_000, **view)
    assert '[button] "B"' in before["lines"] and '[textbox] "Squeezed"' in before["lines"]
    for label, shown in (("Grow " * 80, False), ("Grow", True)):
        await pw.evaluate("label => { document.getElementById('grow').firstChild.data = label; }", label)
        served = await run_op(pw, "snapshot", 10_000, **view)
        assert served.get("reused"), "the change should have been walked in part"
        cold = await run_op(pw, "snapshot", 10_000, cold=True, **view)
        assert served["lines"] == cold["lines"]
        assert ('[button] "B"' in served["lines"]) is shown and ('[textbox] "Squeezed"' in served["lines"]) is shown
        # The link has no box either, but a keyboard reaches it: it stays.
        assert '[link] "Link"' in served["lines"]


async def test_a_partial_walk_reaches_python_as_a_patch(page: Page, server: TestServer,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """After a small change, only what differs from the result Python holds crosses over, and the snapshot
    reads the same as one sent whole."""
    from refwright._async.runtime import _snapshots

    patches: list[int] = []

    def counted(held: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
        patches.append(len(answer["patch"]["lines"][2]))
        return apply_patch(held, answer)

    monkeypatch.setattr(_snapshots, "apply_patch", counted)
    await run(page, f"open {server.html('/tangled.html', TANGLED)}")
    before = await run(page, "snapshot -i")
    pw = page.playwright_page
    for n in range(3):
        await pw.evaluate("n => { document.querySelector('.row button').textContent = 'Renamed ' + n; }", n)
        patched = await run(page, "snapshot -i")
        # Another view key: Python holds nothing for it, so its result is sent whole.
        whole = await run(page, f"snapshot -i -d {50 + n}")
        assert patched == whole and patched != before
        assert f'[button] "Renamed {n}"' in patched
    assert patches == [1, 1, 1]


def test_a_patch_keeps_the_head_and_tail_it_names() -> None:
    held = {"lines": ["a", "b", "c", "d"], "refKinds": "xx-x", "stamp": "t.1", "gone": [3]}
    answer = {"patch": {"lines": [1, 2, ["B", "B2"]], "refKinds": [2, 0, "f"]}, "base": "t.1", "stamp": "t.2",
              "gone": []}
    assert apply_patch(held, answer) == {"lines": ["a", "B", "B2", "c", "d"], "refKinds": "xxf", "stamp": "t.2",
                                         "gone": []}
