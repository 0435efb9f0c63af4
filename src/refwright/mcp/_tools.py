"""What a profile is made of: tool definitions and the per-call context their handlers get."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .._async import Page
from .._errors import HangError, PolicyDeniedError, RefwrightError
from ..safety import ActionType, clean_line
from ._client_browser import ClientBrowser
from ._elicitation import Approvals, Asker, InputRequiredError, grant_scope

_log = logging.getLogger(__name__)

__all__ = ["CallContext", "HangError", "Reply", "ToolDef"]

T = TypeVar("T")


@dataclass(frozen=True)
class Reply:
    """A tool's answer: text for the model, and a PNG when the call took a screenshot."""

    text: str
    png: bytes | None = None


@dataclass(frozen=True)
class ToolDef:
    name: str
    description: str
    schema: dict[str, Any]
    handler: Callable[[dict[str, Any], CallContext], Awaitable[Reply | str]]
    read_only: bool = False
    title: str | None = None


@dataclass
class CallContext:
    """One tool call's context: the shared browser, the way to ask the person, and the server's settings."""

    session: ClientBrowser
    asker: Asker
    approvals: Approvals
    hang_limit: float = 120.0
    approve_auto: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    # What a --confirm-actions question asked inside browser work ended with, when it was not an answer
    # (the client cannot elicit, or must be asked in a new round): it replaces the policy's refusal.
    deferred: Exception | None = None
    # Time spent waiting for the person inside browser work, which the hang limit does not count.
    _asked: float = field(default=0.0, init=False)
    _asking: bool = field(default=False, init=False)
    # --mode strict questions the person allowed during this call: one call may pass the same gate twice (act
    # and the confirm of its proposal), and is asked once.
    _allowed: set[str] = field(default_factory=set, init=False)

    async def page(self) -> Page:
        return await self.bounded(self.session.page())

    async def bounded(self, work: Coroutine[Any, Any, T]) -> T:
        """Run browser work under the hang limit; time waiting for the person (a --confirm-actions
        question asked in the middle of the work) does not count."""
        task = asyncio.ensure_future(work)
        start = time.monotonic()
        try:
            while not task.done():
                left = start + self.hang_limit + self._asked - time.monotonic()
                if self._asking:
                    left = max(left, 0.5)  # look again once the person has answered
                if left <= 0:
                    task.cancel()
                    try:
                        await task
                    except (asyncio.CancelledError, Exception):
                        # The abandoned work's own end, whatever it was: the answer is the hang below.
                        _log.debug("browser work abandoned after the hang limit ended with", exc_info=True)
                    raise HangError(f"the browser did not answer within {self.hang_limit:g} s")
                await asyncio.wait({task}, timeout=left)
        finally:
            if not task.done():
                task.cancel()
        try:
            return task.result()
        except PolicyDeniedError:
            deferred, self.deferred = self.deferred, None
            if deferred is not None:
                raise deferred from None
            raise

    @contextlib.contextmanager
    def _asking_person(self) -> Iterator[None]:
        began = time.monotonic()
        self._asking = True
        try:
            yield
        finally:
            self._asking = False
            self._asked += time.monotonic() - began

    def asking_person(self) -> contextlib.AbstractContextManager[None]:
        """The block waits for the person (a hand-over): its time does not count against the hang limit."""
        return self._asking_person()

    async def confirm_action(self, action: ActionType, url: str) -> bool:
        """The person's answer, through the client, to an action the --confirm-actions policy holds back."""
        where = clean_line(url)[:300]
        if not self.asker.can_elicit:
            self.deferred = PolicyDeniedError(
                f"Action {action.value} on {where} needs the person's confirmation (confirmActions contains "
                f"{action.value}), but this MCP client cannot ask them (it does not support elicitation), so it "
                "was not done. Do not retry it: the person can use a client that supports elicitation, or start "
                f"the server without {action.value} in --confirm-actions or the --action-policy file.")
            return False
        try:
            with self._asking_person():
                decision = await self.asker.ask(f"confirm:{action.value} {where}",
                                                f"Allow the browser to {action.value} on {where}? (--confirm-actions)")
        except InputRequiredError as need:  # asked in a new round: the call runs again with the answer
            self.deferred = need
            return False
        return decision != "deny"

    def refuse_while_planning(self, verb: str) -> None:
        """``--mode plan`` turns the browser off for every call, reading included. A tool checks it before it
        starts (what its actions do to the page is gated again where the policy decides them)."""
        if self.approvals.mode == "plan":
            raise PolicyDeniedError(
                f"Denied: the browser is off while planning (--mode plan), so `{verb}` was not run. Describe "
                "the steps you would take instead; the person can restart the server with --mode auto or strict.")

    async def permit(self, verb: str, url: str | None = None, *, reads: bool = False, detail: str | None = None
                     ) -> None:
        """The ``--mode`` gate before a browser action: auto allows, plan denies, strict asks the person. The
        pipeline's authorize stage asks it for every action a command takes (``permit_through_client``)."""
        self.refuse_while_planning(verb)
        if self.approvals.mode != "strict" or reads:
            return
        scope = grant_scope(verb, url)
        if scope in self.approvals.grants:
            return
        where = f" {clean_line(url)[:300]}" if url else ""
        what = f" ({clean_line(detail)[:300]})" if detail else ""
        question = f"Allow the browser to {verb}{where}{what}?"
        if question in self._allowed:
            return
        with self._asking_person():  # asked inside browser work: the wait is not a hang
            decision = await self.asker.ask(f"permit:{scope}", question, always=True)
        if decision == "deny":
            raise PolicyDeniedError(
                f"Denied: the person did not allow `{verb}`{where}. Nothing was done; ask them, or try another way.")
        if decision == "always":
            self.approvals.grants.add(scope)
        self._allowed.add(question)

    async def approve_proposal(self, summary: str) -> bool:
        """Whether the person approves a proposal (``--approve auto`` approves without asking)."""
        if self.approve_auto:
            return True
        decision = await self.asker.ask(f"proposal:{summary}", f"Approve this browser step? {summary}")
        return decision != "deny"


def check_args(args: dict[str, Any], schema: dict[str, Any]) -> None:
    """Required arguments present and of the declared JSON type, else a sentence naming the fix."""
    props: dict[str, Any] = schema.get("properties", {})
    for name in schema.get("required", []):
        if args.get(name) is None:
            about = props.get(name, {}).get("description", "")
            raise RefwrightError(f"Missing argument {name!r}" + (f": {about}." if about else "."))
    types_of: dict[str, type | tuple[type, ...]] = {
        "string": str, "integer": int, "number": (int, float), "boolean": bool, "object": dict, "array": list}
    for name, value in args.items():
        if name not in props:
            known = ", ".join(sorted(props)) or "none"
            raise RefwrightError(f"Unknown argument {name!r}; this tool takes: {known}.")
        want = props[name].get("type")
        if value is None or want is None:
            continue
        expected = types_of.get(want)
        # bool is an int in Python, but not an integer or number in JSON Schema.
        wrong = expected is not None and not isinstance(value, expected)
        if wrong or (want != "boolean" and isinstance(value, bool)):
            article = "an" if want[0] in "aeiou" else "a"
            raise RefwrightError(f"Argument {name!r} must be {article} {want}, not {type(value).__name__}.")
        enum = props[name].get("enum")
        if enum is not None and value not in enum:
            raise RefwrightError(f"Argument {name!r} must be one of {', '.join(map(str, enum))}, not {value!r}.")
