"""The resolver's lexicon (pure): the verbs requests use and what each asks for, and the words that are
only the way a request is said (never a label), against which a typo in a filler word is corrected."""

from __future__ import annotations

from collections.abc import Collection

from rapidfuzz.distance import DamerauLevenshtein

__all__ = ["ACTIONS", "CLAUSE_VERBS", "FILLER_WORDS", "NOT_VALUES", "VERB_ACTION", "correct_word", "first_verb",
           "verb_action"]

# What a verb asks to do to the control it names: click it, check (or uncheck) it, choose it (an option, a
# tab, a radio), type into it, or set it to a value. A verb that fits several says so in order of preference.
ACTIONS = ("click", "check", "uncheck", "choose", "fill", "set")
VERB_ACTION: dict[str, str] = {
    **dict.fromkeys(("click", "press", "hit", "tap", "push", "activate", "follow", "open", "double-click", "expand",
                     "trigger"), "click"),
    **dict.fromkeys(("check", "tick", "mark", "toggle", "enable"), "check"),
    **dict.fromkeys(("uncheck", "untick", "unmark", "deselect", "unselect", "clear", "disable"), "uncheck"),
    **dict.fromkeys(("select", "choose", "pick", "answer", "respond", "go", "switch", "navigate", "view",
                     "show"), "choose"),
    **dict.fromkeys(("type", "enter", "write", "input", "fill", "put", "insert", "key"), "fill"),
    **dict.fromkeys(("set", "make", "move", "slide", "drag", "change", "adjust", "turn"), "set"),
}

# Words that begin a clause: a new verb after "and" or a comma starts the next clause.
CLAUSE_VERBS = (
    "click", "tap", "press", "hit", "push", "open", "follow", "select", "choose", "pick", "check", "uncheck",
    "tick", "untick", "mark", "enter", "type", "input", "fill", "write", "put", "focus", "expand", "close", "set",
    "move", "drag", "slide", "submit", "switch", "go", "find", "activate", "toggle", "deselect", "unselect",
    "double-click", "scroll", "search",
)

# Words a request is said with. A lower-case word one typo away from one of these (and from no other, and
# shown in no label on the page) is read as it: "teh" is "the", "buton" is "button".
FILLER_WORDS = frozenset({
    *VERB_ACTION, *CLAUSE_VERBS, "submit", "expand", "focus", "scroll", "search", "find", "locate", "close",
    "dismiss", "the", "that", "this", "then", "than", "them", "they", "there", "these", "those", "through",
    "ahead", "after", "before", "finally", "followed", "first", "second", "third", "fourth", "fifth", "last",
    "please", "could", "would", "should", "thanks", "thank", "button", "buttons", "field", "fields", "textbox",
    "text", "box", "boxes", "checkbox", "checkboxes", "radio", "option", "options", "link", "links", "tab",
    "tabs", "dialog", "popup", "window", "menu", "list", "dropdown", "slider", "spinner", "input", "value",
    "number", "item", "items", "section", "sections", "folder", "folders", "file", "tree", "page", "form",
    "with", "into", "from", "and", "for", "when", "done", "until", "where", "which", "what", "also",
    "under", "inside", "below", "above", "message", "email", "result", "results", "password", "username",
    "answer", "paragraph", "word", "again", "every", "each", "both", "all", "nothing", "else", "afterwards",
    # The forms "after choosing X" and "before pressing Y" take, so that their typos are read too.
    "choosing", "selecting", "picking", "typing", "entering", "clicking", "pressing", "filling", "hitting",
})

# Words that say what a value is, or that any will do, never the value itself: "type the name into Nickname"
# and "fill it with whatever you like" give no text to type.
NOT_VALUES = frozenset({
    "name", "names", "number", "numbers", "answer", "result", "solution", "sum", "total", "value", "values", "text",
    "word", "words", "date", "code", "letters", "characters", "string", "something", "anything", "whatever",
    "one", "it", "that", "this", "them", "below", "above", "shown", "here", "there", "same", "correct", "right",
    "you", "me", "i", "we", "like", "want", "wish", "need", "please", "yours", "mine",
})

