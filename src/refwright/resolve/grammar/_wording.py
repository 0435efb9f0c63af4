"""A request as people write it, brought to the words the clause rules read (pure).

Run on the request once its quoted strings are set aside (so a label is never changed):

- typos in filler words corrected ("teh" is "the", "buton" is "button"), never in a word a label shows;
- polite and chatty wrappers dropped ("please", "could you", "go ahead and", "I'd like you to", "thanks");
- remarks dropped: a parenthesis that asks for nothing ("(scroll if needed)", "(it's one of the tabs)"), a
  trailing "it is under one of the tabs", "so I can type"; a parenthesis that asks for something ("(type it
  twice)") is a clause of its own;
- a place before the request ("In the dialog, press Cancel") or after its target ("Cancel in the popup")
  dropped: it says where to look, and a control is looked for on the whole page anyway;
- sequencing words made one ("followed by", "after that", "and finally", "before submitting") and gerunds
  made verbs ("followed by clicking Submit" is "then click Submit");
- number forms made one: "textbox number 3" and "input #3" are "the 3rd textbox", "result number 4" is "the
  4th result"; "tab number 3" is "tab #3", which a tab labelled "Tab #3" matches.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from .._labels import ORDINAL_PATTERN
from ._lexicon import CLAUSE_VERBS, correct_word, verb_action
from ._remarks import loosen

__all__ = ["reword"]

_VERB_ALT = "|".join(CLAUSE_VERBS) + "|log|sign|save|submit|make|respond|answer"
_SHORT = {"thru": "through", "pls": "please", "plz": "please", "thx": "thanks", "btn": "button", "u": "you",
          "ur": "your", "txt": "text", "chk": "check", "n": "and", "w": "with", "fwd": "forward"}
_WORD = re.compile(r"(?<![\w⟦])[A-Za-z]+(?:'[a-z]+)?(?![\w⟧])")

_LEAD = re.compile(
    r"^(?:(?:please|kindly|just|ok(?:ay)?|hey|hi|hiya|howdy|hello|alright|all\s+right|so|now)\s*[,!]?\s+|"
    r"(?:and\s+)?(?:then|also|finally|lastly|afterwards?)\s*,?\s+(?=\S)|"
    r"(?:could|can|would|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+|just\s+)?|"
    r"(?:i'?d|i\s+would)\s+(?:like|love)\s+(?:you\s+)?to\s+|i\s+(?:want|need)\s+(?:you\s+)?to\s+|"
    r"(?:go\s+ahead\s+and|try\s+to|be\s+sure\s+to|make\s+sure\s+(?:to|you)|remember\s+to|don'?t\s+forget\s+to|"
    r"help\s+me|you\s+(?:should|need\s+to|have\s+to|must|can)|let'?s|lets|time\s+to)\s+)+",
    re.IGNORECASE)
_TAIL = re.compile(
    r"(?:\s*[,;:!-]?\s*(?:please|for\s+me|thanks(?:\s+a\s+lot)?|thank\s+you|thx|cheers|if\s+you\s+(?:can|could|would|"
    r"don'?t\s+mind)|when\s+you\s+(?:can|get\s+a\s+chance)|right\s+now|real\s+quick|quickly|asap|"
    r"will\s+you|would\s+you|thanks?\s+in\s+advance|again|as\s+well|too|respectively|in\s+(?:that\s+)?order|"
    r"from\s+(?:top\s+to\s+bottom|left\s+to\s+right)|afterwards?|after(?:\s+that)?|at\s+the\s+end|"
    r"(?:when|once)\s+(?:that'?s\s+|that\s+is\s+|it'?s\s+|you'?re\s+|you\s+are\s+)?(?:all\s+)?(?:done|finished)|"
    # "press Submit when it's in": once the value asked for before is in place, which act sees to anyway.
    r"(?:when|once)\s+(?:it'?s|it\s+is|that'?s|they'?re|they\s+are|everything(?:'s|\s+is))\s+(?:all\s+)?"
    r"(?:in|entered|typed|filled(?:\s+in)?|in\s+place)))+"
    r"\s*[.!?]*$", re.IGNORECASE)
# A remark after the request: where the control is, or why it is asked for.
_REMARK = re.compile(
    r"\s*(?:[,;:]|\s[-–—]|\.)\s*(?:it'?s|it\s+is|they'?re|they\s+are|which\s+is|that'?s|you'?ll\s+(?:find|see)|"
    r"should\s+be|i\s+think|probably|hopefully|if\s+(?:needed|necessary|you\s+(?:need|have|must))|"
    r"(?:you|u)\s+(?:might|may|will|'ll|could)\s+(?:need|have)\s+to)\b[^⟦]*$"
    r"|\s+(?:so\s+(?:that\s+)?(?:i|we|you)\s+can|so\s+i\s+could|because|since|as\s+i)\b[^⟦]*$"
    r"|\s*,?\s+not\s+the\s+other\s+one\b",
    re.IGNORECASE)
_PAREN = re.compile(r"\s*\(([^()⟦⟧]*)\)")
# A parenthesis asks for something when it begins with a verb and is not only a hint on how to find it.
_ASKS = re.compile(rf"^(?:and\s+|then\s+|also\s+)?(?:{_VERB_ALT})\b", re.IGNORECASE)
_HINT = re.compile(r"\b(?:if\s+(?:needed|necessary|you\s+(?:need|have|must|can't|cannot))|may\s+need|might\s+need|"
                   r"to\s+find|to\s+see|to\s+reach)\b|^scroll\b", re.IGNORECASE)

_PLACE = (r"(?:the\s+|this\s+|that\s+|a\s+)?(?:dialog(?:\s+box)?|pop-?up(?:\s+window)?|modal|window|form|page|"
          r"overlay|box|panel|top|bottom|menu|menu\s+bar|toolbar|sidebar|header|footer)")
_PLACE_LEAD = re.compile(rf"^(?:in|on|inside|within|from|at)\s+(?:{_PLACE}\s*,?|(?:the\s+|my\s+)?(?:[\w-]+\s+)?"
                         r"(?:book|list|table|inbox|feed|contacts|directory|address\s+book)\s*,)\s+"
                         rf"(?=(?:{_VERB_ALT})\b)", re.IGNORECASE)
_PLACE_TAIL = re.compile(rf"\s+(?:in|on|inside|within|from|at)\s+{_PLACE}(?:'s)?(?=\s*(?:[,;.!?]|$|\s+(?:and|then)\b))",
                         re.IGNORECASE)

_SEQUENCE = (
    (r"\s*,?\s*\b(?:and\s+)?(?:then\s+)?followed\s+by\s+", ", then "),
    (r"\s*,?\s*\b(?:and\s+)?(?:after\s+that|afterwards|afterward|once\s+(?:that'?s|that\s+is|it'?s)\s+done|"
     r"when\s+(?:that'?s|that\s+is)\s+done)\s*,?\s+", ", then "),
    (r"\s*,?\s*\b(?:and\s+)?(?:then\s+)?(?:finally|lastly|at\s+the\s+end)\s*,?\s+", ", then "),
    (r"(?:\s*,?\s*\band)?\s*,?\s*\bthan\s+(?=(?:" + _VERB_ALT + r")\b)", ", then "),
    # "and next, click X" (not "and Next again": a label; "next" is a sequencing word before a comma or a verb).
    (rf"\s*,?\s*\band\s+next\s*(?:,\s*|\s+(?=(?:{_VERB_ALT})\b))|\.\s+next\s*,?\s+", ", then "),
    (r"^first(?:\s+of\s+all)?\s*,?\s+", ""),
    # A greeting as a sentence of its own ("Hi! Could you ...").
    (r"^(?:hi|hiya|howdy|hello|hey|good\s+(?:morning|afternoon|evening))(?:\s+there)?\s*[.,]\s+", ""),
    # "sliders to 10, 18, 15": the verb left out.
    (r"^(?:the\s+|all\s+(?:the\s+)?)?((?:two|three|four|five|\d)\s+)?sliders\s+(?=to\s)", r"set the \1sliders "),
    # "my username is ann and the password is x": what each field takes ("username ann, password x").
    (r"(?:(?<=^)|(?<=[,.;]\s)|(?<=\sand\s))(?:my|the)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:is|should\s+be|=)\s+"
     r"(?=(?:⟦\d+⟧|[^\s,;]+)(?:\s*[,.;]|\s+and\b|$))", r"\1 "),
    # "log me in using the username ann and the password x", "submit the form with X as the date": what it
    # is done with first, then the act.
    (r"^(?:(?:would|could|can|will)\s+(?:you|u)\s+(?:please\s+|kindly\s+)?|please\s+)?(?P<v>(?:log|sign)\s+(?:me\s+)?(?:in|on)|login|submit(?:\s+(?:the|this|my)\s+\w+(?:\s+(?:input|field|box))?)?)"
     r"\s+(?:using|with)\s+"
     r"(?P<w>[^,;]+?)(?=\s*(?:[,;]|$))", r"\g<w>, then \g<v>"),
    (r"\b(?:log|sign)\s+(?:me\s+)?(?:in|on)\b", "login"),
    (r"\b(password|passcode|pin)\s*:\s*(?=\S)", r"\1 "),
    (r"\b(?:get\s+rid\s+of|shut)\b", "close"),
    # "select only A and B": only those (the boxes not named stay as they are).
    (r"\b(select|check|tick|mark|choose|pick)\s+only\s+", r"\1 "),
    # "the paragraph's text" is the text of the paragraph.
    (r"\b(?:very\s+)?final\s+(word|line|sentence|paragraph)\b", r"last \1"),
    # "the 3rd textarea's text", "the text area's last word": the text of the 3rd textarea, the last word of it.
    (rf"\b(?:the\s+)?((?:{ORDINAL_PATTERN}\s+)?)(paragraph|text\s*area|section|page|box|field|text\s*box|passage)'s\s+"
     rf"((?:{ORDINAL_PATTERN}\s+)?(?:text|contents?|words?))\b", r"the \3 of the \1\2"),
    # "copy the text you see below into the box": type the text the page shows.
    (r"\b(text|words?)\s+(?:that\s+)?you\s+(?:can\s+)?see\b", r"\1 shown"),
    (r"\bcopy\s+(?=(?:all\s+)?(?:the\s+)?(?:text|words?)\s+(?:that\s+)?(?:is\s+)?(?:shown|displayed|written|below|above)"
     r"\s+(?:below\s+|above\s+)?(?:into|in|to)\b)", "type "),
    # "check the 2nd box": a box to check is a checkbox.
    (r"\b(check|tick|mark|uncheck|untick|toggle)\s+(the\s+)?((?:\w+\s+)?)box(es)?\b", r"\1 \2\3checkbox\4"),
    (r"\buntil\s+you\s+(?:find|see|reach|get\s+to|spot)\s+", ", find "),
)
_SEQUENCE_RE = tuple((re.compile(p, re.IGNORECASE), r) for p, r in _SEQUENCE)
# "X after scrolling to the end": that first, then X.
_NOT_END = r"(?:[^,;.]|\.(?=\S))"  # within one clause (a dot inside "a@b.co" does not end it)
_AFTER = re.compile(rf"(?P<b>{_NOT_END}+?)\s+(?:after|once)\s+(?:you(?:'ve|\s+have)?\s+)?(?P<a>(?:scrolling|"
                    r"typing|entering|selecting|choosing|picking|checking|ticking|filling|clicking|pressing|opening|"
                    rf"expanding|highlighting|moving|setting|putting|writing|copying)\b{_NOT_END}*)", re.IGNORECASE)
# A place that points back ("the Confirm button in it"): the previous target's, which is looked in anyway.
_PLACE_BACK = re.compile(r"(?<=\w)(?<!\bclick)(?<!\btap)(?<!\bpress)(?<!\bhit)(?<!\bput)(?<!\btype)(?<!\benter)"
                         r"(?<!\bwrite)(?<!\bfocus)\s+(?:in|inside|within|under)\s+(?:it|there|that|this|them|that\s+one)"
                         r"(?=\s*(?:[,;.!?]|$|\s+(?:and|then)\b))", re.IGNORECASE)
# "X before submitting" / "before pressing Save": X, then that.
_BEFORE = re.compile(r"^(?P<a>.+?)\s*,?\s+before\s+(?P<b>(?:submitting|sending|saving|pressing|clicking|hitting|"
                     r"tapping|you\s+(?:submit|press|click|hit|save))\b.*)$", re.IGNORECASE)
_GERUNDS = {"clicking": "click", "pressing": "press", "hitting": "hit", "tapping": "tap", "selecting": "select",
            "choosing": "choose", "picking": "pick", "checking": "check", "ticking": "tick", "typing": "type",
            "entering": "enter", "submitting": "submit", "sending": "submit", "saving": "save",
            "opening": "open", "filling": "fill", "putting": "put", "writing": "write", "scrolling": "scroll",
            "expanding": "expand", "highlighting": "highlight", "moving": "move", "setting": "set",
            "copying": "copy"}
_GERUND = re.compile(r"(?:(?<=^)|(?<=then\s)|(?<=,\s)|(?<=and\s))(" + "|".join(_GERUNDS) + r")\b", re.IGNORECASE)

_ROLE_NUMBERED = re.compile(
    r"\b(?P<r>(?:input\s+)?text\s*box(?:es)?|text\s+field|input(?:\s+field)?|field|box|radio(?:\s+button)?|"
    r"check\s*box|text\s*area|result|search\s+result|word|paragraph)\s+(?:number\s+|no\.?\s*|#\s*)?"
    r"(?P<n>\d{1,2})\b(?!\s*(?:[:/.]\d|%|px|am|pm))",
    re.IGNORECASE)
# "the field for Nickname" is the field labelled Nickname.
_FIELD_FOR = re.compile(r"\b(field|box|input|text\s*box|text\s+field|text\s+area)\s+for\s+(?:the\s+)?(?=\S)",
                        re.IGNORECASE)
_NUMBER_SIGN = re.compile(r"\b(?P<r>tab)\s+(?:number|no\.?)\s*(?=\d)", re.IGNORECASE)
_ORD_WORD = re.compile(rf"^{ORDINAL_PATTERN}$", re.IGNORECASE)


def _suffix(n: int) -> str:
    return "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def _numbered(m: re.Match[str]) -> str:
    n = int(m.group("n"))
    return f"the {n}{_suffix(n)} {m.group('r')}" if n > 0 else m.group(0)


def _words(text: str, keep: Collection[str]) -> str:
    def fix(m: re.Match[str]) -> str:
        word = m.group(0)
        return _SHORT.get(word.casefold(), correct_word(word, keep))
    return _WORD.sub(fix, text)


_KIND_NOTE = re.compile(r"^(?:it'?s\s+|it\s+is\s+)?(?:the|a)\s+(button|link|tab|checkbox|radio(?:\s+button)?|"
                        r"text\s*box|text\s+field|field|menu\s+item|option|icon)\s*(?:$|,?\s+not\b)", re.IGNORECASE)


def _parens(text: str, keep: Collection[str]) -> str:
    def each(m: re.Match[str]) -> str:
        inner = m.group(1).strip()
        words = re.findall(r"\w+", inner.casefold())
        if not re.search(r"[^\W\d_]", inner) or (words and all(w in keep for w in words)):
            # Numbers only ("(-1,0)"), or part of a label the page shows ("Edit (beta)").
            return m.group(0)
        kind = _KIND_NOTE.match(inner)
        if kind:
            # "Confirm (the button, not the header)": the kind of control it is.
            return " " + kind.group(1) + " "
        if inner and _ASKS.match(inner) and not _HINT.search(inner):
            return ", then " + re.sub(r"^(?:and|then|also)\s+", "", inner, flags=re.IGNORECASE) + " "
        return " "
    return _PAREN.sub(each, text)


def _clause(text: str) -> str:
    t = text.strip()
    for _ in range(3):
        before = t
        t = _LEAD.sub("", t).strip()
        t = _TAIL.sub("", t).strip()
        t = _REMARK.sub("", t).strip()
        t = _PLACE_LEAD.sub("", t).strip()
        if t == before:
            break
    return t


# "Omar Díaz's email" is the email by Omar Díaz; "@ann's post" the post by @ann.
_POSSESSIVE = re.compile(r"(?P<who>@?[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,2}|@[\w.-]+)'s\s+(?P<what>e-?mails?|messages?|"
                         r"mails?|posts?|tweets?|comments?|notes?|replies|reply|contacts?|entry|entries|rows?|cards?|"
                         r"profile|address|phone(?:\s+number)?|number)\b")
# A remark that says the target is hidden ("it's inside one of the collapsed sections") says to look there.
_HIDDEN = re.compile(r"\b(?:collapsed|hidden|expand\w*|sections?|tabs|folders?|tree|accordion|panels?)\b",
                     re.IGNORECASE)


# A remark that a tab must be opened first ("you might need to open the second tab first").
_A_TAB = re.compile(r"\bopen\s+(?:the\s+|a\s+)?(?:\w+\s+)?tab\b", re.IGNORECASE)

_ON_TAB = re.compile(rf"\s*,?\s+(?:(?:which|that)\s+is\s+|it'?s\s+|it\s+is\s+)?(?:on|in|under|inside|behind)\s+"
                     rf"(?:the\s+)?(?:{ORDINAL_PATTERN}\s+tab|tab\s+(?:number\s+|no\.?\s*)?#?\s*\d+)\b",
                     re.IGNORECASE)


_TAB_PAREN = re.compile(rf"\s*\(\s*(?:(?:it'?s\s+|which\s+is\s+)?(?:on|in|under|inside|behind)\s+)?(?:the\s+)?"
                        rf"(?:{ORDINAL_PATTERN}\s+tab|tab\s+(?:number\s+|no\.?\s*)?#?\s*\d+)\s*\)", re.IGNORECASE)


def _on_tab(text: str) -> tuple[str, bool]:
    """``text`` without a tab said as where its target is, and whether there was one. "Click on Tab #2" is
    the tab itself: only a place after a target (a verb and at least one word before it) is one."""
    found = False
    if _TAB_PAREN.search(text) and len(_TAB_PAREN.sub("", text).split()) >= 2:
        # "Open Terms of use (Tab #2)": the tab in a parenthesis is where the target is.
        text, found = _TAB_PAREN.sub("", text), True

    def each(m: re.Match[str]) -> str:
        nonlocal found
        before = re.split(r"[,;.]|\b(?:and|then)\b", m.string[:m.start()])[-1].split()
        if len(before) < 2 or verb_action(before[-1]) is not None or before[-1].lower() in ("go", "switch", "click",
                                                                                             "navigate", "move"):
            return m.group(0)
        found = True
        return ""
    return _ON_TAB.sub(each, text), found


_ITEM_VERBS = frozenset({"forward", "reply", "star", "delete", "remove", "open", "like", "retweet", "share", "mute",
                         "flag", "archive", "mark", "send", "answer", "respond", "click", "find", "check", "select",
                         "locate", "look", "view", "read", "see", "show", "get", "please", "kindly", "just", "and",
                         "then", "can", "could", "would", "will", "you", "go", "to"})


def _possessives(text: str) -> str:
    def each(m: re.Match[str]) -> str:
        words = m.group("who").split()
        lead = []
        while len(words) > 1 and (words[0].lower() in _ITEM_VERBS or words[0].lower() in CLAUSE_VERBS):
            lead.append(words.pop(0))
        return " ".join([*lead, "the", m.group("what"), "by", *words])
    return _POSSESSIVE.sub(each, text)


def _place_tail(m: re.Match[str]) -> str:
    """A place after a target is dropped, except where a value is typed or copied: "type it in the box" names
    the field, not where to look."""
    clause = re.split(r"[,;.]|\b(?:and|then)\b", m.string[:m.start()])[-1].split()
    verb = clause[0].casefold() if clause else ""
    return m.group(0) if verb_action(verb) == "fill" or verb in ("copy", "paste") else ""


def reword(protected: str, keep: Collection[str] = ()) -> str:
    """``protected`` (a request whose quoted strings are placeholders) in the words the clause rules read;
    ``keep`` holds the words the page's labels show (lower case), which are never read as typos."""
    t = _words(protected, keep)
    hint = any(_HIDDEN.search(m.group(1)) for m in _PAREN.finditer(t)) or any(
        _HIDDEN.search(m.group(0)) or _A_TAB.search(m.group(0)) for m in _REMARK.finditer(t))
    # "Terms of use on the second tab", "X, which is on Tab #2": a tab it is behind is looked through.
    t, tabs = _on_tab(t)
    hint = hint or tabs
    t = loosen(_parens(t, keep))
    t = re.sub(r"[?!]+(?=\s|$)", ".", t)
    for pattern, repl in _SEQUENCE_RE:
        t = pattern.sub(repl, t)
    m = _BEFORE.match(t)
    if m:
        t = f"{m.group('a')}, then {m.group('b')}"
    t = _AFTER.sub(lambda m: f"{m.group('a')}, then {m.group('b')}", t)
    t = _PLACE_BACK.sub("", t)
    t = _GERUND.sub(lambda g: _GERUNDS[g.group(1).lower()], t)
    t = _possessives(t)
    t = _FIELD_FOR.sub(lambda m: m.group(1) + " labelled ", t)
    t = _ROLE_NUMBERED.sub(_numbered, t)
    t = _NUMBER_SIGN.sub(lambda m: m.group("r") + " #", t)
    t = re.sub(r"\b(the\s+)+the\b", "the", t, flags=re.IGNORECASE)
    # Each sentence and each "then" clause is unwrapped on its own ("Sure. Please click X, thanks").
    pieces = re.split(r"(\.\s+|,\s*then\s+|;\s*)", t)
    out = "".join(_clause(p) if i % 2 == 0 else p for i, p in enumerate(pieces))
    out = _PLACE_TAIL.sub(_place_tail, out)
    out = re.sub(r"\s+", " ", out).strip(" ,;")
    out = re.sub(r"^(?:,\s*)?then\s+", "", out, flags=re.IGNORECASE)
    if hint and out:
        # Said to be hidden: what follows is looked for by opening what is collapsed.
        out = "look through the sections; " + out
    return out
