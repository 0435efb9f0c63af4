"""Approvals: one hook through which a person allows or denies what a run wants to do.

An ``Approver`` is any ``async (ApprovalRequest) -> Decision``. The loop calls it for the resolver's
proposals (``act`` answering ``Needs approval: ... `confirm p-...```); a page's policy confirmations and
MCP strict mode's questions are turned into the same request by :func:`policy_request` and
:func:`question_request`, so one UI (the console, a terminal prompt, a chat app) answers all three.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum

from ..commands import lookup
from ..resolve import _commands as _resolve_commands  # noqa: F401  (registers act and dragto)

__all__ = [
    "ApprovalRequest",
    "Approver",
    "Decision",
    "denied_text",
    "policy_request",
    "proposal_request",
    "question_request",
]


class Decision(StrEnum):
    """What the person chose. ``ALWAYS`` allows this and every later request of the same action on the
    same origin; ``TIMEOUT`` is a denial because nobody answered in time."""

    ALLOW = "allow"
    ALWAYS = "always"
    DENY = "deny"
    TIMEOUT = "timeout"

    @property
    def allowed(self) -> bool:
        return self in (Decision.ALLOW, Decision.ALWAYS)


@dataclass(frozen=True)
class ApprovalRequest:
    """One question for the person.

    ``kind`` is ``proposal`` (the resolver's approval-required step), ``policy`` (the action policy's
    ``confirmActions``) or ``question`` (MCP strict mode). ``action`` is the verb (``click``), ``role`` and
    ``name`` the target as the accessibility tree names it (empty when there is no element), ``ref`` the
    element's ref when known (for a screenshot crop), ``url`` the page's address and ``summary`` the whole
    sentence to show.
    """

    kind: str
    action: str
    url: str
    summary: str
    role: str = ""
    name: str = ""
    ref: str = ""
    token: str = ""


Approver = Callable[[ApprovalRequest], Awaitable[Decision]]

# Only the resolver's own answer starts with it (page text reaches an answer only as quoted labels, or
# after the first line); a page that prints the words cannot raise a prompt through `get text`.
_PROPOSAL = re.compile(r"\A(?:--- AGENT_BROWSER_PAGE_CONTENT[^\n]*\n)?Needs approval: (?P<summary>[^\n]*?)"
                       r"(?: — |$)[^\n]*?`confirm (?P<token>p-[A-Za-z0-9_-]+)`", re.MULTILINE)
# `click @e7 button "Create account"`, `visual click "Sign in" at (10, 20)`, `drag @e2 item "A" onto ...`
_TARGET = re.compile(r'^(?P<action>(?:visual )?\S+)(?: (?P<ref>@e\d+))?(?: (?P<role>[a-z][a-z ]*?))?'
                     r'(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?:\s|$)')


def proposal_request(output: str, url: str, command: str = "act") -> ApprovalRequest | None:
    """The request behind ``command``'s answer when it is a proposal waiting for ``confirm``, else None."""
    words = command.split(maxsplit=1)
    spec = lookup(words[0]) if words else None
    # Only a command whose spec says it proposes has its answer read as a proposal.
    found = _PROPOSAL.search(output.lstrip()) if spec is not None and spec.proposes else None
    if found is None:
        return None
    summary = found.group("summary").strip()
    target = _TARGET.match(summary)
    action = role = name = ref = ""
    if target is not None:
        action = target.group("action")
        ref = target.group("ref") or ""
        role = (target.group("role") or "").strip()
        name = (target.group("name") or "").replace('\\"', '"')
    line = found.group(0).split("\n")[-1].split(" Nothing was done", 1)[0]
    return ApprovalRequest("proposal", action or "act", url, line, role, name, ref, found.group("token"))


def policy_request(action: str, url: str, *, role: str = "", name: str = "", ref: str = "",
                   command: str = "") -> ApprovalRequest:
    """A policy confirmation (``confirmActions``) as a request; ``command`` is the line that triggered it."""
    what = f" ({command})" if command else ""
    return ApprovalRequest("policy", action, url, f"Allow {action} on {url}{what}?", role, name, ref)


def question_request(action: str, url: str, message: str) -> ApprovalRequest:
    """An MCP strict-mode question as a request."""
    return ApprovalRequest("question", action, url, message)


def denied_text(request: ApprovalRequest, decision: Decision) -> str:
    """The tool result a model reads for a step the person did not allow."""
    what = request.summary.removeprefix("Needs approval: ").split(" — ", 1)[0]
    if decision is Decision.TIMEOUT:
        return (f"Error: Nobody answered the approval request in time, so it was denied: {what}. Nothing was "
                "done. Do not retry it unless the person asks for it.")
    return (f"Error: The person denied this step: {what}. Nothing was done. Do not retry it unless the person "
            "asks for it.")
