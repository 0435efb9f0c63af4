"""Asking the person through the MCP client (elicitation), and the permission modes of the tools.

Elicitation travels two ways, chosen by the protocol the client negotiated: before 2026-07-28 the server
sends ``elicitation/create`` in the middle of the call; from 2026-07-28 the call returns an
``input_required`` result and the client calls again with the person's answer. In the second way the
tool runs again from the start, so everything before a question must be free of side effects (it is:
questions come before the action they guard). An answer is taken only for the exact question this server
asked, under a one-use state token it issued, so a client cannot answer a question it was never shown.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any, Literal, get_args
from urllib.parse import urlsplit

import mcp_types as types
from mcp_types.version import is_version_at_least

from .._errors import InputRequiredError, RefwrightError

__all__ = ["MODES", "Approvals", "Asker", "InputRequiredError", "Mode", "grant_scope"]

Mode = Literal["auto", "strict", "plan"]
MODES: tuple[Mode, ...] = get_args(Mode)
_INPUT_REQUIRED_VERSION = "2026-07-28"
_MAX_PENDING = 64

# What the person picks from. "always" is offered only where a grant makes sense (strict mode).
_STRICT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"decision": {"type": "string", "title": "Decision", "enum": ["allow", "always", "deny"],
                                "description": "allow once, always allow (this site / this action), or deny"}},
    "required": ["decision"],
}
_APPROVE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"decision": {"type": "string", "title": "Decision", "enum": ["allow", "deny"]}},
    "required": ["decision"],
}


def grant_scope(verb: str, url: str | None) -> str:
    """What an "always allow" covers: a navigation's target origin (scheme, host, port), else the verb."""
    if verb == "navigate" and url:
        parts = urlsplit(url)
        try:
            port = parts.port or (443 if parts.scheme == "https" else 80)
        except ValueError:
            port = 0
        return f"navigate {parts.scheme}://{(parts.hostname or '').lower()}:{port}"
    return verb


@dataclass
class Approvals:
    """Server-wide permission state: the mode, "always allow" grants, and questions awaiting an answer."""

    mode: Mode = "auto"
    grants: set[str] = field(default_factory=set)
    # state token -> {question key: (question text, the person's answer once given)}, for the
    # input_required way: a call may ask several questions, one per round, and keeps the earlier answers.
    pending: dict[str, dict[str, tuple[str, Any]]] = field(default_factory=dict)
    # A person-facing UI (``refwright.agent.Approver``, e.g. the console) that answers instead of the client.
    approver: Any = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}, not {self.mode!r}")

    def remember(self, questions: dict[str, tuple[str, Any]]) -> str:
        token = secrets.token_urlsafe(16)
        self.pending[token] = questions
        while len(self.pending) > _MAX_PENDING:
            del self.pending[next(iter(self.pending))]
        return token


class Asker:
    """One call's way to ask the person. ``session`` and ``protocol_version`` come from the request."""

    def __init__(self, approvals: Approvals, session: Any, protocol_version: str | None, request_id: Any,
                 input_responses: dict[str, Any] | None, request_state: str | None) -> None:
        self.approvals = approvals
        self._session = session
        self._modern = bool(protocol_version) and is_version_at_least(str(protocol_version), _INPUT_REQUIRED_VERSION)
        self._request_id = request_id
        record = approvals.pending.pop(request_state, {}) if request_state else {}
        responses = input_responses or {}
        # Answers count only for questions this server asked under the token the client echoed.
        self._known = {key: (text, answer if answer is not None else responses.get(key))
                       for key, (text, answer) in record.items()}

    @property
    def can_elicit(self) -> bool:
        if self.approvals.approver is not None:
            return True
        caps = getattr(self._session, "client_capabilities", None)
        return caps is not None and getattr(caps, "elicitation", None) is not None

    async def ask(self, key: str, message: str, *, always: bool = False) -> str:
        """``allow``, ``always`` or ``deny`` from the person; raises ``InputRequiredError`` to ask in the modern way."""
        if self.approvals.approver is not None:
            from ..agent import Decision, question_request

            decision = Decision(await self.approvals.approver(question_request(key.split(":", 1)[0], "", message)))
            return "always" if decision is Decision.ALWAYS and always else "allow" if decision.allowed else "deny"
        if not self.can_elicit:
            raise RefwrightError(
                "This needs the person's approval, but the MCP client cannot ask them (it does not support "
                "elicitation). Nothing was done. The person can start the server with --mode auto, or, for "
                "proposals in the coding profile, --approve auto.")
        schema = _STRICT_SCHEMA if always else _APPROVE_SCHEMA
        if self._modern:
            text, answer = self._known.get(key, ("", None))
            if text == message and answer is not None:
                return _decision(answer, always)
            request = types.ElicitRequest(params=types.ElicitRequestFormParams(message=message,
                                                                              requested_schema=schema))
            answered = {k: v for k, v in self._known.items() if v[1] is not None}
            token = self.approvals.remember({**answered, key: (message, None)})
            raise InputRequiredError(types.InputRequiredResult(input_requests={key: request}, request_state=token))
        result = await self._session.elicit_form(message=message, requested_schema=schema,
                                                 related_request_id=self._request_id)
        return _decision(result, always)


def _decision(result: Any, always: bool) -> str:
    if getattr(result, "action", None) != "accept":
        return "deny"
    content = getattr(result, "content", None) or {}
    decision = content.get("decision") if isinstance(content, dict) else None
    if decision == "always" and always:
        return "always"
    return "allow" if decision in ("allow", "always") else "deny"
