"""Configuration that every page of a session shares."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, fields
from os import PathLike
from typing import Any, Literal, get_args

from .safety import ActionPolicy, ActionType
from .safety._secrets import Secrets

__all__ = [
    "ATTACH_TABS",
    "DIALOG_POLICIES",
    "DOWNLOAD_POLICIES",
    "POPUP_POLICIES",
    "AttachTab",
    "Config",
    "ConfirmCallback",
    "DialogPolicy",
    "DownloadPolicy",
    "LaunchOptions",
    "PermitCallback",
    "PopupPolicy",
    "TimeoutConfig",
]

PopupPolicy = Literal["tab", "close"]
AttachTab = Literal["new", "current"]
DialogPolicy = Literal["dismiss", "accept", "wait"]
DownloadPolicy = Literal["refuse", "save"]
POPUP_POLICIES: tuple[PopupPolicy, ...] = get_args(PopupPolicy)
ATTACH_TABS: tuple[AttachTab, ...] = get_args(AttachTab)
DIALOG_POLICIES: tuple[DialogPolicy, ...] = get_args(DialogPolicy)
DOWNLOAD_POLICIES: tuple[DownloadPolicy, ...] = get_args(DownloadPolicy)

# ``async def confirm(action, url) -> bool``: asked, and may wait for a person, where the policy says to.
ConfirmCallback = Callable[[ActionType, str], Awaitable[bool]]
# ``async def permit(action, url, command) -> None``: a window-wide gate after the policy, for every action a
# command takes (``command``: its line, or "" for a step a running command adds); it raises
# ``PolicyDeniedError`` to refuse (an MCP server's ``--mode``).
PermitCallback = Callable[[ActionType, str, str], Awaitable[None]]


@dataclass(frozen=True)
class TimeoutConfig:
    """Time limits in milliseconds.

    ``action`` bounds every interaction (click, fill, ...): Playwright retries actionability until then.
    ``navigation`` bounds ``open``, ``back``, ``forward`` and ``reload``.
    ``probe`` is how long a page whose command ran out of time has to answer a trivial script before it
    is taken for hung (a script that never yields) and its tab closed and replaced.
    """

    action: float = 30_000
    navigation: float = 30_000
    probe: float = 2_500

    def __post_init__(self) -> None:
        if not self.probe > 0:
            raise ValueError(f"TimeoutConfig.probe must be a positive number of milliseconds, not {self.probe!r}.")


@dataclass(frozen=True)
class Config:
    """What a page may do and how long it may take.

    ``allow_eval=False`` turns off ``eval`` and ``wait --fn``; snapshots, actions and queries keep working
    because they run in refwright's own isolated page runtime. ``allow_dom_extraction=False`` also turns off
    snapshots and content reads. ``content_boundaries`` wraps page-derived output in nonce markers, and
    ``max_output`` truncates any output longer than that many characters with a loud note, and
    ``max_snapshot_chars`` does the same for snapshots alone. Files that commands write go only under
    ``output_dir`` (see ``refwright._files._paths.resolve_output_path``). ``secrets`` are credentials the model
    names as ``{{secret:NAME}}`` and never sees (``refwright.Secret`` items, or ``{NAME: (value, origins)}``);
    see docs/secrets.md.
    """

    timeouts: TimeoutConfig = field(default_factory=TimeoutConfig)
    allow_eval: bool = True
    allow_dom_extraction: bool = True
    content_boundaries: bool = False
    max_output: int | None = None
    # A snapshot longer than this is cut at a line with a note telling the model to narrow it (-s, -d).
    max_snapshot_chars: int | None = 100_000
    # An action's answer (click, fill, select, press...) ends with what it changed in the interactive view
    # (`Changes:` lines, bounded), so the model needs no new snapshot to learn it. False leaves them out.
    action_changes: bool = True
    # Network containment (the safety layer): private/loopback targets are refused unless the *user*
    # allows them (True for all, or a tuple of "HOST[:PORT]"); allowed_domains, when non-empty, is the
    # only set of hosts the page may contact ("*.example.com" covers the apex and its subdomains).
    allow_private: bool | tuple[str, ...] = False
    allowed_domains: tuple[str, ...] = ()
    # The only folder commands write files into (pdf, trace, record, screenshot <path>, state save, HAR).
    # None: a fresh private temporary folder per Browser (per wrapped page), created on first use.
    output_dir: str | None = None
    # A link or script that opens a new tab or window: "tab" keeps it as a tab the model can switch to
    # (`tab t2`), "close" closes it at once (the page that opened it stays in control).
    popups: PopupPolicy = "tab"
    # JavaScript alert/confirm/prompt: "dismiss" and "accept" answer them at once (each leaves a note),
    # "wait" keeps one open until `dialog accept [text]` or `dialog dismiss` answers it.
    dialogs: DialogPolicy = "dismiss"
    # A file the page offers for download: "refuse" cancels it (nothing is written anywhere), "save" saves
    # it into output_dir; either way the answer of the action that started it says so.
    downloads: DownloadPolicy = "refuse"

    # Credentials typed only on their origins and scrubbed from every answer and file (docs/secrets.md).
    # Also accepts Secret items or {NAME: (value, origins)} at run time: always a Secrets once made.
    secrets: Secrets = field(default_factory=Secrets)

    def __post_init__(self) -> None:
        object.__setattr__(self, "secrets", Secrets.of(self.secrets))
        if self.popups not in POPUP_POLICIES:
            raise ValueError(f"Config.popups must be one of {', '.join(POPUP_POLICIES)}, not {self.popups!r}.")
        if self.dialogs not in DIALOG_POLICIES:
            raise ValueError(
                f"Config.dialogs must be one of {', '.join(DIALOG_POLICIES)}, not {self.dialogs!r}.")
        if self.surface not in ("python", "cli"):
            raise ValueError(f"Config.surface must be python or cli, not {self.surface!r}.")
        if self.downloads not in DOWNLOAD_POLICIES:
            raise ValueError(
                f"Config.downloads must be one of {', '.join(DOWNLOAD_POLICIES)}, not {self.downloads!r}.")
        if self.attach_tab not in ATTACH_TABS:
            raise ValueError(f"Config.attach_tab must be one of {', '.join(ATTACH_TABS)}, not {self.attach_tab!r}.")
        if self.auto_connect is not None and self.auto_connect is not False and self.user_data_dir is not None:
            raise ValueError("Config.auto_connect attaches to a browser the person runs, and Config.user_data_dir "
                             "launches one on a lasting profile: set one of them, not both.")
    # The only folder `upload` may take files from (links and `..` resolved before the check); None, the
    # default, refuses every upload. Set by the user (CLI --upload-dir), never by the model.
    upload_dir: str | PathLike[str] | None = None

    # Attach to a Chrome, Chromium or Edge the person runs with remote debugging (docs/attach.md): True reads
    # DevToolsActivePort in the default profiles, a path reads it in that user data dir. refwright works in
    # a tab of its own ("new") or the person's active tab ("current"); on exit it closes only the tabs it
    # opened (and the popups they opened), or none with keep_tabs.
    auto_connect: bool | str | None = None
    attach_tab: AttachTab = "new"
    keep_tabs: bool = False
    # A lasting profile: launch a persistent context on this user data dir (logins, cookies and storage
    # survive a restart). One process at a time may use it.
    user_data_dir: str | None = None

    # How the person changes these settings, so that advice names a setting as they would: "python" for
    # Config fields (`Config(allow_private=True)`), "cli" for refwright's commands (`--allow-private`).
    surface: Literal["python", "cli"] = "python"


@dataclass(frozen=True)
class LaunchOptions:
    """Everything :func:`refwright.launch` takes, as one typed value: the ``Config`` its pages share, where the
    browser comes from, and the window-wide settings (the action policy, its confirm callback, the decision
    provider ``act`` may ask). The CLI builds one from its flags and hands it to the shell, the agent, replay,
    the console and the MCP server alike: ``refwright.launch(**options.launch_kwargs())``."""

    config: Config = field(default_factory=Config)
    executable_path: str | None = None
    headless: bool = True
    cdp_url: str | None = None
    args: tuple[str, ...] | None = None
    action_policy: ActionPolicy | None = None
    confirm: ConfirmCallback | None = field(default=None, compare=False)
    # Any ``refwright.Llm`` (typed loosely here: the agent's protocol lives above this module).
    decide: Any = field(default=None, compare=False)
    # A Playwright server's ws:// endpoint; refwright's proxy address for a remote browser, and the name the
    # browser reaches this machine by.
    connect: str | None = None
    guard_listen: str | None = None
    guard_host: str | None = None

    def launch_kwargs(self) -> dict[str, Any]:
        """The keyword arguments of ``refwright.launch``."""
        kwargs = {f.name: getattr(self, f.name) for f in fields(self)}
        kwargs["args"] = list(self.args) if self.args is not None else None
        return kwargs
