"""Safety layer: network guard, action policy, content boundaries, sanitising."""

from ._actions import ActionType

__all__ = ["ActionType"]
