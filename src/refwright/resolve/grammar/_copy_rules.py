"""Copying a field's text into another, as people say it (pure): "copy what's in the text area into the box",
"put the contents of the 2nd text area in the box", "paste the text of the text area into the input"."""

from __future__ import annotations

import re

from .._labels import ORDINAL_PATTERN
from ._fills import field_target
from ._plan import Kind, Part

__all__ = ["COPY_RULES", "copy_paste"]


def copy_paste(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> tuple[list[Part], bool]:
    source = field_target(m.group("s"), quotes)
    return [Part(Kind.COPY, restored, targets=(source,), field=field_target(m.group("d"), quotes))], search


COPY_RULES = (
    # "copy what's in the text area into the box", "copy the text of the text area to the box"
    r"^copy\s+(?:what'?s|what\s+is|whatever(?:'s|\s+is)?|everything|all\s+that'?s)\s+(?:written\s+)?"
    r"(?:in|inside|from)\s+(?P<s>.+?)(?:\s*,?\s*(?:and\s+)?(?:then\s+)?paste\s+(?:it|that|this|them)?)?\s+"
    r"(?:into|to|in|over\s+to)\s+(?P<d>.+)$",
    # "put the contents of the 2nd text area in the box": another verb, when what is copied is a field.
    rf"^(?:put|enter|type|write|move|paste)\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:text|contents?)\s+(?:of|from|in|inside)\s+"
    rf"(?P<s>(?:the\s+)?(?:{ORDINAL_PATTERN}\s+)?(?:text\s*area|text\s*box|text\s+field))\s+(?:into|to|in)\s+(?P<d>.+)$",
    # "copy the 3rd text area into the input": a field named as what to copy.
    rf"^copy\s+(?P<s>(?:the\s+)?(?:{ORDINAL_PATTERN}\s+)?(?:text\s*area|paragraph|text\s*box|text\s+field))\s+"
    r"(?:into|to|in|over\s+to)\s+(?P<d>.+)$",
    r"^copy\s+(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:text|contents?|value|words?)\s+(?:that\s+is\s+)?(?:of|from|in|inside)\s+"
    r"(?P<s>.+?)\s+(?:into|to|over\s+to)\s+(?P<d>.+)$",
    # "copy the textarea text and paste it into the box"
    r"^copy\s+(?:the\s+)?(?P<s>.+?)\s+(?:text|contents?|value)\s+(?:(?:and\s+)?(?:then\s+)?paste\s+(?:it\s+)?)?"
    r"(?:into|to|in)\s+(?P<d>.+)$",
    # "paste the text of the text area into the box"
    r"^paste\s+(?:the\s+)?(?:text|contents?|value|words?)\s+(?:of|from|in)\s+(?P<s>.+?)\s+(?:into|in|to)\s+(?P<d>.+)$",
)
