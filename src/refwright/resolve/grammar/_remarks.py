"""Words around a request that ask for nothing, or ask only if something happens (pure, issue #39):

- a wrapper the clause rules would not strip: "would you mind typing X" is "type X";
- where a suggestion is chosen from: "From the autocomplete, pick ..." is "pick ...";
- a remark that nothing else is wanted: "..., nothing else", "press Submit, without any comment";
- a value set off by commas after its field: "enter my email, a@b.co, and the code 1234";
- a login's two values with a slash: "login ann / s3cret", "ann / s3cret, sign in" are the username and the
  password (each matched to its field by label on the page, never by guess);
- "V into A and again into B": V into each;
- a popup said with a condition: "If a popup asks ..., just cancel it and carry on", "if it pushes the app on
  you, just say Not now": no step of its own, but the only way out of such a popup act may take is the
  button it names;
- chat: a clause with no verb of the lexicon that only states something ("Hiya", "my order's ready", "it
  could be a file or a folder") is no step, when another clause asks for something and the remark names no
  label of the page that no other clause names.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ._lexicon import first_verb
from ._target import QE, Q

__all__ = ["is_chat", "loosen", "popup_conditions"]

_MIND = re.compile(r"\b(?:(?:would|do|will)\s+(?:you|u)\s+)?(?<![\w'])mind\s+(?=[a-z]+ing\b)", re.IGNORECASE)
_FROM_SUGGESTIONS = re.compile(r"(?:^|(?<=[.;]\s))(?:from|in|using|via)\s+the\s+(?:auto-?complete|suggestions?"
                               r"(?:\s+list)?|suggestion\s+list|list\s+of\s+suggestions)\s*,?\s+", re.IGNORECASE)
_NOTHING_ELSE = re.compile(r"\s*,\s*(?:and\s+|but\s+)?(?:nothing|none)\s+else\b", re.IGNORECASE)
_LOGIN = re.compile(r"\b(?:log\s*in|sign\s*in|login)\b", re.IGNORECASE)
_SLASH = re.compile(rf"(?P<lead>\b(?:log\s*in|sign\s*in|login)\s+(?:as\s+|with\s+)?)?(?<![\w/])"
                    rf"(?P<u>[^\s/,;{Q}]+|{Q}\d+{QE})"
                    rf"\s+/\s+(?P<p>[^\s/,;{Q}]+|{Q}\d+{QE})(?![\w/])", re.IGNORECASE)
_AGAIN = re.compile(r"\b(?P<verb>typ(?:e|ing)|enter(?:ing)?|put(?:ting)?|writ(?:e|ing)|input(?:ting)?)\s+(?P<v>\S+)\s+"
                    r"(?P<p>into|in)\s+(?P<a>[^,;.]+?)\s*,?\s+and\s+"
                    r"(?:again|also|once\s+more)\s+(?:into|in)\s+", re.IGNORECASE)


# "press Submit, without any comment": what is left out of what is sent (nothing to do); never a change of the
# value typed ("without spaces").
_LEFT_OUT = re.compile(r"\b(?P<v>submit|send|save|continue)(?P<o>\s+(?:it|the\s+form|the\s+survey))?\s*,\s*(?:and\s+)?"
                       r"(?:without|with\s+no)\s+(?:any\s+|a\s+|an\s+)?(?!spaces\b|whitespace\b|dashes\b)[a-z]+"
                       r"(?=\s*(?:[.;!?]|$))", re.IGNORECASE)
# "enter my email, a@b.co, and the code 1234": a value set off by commas after the field it is for.
_APPOSED = re.compile(rf"\b(?:my|the|your)\s+(?P<n>[a-z]+(?:\s+[a-z]+)?)\s*,\s*(?P<v>{Q}\d+{QE}|[^\s,;{Q}]*[\d@]"
                      rf"[^\s,;{Q}]*)\s*(?=,|$)", re.IGNORECASE)


def loosen(text: str) -> str:
    """``text`` (a request, quoted strings set aside) with these wordings brought to the clause rules' words."""
    t = _MIND.sub("", text)
    t = _FROM_SUGGESTIONS.sub("", t)
    t = _NOTHING_ELSE.sub("", t)
    t = _LEFT_OUT.sub(lambda m: m.group("v") + (m.group("o") or ""), t)
    t = _APPOSED.sub(lambda m: f"{m.group('n')} {m.group('v')}", t)
    t = _AGAIN.sub(lambda m: f"{m.group('verb')} {m.group('v')} {m.group('p')} {m.group('a')} and "
                              f"type {m.group('v')} into ", t)
    if _LOGIN.search(t) and len(_SLASH.findall(t)) == 1:
        m = _SLASH.search(t)
        if m is not None and not (m.group("u").isdigit() and m.group("p").isdigit()):
            pair = f"username {m.group('u')}, password {m.group('p')}"
            t = t[:m.start()] + (f"{pair}, then login" if m.group("lead") else pair) + t[m.end():]
    return t


