"""The matcher: a ``Plan``'s parts and what ``inspect`` saw, to the controls they mean (pure, no page).

Labels, items of lists, covers (banners, dialogs), results of paged lists, values as fields take them, and
answers read from the page's text. A unique match acts; anything else is a refusal that lists candidates.
"""

from ._match import AmbiguousTargetError, DisabledTargetError, Match, TargetNotFoundError, find_target

__all__ = ["AmbiguousTargetError", "DisabledTargetError", "Match", "TargetNotFoundError", "find_target"]
