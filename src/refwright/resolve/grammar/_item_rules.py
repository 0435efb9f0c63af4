"""Requests about an item of a list, found by its content (pure): "Find the email by Lela and reply to them
with the text "Hi"", "For the user @kenda, click on the "Like" button", "Click "Like" on all posts by @kenda",
"Find Kara in the contact book". Each gives an ``item`` part (the item whose text shows the name) followed by
what to do in it; replying and forwarding are plans of their own (open, reply, type, send).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ._plan import Kind, Part, Target
from ._target import QE, Q, only_quote, parse_target, restore, strip_articles

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
# The recipient follows the last "to" ("forward it on by email to Jane").
_FORWARD = re.compile(rf"^(?:forward|send)(?:\s+{_THEM})?(?:\s+{_MAIL})?\b.*?\bto\s+(?P<t>(?:(?!\bto\b).)+)$",
                      re.IGNORECASE)
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
    # "For the user @kenda, click Mute", "for @kenda, ...": the request is about the user, so any item of
    # theirs serves.
    return [_item(_name(m.group("y") or m.group("h"), quotes), restored, "any")], search


def _click_on_items(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    how = m.group("q").lower()
    value = "every" if how.startswith(("all", "every", "each")) else "1" if how == "one" else \
        how if how.isdigit() else None
    click = Part(Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))
    return [_item(_name(m.group("y"), quotes), restored, value), click], search


def _verb_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "Star the email by Omar", "delete the message from Lela": the item, then its icon of that verb.
    then = _action(m.group("v"), restored, quotes)
    return ([_item(_name(m.group("y"), quotes), restored), *then], search) if then is not None else None


def _forward_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Forward the email by Rita to Ann" (as "Forward Rita's email to Ann" is read): the item, then forward it.
    return [_item(_name(m.group("y"), quotes), restored), *_forward(m.group("t"), restored, quotes)], search


def _click_on_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Click the star on the message by Omar": the one item, then the control in it.
    click = Part(Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))
    return [_item(_name(m.group("y"), quotes), restored), click], search


def _control_of_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    # "click the address by Kara" (as "click Kara's address" is read): the item that shows the name, then the
    # control in it. The item itself ("the email by Kara") is left to the rules that open it.
    if re.fullmatch(r"(?:e-?mail|message|mail|post|tweet|item|entry|row|contact|card)s?", m.group("d"), re.IGNORECASE):
        return None
    click = Part(Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))
    return [_item(_name(m.group("y"), quotes), restored), click], search


def _act_on_item(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    then = _action(m.group(0), restored, quotes)
    return (then, search) if then is not None else None


def _purpose(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built:
    # "Click the star icon to mark it as important": what follows "to" says why, not what.
    return [Part(Kind.FIND if search else Kind.CLICK, restored, targets=parse_target(m.group("d"), quotes))], search


# A message named by who sent it, wherever the sentence puts it: "the email you got from Lela", "Lela's
# message", "the mail Lela sent me", "the Lela email". Names are capitalised words; the rest of the words are
# matched in any case.
_NAME = r"(?P<y>[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?)"
_NOUN = r"(?i:e-?mails?|mails?|messages?|information|info)"
_WHEN = r"(?:(?i:last|latest|first|most\s+recent|recent|new)\s+)?"
_THE = r"(?:(?i:the|that|this|an?|my|any|all(?:\s+(?:the|of\s+the))?)\s+)?"
_GOT = r"(?:\s+(?i:that\s+)?(?i:you|i|we)\s+(?i:got|received|get|have))?"
_WHERE = r"(?:\s+(?i:in|on)\s+(?i:the\s+|my\s+)?\w+(?:\s+(?i:inbox|app|folder))?)?"
_NOT_NAMES = frozenset({"The", "Primary", "Inbox", "Email", "Mail", "Message", "Please", "Today", "Siri"})
_MESSAGE = re.compile(
    rf"{_THE}{_WHEN}{_NOUN}{_WHERE}{_GOT}\s+(?i:from|by|sent\s+by|written\s+by)\s+{_NAME.replace('y', 'y1')}"
    rf"|{_NAME.replace('y', 'y2')}(?:'s|’s)\s+{_WHEN}{_NOUN}"
    rf"|{_THE}{_NOUN}\s+(?i:that\s+)?{_NAME.replace('y', 'y3')}\s+(?i:sent|wrote)(?:\s+(?i:to\s+)?(?i:me|you|us))?"
    rf"|(?i:the)\s+{_NAME.replace('y', 'y4')}\s+{_NOUN}")
_TO = r"(?P<to>[A-Z][a-z]+(?:-[A-Z]?[a-z]+)?)"
_POLITE = re.compile(r"^(?:please\s+|(?:i'd|i\s+would)\s+like\s+(?:you\s+)?to\s+|i\s+(?:want|need)\s+(?:you\s+)?to\s+|"
                     r"(?:can|could|will)\s+you\s+(?:please\s+)?|go\s+ahead\s+and\s+|let\s+me\s+|"
                     # A route to where the messages are ("Open the inbox, forward ..."): the message is looked
                     # for on the page as it is, and refused when it is not there.
                     r"(?:open|go\s+to|check)\s+(?:the\s+|my\s+)?(?:\w+\s+){0,2}(?:folder|inbox|app|e-?mail|mail|box)"
                     r"\s*(?:,|\s+and\s+|\s+then\s+)\s*)+", re.IGNORECASE)
# What to do with the message, once its phrase reads ITEM.
_ON_MESSAGE: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), k) for p, k in (
    (r"^(?i:find|locate|open|get|pull\s+up|search\s+for|look\s+for|go\s+to|select|highlight|take)\s+ITEM"
     r"(?:\s*,?\s*(?i:and\s+)?(?i:then\s+)?(?P<rest>.+))?$", "find"),
    (rf"^(?i:forward|send|give|email|resend|pass)\s+ITEM\s+(?i:on\s+|over\s+|along\s+|back\s+)?(?i:to)\s+{_TO}$",
     "forward"),
    (rf"^(?i:forward|send|give|email)\s+(?i:to\s+)?{_TO}\s+ITEM$", "forward"),
    (rf"^ITEM\s+(?i:should|needs\s+to|must)\s+be\s+(?i:forwarded|sent)\s+(?i:to)\s+{_TO}$", "forward"),
    (rf"^{_TO}\s+(?i:is\s+waiting\s+for|wants|needs|should\s+get|must\s+get|should\s+receive)\s+ITEM$", "forward"),
    (r"^(?i:mark)\s+ITEM\s+(?i:as)\s+(?i:important|starred|a\s+favou?rite)$", "star"),
    (rf"^(?i:reply|respond|answer)\b.*?ITEM\b.*?(?P<t>{Q}\d+{QE}).*$", "reply"),
    (r"^(?P<v>(?i:delete|trash|remove|erase|discard|star|flag))\s+ITEM$", "icon"),
    # "the message from Lela - trash it", "the email by Omar: star it": the item first, then what to do.
    (r"^ITEM\s*(?:[-–—:,]\s*)?(?P<v>(?i:delete|trash|remove|erase|discard|star|flag))\s+(?i:it|this|that|this\s+one)$",
     "icon"),
    # "I need the email Lela sent me forwarded to Ann".
    (rf"^(?i:i\s+(?:need|want|would\s+like)|i'd\s+like|(?:please\s+)?(?:get|have))\s+ITEM\s+(?i:forwarded|sent)\s+"
     rf"(?i:on\s+|over\s+)?(?i:to)\s+{_TO}$", "forward"),
))


def _message_request(m: re.Match[str], restored: str, quotes: list[str], search: bool) -> _Built | None:
    """A request about a message named by its sender, in any word order the kinds above cover."""
    text = m.group(0)
    found = [f for f in _MESSAGE.finditer(text) if next(g for g in f.groups() if g) not in _NOT_NAMES]
    if len(found) != 1:
        return None
    hit = found[0]
    name = next(g for g in hit.groups() if g)
    said = _POLITE.sub("", (text[:hit.start()] + "ITEM" + text[hit.end():]).strip().rstrip(",.?!").strip())
    # "Find and remove the email from X": finding it is part of doing it.
    said = re.sub(r"^(?i:find|locate|search)\s+and\s+", "", said)
    every = "every" if re.match(r"(?i:all)\b", hit.group(0)) else None
    said = re.sub(r"(?:,?\s+(?i:please|today|now))+$", "", said)
    for pattern, kind in _ON_MESSAGE:
        on = pattern.match(said)
        if on is None:
            continue
        item = _item(name, restored, every)
        if kind == "star":
            return [item, Part(Kind.CLICK, restored, targets=(Target(label="star", role="icon"),))], search
        if kind == "find":
            rest = on.group("rest")
            then = _action(rest.replace("ITEM", "it"), restored, quotes) if rest else []
            return ([item, *then], search) if then is not None else None
        if kind == "forward":
            return [item, *_forward(on.group("to"), restored, quotes)], search
        if kind == "reply":
            return [item, *_reply(on.group("t"), restored, quotes)], search
        return [item, Part(Kind.CLICK, restored, targets=(Target(label=on.group("v").lower(), role="icon"),))], search
    return None


_LIST_WORDS = r"(?:book|list|contacts?|directory|inbox|table|results|feed|page|timeline|address\s+book)"
_PURPOSE_VERBS = (r"(?:mark|delete|remove|open|star|reply|forward|like|share|flag|archive|save|make|show|see|view|"
                  r"confirm|add|send|favou?rite|bookmark|retweet|report)")

ITEM_RULES: tuple[tuple[str, _Builder], ...] = (
    (r"^.*$", _message_request),
    (rf"^(?:please\s+)?(?:find|locate|go\s+to|look\s+for|search\s+for|navigate\s+to|get)\s+(?:the\s+|a\s+)?"
     rf"(?!and\b)(?P<n>[\w-]+)\s+{_BY}\s+(?P<y>.+?)(?:\s*,?\s+and\s+(?:then\s+)?(?P<rest>.+))?$", _find_item),
    (rf"^(?:please\s+)?(?:find|locate|look\s+up|look\s+for|search\s+for)\s+(?P<y>.+?)\s+(?:in|on|among)\s+"
     rf"(?:the\s+|my\s+|your\s+)?(?:[\w-]+\s+){{0,2}}{_LIST_WORDS}$", _item_in),
    (r"^for\s+(?:(?:the\s+)?(?:user|account|person|contact|author|member|customer)\s+(?P<y>.+)|(?P<h>@[\w.-]+))$",
     _for_whom),
    (rf"^(?:click|tap|press|hit)(?:\s+on)?\s+(?P<d>.+?)\s+(?:on|in|of|for|under)\s+(?P<q>all(?:\s+the)?|every|each|"
     rf"one|\d+)\s+(?:of\s+the\s+)?(?:[\w-]+)\s+{_BY}\s+(?P<y>.+)$", _click_on_items),
    (rf"^(?P<v>{_ICON_VERBS})\s+(?:the\s+|that\s+|this\s+|an?\s+)?(?:[\w-]+)\s+{_BY}\s+(?P<y>.+)$", _verb_item),
    (rf"^(?:click|tap|press|hit)(?:\s+on)?\s+(?P<d>.+?)\s+(?:on|in|of|for|under)\s+(?:the\s+|that\s+|this\s+)"
     rf"(?:[\w-]+)\s+{_BY}\s+(?P<y>.+)$", _click_on_item),
    (r"^(?:click|tap|press|open)(?:\s+on)?\s+(?:the\s+)?(?P<d>[\w-]+(?:\s+[\w-]+)?)\s+by\s+(?P<y>@?[A-Z][\w.-]*"
     r"(?:\s+[A-Z][\w.-]*){0,2})$", _control_of_item),
    (rf"^(?:forward|send)\s+{_MAIL}\s+{_BY}\s+(?P<y>.+?)\s+(?:on\s+|along\s+)?to\s+(?P<t>(?:(?!\bto\b).)+)$",
     _forward_item),
    (r"^(?:reply|respond|answer|forward|send)\b.*$", _act_on_item),
    (rf"^{_ICON_VERBS}\s+.*$", _act_on_item),
    (rf"^(?:click|tap|press)(?:\s+on)?\s+(?P<d>.+?)\s+(?:in\s+order\s+)?to\s+{_PURPOSE_VERBS}\b.*$", _purpose),
)
