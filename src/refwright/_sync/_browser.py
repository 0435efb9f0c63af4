# Generated from src/refwright/_async by scripts/unasync.py: edit the async code, not this file.
"""The browser session: Chromium discovered and launched lazily, or attached over CDP."""

from __future__ import annotations

from types import TracebackType

from playwright.sync_api import Browser as PlaywrightBrowser
from playwright.sync_api import BrowserContext, BrowserType, Playwright, Selectors, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page as PlaywrightPage

from .._capabilities import Capabilities
from .._config import Config
from .._discovery import chromium_args, find_browser
from .._errors import BrowserError
from ..resolve._decide import Decider
from ..safety import ActionPolicy
from ._engine import register_engine
from ._guard import NetworkGuard
from ._page import ConfirmCallback, Page
from ._remote import connect_headers, parse_listen, redact, scrub, selenium_hub
from ._translate import mapped

__all__ = ["Browser", "launch"]


class Browser:
    """One Chromium for a session. Nothing starts until the first page is asked for.

    ``with refwright.launch() as browser: page = browser.new_page()``
    """

    def __init__(self, *, config: Config | None = None, executable_path: str | None = None,
                 headless: bool = True, cdp_url: str | None = None, args: list[str] | None = None,
                 action_policy: ActionPolicy | None = None, confirm: ConfirmCallback | None = None,
                 decide: Decider | None = None, connect_url: str | None = None,
                 guard_listen: str | None = None, guard_host: str | None = None) -> None:
        self.config = config or Config()
        # Every new page asks this provider when act cannot resolve a request (Page.set_decision_provider).
        self.decide = decide
        # Every new page starts with these (Page.set_action_policy / set_policy_confirm_callback).
        self.action_policy = action_policy
        self.confirm = confirm
        self.executable_path = executable_path
        self.headless = headless
        self.cdp_url = cdp_url
        # A Playwright server (run-server, Browserless, Moon): its contexts are intercepted like CDP's.
        self.connect_url = connect_url
        self._extra_args = list(args or [])
        self._playwright: Playwright | None = None
        self._manager: object | None = None
        self._browser: PlaywrightBrowser | None = None
        self._context: BrowserContext | None = None
        self._pages: list[Page] = []
        # refwright's own proxy stands in front of a browser it launches. A remote one (a Playwright server,
        # CDP, a Selenium Grid) reaches it at guard_listen when given, else is intercepted.
        remote = bool(cdp_url or connect_url or selenium_hub())
        listen = parse_listen(guard_listen) if guard_listen else None
        if listen is not None and not remote:
            raise BrowserError("guard_listen is for a remote browser (connect=, cdp_url= or SELENIUM_REMOTE_URL); "
                               "a browser refwright launches already goes through its proxy on loopback.")
        self._guard = NetworkGuard(self.config, proxy=not remote, listen=listen, reach_host=guard_host,
                                   remote=remote)

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self.close()

    @property
    def started(self) -> bool:
        return self._browser is not None

    @property
    def connected(self) -> bool:
        """Whether the browser was started and is still there (a crash or lost server makes this False)."""
        return self._browser is not None and self._browser.is_connected()

    def capabilities(self) -> Capabilities:
        """What the network guard enforces for this browser's pages, and what it leaves open (nothing is
        started to answer; a listen port of 0 is shown as 0 until the proxy binds)."""
        return self._guard.capabilities()

    def _playwright_selectors(self) -> Selectors:
        assert self._playwright is not None
        return self._playwright.selectors

    def _start(self) -> BrowserContext:
        if self._context is not None and self._browser is not None and self._browser.is_connected():
            return self._context
        self._stop_browser()
        if self._playwright is None:
            manager = sync_playwright()
            self._manager = manager
            self._playwright = manager.start()
        chromium = self._playwright.chromium
        if self.connect_url:
            try:
                headers = connect_headers()
                self._browser = chromium.connect(self.connect_url, headers=headers)
            except PlaywrightError as exc:
                detail = scrub(str(exc).splitlines()[0], [self.connect_url], headers.values())
                raise BrowserError(
                    f"Could not connect to the Playwright server at {redact(self.connect_url)}: "
                    f"{detail}. Check that it runs (playwright run-server --port 3000) with "
                    "the same Playwright major.minor version as this client, and that its token is in "
                    "REFWRIGHT_CONNECT_HEADERS."
                ) from exc
            # Before any context exists: engines registered later miss contexts made meanwhile.
            register_engine(self._playwright.selectors)
            self._context = self._remote_context()
            return self._context
        if self.cdp_url:
            try:
                self._browser = chromium.connect_over_cdp(self.cdp_url)
            except PlaywrightError as exc:
                raise BrowserError(
                    f"Could not attach to Chrome at {self.cdp_url}: {str(exc).splitlines()[0]}. Start Chrome "
                    "with --remote-debugging-port=9222 and pass --cdp http://127.0.0.1:9222."
                ) from exc
            # Engines registered now reach the contexts that already exist; ones registered before the
            # connection would only reach contexts created later.
            register_engine(self._playwright.selectors)
            contexts = self._browser.contexts
            if contexts and not self._guard.proxies_remote:
                self._context = contexts[0]
                self._guard.intercept(self._context)
            else:
                # The Chrome's existing context has no proxy of its own; a new one can have refwright's.
                self._context = self._remote_context()
            return self._context
        if selenium_hub():
            return self._start_on_grid(chromium)
        candidate = find_browser(self.executable_path)
        if candidate is None:
            raise BrowserError(
                "No Chromium found. Install one (Debian/Ubuntu: `apt-get install chromium`), run "
                "`playwright install chromium`, or point REFWRIGHT_EXECUTABLE_PATH / --executable-path at "
                "a Chrome or Chromium binary. `refwright doctor` checks the setup."
            )
        self._guard.start()
        guarded = self._guard.launch_options()
        try:
            self._browser = chromium.launch(
                executable_path=candidate.path,
                headless=self.headless,
                args=[*chromium_args(), *guarded.get("args", []), *self._extra_args],
                proxy=guarded.get("proxy"),
            )
        except PlaywrightError as exc:
            raise BrowserError(
                f"Chromium at {candidate.path} did not start: {str(exc).splitlines()[0]}. "
                "Run `refwright doctor` for details."
            ) from exc
        register_engine(self._playwright.selectors)
        self._context = self._browser.new_context(accept_downloads=False)
        return self._context

    def _start_on_grid(self, chromium: BrowserType) -> BrowserContext:
        # Playwright reads SELENIUM_REMOTE_URL itself: launch() asks the Grid for a session, takes its se:cdp
        # endpoint and attaches over CDP; the Grid node's Chromium is used, not a local one.
        hub = selenium_hub() or ""
        try:
            self._browser = chromium.launch(headless=self.headless, args=[*chromium_args(), *self._extra_args])
        except PlaywrightError as exc:
            raise BrowserError(
                f"The Selenium Grid at {redact(hub)} gave no browser: {scrub(str(exc).splitlines()[0], [hub])}. "
                "Check that the Grid (version 4) runs and has a free Chrome slot, and that its token is in "
                "SELENIUM_REMOTE_HEADERS."
            ) from exc
        assert self._playwright is not None
        register_engine(self._playwright.selectors)
        self._context = self._remote_context()
        return self._context

    def _remote_context(self) -> BrowserContext:
        """A new context of the remote browser, behind refwright's proxy (guard_listen) or intercepted."""
        assert self._browser is not None
        context = self._browser.new_context(accept_downloads=False, **self._guard.context_options())
        if not self._guard.proxies_remote:
            self._guard.intercept(context)
        return context

    def _fresh_playwright_page(self, own_context: BrowserContext | None = None) -> PlaywrightPage:
        if own_context is not None:
            try:
                return own_context.new_page()
            except PlaywrightError:
                pass  # gone with the browser: the page goes on in the shared context
        context = self._start()
        try:
            return context.new_page()
        except PlaywrightError:
            # The context itself died with the browser: start over once.
            self._stop_browser()
            context = self._start()
            return context.new_page()

    def new_page(self, *, config: Config | None = None, isolated: bool = False) -> Page:
        """A new page; the first call launches (or attaches to) the browser.

        ``config`` overrides the browser's configuration for this page only. ``isolated`` gives the page
        a browser context of its own (its own cookies, storage and cache), closed with the page; other
        pages share one context.
        """
        config = config or self.config
        if (config.allow_private, tuple(config.allowed_domains)) != (self.config.allow_private,
                                                                     tuple(self.config.allowed_domains)):
            raise BrowserError(
                "allow_private and allowed_domains hold for the whole browser session, because one filtering "
                "proxy guards it. Launch a separate browser for pages with other network settings."
            )
        with mapped():
            own_context = self._own_context() if isolated else None
            pw_page = self._fresh_playwright_page(own_context)
        page = Page(pw_page, config=config, guard=self._guard, selectors=self._playwright_selectors,
                    opener=self._fresh_playwright_page, own_context=own_context)
        page.set_action_policy(self.action_policy)
        page.set_policy_confirm_callback(self.confirm)
        if self.decide is not None:
            page.set_decision_provider(self.decide)
        self._pages.append(page)
        return page

    def _own_context(self) -> BrowserContext:
        self._start()
        assert self._browser is not None
        if self._guard.remote:
            return self._remote_context()
        return self._browser.new_context(accept_downloads=False)

    def _stop_browser(self) -> None:
        browser, self._browser, self._context = self._browser, None, None
        if browser is not None:
            try:
                browser.close()
            except PlaywrightError:
                pass

    def close(self) -> None:
        """Close every page and the browser (a CDP-attached Chrome is only disconnected)."""
        self._stop_browser()
        self._guard.stop()
        self._pages.clear()
        if self._playwright is not None:
            playwright, self._playwright = self._playwright, None
            with mapped():
                playwright.stop()


