# Generated from src/refwright/_async/facade/_browser.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The public browser: a thin facade over one ``Chromium`` (Playwright, the browser process, its shared
context and network guard live in ``_chromium``), as ``Page`` is over a ``Tab``.

Every public method runs inside the translating boundary (``_translate.mapped``), so no Playwright error
reaches a caller.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from ..._capabilities import Capabilities
from ..._config import Config
from ..._files._outdir import OutputFolder
from ...resolve.state._decisions import Decider
from ...safety import ActionPolicy
from ..launch._chromium import Chromium
from ..pipeline._translate import mapped
from ._page import ConfirmCallback, Page

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
        self._impl = Chromium(config=config or Config(), executable_path=executable_path, headless=headless,
                              cdp_url=cdp_url, args=list(args or []), connect_url=connect_url,
                              guard_listen=guard_listen, guard_host=guard_host)
        # Every new page asks this provider when act cannot resolve a request (Page.set_decision_provider).
        self.decide = decide
        # Every new page starts with these (Page.set_action_policy / set_policy_confirm_callback).
        self.action_policy = action_policy
        self.confirm = confirm

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        self.close()

    @property
    def config(self) -> Config:
        return self._impl.config

    @config.setter
    def config(self, config: Config) -> None:
        self._impl.config = config

    @property
    def executable_path(self) -> str | None:
        return self._impl.executable_path

    @executable_path.setter
    def executable_path(self, path: str | None) -> None:
        self._impl.executable_path = path

    @property
    def headless(self) -> bool:
        return self._impl.headless

    @headless.setter
    def headless(self, headless: bool) -> None:
        self._impl.headless = headless

    @property
    def cdp_url(self) -> str | None:
        return self._impl.cdp_url

    @property
    def connect_url(self) -> str | None:
        return self._impl.connect_url

    @property
    def started(self) -> bool:
        return self._impl.started

    @property
    def connected(self) -> bool:
        """Whether the browser was started and is still there (a crash or lost server makes this False)."""
        return self._impl.connected

    def capabilities(self) -> Capabilities:
        """What the network guard enforces for this browser's pages, and what it leaves open (nothing is
        started to answer; a listen port of 0 is shown as 0 until the proxy binds)."""
        return self._impl.guard.capabilities()

    def new_page(self, *, config: Config | None = None, isolated: bool = False) -> Page:
        """A new page; the first call launches (or attaches to) the browser.

        ``config`` overrides the browser's configuration for this page only. ``isolated`` gives the page
        a browser context of its own (its own cookies, storage and cache), closed with the page; other
        pages share one context.
        """
        config = config or self.config
        self._impl.check_page_config(config)
        chromium = self._impl
        with mapped():
            own_context = chromium.own_context(config) if isolated else None
            pw_page = chromium.fresh_page(own_context)
        output = chromium.output if config.output_dir == self.config.output_dir else OutputFolder(config)
        page = Page(pw_page, config=config, guard=chromium.guard, selectors=chromium.selectors,
                    opener=chromium.fresh_page, own_context=own_context, output=output)
        page.set_action_policy(self.action_policy)
        page.set_policy_confirm_callback(self.confirm)
        if self.decide is not None:
            page.set_decision_provider(self.decide)
        return page

    @property
    def output_dir(self) -> Path:
        """The folder its pages write files into: ``Config.output_dir``, or a private temporary folder
        made on first use (removed at close if nothing was written)."""
        return self._impl.output.path

    def close(self) -> None:
        """Close every page and the browser (a CDP-attached Chrome is only disconnected)."""
        self._impl.close()


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
    says what that leaves open. Credentials the model names and never sees are ``Config.secrets``
    (docs/secrets.md). ``Config.auto_connect`` attaches to a Chrome, Chromium or Edge the person runs with
    remote debugging, and ``Config.user_data_dir`` launches on a lasting profile (docs/attach.md). The CLI's
    typed ``LaunchOptions`` give all of these:
    ``launch(**options.launch_kwargs())``.
    """
    return Browser(config=config, executable_path=executable_path, headless=headless, cdp_url=cdp_url,
                   args=args, action_policy=action_policy, confirm=confirm, decide=decide,
                   connect_url=connect, guard_listen=guard_listen, guard_host=guard_host)
