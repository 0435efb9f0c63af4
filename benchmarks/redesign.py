"""A redesign of a MiniWoB++ page, for ``benchmarks/replay.py --redesign``: the same task on the same seed, with
its labels, layout or fields changed the way a site's next version changes them. That is what healing is for;
seeds 2-5 of a task mostly ask for another target, which no healing should reach.

Three redesigns, each applied to the task's area after the episode starts:

- ``renamed``: every control's name changes so that the recorded locator no longer finds it (Playwright
  matches names by substring, ignoring case, so an added word alone would not break it): a name of several
  words gets a word inserted after its first, one of a single word gets a hyphen after its first letter
  ("E-mail" for "Email"), or a letter added to its end.
- ``reordered``: every box that holds two or more controls shows them in reverse order.
- ``placeholder``: every text field's label is moved into the field as its placeholder, and the label removed.

Whether a replay did the recorded thing is judged by the elements it acted on, not by the task's reward (a
renamed button no longer has the text the task's own check compares): before the redesign, every element of
the area is numbered (``data-bench-id``, which no locator reads), and the trusted clicks, inputs and changes are
logged with the number of their target. A replay succeeds when it clicked the elements the unredesigned replay
clicked, in the same order, and left the fields it changed with the same values.
"""

from __future__ import annotations

from typing import Any

__all__ = ["REDESIGNS", "acted_on", "redesign"]

REDESIGNS = ("renamed", "reordered", "placeholder")

_SETUP = """() => {
  const area = document.getElementById('area') || document.body;
  area.querySelectorAll('*').forEach((el, i) => { el.dataset.benchId = String(i); });
  window.__benchLog = [];
  for (const type of ['click', 'input', 'change']) {
    document.addEventListener(type, e => {
      if (!e.isTrusted && type === 'click') return;
      const el = e.target instanceof Element ? e.target.closest('[data-bench-id]') : null;
      const entry = type + ':' + (el ? el.dataset.benchId : '-');
      const log = window.__benchLog;
      if (log[log.length - 1] !== entry) log.push(entry);
    }, true);
  }
}"""

_RENAME = """() => {
  const area = document.getElementById('area') || document.body;
  const words = ['new', 'main', 'your', 'all'];
  let n = 0;
  const change = s => {
    const parts = s.trim().split(/\\s+/);
    if (!s.trim()) return s;
    n += 1;
    if (parts.length > 1) { parts.splice(1, 0, words[n % words.length]); return parts.join(' '); }
    const w = parts[0];
    if (w.length < 2) return w + w;
    return n % 2 ? w[0] + '-' + w.slice(1) : w + (w[w.length - 1] === 's' ? 'es' : 's');
  };
  const named = 'button, a, label, [role], h1, h2, h3, h4, span, li, td, th, legend, summary, div';
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const t of texts) {
    const parent = t.parentElement;
    if (!parent || !t.textContent.trim() || parent.closest('option, textarea, script, style, select')) continue;
    if (!parent.closest(named)) continue;
    t.textContent = change(t.textContent);
  }
  for (const el of area.querySelectorAll('[title], [aria-label]')) {
    for (const attr of ['title', 'aria-label']) {
      if (el.hasAttribute(attr)) el.setAttribute(attr, change(el.getAttribute(attr)));
    }
  }
  for (const el of area.querySelectorAll('input[type=submit], input[type=button]')) el.value = change(el.value);
  return n;
}"""

_REORDER = """() => {
  const area = document.getElementById('area') || document.body;
  const control = 'input, button, select, textarea, a, [role=button], [role=tab], [tabindex]';
  let n = 0;
  for (const box of [area, ...area.querySelectorAll('*')]) {
    const kids = Array.from(box.children).filter(k => k.localName !== 'script' && k.localName !== 'style');
    if (kids.filter(k => k.matches(control) || k.querySelector(control)).length < 2) continue;
    for (const k of kids.reverse()) box.appendChild(k);
    n += 1;
  }
  return n;
}"""

_PLACEHOLDER = """() => {
  const area = document.getElementById('area') || document.body;
  const fields = area.querySelectorAll('input:not([type]), input[type=text], input[type=password], ' +
                                       'input[type=email], input[type=search], input[type=tel], textarea');
  let n = 0;
  for (const field of fields) {
    let label = field.labels && field.labels.length ? field.labels[0] : null;
    if (!label && field.previousElementSibling && field.previousElementSibling.localName === 'label') {
      label = field.previousElementSibling;
    }
    if (!label || label.contains(field) || !label.textContent.trim()) continue;
    field.placeholder = label.textContent.trim();
    label.remove();
    n += 1;
  }
  return n;
}"""

_SCRIPTS = {"renamed": _RENAME, "reordered": _REORDER, "placeholder": _PLACEHOLDER}


async def redesign(pw: Any, kind: str | None) -> int:
    """Number the area's elements and start the log; then apply the redesign ``kind`` (None: none). The
    number of things it changed (0: the redesign does not apply to this page)."""
    await pw.evaluate(_SETUP)
    if kind is None:
        return 0
    return int(await pw.evaluate(_SCRIPTS[kind]))


_OUTCOME = """() => {
  const log = window.__benchLog || [];
  const clicks = log.filter(e => e.startsWith('click:'));
  const typed = [...new Set(log.filter(e => !e.startsWith('click:')).map(e => e.split(':')[1]))].sort();
  const values = typed.map(id => {
    const el = document.querySelector('[data-bench-id="' + id + '"]');
    if (!el) return id + '=(gone)';
    const v = el.localName === 'select' ? Array.from(el.selectedOptions).map(o => o.value).join('|')
      : (el.type === 'checkbox' || el.type === 'radio') ? String(el.checked) : el.value;
    return id + '=' + v;
  });
  return [...clicks, ...values];
}"""


async def acted_on(pw: Any) -> list[str]:
    """What a replay did, by element number: the trusted clicks in order, then the value each field it typed
    into or changed holds at the end (two fields given the same text in either order end the same)."""
    return [str(x) for x in await pw.evaluate(_OUTCOME)]
