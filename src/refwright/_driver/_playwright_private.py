"""Every use of Playwright's private API, in one place, each with a test that fails loudly when a
Playwright release changes it (``tests/test_playwright_private.py``; ``pyproject.toml`` caps the pin at
the next untested minor).

Why each is needed:

- The watchdog works on Playwright's *implementation* objects, which are the same under the async and the
  sync API, and on the loop Playwright runs on: the sync API waits by running that loop, so a timer on it
  fires while a call into a hung renderer waits (``impl_of``, ``loop_of``, ``answers``, ``close_target``,
  ``dismiss``).
- A page wrapped without its ``Playwright`` object reaches its selectors and device list only through
  Playwright's back-references (``selectors_of_page``, ``device_descriptors``).
- The direct route into Playwright's utility world asks for that world by name, which ends with the page's
  guid (``page_guid``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from playwright.async_api import Page as PlaywrightPage

__all__ = ["answers", "close_target", "device_descriptors", "dismiss", "impl_of", "loop_of", "page_guid",
           "selectors_of_page"]

# How long each CDP step of closing a hung page may take.
_CDP_SECONDS = 3.0

_log = logging.getLogger(__name__)

# The catch-alls below are the watchdog's: they run on Playwright's own loop, beside a call that hangs,
# on implementation objects whose errors are not the public API's promise; whatever one of them raises
# must not end the watchdog (the command would then hang for good), so each is caught, logged and taken
# for the safe answer.


def impl_of(api_object: Any) -> Any:
    """The implementation object behind a sync or async Playwright API object."""
    return api_object._impl_obj


def loop_of(impl: Any) -> asyncio.AbstractEventLoop:
    """The event loop a Playwright implementation object runs on (the sync API's too)."""
    loop: asyncio.AbstractEventLoop = impl._loop
    return loop


async def answers(impl_page: Any, seconds: float) -> bool:
    """Whether the page's main frame runs a trivial script within ``seconds``."""
    if impl_page.is_closed():
        return True
    try:
        await asyncio.wait_for(impl_page.main_frame.evaluate("1", None), seconds)
    except TimeoutError:
        return False
    except Exception:  # it answered, with an error (closed, navigated): not hung
        _log.debug("the probe of a page answered with an error", exc_info=True)
        return True
    return True


async def close_target(impl_page: Any) -> None:
    """Close the page's target through the browser's CDP session; nothing here waits for the renderer."""
    context = impl_page.context
    browser = context.browser
    if browser is None or impl_page.is_closed():
        return
    # Best effort by design: the page may close, or its browser go, while this runs.
    try:
        page_session = await asyncio.wait_for(context.new_cdp_session(impl_page), _CDP_SECONDS)
        info = await asyncio.wait_for(page_session.send("Target.getTargetInfo", None, None), _CDP_SECONDS)
        browser_session = await asyncio.wait_for(browser.new_browser_cdp_session(), _CDP_SECONDS)
    except Exception:
        _log.debug("a hung page could not be reached over CDP to close it", exc_info=True)
        return
    try:
        await asyncio.wait_for(browser_session.send(
            "Target.closeTarget", {"targetId": info["targetInfo"]["targetId"]}, None), _CDP_SECONDS)
    except Exception:
        _log.debug("closing a hung page over CDP failed", exc_info=True)
    try:
        await asyncio.wait_for(browser_session.detach(), _CDP_SECONDS)
    except Exception:
        _log.debug("detaching the browser's CDP session failed", exc_info=True)


async def dismiss(dialog: Any) -> None:
    """Dismiss a sync or async API dialog from Playwright's own loop; a dialog already answered is fine."""
    try:
        await impl_of(dialog).dismiss()
    except Exception:
        _log.debug("dismissing a dialog failed (answered already, or gone)", exc_info=True)


def device_descriptors(page: Any) -> dict[str, Any]:
    """Playwright's device list, which reaches Python with the connection's initializer; its public face is
    ``Playwright.devices``, which a wrapped page may not have. Empty when the page has no such connection."""
    try:
        utils: Any = impl_of(page)._connection.local_utils
    except AttributeError:
        return {}
    devices = getattr(utils() if callable(utils) else utils, "devices", None)
    return dict(devices) if isinstance(devices, dict) else {}


def selectors_of_page(page: Any) -> Any:
    """The Selectors of the Playwright instance that launched ``page``'s browser, in the page's own API
    (``AttributeError`` or ``TypeError`` when the page has no browser, such as a persistent context's)."""
    from playwright._impl import _async_base, _sync_base

    impl = impl_of(page.context.browser)._browser_type._playwright.selectors
    api = _async_base if isinstance(page, PlaywrightPage) else _sync_base
    return api.mapping.from_impl(impl)


def page_guid(page: Any) -> str | None:
    """The page's guid as Playwright's server knows it (``page@...``), when the client tells it."""
    guid = getattr(getattr(page, "_impl_obj", None), "_guid", None)
    return guid if isinstance(guid, str) and guid.startswith("page@") else None
