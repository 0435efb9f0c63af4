"""The action policy: allow, deny or ask before each action, by action type and by the page's host.

:func:`decide` is pure so that every branch is testable without a browser; the page calls it before
it acts and, for a ``confirm`` decision, asks the user through its confirm callback.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from ._actions import ActionType
from ._domains import host_matches, normalize_domains
from ._sanitize import clean_line
from ._url import host_text, split_url

__all__ = ["ActionPolicy", "Decision", "Verdict", "decide", "declined_reason", "parse_action"]


class Verdict(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    CONFIRM = "confirm"


@dataclass(frozen=True)
class Decision:
    """What the policy says about one action. ``reason`` is empty for ``allow`` and model-ready otherwise."""

    verdict: Verdict
    reason: str = ""

    @classmethod
    def allow(cls) -> Decision:
        return cls(Verdict.ALLOW)

    @classmethod
    def deny(cls, reason: str) -> Decision:
        return cls(Verdict.DENY, reason)

    @classmethod
    def confirm(cls, reason: str) -> Decision:
        return cls(Verdict.CONFIRM, reason)

    @property
    def allowed(self) -> bool:
        return self.verdict is Verdict.ALLOW

    @property
    def denied(self) -> bool:
        return self.verdict is Verdict.DENY

    @property
    def needs_confirmation(self) -> bool:
        return self.verdict is Verdict.CONFIRM


def _action_key(name: str) -> str:
    return name.replace("_", "").replace("-", "").replace(" ", "").lower()


_ACTIONS_BY_KEY = {_action_key(a.value): a for a in ActionType}


def parse_action(name: str | ActionType, *, field: str = "actions") -> ActionType:
    """An ``ActionType`` from its value (``"Click"``), case-insensitively; ``SET_COOKIE`` and
    ``set-cookie`` work too. Raises ``ValueError`` suggesting the closest action for a typo."""
    if isinstance(name, ActionType):
        return name
    action = _ACTIONS_BY_KEY.get(_action_key(str(name)))
    if action is not None:
        return action
    close = difflib.get_close_matches(_action_key(str(name)), list(_ACTIONS_BY_KEY), n=1, cutoff=0.6)
    hint = f" Did you mean {_ACTIONS_BY_KEY[close[0]].value}?" if close else ""
    valid = ", ".join(a.value for a in ActionType)
    raise ValueError(f"Unknown action {name!r} in {field}.{hint} Valid actions: {valid}.")


def _actions(values: Iterable[str | ActionType], field: str) -> frozenset[ActionType]:
    if isinstance(values, str):
        values = [v for v in values.split(",") if v.strip()]
    return frozenset(parse_action(v.strip() if isinstance(v, str) else v, field=field) for v in values)


_FIELDS = {
    "denieddomains": "denied_domains",
    "alloweddomains": "allowed_domains",
    "deniedactions": "denied_actions",
    "confirmactions": "confirm_actions",
    "allowedactions": "allowed_actions",
    "defaultaction": "default_action",
}
_CAMEL = {
    "denied_domains": "deniedDomains",
    "allowed_domains": "allowedDomains",
    "denied_actions": "deniedActions",
    "confirm_actions": "confirmActions",
    "allowed_actions": "allowedActions",
    "default_action": "defaultAction",
}


@dataclass(frozen=True)
class ActionPolicy:
    """Which actions are allowed, denied or need the user's confirmation.

    Evaluated in this order (:func:`decide`): denied domains, allowed domains, denied actions, confirm
    actions, allowed actions, then ``default_action``. Domain entries cover the host and its subdomains
    (``example.com`` covers ``www.example.com``). When either domain list is set, an action on a page
    without an http/https host (``about:blank``, ``data:``, content set with ``set_content``) is denied.

    Domain lists are stored as tuples of canonical entries and action sets as frozensets, so policies
    compare and hash by content.
    """

    denied_domains: Sequence[str] = ()
    allowed_domains: Sequence[str] = ()
    denied_actions: AbstractSet[ActionType] = frozenset()
    confirm_actions: AbstractSet[ActionType] = frozenset()
    allowed_actions: AbstractSet[ActionType] = frozenset()
    default_action: Literal["allow", "deny"] = "allow"

    def __post_init__(self) -> None:
        # Normalised here so that a policy built in code and one read from JSON compare equal.
        def domains(field: str) -> tuple[str, ...]:
            try:
                return normalize_domains(getattr(self, field))
            except ValueError as e:
                raise ValueError(f"{e} (in {_CAMEL[field]})") from None

        object.__setattr__(self, "denied_domains", domains("denied_domains"))
        object.__setattr__(self, "allowed_domains", domains("allowed_domains"))
        for field in ("denied_actions", "confirm_actions", "allowed_actions"):
            object.__setattr__(self, field, _actions(getattr(self, field), _CAMEL[field]))
        default = str(self.default_action).strip().lower()
        if default not in ("allow", "deny"):
            raise ValueError(f"defaultAction must be 'allow' or 'deny', not {self.default_action!r}.")
        object.__setattr__(self, "default_action", default)

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> ActionPolicy:
        """Read a policy from JSON text or an already-parsed object.

        Keys may be camelCase (``deniedActions``) or snake_case (``denied_actions``); action names are
        ``ActionType`` values in any case. Raises ``ValueError`` naming the problem (and the closest
        valid key or action for a typo).
        """
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as e:
                raise ValueError(f"The action policy is not valid JSON: {e}.") from None
        if not isinstance(data, Mapping):
            raise ValueError(
                'The action policy must be a JSON object, such as {"deniedActions": ["Evaluate"]}.'
            )
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            field = _FIELDS.get(_action_key(str(key)))
            if field is None:
                close = difflib.get_close_matches(str(key), list(_CAMEL.values()), n=1, cutoff=0.6)
                hint = f" Did you mean {close[0]}?" if close else ""
                raise ValueError(
                    f"Unknown action policy key {key!r}.{hint} Valid keys: {', '.join(_CAMEL.values())}."
                )
            if field == "default_action":
                if not isinstance(value, str):
                    raise ValueError(f"defaultAction must be 'allow' or 'deny', not {value!r}.")
            elif not isinstance(value, (list, tuple, str)) or any(not isinstance(v, str) for v in value):
                raise ValueError(f"{_CAMEL[field]} must be a list of strings, not {value!r}.")
            kwargs[field] = value
        return cls(**kwargs)

    def to_json(self) -> dict[str, Any]:
        """The policy as a camelCase JSON object (the form :meth:`from_json` reads)."""
        return {
            "deniedDomains": list(self.denied_domains),
            "allowedDomains": list(self.allowed_domains),
            "deniedActions": sorted(a.value for a in self.denied_actions),
            "confirmActions": sorted(a.value for a in self.confirm_actions),
            "allowedActions": sorted(a.value for a in self.allowed_actions),
            "defaultAction": self.default_action,
        }


def _page_host(url: str) -> str | None:
    try:
        parsed = split_url(url)
    except ValueError:
        return None
    return host_text(parsed.host) if parsed.scheme in ("http", "https") else None


def declined_reason(action: ActionType, url: str, *, asked: bool = True) -> str:
    """The message for an action that needed confirmation and did not get it: the user declined it, or
    (``asked=False``) there was no way to ask."""
    rule = f"confirmActions contains {action.value}"
    if not asked:
        return (
            f"Action {action.value} on {_shown(url)} needs the user's confirmation ({rule}), and there is no "
            "way to ask the user here, so it was not done. Do not retry it unless the user asks for it."
        )
    return (
        f"Action {action.value} on {_shown(url)} was declined by the user ({rule}). "
        "Do not retry it unless the user asks for it."
    )


def _shown(url: str) -> str:
    shown = clean_line(url)
    return shown if len(shown) <= 200 else shown[:199] + "…"


def decide(policy: ActionPolicy, action: ActionType, url: str) -> Decision:
    """Decide ``action`` under ``policy``.

    ``url`` is the *target* URL for :attr:`ActionType.NAVIGATE` and the *current page's* URL for every
    other action; the caller passes the right one. A ``confirm`` decision means: ask the user, and go
    ahead only if they agree.
    """
    shown = _shown(url)
    denied = f"Action {action.value} on {shown} was denied by the action policy"
    retry = "Do not retry it; if it is needed, ask the user to change the policy."

    if policy.denied_domains or policy.allowed_domains:
        host = _page_host(url)
        if host is None:
            return Decision.deny(
                f"{denied} (a domain list is set and this page has no http/https host). "
                "Open an http or https page first."
            )
        for entry in policy.denied_domains:
            if host_matches(host, [entry], include_subdomains=True):
                return Decision.deny(f"{denied} (deniedDomains contains {entry}). {retry}")
        if policy.allowed_domains and not host_matches(host, policy.allowed_domains, include_subdomains=True):
            return Decision.deny(f"{denied} (allowedDomains does not include {host}). {retry}")
    if action in policy.denied_actions:
        return Decision.deny(f"{denied} (deniedActions contains {action.value}). {retry}")
    if action in policy.confirm_actions:
        return Decision.confirm(
            f"Action {action.value} on {shown} needs the user's confirmation "
            f"(confirmActions contains {action.value})."
        )
    if action in policy.allowed_actions:
        return Decision.allow()
    if policy.default_action == "deny":
        listed = "allowedActions does not contain" if policy.allowed_actions else "no rule allows"
        return Decision.deny(f"{denied} (defaultAction is deny and {listed} {action.value}). {retry}")
    return Decision.allow()
