# Generated from src/refwright/_async/runtime/_vitals.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""``vitals``: the page's web vitals, read in an isolated world of its own over CDP (the page's scripts
cannot fake PerformanceObserver there, and it works with ``allow_eval`` off), and formatted as
agent-browser prints them."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page as PlaywrightPage

from ..._errors import RefwrightError
from ..pipeline._translate import best_effort, mapped

__all__ = ["format_vitals", "read_vitals"]

# Buffered observers report what already happened; an entry type with nothing buffered never calls
# back, so each read gives up after a short wait. (No `await` in here: scripts/unasync.py would strip it.)
_VITALS_JS = """(() => {
  const observe = (type, opts) => new Promise((resolve) => {
    let done = false;
    const finish = (entries) => { if (!done) { done = true; resolve(entries); } };
    try {
      const po = new PerformanceObserver((list) => { finish(list.getEntries()); po.disconnect(); });
      po.observe(Object.assign({ type, buffered: true }, opts || {}));
      setTimeout(() => { po.disconnect(); finish([]); }, 60);
    } catch (e) { finish([]); }
  });
  return Promise.all([
    observe('largest-contentful-paint'), observe('layout-shift'), observe('event', { durationThreshold: 16 }),
    observe('first-input')]).then(([lcps, shifts, events, firsts]) => {
  const nav = performance.getEntriesByType('navigation')[0];
  const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  let lcp = null;
  if (lcps.length) {
    const last = lcps[lcps.length - 1];
    const el = last.element;
    lcp = { startTime: last.startTime, size: last.size, url: last.url || null,
            element: el ? el.localName : null };
  }
  // CLS: the largest session window (shifts less than 1s apart, at most 5s long) without recent input.
  let cls = 0, windowValue = 0, windowStart = 0, previous = 0;
  for (const s of shifts) {
    if (s.hadRecentInput) continue;
    if (windowValue && (s.startTime - previous > 1000 || s.startTime - windowStart > 5000)) windowValue = 0;
    if (!windowValue) windowStart = s.startTime;
    windowValue += s.value;
    previous = s.startTime;
    cls = Math.max(cls, windowValue);
  }
  const interactions = events.filter((e) => e.interactionId);
  const inp = interactions.length ? Math.max(...interactions.map((e) => e.duration)) : null;
  return { url: location.href, ttfb: nav ? nav.responseStart : null, fcp: fcp ? fcp.startTime : null, lcp,
           cls: { score: cls, entries: shifts.length }, inp,
           fid: firsts.length ? firsts[0].processingStart - firsts[0].startTime : null };
  });
})()"""


def read_vitals(pw: PlaywrightPage) -> dict[str, Any]:
    with mapped(lambda _: RefwrightError("vitals needs Chromium's DevTools protocol, which this page does not offer.")):
        cdp = pw.context.new_cdp_session(pw)
    try:
        tree = cdp.send("Page.getFrameTree")
        world = cdp.send("Page.createIsolatedWorld", {
            "frameId": tree["frameTree"]["frame"]["id"], "worldName": "refwright-vitals"})
        answer = cdp.send("Runtime.evaluate", {
            "expression": _VITALS_JS, "contextId": world["executionContextId"], "awaitPromise": True,
            "returnByValue": True, "timeout": 5_000})
    finally:
        with best_effort():  # gone with its page
            cdp.detach()
    if "exceptionDetails" in answer:
        text = answer["exceptionDetails"].get("text", "an exception")
        raise RefwrightError(f"Reading the web vitals failed ({text}). Try again after the page has loaded.")
    value = answer.get("result", {}).get("value")
    if not isinstance(value, dict):
        raise RefwrightError("Reading the web vitals gave no answer. Try again after the page has loaded.")
    return value


def _number(value: float) -> str:
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _ms(value: object) -> str:
    return f"{_number(value)}ms" if isinstance(value, (int, float)) else "-"


def format_vitals(data: dict[str, Any]) -> str:
    """agent-browser's summary of the vitals (its React hydration line left out: refwright has none)."""
    lcp = data.get("lcp") if isinstance(data.get("lcp"), dict) else None
    cls = data.get("cls") if isinstance(data.get("cls"), dict) else None
    score = cls.get("score") if cls else None
    inp = data.get("inp")
    # Without an interaction to time, the first input's delay is the nearest measure there is.
    fid = f"  fid: {_ms(data.get('fid'))}" if inp is None and data.get("fid") is not None else ""
    lines = [
        f"url: {data.get('url') or '-'}",
        f"ttfb: {_ms(data.get('ttfb'))}  fcp: {_ms(data.get('fcp'))}  lcp: {_ms(lcp.get('startTime') if lcp else None)}"
        f"  cls: {_number(score) if isinstance(score, (int, float)) else '-'}  inp: {_ms(inp)}{fid}",
    ]
    if lcp and (lcp.get("element") or lcp.get("url")):
        parts = []
        if lcp.get("element"):
            parts.append(f"element: {lcp['element']}")
        if lcp.get("url"):
            url = str(lcp["url"])
            parts.append("asset: " + (url if len(url) <= 96 else url[:93] + "..."))
        lines.append("lcp: " + "  ".join(parts))
    return "\n".join(lines)
