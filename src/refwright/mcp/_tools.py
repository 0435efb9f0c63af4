"""What a profile is made of: tool definitions and the per-call context their handlers get."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .._async import Page
from .._errors import PolicyDeniedError, RefwrightError
from ..safety import clean_line
from ._approval import Approvals, Asker, grant_scope
from ._session import BrowserSession

__all__ = ["Call", "HangError", "Reply", "ToolDef"]

T = TypeVar("T")


class HangError(Exception):
    """A browser operation took longer than the server's hang limit."""


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
    handler: Callable[[dict[str, Any], Call], Awaitable[Reply | str]]
    read_only: bool = False
    title: str | None = None


@dataclass
class Call:
    """One tool call's context: the shared browser, the way to ask the person, and the server's settings."""

    session: BrowserSession
    asker: Asker
    approvals: Approvals
    hang_limit: float = 120.0
    approve_auto: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    async def page(self) -> Page:
        return await self.bounded(self.session.page())

    async def bounded(self, work: Coroutine[Any, Any, T]) -> T:
        """Run browser work under the hang limit (questions to the person are never inside it)."""
        try:
            return await asyncio.wait_for(work, self.hang_limit)
        except TimeoutError as exc:
            raise HangError(f"the browser did not answer within {self.hang_limit:g} s") from exc

    async def permit(self, verb: str, url: str | None = None, *, reads: bool = False, detail: str | None = None
                     ) -> None:
        """The ``--mode`` gate before a browser action: auto allows, plan denies, strict asks the person."""
        mode = self.approvals.mode
        if mode == "plan":
            raise PolicyDeniedError(
                f"Denied: the browser is off while planning (--mode plan), so `{verb}` was not run. Describe "
                "the steps you would take instead; the person can restart the server with --mode auto or strict.")
        if mode != "strict" or reads:
            return
        scope = grant_scope(verb, url)
        if scope in self.approvals.grants:
            return
        where = f" {clean_line(url)[:300]}" if url else ""
        what = f" ({clean_line(detail)[:300]})" if detail else ""
        question = f"Allow the browser to {verb}{where}{what}?"
        decision = await self.asker.ask(f"permit:{scope}", question, always=True)
        if decision == "deny":
            raise PolicyDeniedError(
                f"Denied: the person did not allow `{verb}`{where}. Nothing was done; ask them, or try another way.")
        if decision == "always":
            self.approvals.grants.add(scope)

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