# Real words that are one typo away from a filler word and mean something else: never corrected.
_WORDS = frozenset({"than", "then", "them", "they", "there", "these", "those", "that", "this", "tab", "tap",
                    "hit", "box", "fix", "sit", "bit", "pot", "put", "pit", "for", "form", "from", "fold", "field",
                    "filed", "file", "fine", "find", "kind", "mind", "mark", "park", "make", "take", "tick",
                    "sick", "pick", "lick", "kick", "link", "line", "list", "lost", "last", "type", "tape",
                    "time", "item", "iter", "open", "oven", "over", "done", "dome", "gone", "tone", "one",
                    "two", "ten", "set", "get", "let", "net", "met", "bet", "yet", "wet", "jet", "pet", "use",
                    "uses", "used", "user", "go", "do", "to", "too", "on", "in", "it", "is", "as", "at", "an",
                    "or", "of", "if", "by", "my", "me", "we", "be", "he", "no", "so", "up", "out", "our", "are",
                    "and", "any", "all", "ask", "add", "end", "old", "new", "now", "not", "nor", "how", "who",
                    "why", "its", "his", "her", "has", "had", "was", "way", "say", "see", "saw", "she", "the",
                    "with", "wish", "went", "want", "when", "what", "whom", "will", "well", "tell", "fill",
                    "feel", "fell", "full", "pull", "push", "rush", "show", "shown", "snow", "slow", "save",
                    "same", "sale", "some", "come", "name", "game", "came", "page", "sage", "wage", "mail",
                    "main", "menu", "mean", "text", "next", "test", "best", "rest", "west", "nest", "left",
                    "lift", "loft", "soft", "word", "work", "worm", "ward", "card", "hard", "wore", "more",
                    "very", "even", "ever", "hear", "here", "near", "once", "thin", "thing", "think",
                    # Number words are values, never typos of filler words ("three" is not "there").
                    "three", "four", "five", "six", "seven", "eight", "nine", "eleven", "twelve", "twenty"})


def verb_action(word: str) -> str | None:
    """What ``word`` (a request's verb) asks to do, or None when it is not a verb of the lexicon."""
    return VERB_ACTION.get(word.casefold())


def _typo_of(word: str, filler: str) -> bool:
    """Whether ``word`` is ``filler`` with two neighbouring letters swapped, one letter left out (in a word of
    four letters or more), or one letter doubled: the slips of typing. Another letter in place of one is not
    a typo here: it makes real words ("mode" and "move", "lines" and "links")."""
    if len(word) == len(filler):
        diff = [i for i in range(len(word)) if word[i] != filler[i]]
        return len(diff) == 2 and diff[1] == diff[0] + 1 and word[diff[0]] == filler[diff[1]] \
            and word[diff[1]] == filler[diff[0]]
    if len(word) == len(filler) - 1 and len(word) >= 4:
        return any(filler[:i] + filler[i + 1:] == word for i in range(len(filler)))
    if len(word) == len(filler) + 1:
        return any(word[i] == word[i - 1] and word[:i] + word[i + 1:] == filler for i in range(1, len(word)))
    return False


def correct_word(word: str, keep: Collection[str] = ()) -> str:
    """``word``, or the one filler word it is a typo of; a word a label shows (``keep``) stays as written."""
    w = word.casefold()
    if len(w) < 3 or w in FILLER_WORDS or w in _WORDS or w in keep or not w.isalpha() or word != w:
        return word
    near = [f for f in FILLER_WORDS if abs(len(f) - len(w)) <= 1 and DamerauLevenshtein.distance(w, f) == 1
            and _typo_of(w, f)]
    return near[0] if len(near) == 1 else word


def _base(word: str) -> str | None:
    """The lexicon's verb ``word`` is a form of ("pressing", "presses", "pressed", "setting"), or None."""
    w = word.casefold()
    if w in VERB_ACTION:
        return w
    stems = []
    for end in ("ing",):  # "changes" and "shows" are more often nouns or what a page does than a request
        if w.endswith(end) and len(w) - len(end) >= 2:
            stem = w[:-len(end)]
            stems += [stem, stem + "e"]
            if len(stem) >= 3 and stem[-1] == stem[-2]:
                stems.append(stem[:-1])  # "setting" is "set", "tapping" is "tap"
    return next((s for s in stems if s in VERB_ACTION), None)


def first_verb(words: list[str]) -> str | None:
    """The first of ``words`` that is a verb of the lexicon in any of its forms, as the lexicon spells it:
    "would you mind pressing the ONE button" asks to press."""
    for i, word in enumerate(words):
        base = _SPOT_VERBS.get(word.casefold()) or _base(word)
        if base is not None and (i == 0 or base not in _WEAK):
            return base
    return None


# Verbs read only when a clause is spotted: what they ask of the control named is a click on it.
_SPOT_VERBS = {"dismiss": "click", "dismissing": "click", "close": "click", "closing": "click"}
# Verbs that say what a control does more often than what to do with it ("once the field shows up", "I
# want to go"): read as the verb only when they begin the clause.
_WEAK = frozenset({"go", "show", "view", "key", "turn", "make", "answer", "respond", "follow", "clear"})
