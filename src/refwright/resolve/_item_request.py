"""Requests about an item of a list, found by its content (pure): "Find the email by Lela and reply to them
with the text "Hi"", "For the user @kenda, click on the "Like" button", "Click "Like" on all posts by @kenda",
"Find Kara in the contact book". Each gives an ``item`` part (the item whose text shows the name) followed by
what to do in it; replying and forwarding are plans of their own (open, reply, type, send).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ._plan import Kind, Part, Target
from ._target import only_quote, parse_target, restore, strip_articles

__all__ = ["ITEM_RULES"]

_Built = tuple[list[Part], bool]
_Builder = Callable[[re.Match[str], str, list[str], bool], _Built | None]

_BY = r"(?:by|from|of|named|called|sent\s+by|written\s+by|posted\s+by)"
_THEM = r"(?:them|him|her|it|that|this|the\s+sender)"
_MAIL = r"(?:(?:the\s+|that\s+|this\s+)?(?:email|e-mail|message|mail|post))"
# One-word verbs done to an item with an icon of that name ("delete it", "star it").
_ICON_VERBS = r"(?:delete|remove|trash|star|like|retweet|share|flag|archive|bookmark)"


def _name(text: str, quotes: list[str]) -> str:
    return only_quote(text, quotes) or restore(strip_articles(text.strip().rstrip(",")), quotes)


def _reply(text: str, restored: str, quotes: list[str]) -> list[Part]:
    value = only_quote(text, quotes) or restore(text.strip(), quotes)
    # A reply is written in the message's body (a text area), never in its To line.
    return [Part(Kind.CLICK, restored, targets=(Target(label="reply"),)),
            Part(Kind.FILL, restored, value=value, field=Target(role="textarea")),
            Part(Kind.CLICK, restored, targets=(Target(label="send"),))]


def _forward(to: str, restored: str, quotes: list[str]) -> list[Part]:
    return [Part(Kind.CLICK, restored, targets=(Target(label="forward"),)),
            Part(Kind.FILL, restored, value=_name(to, quotes), field=Target(label="to", role="textbox")),
            Part(Kind.CLICK, restored, targets=(Target(label="send"),))]


_REPLY = re.compile(rf"^(?:reply|respond|answer)(?:\s+(?:to\s+)?{_THEM})?\s+(?:with|saying)\s+(?:the\s+)?"
                    r"(?:text|message|words?|reply|line)?\s*(?P<t>.+)$", re.IGNORECASE)
_FORWARD = re.compile(rf"^(?:forward|send)(?:\s+{_THEM})?(?:\s+{_MAIL})?(?:\s+on)?\s+to\s+(?P<t>.+)$", re.IGNORECASE)
_ICON_VERB = re.compile(rf"^(?P<v>{_ICON_VERBS})(?:\s+{_THEM}|\s+{_MAIL})?$", re.IGNORECASE)


def _action(text: str, restored: str, quotes: list[str]) -> list[Part] | None:
    """What to do with an item once found, as parts: reply, forward, or an icon's verb."""
    text = text.strip().rstrip(".").strip()
    if m := _REPLY.match(text):
        return _reply(m.group("t"), restored, quotes)
    if m := _FORWARD.match(text):
        return _forward(m.group("t"), restored, quotes)
    if m := _ICON_VERB.match(text):
        return [Part(Kind.CLICK, restored, targets=(Target(label=m.group("v").lower(), role="icon"),))]
    return None


def _item(name: str, restored: str, value: str | None = None) -> Part:
    return Part(Kind.ITEM, restored, labels=(name,), value=value)


def _find_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    rest = m.group("rest")
    parts = [_item(_name(m.group("y"), quotes), restored)]
    if rest:
        then = _action(rest, restored, quotes)
        if then is None:
            return None
        parts.extend(then)
    return parts, search


def _item_in(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    return [_item(_name(m.group("y"), quotes), restored)], search


def _for_whom(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "For the user @kenda, click Mute": the request is about the user, so any item of theirs serves.
    return [_item(_name(m.group("y"), quotes), restored, "any")], search


def _click_on_items(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    how = m.group("q").lower()
    value = "every" if how.startswith(("all", "every", "each")) else "1" if how == "one" else \
        how if how.isdigit() else None
    click = Part(Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))
    return [_item(_name(m.group("y"), quotes), restored, value), click], search


def _act_on_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    then = _action(m.group(0), restored, quotes)
    return (then, search) if then is not None else None


def _purpose(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Click the star icon to mark it as important": what follows "to" says why, not what.
    return [Part(Kind.FIND if search else Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))], search


_LIST_WORDS = r"(?:book|list|contacts?|directory|inbox|table|results|feed|page|timeline|address\s+book)"
_PURPOSE_VERBS = (r"(?:mark|delete|remove|open|star|reply|forward|like|share|flag|archive|save|make|show|see|view|"
                  r"confirm|add|send|favou?rite|bookmark|retweet|report)")

ITEM_RULES: tuple[tuple[str, _Builder], ...] = (
    (rf"^(?:please\s+)?(?:find|locate|go\s+to|look\s+for|search\s+for|navigate\s+to|get)\s+(?:the\s+|a\s+)?"
     rf"(?!and\b)(?P<n>[\w-]+)\s+{_BY}\s+(?P<y>.+?)(?:\s*,?\s+and\s+(?:then\s+)?(?P<rest>.+))?$", _find_item),
    (rf"^(?:please\s+)?(?:find|locate|look\s+up|look\s+for|search\s+for)\s+(?P<y>.+?)\s+(?:in|on|among)\s+"
     rf"(?:the\s+|my\s+|your\s+)?(?:[\w-]+\s+){{0,2}}{_LIST_WORDS}$", _item_in),
    (r"^for\s+(?:the\s+)?(?:user|account|person|contact|author|member|customer)\s+"
     r"(?P<y>.+)$", _for_whom),
    (rf"^(?:click|tap|press|hit)(?:\s+on)?\s+(?P<d>.+?)\s+(?:on|in|of|for|under)\s+(?P<q>all(?:\s+the)?|every|each|"
     rf"one|\d+)\s+(?:of\s+the\s+)?(?:[\w-]+)\s+{_BY}\s+(?P<y>.+)$", _click_on_items),
    (r"^(?:reply|respond|answer|forward|send)\b.*$", _act_on_item),
    (rf"^{_ICON_VERBS}\s+.*$", _act_on_item),
    (rf"^(?:click|tap|press)(?:\s+on)?\s+(?P<d>.+?)\s+(?:in\s+order\s+)?to\s+{_PURPOSE_VERBS}\b.*$", _purpose),
)