def launch(*, config: Config | None = None, executable_path: str | None = None, headless: bool = True,
           cdp_url: str | None = None, args: list[str] | None = None, action_policy: ActionPolicy | None = None,
           confirm: ConfirmCallback | None = None, decide: Decider | None = None,
           connect: str | None = None, guard_listen: str | None = None, guard_host: str | None = None) -> Browser:
    """A browser session that starts on first use: ``with launch() as browser: ...``.

    ``action_policy`` decides every command of every page (see :class:`refwright.ActionPolicy`);
    ``confirm(action, url)`` is asked, and may wait for a person, before an action the policy lists in
    ``confirm_actions``. Without it such actions are refused. ``decide`` (any ``refwright.Llm``) picks one
    control when ``act`` cannot resolve a request locally. ``connect`` is a Playwright server's
    ``ws://`` endpoint (``playwright run-server``, Browserless, Moon); headers for it (tokens) come from
    ``REFWRIGHT_CONNECT_HEADERS`` (a JSON object). With ``SELENIUM_REMOTE_URL`` set, the browser comes from
    that Selenium Grid 4 (Playwright's own support). A remote browser's traffic goes through refwright's
    filtering proxy when ``guard_listen="HOST:PORT"`` names an address it can reach (``guard_host``: the
    name it reaches this machine by, when HOST is 0.0.0.0); the proxy then serves only clients with the
    session's credential. Without it, requests are intercepted and ``page.capabilities().not_guarded``
    says what that leaves open.
    """
    return Browser(config=config, executable_path=executable_path, headless=headless, cdp_url=cdp_url,
                   args=args, action_policy=action_policy, confirm=confirm, decide=decide,
                   connect_url=connect, guard_listen=guard_listen, guard_host=guard_host)
