"""pushstate: a single-page app's own kind of navigation (history.pushState, then popstate)."""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ...safety import clean_line
from ..pipeline._translate import first_line, mapped
from ..tab._tab import Tab

# Runs in the page: the router listens for popstate (and some for the Navigation API's event).
_PUSH = """(url) => {
  const before = location.href;
  if (url === before) return before;
  history.pushState(null, '', url);
  try { dispatchEvent(new PopStateEvent('popstate', { state: null })); } catch (e) {}
  return location.href;
}"""


def pushstate_target(current: str, url: str) -> str:
    """The absolute URL ``url`` names from ``current``; refused unless it has the same origin (pure)."""
    here = urlsplit(current)
    if here.scheme not in ("http", "https") or not here.netloc:
        raise RefwrightError("pushstate changes the URL of an open page: `open <url>` one first.")
    target = urljoin(current, url.strip())
    there = urlsplit(target)
    if (there.scheme, there.netloc) != (here.scheme, here.netloc):
        raise RefwrightError(
            f"pushstate stays on this page's origin ({here.scheme}://{here.netloc}); "
            f"{clean_line(target)[:200]} is another one. Use `open <url>` to go there.")
    return target


async def pushstate(session: Tab, cmd: ParsedCommand) -> str:
    target = pushstate_target(session.url, cmd.args[0])
    with mapped(lambda exc: RefwrightError(f"pushstate failed: {first_line(str(exc))}")):
        after = await session.pw.evaluate(_PUSH, target)
    return str(after)


HANDLERS = {"pushstate": pushstate}
