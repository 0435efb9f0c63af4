"""What every framework's ``browser`` tool shares: where its pages come from, and how a command reaches them.

A :class:`Binding` holds a refwright page, or a session pool that gives each agent run a page of its own.
A command always runs through ``page.run_command`` (the one pipeline: guard, action policy, secrets,
content boundaries) on the event loop the page lives on. The frameworks call tools in three ways, and
each is met without blocking or crossing that loop:

- an async tool awaited on the page's loop: the command is awaited there, no thread hop;
- an async tool run on another loop (``asyncio.run`` in a worker thread): the command is handed to the
  page's loop and awaited through a future;
- a sync tool called from a worker thread: the command is handed to the page's loop and the thread waits.

A sync tool called on the page's own loop thread would deadlock that loop; it answers with an error that
says what to do instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import itertools
import os
import re
import tempfile
import threading
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .._config import Config
from .._errors import RefwrightError
from ..agent._approval import ApprovalRequest, proposal_request
from ..agent._prompt import BOUNDARY_SENTENCE
from ..agent._tool import TOOL_NAME, CommandRunner, run_browser_command, tool_description
from ..commands import tokenize
from ..commands._batch import batch_lines
from ..safety._secrets import Secrets

__all__ = ["AGENT_TOOL_DESCRIPTION", "AGENT_TOOL_NAME", "DEFAULT_RUN", "Answer", "Binding", "binding_of",
           "keep_binding", "missing_framework"]

T = TypeVar("T")

# The run id used when the framework gives none (one page for the tool).
DEFAULT_RUN = "default"

_CONFIRM = "confirm"
_OFFER = re.compile(r"^Offered, not asked for: (?P<summary>[^\n]*?) — [^\n]*?`confirm (?P<token>p-[A-Za-z0-9_-]+)`",
                    re.MULTILINE)


AGENT_TOOL_NAME = "browse"
AGENT_TOOL_DESCRIPTION = (
    "Hand a whole web task to a browsing agent that works in a real browser (it opens pages, reads them and "
    "acts on them one step at a time) and answers when done. Say everything it needs in `task`: where to go, "
    "what to do, what to report.")


def missing_framework(framework: str, extra: str, error: ImportError) -> str:
    return (f"refwright.integrations needs {framework} for this module ({error}); install it with "
            f"pip install 'refwright[{extra}]'")


@dataclass(frozen=True)
class Answer:
    """A command's answer: the text the model reads, and the screenshot's PNG when it took one."""

    text: str
    image: bytes | None = None


def _is_pool(target: object) -> bool:
    session = getattr(target, "session", None)
    return callable(session) and not callable(getattr(target, "run_command", None))


class Binding:
    """A page (or a pool of them) for one framework tool, and the way to its event loop.

    ``target`` is a ``refwright.Page``, a ``refwright.SessionPool``, or their sync API twins
    (``refwright.sync_api.SessionPool``; a sync ``Page`` only from the thread that made it). Built inside the
    async code that opened the page, it knows the page's loop; else it learns it on the first async call.
    """

    def __init__(self, target: Any) -> None:
        if not callable(getattr(target, "run_command", None)) and not _is_pool(target):
            raise TypeError("browser_tool needs a refwright Page or SessionPool (async or sync API), not "
                            f"{type(target).__name__}.")
        self.target = target
        self.pooled = _is_pool(target)
        self.is_async = _async_pool(target) if self.pooled else inspect.iscoroutinefunction(target.run_command)
        try:
            self.loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self.loop = None
        self._pages: dict[str, Any] = {}
        self._exits: dict[str, Any] = {}
        self._opening: dict[str, asyncio.Lock] = {}
        self._sync_lock = threading.Lock()
        self._turns: dict[str, asyncio.Lock] = {}
        self._owners: dict[int, str] = {}
        self._counter = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()
        self._sync_turns: dict[str, threading.Lock] = {}
        # A proposal's token -> what it proposed, so an approval prompt can say what confirm will do.
        self.proposals: dict[str, ApprovalRequest] = {}

    # -- what the model is told -------------------------------------------------------------

    @property
    def config(self) -> Config:
        found = getattr(self.target, "config", None)
        return found if isinstance(found, Config) else Config()

    def description(self) -> str:
        """The agent loop's tool description (HELP included, the secrets' names), and the sentence about
        page-content markers when the page puts them there."""
        config = self.config
        secrets = config.secrets if isinstance(config.secrets, Secrets) else None
        text = tool_description(secrets)
        return text + (f"\n\n{BOUNDARY_SENTENCE}" if config.content_boundaries else "")

    @property
    def name(self) -> str:
        return TOOL_NAME

    # -- approvals --------------------------------------------------------------------------

    def confirm_token(self, command: str) -> str | None:
        """The token when ``command`` carries out a proposal (``confirm p-...``, also as a line of a ``batch``):
        the step a person approves. ``""`` for a ``confirm`` without one, None when nothing is confirmed."""
        head = command.lstrip().split(None, 1)
        lines = batch_lines(command) if head and head[0].lower() == "batch" else [command]
        for line in lines:
            try:
                words = tokenize(line)
            except RefwrightError:  # the page's parser refuses it too, with its own message
                words = line.split()
            if words and words[0].lower() == _CONFIRM:
                return words[1] if len(words) > 1 else ""
        return None

    def approval_request(self, command: str) -> ApprovalRequest | None:
        """What ``confirm <token>`` would do, as the proposal said it; None for any other command."""
        token = self.confirm_token(command)
        if token is None:
            return None
        known = self.proposals.get(token)
        if known is not None:
            return known
        return ApprovalRequest("proposal", "act", "", f"Carry out proposal {token or '(no token)'} (not one this "
                               "tool has seen)", token=token)

    # -- running a command ------------------------------------------------------------------

    async def arun(self, command: str, run: str | None = None) -> Answer:
        """Run ``command`` for ``run`` from async code, on whatever loop the framework awaits it."""
        if not self.is_async:
            return await asyncio.to_thread(self.run, command, run)
        here = asyncio.get_running_loop()
        if self.loop is None:
            self.loop = here
        if here is self.loop:
            return await self._on_loop(command, run)
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._on_loop(command, run), self.loop))

    def run(self, command: str, run: str | None = None) -> Answer:
        """Run ``command`` for ``run`` from sync code (a framework's worker thread); waits for the answer."""
        if not self.is_async:
            return self._sync(command, run)
        blocked = self.blocked()
        if blocked:
            return Answer(f"Error: {blocked}")
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(self._on_loop(command, run), self.loop).result()

    async def atask(self, llm: Any, task: str, options: dict[str, Any]) -> str:
        """``run_agent(page, llm, task)`` on the page's loop: a whole task for a browsing sub-agent. With a pool,
        each task gets a pooled page of its own, given back when the task ends."""
        here = asyncio.get_running_loop()
        if self.loop is None:
            self.loop = here
        if here is not self.loop:
            return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self.atask(llm, task, options),
                                                                              self.loop))
        from ..agent._loop import run_agent

        key = f"task-{next(self._counter)}" if self.pooled else DEFAULT_RUN
        # As `refwright agent` does: the system prompt explains the page-content markers the page puts there.
        options = {"content_boundaries": self.config.content_boundaries, **options}
        try:
            page = await self._page(key)
            async with self._turns.setdefault(key, asyncio.Lock()):
                run = await run_agent(page, llm, task, **options)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the sub-agent's failure is the answer its caller reads
            return f"Error: {getattr(exc, 'message', '') or str(exc) or type(exc).__name__}"
        finally:
            if self.pooled:
                await self.arelease(key)
        return run.answer

    def task(self, llm: Any, task: str, options: dict[str, Any]) -> str:
        """:meth:`atask` from sync code (a framework's worker thread): the task runs on the page's loop and the
        thread waits for its answer."""
        blocked = self.blocked()
        if blocked:
            return f"Error: {blocked}"
        assert self.loop is not None
        return asyncio.run_coroutine_threadsafe(self.atask(llm, task, options), self.loop).result()

    def blocked(self) -> str:
        if self.loop is None:
            return ("The browser tool does not know which event loop its page runs on. Create the tool "
                    "(browser_tool(page)) inside the async code that opened the page.")
        if self.loop.is_closed():
            return "The event loop the page ran on is closed; open a new page and make a new tool for it."
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is self.loop:
            return ("The browser tool was called synchronously on its page's own event loop, which would "
                    "block that loop for good. Run the agent in a worker thread (await asyncio.to_thread(...)) "
                    "or call the framework's async entry point.")
        return ""

    async def _on_loop(self, command: str, run: str | None) -> Answer:
        key = run or DEFAULT_RUN
        try:
            page = await self._page(key)
        except RefwrightError as exc:  # no pooled page to be had (every browser down): the model is told
            return Answer(f"Error: {exc.message or type(exc).__name__}")
        # One command at a time on a page, in the order called: frameworks that run a reply's tool calls
        # concurrently would otherwise interleave them (a click invalidating the refs of the next fill).
        async with self._turns.setdefault(key if self.pooled else DEFAULT_RUN, asyncio.Lock()):
            text, image = await run_browser_command(page, command)
        self._note(page, command, text)
        return Answer(text, image)

    def _sync(self, command: str, run: str | None) -> Answer:
        key = run or DEFAULT_RUN
        try:
            page = self._sync_page(key)
            with self._sync_turns.setdefault(key if self.pooled else DEFAULT_RUN, threading.Lock()):
                result = page.run_command(command)
        except Exception as exc:
            # The same rule as the agent loop: the model reads the error and recovers.
            return Answer(f"Error: {getattr(exc, 'message', '') or str(exc) or type(exc).__name__}")
        image = result.screenshot.bytes if result.screenshot is not None else None
        self._note(page, command, result.output)
        return Answer(result.output, image)

    def _note(self, page: Any, command: str, text: str) -> None:
        url = getattr(page, "url", "")
        url = url if isinstance(url, str) else ""
        request = proposal_request(text, url, command)
        if request is not None:
            self.proposals[request.token] = request
        # A step `act` offers on its own ("Offered, not asked for: ...") is confirmed the same way.
        for offer in _OFFER.finditer(text):
            summary = offer.group("summary")
            self.proposals.setdefault(offer.group("token"), ApprovalRequest(
                "proposal", summary.split(" ", 1)[0], url, f"Offered: {summary}", token=offer.group("token")))

    def with_path(self, answer: Answer) -> str:
        """The answer's text for a framework whose tool results carry no image: a screenshot is saved to a
        PNG file and its path is added."""
        if answer.image is None:
            return answer.text
        folder = self.config.output_dir
        target = Path(folder) if folder else Path(tempfile.gettempdir()) / "refwright-screenshots"
        target.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix="screenshot-", suffix=".png", dir=target)
        with os.fdopen(fd, "wb") as file:
            file.write(answer.image)
        return f"{answer.text}\nSaved to {name}"

    async def _page(self, run: str) -> CommandRunner:
        if not self.pooled:
            page: CommandRunner = self.target
            return page
        found = self._pages.get(run)
        if found is not None:
            return found  # type: ignore[no-any-return]
        lock = self._opening.setdefault(run, asyncio.Lock())
        async with lock:
            if run not in self._pages:
                stack = contextlib.AsyncExitStack()
                self._pages[run] = await stack.enter_async_context(self.target.session())
                self._exits[run] = stack
        return self._pages[run]  # type: ignore[no-any-return]

    def _sync_page(self, run: str) -> Any:
        if not self.pooled:
            return self.target
        with self._sync_lock:
            if run not in self._pages:
                stack = contextlib.ExitStack()
                self._pages[run] = stack.enter_context(self.target.session())
                self._exits[run] = stack
            return self._pages[run]

    def need_async(self) -> None:
        if not self.is_async:
            raise TypeError("agent_tool runs refwright's agent loop, which needs an async refwright.Page or "
                            "refwright.SessionPool, not the sync API's.")

    def key_of(self, owner: object) -> str:
        """A run id for a framework object that lives as long as the run (its context), for frameworks with no
        run id of their own. Each live object gets its own key, and its pooled page goes back to the pool once
        the object is gone, so a later object at the same address never gets an earlier run's page."""
        found = self._owners.get(id(owner))
        if found is not None:
            return found
        key = f"run-{next(self._counter)}"
        self._owners[id(owner)] = key
        try:
            weakref.finalize(owner, self._forget, id(owner), key)
        except TypeError:  # not weak-referenceable: its page stays until release()
            pass
        return key

    def _forget(self, owner: int, key: str) -> None:
        self._owners.pop(owner, None)
        if self.pooled and key in self._exits:
            if self.is_async and self.loop is not None and not self.loop.is_closed():
                self.loop.call_soon_threadsafe(lambda: self._tasks.add(self.loop.create_task(self.arelease(key))))  # type: ignore[union-attr]
            elif not self.is_async:
                threading.Thread(target=self.release, args=(key,), daemon=True).start()

    # -- giving pooled pages back -----------------------------------------------------------

    async def arelease(self, run: str | None = None) -> None:
        """Give the pooled page of ``run`` back to the pool (every run's page when None)."""
        if not self.is_async:
            await asyncio.to_thread(self.release, run)
            return
        if self.loop is not None and asyncio.get_running_loop() is not self.loop:
            await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self.arelease(run), self.loop))
            return
        for key in [run] if run is not None else list(self._exits):
            stack = self._exits.pop(key, None)
            self._pages.pop(key, None)
            if stack is not None:
                await stack.aclose()

    def release_soon(self, run: str) -> None:
        """Give the pooled page of ``run`` back from any thread, without waiting for it (a framework's event
        handler saying the run ended)."""
        if not self.pooled or run not in self._exits:
            return
        if not self.is_async:
            threading.Thread(target=self.release, args=(run,), daemon=True).start()
        elif self.loop is not None and not self.loop.is_closed():
            asyncio.run_coroutine_threadsafe(self.arelease(run), self.loop)

    def release(self, run: str | None = None) -> None:
        """The same from sync code (not on the page's own loop thread)."""
        if self.is_async:
            blocked = self.blocked()
            if blocked:
                raise RuntimeError(blocked)
            assert self.loop is not None
            asyncio.run_coroutine_threadsafe(self.arelease(run), self.loop).result()
            return
        with self._sync_lock:
            keys = [run] if run is not None else list(self._exits)
            stacks = [self._exits.pop(k, None) for k in keys]
            for key in keys:
                self._pages.pop(key, None)
        for stack in stacks:
            if stack is not None:
                stack.close()


def _async_pool(pool: Any) -> bool:
    from .._pool._sessions import SessionPool

    return isinstance(pool, SessionPool)


# The binding behind each tool a module made, found again by ``release(tool)``. Keyed by id with a finalizer,
# because several frameworks' tools are pydantic models, which cannot be hashed or given new attributes.
_BINDINGS: dict[int, Binding] = {}


def keep_binding(tool: T, binding: Binding) -> T:
    _BINDINGS[id(tool)] = binding
    with contextlib.suppress(TypeError):  # not weak-referenceable: kept for the life of the process
        weakref.finalize(tool, _BINDINGS.pop, id(tool), None)
    return tool


def binding_of(tool: object) -> Binding:
    found = _BINDINGS.get(id(tool))
    if found is None:
        raise ValueError("This is not a tool made by refwright.integrations' browser_tool().")
    return found
