"""Settings a page can be told to emulate (the `set` command and ``page.emulation``): viewport, device,
location, network state, extra headers, HTTP credentials and media features.

Viewport and media are the page's own; location, offline, headers and credentials hold for its whole
browser context, as Playwright scopes them.
"""

from __future__ import annotations

import base64
import difflib
import weakref
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, CDPSession, Route
from playwright.async_api import Page as PlaywrightPage

from ..._driver._playwright_private import device_descriptors
from ..._errors import RefwrightError
from ..pipeline._translate import mapped
from ..pipeline._typed import Invocation, run_typed
from ._permissions import grant
from ._tab import Tab

__all__ = ["Emulation", "device_names"]

T = TypeVar("T")

# CDP sessions that carry a device's overrides: Chromium drops an override when its session detaches,
# so each stays referenced as long as its page lives.
_DEVICE_SESSIONS: weakref.WeakKeyDictionary[PlaywrightPage, CDPSession] = weakref.WeakKeyDictionary()
# Each context's HTTP credentials: (origin or None until the next page opened, user, password).
_CREDENTIALS: weakref.WeakKeyDictionary[BrowserContext, list[Any]] = weakref.WeakKeyDictionary()


def _devices(pw: PlaywrightPage) -> dict[str, Any]:
    return device_descriptors(pw)


def device_names(pw: PlaywrightPage) -> list[str]:
    return sorted(_devices(pw))


