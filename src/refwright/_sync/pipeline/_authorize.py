# Generated from src/refwright/_async/pipeline/_authorize.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""Authorization: the action policy decides every (action, URL) the command's spec names before the command
runs, and the confirm callback is asked where the policy says to confirm (an MCP server's callback asks the
person through the client: ``--confirm-actions``). A proposal carried out by ``confirm`` is decided as the
action it performs: an approval by a person is not an exception to the policy."""

from __future__ import annotations

import time

from ...safety import ActionType
from ..tab._tab import Tab
from ._invocation import Invocation

__all__ = ["authorize"]


def authorize(tab: Tab, invocation: Invocation) -> None:
    """Raise ``PolicyDeniedError`` unless the window's policy lets ``invocation`` run on ``tab``. The actions
    it allowed are the tab's grants while it runs, so a resolver step that turns out to need another
    action asks for that one too (``Tab.authorize_step``)."""
    command = invocation.command
    targets = command.spec.policy_targets(command.args, command.flags, tab.url)
    if command.spec.carries_proposal and command.args:
        action = _proposal_action(tab, command.args[0])
        if action is not None:
            targets = [(action, tab.url)]
    for action, url in targets:
        tab.check_policy(action, url, command.line)
    tab.granted = frozenset(action for action, _ in targets)


def _proposal_action(tab: Tab, token: str) -> ActionType | None:
    """The action an open proposal carries out (a drag is a Drag, a click a Click); None when there is no
    such proposal (``confirm`` then says so, doing nothing)."""
    proposal = tab.resolving.state.proposals.peek(token, time.monotonic())
    if proposal is None:
        return None
    return ActionType.DRAG if proposal.action.endswith("drag") else ActionType.CLICK
