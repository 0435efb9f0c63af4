"""The resolver's state (pure): a request's memory on a document, proposals waiting for ``confirm``, which
parts are done, and the decision provider a model may fill in when the grammar and the matcher cannot."""

from ._decisions import Decider
from ._memory import Memo, ResolverState
from ._proposal_book import PROPOSAL_TTL, Proposal, ProposalBook

__all__ = ["PROPOSAL_TTL", "Decider", "Memo", "Proposal", "ProposalBook", "ResolverState"]
