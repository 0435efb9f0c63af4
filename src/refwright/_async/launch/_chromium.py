"""The browser behind a ``Browser``: Playwright, one Chromium (discovered and launched lazily, or attached
over CDP, a Playwright server or a Selenium Grid), its shared context and the network guard in front of it.

A ``Browser`` is a facade over one ``Chromium``, as a ``Page`` is over a ``Tab``: this module deals in
Playwright objects only and never sees the public ``Page``.
"""

from __future__ import annotations

import weakref

from playwright.async_api import Browser as PlaywrightBrowser
from playwright.async_api import BrowserContext, BrowserType, Playwright, Selectors, async_playwright
from playwright.async_api import Page as PlaywrightPage

from ..._config import Config
from ..._driver._discovery import chromium_args, find_browser, is_headless_shell
from ..._errors import BrowserError
from ..._files._outdir import OutputFolder
from ..pipeline._translate import best_effort, first_line, mapped
from ..runtime._runtime_engine import register_engine
from ._attach import Attachment
from ._guard_wiring import NetworkGuard
from ._profile import launch_profile
from ._remote import connect_headers, parse_listen, redact, scrub, selenium_hub

__all__ = ["Chromium"]


class Chromium:
    """Playwright and one Chromium for a browser session; nothing starts until a page is asked for."""

    def __init__(self, *, config: Config, executable_path: str | None, headless: bool, cdp_url: str | None,
                 args: list[str], connect_url: str | None = None, guard_listen: str | None = None,
                 guard_host: str | None = None) -> None:
        self.config = config
        self.executable_path = executable_path
        self.headless = headless
        self.cdp_url = cdp_url
        # A Playwright server (run-server, Browserless, Moon).
        self.connect_url = connect_url
        self.extra_args = list(args)
        self.playwright: Playwright | None = None
        self._manager: object | None = None
        self.browser: PlaywrightBrowser | None = None
        self.context: BrowserContext | None = None
        # refwright's own proxy stands in front of a browser it launches. A remote one (a Playwright server,
        # CDP, a Selenium Grid) reaches it at guard_listen when given, else is intercepted.
        remote = bool(cdp_url or connect_url or selenium_hub())
        listen = parse_listen(guard_listen) if guard_listen else None
        if listen is not None and not remote:
            raise BrowserError("guard_listen is for a remote browser (connect=, cdp_url= or SELENIUM_REMOTE_URL); "
                               "a browser refwright launches already goes through its proxy on loopback.")
        if config.user_data_dir and remote:
            raise BrowserError("user_data_dir launches a browser on a lasting profile; a remote browser (cdp_url, "
                               "connect, SELENIUM_REMOTE_URL) keeps its own. Pick one.")
        # The person's own browser (auto_connect): refwright drives only its tabs, and guards those.
        self.attachment = _attachment(config, remote)
        self._given: weakref.WeakSet[PlaywrightPage] = weakref.WeakSet()
        attached = self.attachment is not None
        self.guard = NetworkGuard(config, proxy=not (remote or attached), listen=listen, reach_host=guard_host,
                                  remote=remote, attached=attached)
        # One output folder for the pages of this browser (a page with its own output_dir has its own).
        self.output = OutputFolder(config)

    @property
    def started(self) -> bool:
        return self.browser is not None

    @property
    def connected(self) -> bool:
        return self.browser is not None and self.browser.is_connected()

    def selectors(self) -> Selectors:
        assert self.playwright is not None
        return self.playwright.selectors

    def check_page_config(self, config: Config) -> None:
        """Refuse a page configuration the one filtering proxy cannot honour."""
        if (config.allow_private, tuple(config.allowed_domains)) != (self.config.allow_private,
                                                                     tuple(self.config.allowed_domains)):
            raise BrowserError(
                "allow_private and allowed_domains hold for the whole browser session, because one filtering "
                "proxy guards it. Launch a separate browser for pages with other network settings."
            )

    async def start(self) -> BrowserContext:
        if self.context is not None and self.browser is not None and self.browser.is_connected():
            return self.context
        await self.stop_browser()
        if self.playwright is None:
            manager = async_playwright()
            self._manager = manager
            self.playwright = await manager.start()
        chromium = self.playwright.chromium
        if self.attachment is not None:
            self.browser, self.context = await self.attachment.connect(chromium, self.guard)
            await register_engine(self.playwright.selectors)
            return self.context
        if self.connect_url:
            headers = connect_headers()
            url = self.connect_url
            with mapped(lambda exc: BrowserError(
                    f"Could not connect to the Playwright server at {redact(url)}: "
                    f"{scrub(first_line(str(exc)), [url], headers.values())}. Check that it runs (playwright "
                    "run-server --port 3000) with the same Playwright major.minor version as this client, and that "
                    "its token is in REFWRIGHT_CONNECT_HEADERS.")):
                self.browser = await chromium.connect(url, headers=headers)
            # Before any context exists: engines registered later miss contexts made meanwhile.
            await register_engine(self.playwright.selectors)
            self.context = await self._remote_context()
            return self.context
        if self.cdp_url:
            cdp_url = self.cdp_url
            with mapped(lambda exc: BrowserError(
                    f"Could not attach to Chrome at {cdp_url}: {first_line(str(exc))}. Start Chrome "
                    "with --remote-debugging-port=9222 and pass --cdp http://127.0.0.1:9222.")):
                self.browser = await chromium.connect_over_cdp(cdp_url)
            # Engines registered now reach the contexts that already exist; ones registered before the
            # connection would only reach contexts created later.
            await register_engine(self.playwright.selectors)
            contexts = self.browser.contexts
            if contexts and not self.guard.proxies_remote:
                self.context = contexts[0]
                await self.guard.intercept(self.context)
            else:
                # The Chrome's existing context has no proxy of its own; a new one can have refwright's.
                self.context = await self._remote_context()
            return self.context
        if selenium_hub():
            return await self._start_on_grid(chromium)
        # A lasting profile takes a full Chromium even headless: the headless shell keeps no ProcessSingleton
        # lock, so two processes could write one profile at once.
        candidate = find_browser(self.executable_path, headless=self.headless and not self.config.user_data_dir)
        if candidate is None:
            raise BrowserError(
                "No Chromium found. Install one (Debian/Ubuntu: `apt-get install chromium`), run "
                "`playwright install chromium`, or point REFWRIGHT_EXECUTABLE_PATH / --executable-path at "
                "a Chrome or Chromium binary. `refwright doctor` checks the setup."
            )
        if not self.headless and is_headless_shell(candidate.path):
            raise BrowserError(
                f"{candidate.path} is Chromium's headless shell, which has no window to show. Drop --headed, "
                "or point --executable-path / REFWRIGHT_EXECUTABLE_PATH at a full Chrome or Chromium.")
        self.guard.start()
        guarded = self.guard.launch_options()
        if self.config.user_data_dir:
            self.context = await launch_profile(chromium, self.config, path=candidate.path, headless=self.headless,
                                                args=chromium_args([*guarded.get("args", []), *self.extra_args]),
                                                proxy=guarded.get("proxy"))
            self.browser = self.context.browser
            await register_engine(self.playwright.selectors)
            return self.context
        with mapped(lambda exc: BrowserError(f"Chromium at {candidate.path} did not start: {first_line(str(exc))}. "
                                             "Run `refwright doctor` for details.")):
            self.browser = await chromium.launch(
                executable_path=candidate.path,
                headless=self.headless,
                args=chromium_args([*guarded.get("args", []), *self.extra_args]),
                proxy=guarded.get("proxy"),
            )
        await register_engine(self.playwright.selectors)
        self.context = await self.browser.new_context(accept_downloads=_accepts_downloads(self.config))
        return self.context

    async def _start_on_grid(self, chromium: BrowserType) -> BrowserContext:
        # Playwright reads SELENIUM_REMOTE_URL itself: launch() asks the Grid for a session, takes its se:cdp
        # endpoint and attaches over CDP; the Grid node's Chromium is used, not a local one.
        hub = selenium_hub() or ""
        with mapped(lambda exc: BrowserError(
                f"The Selenium Grid at {redact(hub)} gave no browser: {scrub(first_line(str(exc)), [hub])}. "
                "Check that the Grid (version 4) runs and has a free Chrome slot, and that its token is in "
                "SELENIUM_REMOTE_HEADERS.")):
            self.browser = await chromium.launch(headless=self.headless, args=chromium_args(self.extra_args))
        assert self.playwright is not None
        await register_engine(self.playwright.selectors)
        self.context = await self._remote_context()
        return self.context

    async def _remote_context(self, config: Config | None = None) -> BrowserContext:
        """A new context of the remote browser, behind refwright's proxy (guard_listen) or intercepted."""
        assert self.browser is not None
        context = await self.browser.new_context(accept_downloads=_accepts_downloads(config or self.config),
                                                 **self.guard.context_options())
        if not self.guard.proxies_remote:
            await self.guard.intercept(context)
        return context

    async def fresh_page(self, own_context: BrowserContext | None = None) -> PlaywrightPage:
        """A new Playwright page in ``own_context`` (while it lives) or the shared context, starting the
        browser when needed; it is the opener a page's session uses after a crash."""
        if own_context is not None:
            with best_effort():  # gone with the browser: the page goes on in the shared context
                return await own_context.new_page()
        context = await self.start()
        if self.attachment is not None:
            with mapped():
                return await self.attachment.page(context)
        if self.config.user_data_dir and len(context.pages) == 1 and context.pages[0].url == "about:blank" \
                and context.pages[0] not in self._given:
            # A lasting profile opens with a blank tab: the first page takes it rather than leave it beside.
            self._given.add(context.pages[0])
            return context.pages[0]
        with best_effort():  # the context itself died with the browser: start over once
            return await context.new_page()
        await self.stop_browser()
        context = await self.start()
        return await context.new_page()

    async def own_context(self, config: Config | None = None) -> BrowserContext:
        """A browser context of its own for one isolated page (whose ``config`` may differ from the browser's)."""
        await self.start()
        assert self.browser is not None
        if self.guard.remote:
            return await self._remote_context(config)
        return await self.browser.new_context(accept_downloads=_accepts_downloads(config or self.config))

    async def stop_browser(self) -> None:
        browser, self.browser, context, self.context = self.browser, None, self.context, None
        if self.attachment is not None:
            # On a CDP connection browser.close() only disconnects: refwright's own tabs are closed here.
            await self.attachment.release()
        elif context is not None and self.config.user_data_dir:
            # Chromium writes cookies lazily: a lasting profile's context is closed, not dropped.
            with best_effort():  # crashed already
                await context.close()
        if browser is not None:
            with best_effort():  # disconnected or crashed already
                await browser.close()

    async def close(self) -> None:
        await self.stop_browser()
        self.guard.stop()
        self.output.cleanup()
        if self.playwright is not None:
            playwright, self.playwright = self.playwright, None
            with mapped():
                await playwright.stop()


def _attachment(config: Config, remote: bool) -> Attachment | None:
    if config.auto_connect is None or config.auto_connect is False:
        return None
    if remote:
        raise BrowserError("auto_connect attaches to a browser on this machine; it cannot be combined with cdp_url, "
                           "connect or SELENIUM_REMOTE_URL. Pick one way to reach the browser.")
    return Attachment(config)


def _accepts_downloads(config: Config) -> bool:
    # Playwright keeps a download's file only in a context that accepts downloads; refusing needs none.
    return config.downloads == "save"