_POPUP_IF = re.compile(
    r"(?:^|(?<=[.;!?]\s)|(?<=[.;!?]))\s*(?:and\s+)?(?:if|when|should|in\s+case)\s+(?P<c>[^.;!?,]*?)\s*,\s*(?:then\s+)?"
    r"(?:just\s+|simply\s+)?(?:(?P<x>cancel|dismiss|close|decline)(?:\s+(?:it|that|this|them|the\s+\w+))?|"
    rf"(?:say|press|click|hit|tap|choose|pick|answer|select)\s+(?:on\s+)?(?P<l>{Q}\d+{QE}|[^.;!?,]+?))"
    r"(?:\s+and\s+(?:then\s+)?(?:carry\s+on|continue|keep\s+going|go\s+on|proceed|move\s+on))?\s*(?:[.!?]+|$)",
    re.IGNORECASE)
_POPUP_SAID = re.compile(r"\b(?:pop-?up|dialog|modal|overlay|prompt|alert|banner|it\s+(?:asks|pushes|prompts|"
                         r"offers|shows|pops)|(?:asks|pushes|prompts|pops\s+up|appears|shows\s+up|comes\s+up))\b",
                         re.IGNORECASE)


def popup_conditions(text: str) -> tuple[str, tuple[str, ...]]:
    """``text`` without the sentences that say what to do if a popup comes, and the buttons they name (a
    placeholder for a quoted one): "If a popup asks ..., just cancel it" names Cancel."""
    labels: list[str] = []

    def each(m: re.Match[str]) -> str:
        if not _POPUP_SAID.search(m.group("c")):
            return m.group(0)
        word = (m.group("x") or "").lower()
        labels.append({"cancel": "Cancel", "close": "Close", "dismiss": "", "decline": ""}.get(word, "")
                      if word else m.group("l").strip())
        return " "
    out = _POPUP_IF.sub(each, text)
    return re.sub(r"\s+", " ", out).strip(), tuple(labels)


_STATEMENT = re.compile(r"^(?:hi|hiya|hey|hello|howdy|yo|greetings|(?:good\s+)?(?:morning|afternoon|evening)|"
                        r"i|i'?m|i'?d|i'?ve|i'?ll|it|it'?s|its|my|there'?s|this|that'?s|that|we|we'?re|they|"
                        r"they'?re)\b", re.IGNORECASE)
_STOP = frozenset({"a", "an", "the", "it", "its", "is", "be", "i", "my", "me", "to", "of", "on", "in", "or", "and",
                   "s", "d", "m", "ve", "ll", "re", "this", "that", "there", "we", "they"})


def is_chat(clause: str, others: Sequence[str], keep: Collection[str]) -> bool:
    """Whether ``clause`` only chats or remarks ("Hiya", "my order's ready", "I'd prefer the light theme" beside
    "pick Light"): no verb of the lexicon, no quoted string and nothing that looks like a value, said as a
    statement, and none of its words a label's word of the page (``keep``) that no other clause (``others``)
    says too. Such a clause is no step; the caller keeps it when it is all the request says."""
    c = clause.strip().rstrip(".!?").strip()
    if not c or Q in c or re.search(r"[\d@/:=]", c) or not _STATEMENT.match(c):
        return False
    words = [w for w in re.findall(r"[a-z]+", c.casefold()) if w not in _STOP]
    if first_verb(re.findall(r"[\w'-]+", c)) is not None:
        return False
    said = {w for o in others for w in re.findall(r"[a-z]+", o.casefold())}
    return all(w not in keep or w in said for w in words)
