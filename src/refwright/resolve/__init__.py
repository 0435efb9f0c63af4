"""Model-free resolution: plain-language requests carried out one step at a time without a model.

This package is the pure half (no I/O): request parsing, NFKC label matching, ordinals, risk, proposal
bookkeeping and change summaries, plus ``inspect.js``, the page-side engine. The half that drives a page
lives in ``refwright._async.resolve`` (and its generated sync twin); ``Page.inspect``, ``Page.act`` and
``Page.confirm`` are the entry points.
"""

from . import _commands  # noqa: F401  (registers inspect, act, confirm, ...)
from ._changes import summarize_changes
from ._labels import compact, fold, loose, match_labels, norm, ordinal_of
from ._model import Control, Inspection, control_from_raw, describe, render_inspection, value_hash
from ._outcome import StepResult
from ._risk import APPROVAL, SAFE, risk_of
from .grammar._clauses import UnsupportedRequestError, parse_request
from .grammar._plan import Kind, Part, Plan, Target
from .state._proposal_book import PROPOSAL_TTL, Proposal, ProposalBook, ProposalError

__all__ = [
    "APPROVAL",
    "PROPOSAL_TTL",
    "SAFE",
    "Control",
    "Inspection",
    "Kind",
    "Part",
    "Plan",
    "Proposal",
    "ProposalBook",
    "ProposalError",
    "StepResult",
    "Target",
    "UnsupportedRequestError",
    "compact",
    "control_from_raw",
    "describe",
    "fold",
    "loose",
    "match_labels",
    "norm",
    "ordinal_of",
    "parse_request",
    "render_inspection",
    "risk_of",
    "summarize_changes",
    "value_hash",
]
