"""The grammar: a request's text to a ``Plan`` (pure, no page).

Request kinds and their clause rules, the lexicon of role words, quoted strings, ordinals, numbers and dates
as requests write them. The grammar knows words, never pages: which control a part means is the matcher's
business (``refwright.resolve.matching``).
"""

from ._clauses import UnsupportedRequestError, parse_request

__all__ = ["UnsupportedRequestError", "parse_request"]
