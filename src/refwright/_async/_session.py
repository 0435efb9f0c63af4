"""The session behind one refwright page: its parts, handed explicitly to the command handlers and the
resolver (they never reach into ``Page``), and what keeps it going when its tab crashes or is trapped.

A ``Page`` is a facade over one ``Session``, as playwright-python's public classes are over their
implementation objects.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from playwright.async_api import BrowserContext, Locator, Selectors
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page as PlaywrightPage

from .._capabilities import Capabilities
from .._config import Config
from .._errors import PolicyDeniedError, RefwrightError
from .._notes import refusal_notes
from .._selectors import to_playwright_selector
from .._watchdog import Watchdog
from ..resolve._decide import Decider
from ..resolve._state import ResolverState
from ..safety import ActionPolicy, ActionType, decide, declined_reason
from ..snapshot._refs import RefTable, parse_ref
from ..snapshot._types import RefEntry, Snapshot
from ._channel import RuntimeChannel
from ._engine import ENGINE, scope_for
from ._guard import NetworkGuard
from ._listeners import Navigation, PageEvents

__all__ = ["ConfirmCallback", "Opener", "Session", "close_over_cdp"]

ConfirmCallback = Callable[[ActionType, str], Awaitable[bool]]
# Opens a fresh Playwright page (in the given context of the page's own, if any) for a session whose
# browser refwright owns; wrapped pages have none.
Opener = Callable[[BrowserContext | None], Awaitable[PlaywrightPage]]

# Closing a page: how often the close is sent, and how long each attempt waits for the page to go.
_CLOSE_ATTEMPTS = 4
_CLOSE_WAIT = 1_000


def _is_favicon(target: str) -> bool:
    return urlsplit(target).path == "/favicon.ico"


async def close_over_cdp(pw: PlaywrightPage) -> bool:
    """Close ``pw`` with CDP's Target.closeTarget, sent again until the page is gone (it skips
    beforeunload). False when CDP is not available here (not Chromium, or a persistent context)."""
    browser = pw.context.browser
    if browser is None:
        return False
    try:
        session = await pw.context.new_cdp_session(pw)
        info = await session.send("Target.getTargetInfo")
        target_id = info["targetInfo"]["targetId"]
        browser_session = await browser.new_browser_cdp_session()
    except PlaywrightError:
        return pw.is_closed()
    try:
        for _ in range(_CLOSE_ATTEMPTS):
            try:
                async with pw.expect_event("close", timeout=_CLOSE_WAIT):
                    await browser_session.send("Target.closeTarget", {"targetId": target_id})
                return True
            except PlaywrightError:
                if pw.is_closed():
                    return True
    finally:
        try:
            await browser_session.detach()
        except PlaywrightError:
            pass
    # Still open after every attempt: leave it rather than hang.
    return True


class Session:
    """One page's parts: the Playwright page (replaced after a crash), config, refs, network guard,
    listeners and navigation state, the runtime channel, the resolver's state, the action policy."""

    def __init__(self, pw: PlaywrightPage, *, config: Config, guard: NetworkGuard,
                 selectors: Callable[[], Selectors], opener: Opener | None = None,
                 own_context: BrowserContext | None = None) -> None:
        self.pw = pw
        self.config = config
        self.guard = guard
        self.refs = RefTable()
        self.nav = Navigation()
        self.events = PageEvents(guard, self.nav)
        self.channel = RuntimeChannel(lambda: self.pw, selectors, config)
        self.resolver = ResolverState()
        self.decider: Decider | None = None
        self.policy: ActionPolicy | None = None
        self.confirm: ConfirmCallback | None = None
        self.last_snapshot: Snapshot | None = None
        self._opener = opener
        # A context made for this page alone (Browser.new_page(isolated=True)): closed with the page.
        self._own_context = own_context
        self.attach(pw)

    def attach(self, pw: PlaywrightPage) -> None:
        self.pw = pw
        self.watchdog = Watchdog(pw)
        # True while a command runs under the watchdog (nested calls share its deadline).
        self.guarding = False
        self.events.attach(pw)

    @property
    def url(self) -> str:
        return self.pw.url

    async def title(self) -> str:
        return await self.pw.title()

    def capabilities(self) -> Capabilities:
        return self.guard.capabilities()

    # -- lifecycle -----------------------------------------------------------------------------

    async def close(self) -> None:
        if not self.pw.is_closed() and not await close_over_cdp(self.pw):
            try:
                await self.pw.close()
            except PlaywrightError:
                pass
        if self._own_context is not None:
            context, self._own_context = self._own_context, None
            try:
                await context.close()
            except PlaywrightError:
                pass

    @property
    def replaceable(self) -> bool:
        """Whether a fresh tab can stand in for this one (refwright owns the browser)."""
        return self._opener is not None

    async def recover(self) -> None:
        """After a crash or close, continue on a fresh page when refwright owns the browser."""
        if self._opener is None:
            return
        self.attach(await self._opener(self._own_context))
        self.refs = RefTable()
        self.last_snapshot = None

    async def recover_quietly(self) -> None:
        try:
            await self.recover()
        except Exception:
            pass

    async def escape_trap(self) -> bool:
        """Leave a page that keeps itself open with a beforeunload dialog: close it (a CDP close skips
        beforeunload) and go on in a fresh tab. Only where refwright owns the browser."""
        if self._opener is None:
            return False
        trapped = self.pw
        await self.recover()
        await close_over_cdp(trapped)
        self.events.notes.append(
            "The page asked to stay open (a \"Leave site?\" beforeunload dialog); refwright dismissed the "
            "dialog, closed that page and continued in a fresh tab.")
        return True

    # -- safety --------------------------------------------------------------------------------

    async def check_policy(self, action: ActionType | None, url: str) -> None:
        if action is None or self.policy is None:
            return
        decision = decide(self.policy, action, url)
        if decision.denied:
            raise PolicyDeniedError(decision.reason)
        if decision.needs_confirmation:
            if self.confirm is None:
                raise PolicyDeniedError(declined_reason(action, url, asked=False))
            try:
                approved = bool(await self.confirm(action, url))
            except Exception:  # a prompt that failed did not say yes
                approved = False
            if not approved:
                raise PolicyDeniedError(declined_reason(action, url))

    def origin(self) -> str:
        parts = urlsplit(self.pw.url)
        if parts.scheme in ("http", "https") and parts.netloc:
            return f"{parts.scheme}://{parts.netloc}{parts.path}"
        return parts.scheme + ":" if parts.scheme else "about:blank"

    def navigation_refusal(self, url: str, final_url: str | None = None) -> str | None:
        """Why the proxy refused a navigation to ``url`` or one of its redirect hops (``final_url``, where
        the browser shows the proxy's refusal), if it did. The refusals read here are the page's, so they
        are not repeated as notes after the next command."""
        self.events.remember_target(url)
        refused = [r for r in self.guard.take_refusals(self.events.requested) if not _is_favicon(r[0])]
        for target, _, _, reason in refused:
            if target == final_url:
                return reason
        return refused[0][3] if refused else None

    def refusal_notes(self) -> list[str]:
        # Chromium's own background requests go through the proxy too; only the page's are news. Its
        # favicon request for a refused page is Chromium's, not the page's.
        mine = [r for r in self.guard.take_refusals(self.events.requested) if not _is_favicon(r[0])]
        return refusal_notes(mine)

    # -- refs and locators ---------------------------------------------------------------------

    def locator(self, target: str) -> Locator:
        """A Playwright ``Locator`` for a ref (``@e3``, ``e3``, ``ref=e3``) or any selector."""
        ref = parse_ref(target)
        if ref is None:
            return self.pw.locator(to_playwright_selector(target))
        entry = self.refs.latest.get(ref)
        if entry is None:
            if not self.refs.ever_assigned(ref):
                raise RefwrightError(
                    f"There is no ref @{ref} on this page. Take a snapshot (`snapshot -i`) and use one of "
                    "the refs it lists."
                )
            # A ref from an older snapshot resolves to nothing: it never acts on another element.
            return self.pw.locator(f"{ENGINE}=ref:stale:0")
        return scope_for(self.pw, entry.frames).locator(entry.selector(ENGINE))

    def ref(self, ref: str) -> RefEntry | None:
        parsed = parse_ref(ref)
        entry = self.refs.latest.get(parsed) if parsed else None
        return RefEntry(entry.ref, entry.role, entry.name) if entry else None