def _origin(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme in ("http", "https") and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    return None


class Emulation:
    """``page.emulation``: what the page is told about its screen, device, place, network and user."""

    def __init__(self, session: Tab) -> None:
        self._session = session

    async def _emulate(self, what: str, run: Callable[[Tab], Awaitable[T]]) -> T:
        # Each setting enters the pipeline as the `set` command it stands for (an Emulation to the policy).
        return await run_typed(self._session, Invocation.of("set", what), run)

    async def viewport(self, width: int, height: int, scale: float | None = None) -> None:
        """The page's size in CSS pixels; ``scale`` is the device pixel ratio (2 for a retina screen)."""
        await self._emulate("viewport", lambda tab: set_viewport(tab, width, height, scale))

    async def device(self, name: str) -> str:
        """Emulate one of Playwright's devices; returns its exact name."""
        return await self._emulate("device", lambda tab: set_device(tab, name))

    async def geolocation(self, latitude: float, longitude: float) -> None:
        await self._emulate("geo", lambda tab: set_geolocation(tab, latitude, longitude))

    async def offline(self, offline: bool) -> None:
        await self._emulate("offline", lambda tab: tab.pw.context.set_offline(offline))

    async def headers(self, headers: Mapping[str, str]) -> None:
        await self._emulate("headers", lambda tab: set_headers(tab, headers))

    async def credentials(self, user: str, password: str) -> str | None:
        """HTTP authentication for the current site (or the next one opened); returns that origin."""
        return await self._emulate("credentials", lambda tab: set_credentials(tab, user, password))

    async def media(self, color_scheme: str, *, reduced_motion: bool = False) -> None:
        await self._emulate("media", lambda tab: set_media(tab, color_scheme, reduced_motion=reduced_motion))


async def _cdp(pw: PlaywrightPage, command: str) -> CDPSession:
    with mapped(lambda _: RefwrightError(f"`{command}` needs Chromium's DevTools protocol, which this page does "
                                         "not offer; use `set viewport <w> <h>` instead.")):
        cdp = _DEVICE_SESSIONS.get(pw) or await pw.context.new_cdp_session(pw)
    _DEVICE_SESSIONS[pw] = cdp
    return cdp


async def set_viewport(session: Tab, width: int, height: int, scale: float | None = None) -> None:
    if not (0 < width <= 10_000 and 0 < height <= 10_000):
        raise RefwrightError(f"The viewport {width}×{height} is out of range: use whole pixels from 1 to 10000, "
                             "such as `set viewport 1280 800`.")
    if scale is not None and not 0 < scale <= 10:
        raise RefwrightError(f"The scale {scale} is out of range: use a device pixel ratio from 0.1 to 10, "
                             "such as 2 for a retina screen.")
    pw = session.pw
    await pw.set_viewport_size({"width": width, "height": height})
    if scale is not None:
        cdp = await _cdp(pw, "set viewport <w> <h> <scale>")
        await cdp.send("Emulation.setDeviceMetricsOverride",
                       {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": False})


async def set_device(session: Tab, name: str) -> str:
    devices = _devices(session.pw)
    exact = devices.get(name) or next((d for n, d in devices.items() if n.lower() == name.lower()), None)
    if exact is None:
        close = difflib.get_close_matches(name, list(devices), n=3, cutoff=0.5)
        lowered = {n.lower(): n for n in devices}
        close = close or [lowered[n] for n in difflib.get_close_matches(name.lower(), list(lowered), n=3, cutoff=0.5)]
        hint = f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""
        raise RefwrightError(f"Unknown device: {name}.{hint} Names are Playwright's device list, such as "
                             "\"iPhone 12\", \"Pixel 7\" or \"Desktop Chrome\"; quote names with spaces.")
    name = next(n for n, d in devices.items() if d is exact)
    pw = session.pw
    viewport = exact["viewport"]
    cdp = await _cdp(pw, "set device")
    await pw.set_viewport_size({"width": viewport["width"], "height": viewport["height"]})
    await cdp.send("Emulation.setDeviceMetricsOverride", {
        "width": viewport["width"], "height": viewport["height"],
        "deviceScaleFactor": exact.get("device_scale_factor", 1), "mobile": bool(exact.get("is_mobile"))})
    await cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": bool(exact.get("has_touch"))})
    await cdp.send("Emulation.setUserAgentOverride", {"userAgent": exact["user_agent"]})
    return name


async def set_geolocation(session: Tab, latitude: float, longitude: float) -> None:
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise RefwrightError(f"No such place: latitude {latitude}, longitude {longitude}. Latitude runs from -90 "
                             "to 90 and longitude from -180 to 180, e.g. `set geo 37.7749 -122.4194`.")
    context = session.pw.context
    # The page reads the position only with the permission: granted to every origin, kept by later grants.
    await grant(context, ["geolocation"])
    await context.set_geolocation({"latitude": latitude, "longitude": longitude})


async def set_headers(session: Tab, headers: Mapping[str, str]) -> None:
    await session.pw.context.set_extra_http_headers(dict(headers))


async def set_credentials(session: Tab, user: str, password: str) -> str | None:
    context = session.pw.context
    origin = _origin(session.url)
    known = _CREDENTIALS.get(context)
    if known is not None:
        known[:] = [origin, user, password]
        return origin
    _CREDENTIALS[context] = [origin, user, password]

    async def authorize(route: Route) -> None:
        entry = _CREDENTIALS.get(context)
        request = route.request
        if entry is not None:
            where = _origin(request.url)
            if entry[0] is None and request.is_navigation_request() and request.frame.parent_frame is None:
                entry[0] = where  # on a blank page: the next site opened is the one they are for
            if where is not None and where == entry[0]:
                token = base64.b64encode(f"{entry[1]}:{entry[2]}".encode()).decode()
                await route.fallback(headers={**request.headers, "authorization": f"Basic {token}"})
                return
        await route.fallback()

    # Sent only to that one origin, never to the other sites the page contacts.
    await context.route("**/*", authorize)
    return origin


async def set_media(session: Tab, color_scheme: str, *, reduced_motion: bool = False) -> None:
    scheme = color_scheme.lower()
    if scheme not in ("dark", "light", "no-preference"):
        raise RefwrightError("Usage: set media dark|light [reduced-motion]")
    await session.pw.emulate_media(color_scheme=scheme,  # type: ignore[arg-type]
                                   reduced_motion="reduce" if reduced_motion else "no-preference")
