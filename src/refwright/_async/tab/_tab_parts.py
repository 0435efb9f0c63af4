"""The typed parts a :class:`Tab` is composed of, one concern each."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from playwright.async_api import BrowserContext, Selectors
from playwright.async_api import Page as PlaywrightPage

from ..._config import ConfirmCallback, PermitCallback
from ..._driver._watchdog import Watchdog
from ...replay._record import Recording
from ...resolve.state._decisions import Decider
from ...resolve.state._memory import ResolverState
from ...safety import ActionPolicy
from ...snapshot._refs import RefTable
from ...snapshot._types import Snapshot
from ...snapshot._views import SnapshotMemory
from ..pipeline._inflight import InFlight

if TYPE_CHECKING:
    from ._video import Recorder

__all__ = ["ConfirmCallback", "Live", "Opener", "Origin", "OutputWork", "PolicyGate", "Resolving", "View",
           "WindowSettings"]

# Opens a fresh Playwright page in the given context (the browser's shared one when None).
Opener = Callable[[BrowserContext | None], Awaitable[PlaywrightPage]]


@dataclass
class View:
    """What the model was shown of this tab, and where its commands run; all of it starts afresh when the
    page is replaced."""

    refs: RefTable = field(default_factory=RefTable)
    last_snapshot: Snapshot | None = None
    # The latest snapshot of each set of flags, which `diff snapshot` compares like with like.
    snapshots: SnapshotMemory = field(default_factory=SnapshotMemory)
    # The PNG of the latest screenshot, which `diff screenshot` compares with.
    last_screenshot: bytes | None = None
    # `frame <target>`: the iframes (frame-locator selectors from the main document) commands run in.
    frame_path: tuple[str, ...] = ()

    def reset(self) -> None:
        self.refs = RefTable()
        self.last_snapshot = None
        self.snapshots.clear()
        self.frame_path = ()


@dataclass
class Resolving:
    """The model-free resolver's memory of this tab (the models it may ask are the window's)."""

    state: ResolverState = field(default_factory=ResolverState)


@dataclass
class PolicyGate:
    """The action policy, who is asked when it says to confirm, and the gate every action passes after it
    (an MCP server's ``--mode``, which asks the person or refuses)."""

    policy: ActionPolicy | None = None
    confirm: ConfirmCallback | None = None
    permit: PermitCallback | None = None


@dataclass
class WindowSettings:
    """What holds for every tab of a window, kept once on its tab group (never copied tab by tab, so a tab
    opened later cannot miss one): the action policy and its confirm callback, the decision provider
    ``act`` may ask, and the vision provider ``page.visual.inspect`` asks. The secrets are the window's
    ``Config.secrets``, one object shared by its tabs."""

    gate: PolicyGate = field(default_factory=PolicyGate)
    decider: Decider | None = None
    vision: Decider | None = None


@dataclass
class OutputWork:
    """Output under way: a trace, a `record`ing of frames, a run being recorded as a script."""

    tracing: bool = False
    recorder: Recorder | None = None
    recording: Recording | None = None


@dataclass(frozen=True)
class Origin:
    """Where the page came from, and so how it is replaced or closed: the opener of a fresh page (None when
    refwright does not own the browser), the context made for this page alone, the context a replacement
    opens in, and the selector engines' registry."""

    selectors: Callable[[], Selectors]
    opener: Opener | None = None
    own_context: BrowserContext | None = None
    context: BrowserContext | None = None


class Live:
    """What belongs to the current Playwright page and is made again when it is replaced."""

    def __init__(self, pw: PlaywrightPage, probe_seconds: float) -> None:
        self.watchdog = Watchdog(pw, probe_seconds)
        # True while a command runs under the watchdog (nested calls share its deadline).
        self.guarding = False
        # Requests in flight: an action on a blocked target waits while one is (``_actionable``).
        self.inflight = InFlight(pw)
