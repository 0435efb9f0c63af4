"""Label spotting (pure): a clause no rule reads, or a ``set X to V``, turned into a part of a known kind
aimed at the one visible control it names.

A clause names a control when the control's label (a list's option, a tab's or an item's label) appears in
it as a whole phrase, whatever the words around it: "go ahead and tap Cancel for me" names the button
Cancel. The clause's verb picks the action, and a verb that does not fit the control's kind is a refusal,
not a guess. Several named controls are a refusal that lists them; none is a refusal that lists the near
ones (rapidfuzz), never a click on something the request did not name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from ..._errors import RefwrightError, UnsupportedRequestError
from .._labels import fold, match_labels, synonym
from .._model import CLICKABLE, KIND_NAMES, SLIDER_KINDS, TEXT_KINDS, Control, Inspection, describe
from ..grammar._lexicon import verb_action
from ..grammar._phrasings import not_understood
from ..grammar._plan import Kind, Part, Target
from ._leftover import refuse_dropped, refuse_unplaced
from ._match import AmbiguousTargetError, Match, TargetNotFoundError, find_target
from ._remainder import remainder_value

__all__ = ["Spotted", "concrete_part", "label_words", "labelled_value", "spot", "spotted_click", "verb_misfit"]

# The kinds each action fits.
_FITS: dict[str, frozenset[str]] = {
    "click": CLICKABLE | TEXT_KINDS | {"select"},
    "check": frozenset({"checkbox", "radio", "option", "treeitem", "tab", "menuitem", "pointer"}),
    "uncheck": frozenset({"checkbox"}),
    "choose": CLICKABLE | {"select"},
    "fill": TEXT_KINDS | {"select", "combobox"},
    "set": TEXT_KINDS | SLIDER_KINDS | {"select", "radio", "option", "checkbox", "tab"},
}
# Words that are never a control's whole name in a request, however a page labels something.
_NOT_NAMES = frozenset({"a", "an", "the", "it", "to", "and", "or", "of", "in", "on", "at", "is", "be", "me", "my",
                        "i", "you", "for", "with", "then", "this", "that", "one", "please"})
_WORD = re.compile(r"\w+", re.UNICODE)
_NEGATIONS = frozenset({"not", "never", "except", "nor", "don", "dont", "without"})
_NUMBER = re.compile(r"[-+−]?\d+(?:\.\d+)?")
_LISTED = 6


@dataclass(frozen=True)
class Spotted:
    """A control the clause names, the name it was spotted by, and the option of a list it names."""

    control: Control
    name: str
    option: str = ""


def _words(text: str) -> list[str]:
    return _WORD.findall(fold(text))


def _names_of(control: Control) -> list[tuple[str, str]]:
    """What a clause may call a control: its label (and "close" for a cross), or one of its list's options."""
    names = [(control.label, "")] if control.label else []
    if synonym(control.label) == "close" and control.label:
        names += [("close", ""), ("x", "")]
    names += [(o, o) for o, _ in control.options] if control.kind == "select" else []
    return names


def _phrase_in(words: Sequence[str], phrase: Sequence[str]) -> tuple[int, int] | None:
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if list(words[i:i + n]) == list(phrase):
            return i, i + n
    return None


def spot(text: str, quoted: Sequence[str], inspection: Inspection) -> list[Spotted]:
    """The controls whose label (or option) ``text`` names as a whole phrase, a quoted one first: when a
    quoted string is a label, only those; a name inside a longer spotted name does not count."""
    for q in quoted:
        _tier, hits = match_labels(q, [c.label for c in inspection.controls])
        if hits:
            return [Spotted(inspection.controls[i], q) for i in hits]
        options = [(c, o) for c in inspection.controls if c.kind == "select" for o, _ in c.options
                   if match_labels(q, [o])[1]]
        if options:
            return [Spotted(c, q, o) for c, o in options]
    words = _words(text)
    found: list[tuple[tuple[int, int], Spotted]] = []
    for control in inspection.controls:
        for name, option in _names_of(control):
            phrase = _words(name)
            if not phrase or (all(w in _NOT_NAMES for w in phrase) and not _as_written(name, text)):
                continue
            span = _phrase_in(words, phrase)
            if span is not None:
                found.append((span, Spotted(control, name, option)))
    # "Hit the × to close it, not Cancel or OK": what comes after a "not" is named only to be left alone.
    inside = {i for (a, b), _ in found for i in range(a, b)}  # "Not now" is a label, not a negation
    negated = next((i for i, w in enumerate(words) if w in _NEGATIONS and i not in inside), len(words))
    found = [(s, x) for s, x in found if s[0] < negated]
    found = _by_kind_word(words, found)
    if _INSIDE_SECTION.search(text) or any(w in _BUTTON_WORDS for w in words):
        # "the Confirm button", "Submit, after expanding the section": the target is a button inside a section,
        # never a section's header that shares its name.
        found = [(s, x) for s, x in found if x.control.kind != "tab" or x.option]
    # "Privacy policy" names the link Privacy policy, not also a link "Privacy".
    kept = [(s, x) for s, x in found
            if not any(o[0] <= s[0] and s[1] <= o[1] and (o[1] - o[0]) > (s[1] - s[0]) for o, _ in found)]
    out: list[Spotted] = []
    for _, x in kept:
        if all(x.control.id != y.control.id or x.option != y.option for y in out):
            out.append(x)
    return out


def _as_written(name: str, text: str) -> bool:
    """Whether ``text`` writes ``name`` in the label's own capitals ("press the ONE button" names "ONE")."""
    return name != name.lower() and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


# A kind said next to a label ("the Confirm button", "link Help"): which of the controls sharing it is meant.
_KIND_WORDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("button", "buttons", "btn"), frozenset({"button"})),
    **dict.fromkeys(("link", "links"), frozenset({"link"})),
    **dict.fromkeys(("tab", "header", "heading", "section"), frozenset({"tab"})),
    **dict.fromkeys(("checkbox", "checkboxes"), frozenset({"checkbox"})),
    **dict.fromkeys(("radio",), frozenset({"radio"})),
    **dict.fromkeys(("field", "input", "textbox"), TEXT_KINDS),
    **dict.fromkeys(("list", "dropdown", "menu"), frozenset({"select", "combobox", "menuitem"})),
    **dict.fromkeys(("icon",), frozenset({"icon"})),
}


_BUTTON_WORDS = frozenset({"button", "buttons", "btn"})
_INSIDE_SECTION = re.compile(r"\b(?:after|once|when)\s+(?:you\s+)?(?:expand|open)(?:ing|ed|s)?\b|"
                             r"\b(?:expand|open)(?:ing)?\s+(?:the|that|this|its)\s+(?:\w+\s+)?section\b",
                             re.IGNORECASE)


def _by_kind_word(words: Sequence[str], found: list[tuple[tuple[int, int], Spotted]]
                  ) -> list[tuple[tuple[int, int], Spotted]]:
    """Of controls spotted by one name, those of the kind a word beside it says, when any is of that kind."""
    out = []
    for span, x in found:
        same = [(s, y) for s, y in found if s == span]
        near = [words[i] for i in (span[0] - 1, span[1]) if 0 <= i < len(words)]
        kinds = frozenset().union(*(_KIND_WORDS.get(w, frozenset()) for w in near))
        if len(same) > 1 and kinds and any(y.control.kind in kinds for _, y in same) and x.control.kind not in kinds:
            continue
        out.append((span, x))
    return out


def _verb(part: Part) -> str | None:
    word = (part.value or part.text.split()[0] if part.text.split() else "").lower()
    return verb_action(word)


def _near(text: str, inspection: Inspection) -> str:
    """The visible controls whose labels are nearest the clause's words, for a refusal."""
    labels = [c.label for c in inspection.controls if c.label]
    if not labels:
        return ""
    best = process.extract(text, labels, scorer=fuzz.partial_ratio, limit=_LISTED)
    near = [inspection.controls[[c.label for c in inspection.controls].index(label)] for label, score, _ in best
            if score >= 60]
    return " Nearest labels: " + ", ".join(describe(c) for c in near) + "." if near else ""


def _refuse_nothing(part: Part, inspection: Inspection) -> RefwrightError:
    if part.targets:
        try:
            find_target(part.targets, inspection.controls, CLICKABLE)
        except TargetNotFoundError as exc:
            return exc
        except RefwrightError as exc:
            return exc
    return UnsupportedRequestError(not_understood(part.text) + _near(part.text, inspection))


def _only_fitting(action: str | None, inspection: Inspection) -> Control | None:
    fits = _FITS.get(action or "", frozenset())
    pool = [c for c in inspection.controls if c.kind in fits and not c.disabled]
    return pool[0] if len(pool) == 1 else None


def _as_part(part: Part, action: str | None, spotted: Spotted, value: str | None = None) -> Part:
    control = spotted.control
    target = Target(label=control.label, role=_ROLE.get(control.kind), quoted=True)
    if control.kind == "select" and spotted.option:
        return Part(Kind.OPTION, part.text, labels=(spotted.option,))
    if control.kind in TEXT_KINDS and value is not None:
        return Part(Kind.FILL, part.text, value=value, field=target)
    if control.kind in SLIDER_KINDS and value is not None and _NUMBER.fullmatch(value):
        return Part(Kind.SLIDER, part.text, value=value)
    if action == "uncheck" or (control.kind in ("checkbox", "radio") and action in ("check", "choose", "set")):
        return Part(Kind.NAMES, part.text, labels=(control.label,), value="off" if action == "uncheck" else "on")
    if control.kind in TEXT_KINDS:
        return Part(Kind.FOCUS, part.text, targets=(target,))
    return Part(Kind.CLICK, part.text, targets=(target,))


_ROLE = {"button": "button", "link": "link", "tab": "tab", "checkbox": "checkbox", "radio": "radio",
         "menuitem": "menuitem", "option": "option", "text": "textbox", "date": "date", "time": "time",
         "select": "select", "treeitem": "item"}


def _one(part: Part, action: str | None, found: list[Spotted]) -> Spotted:
    fits = _FITS.get(action or "")
    fitting = [x for x in found if fits is None or x.control.kind in fits]
    if not fitting:
        listed = ", ".join(describe(x.control) for x in found[:_LISTED])
        raise RefwrightError(f"{part.text!r} names {listed}, and {action!r} does not fit "
                             f"{'it' if len(found) == 1 else 'them'}. Nothing was done. Say what to do with it, for "
                             f"example `act click \"{found[0].control.label}\"`.")
    if len(fitting) > 1:
        enabled = [x for x in fitting if not x.control.disabled]
        if len(enabled) == 1:
            return enabled[0]
        listed = ", ".join(describe(x.control) + (f" option {x.option!r}" if x.option else "")
                           for x in fitting[:_LISTED])
        raise AmbiguousTargetError(
            f"Ambiguous: {part.text!r} names {len(fitting)} visible controls: {listed}. Nothing was done. Name "
            f"the one you mean (its exact label, quoted), or act on its ref (`click @{fitting[0].control.ref}`).")
    return fitting[0]


def concrete_part(part: Part, inspection: Inspection) -> Part:
    """``part`` (a SPOT or a SET) as a part of a known kind, aimed at the one control it names on this page."""
    if part.kind == Kind.SET:
        return _set_part(part, inspection)
    action = _verb(part)
    if not part.targets and action is None:
        # A clause that is not short and begins with no verb act knows ("Buy the cheapest ticket"): what it
        # asks is not known, so no label in it is acted on.
        raise _refuse_nothing(part, inspection)
    if part.targets and action is None:
        # No verb: "username thaddeus", "email address: bob@example.org", "language German" name a field (or
        # a list) and the value it takes, read before the clause is read whole as a label.
        valued = labelled_value(part, inspection)
        if valued is not None:
            return valued
    if part.targets:
        # A short clause read whole first, as a click reads its target ("the "Next" link").
        try:
            find_target(part.targets, inspection.controls, CLICKABLE | TEXT_KINDS | {"select"})
            return Part(Kind.CLICK, part.text, targets=part.targets)
        except TargetNotFoundError:
            pass
    found = spot(part.text, part.labels, inspection)
    if not found:
        if part.targets:
            # A short clause read whole (what to click): as a click would read it.
            return Part(Kind.CLICK, part.text, targets=part.targets)
        control = _only_fitting(action, inspection) if _POINTS_BACK.search(part.text) else None
        if control is None:
            raise _refuse_nothing(part, inspection)
        found = [Spotted(control, control.label)]
    if _CONDITION.search(part.text):
        raise UnsupportedRequestError(
            f"{part.text!r} asks for something under a condition or by a property (when, if, the cheapest...), "
            "which act does not judge. Nothing was done. Say which control to use, for example `act click "
            f"\"{found[0].control.label}\"`, or act on a ref.")
    if action not in ("fill", "set"):
        found = _not_places(part, part.text, found)  # "in X" names the field of a fill, the place of a click
    spotted = _one(part, action, _options_first(found))
    value = next((q for q in part.labels if fold(q) != fold(spotted.name)), None)
    if value is None and action is None and spotted.control.kind in TEXT_KINDS and \
            " " not in (remainder_value(part.text, spotted.name, "") or " "):
        # No verb, a field's name and a value beside it ("then Oslo for City"): the value for that field, never
        # a click into the field that drops it.
        action = "fill"
    if value is None and action in ("fill", "set") and spotted.control.kind in TEXT_KINDS | SLIDER_KINDS:
        # What is left once the label, the verb and filler words are taken out; none is a refusal, never a
        # click into the field as if the text had been entered.
        value = remainder_value(part.text, spotted.name, part.value or "")
        if spotted.control.kind in SLIDER_KINDS and value is not None and not _NUMBER.fullmatch(value):
            value = None
        if value is None:
            raise UnsupportedRequestError(
                f"{part.text!r} names {describe(spotted.control)}, but not one value to put in it. Nothing was "
                f"done. Say it with the value quoted, for example `act type \"...\" into \"{spotted.control.label}\"`.")
    if not spotted.option:
        refuse_dropped(part.text, spotted.control, spotted.name)
    concrete = _as_part(part, action, spotted, value if action in ("fill", "set", None) else None)
    if concrete.kind == Kind.FOCUS:
        refuse_unplaced(part.text, spotted.control, spotted.name)
    return concrete


def _options_first(found: list[Spotted]) -> list[Spotted]:
    """A list named both by its label and by one of its options ("make the language German"): the option."""
    chosen = {x.control.id for x in found if x.option}
    return [x for x in found if x.option or x.control.id not in chosen]


_CONDITION = re.compile(r"\b(?:when|whenever|if|unless|until|once(?!\s+(?:more|again))|only\s+if|as\s+soon\s+as|"
                        r"cheapest|most|least|shortest|longest|"
                        r"largest|smallest|highest|lowest|best|worst|biggest|closest|latest|earliest)\b", re.IGNORECASE)
# Kinds that a click chooses: what a `set X to V` may pick by V's label.
_CHOSEN = frozenset({"radio", "option", "checkbox", "tab", "menuitem", "treeitem"})
_POINTS_BACK = re.compile(r"\b(?:it|them|that|this|that\s+one|this\s+one)\b", re.IGNORECASE)


def _set_part(part: Part, inspection: Inspection) -> Part:
    """``set X to V``: V as an option of X (a list), a radio or tab among X's, X's text, or X's number."""
    value = part.value or ""
    number = _NUMBER.fullmatch(value) is not None
    named: list[Control] = []
    if part.targets:
        try:
            named = list(find_target(part.targets, inspection.controls,
                                     CLICKABLE | TEXT_KINDS | SLIDER_KINDS | {"select"}).controls)
        except TargetNotFoundError:
            named = []
    for c in named:
        if c.kind == "select":
            _tier, hits = match_labels(value, [o for o, _ in c.options])
            if len(hits) == 1:
                return Part(Kind.OPTION, part.text, labels=(c.options[hits[0]][0],))
        if c.kind in TEXT_KINDS:
            return Part(Kind.FILL, part.text, value=value,
                        field=Target(label=c.label or None, role=_ROLE.get(c.kind, "textbox"),
                                     ordinal=None if c.label else 1, quoted=bool(c.label)))
        if c.kind in SLIDER_KINDS and number:
            return Part(Kind.SLIDER, part.text, value=value.replace("−", "-").lstrip("+"))
    # The value is what to choose: an option of a list, or a radio, tab or option labelled so, named whole.
    # A label found inside a longer value ("10, slider 2 to 18") is not what the value says, and a slider, a
    # field or a button labelled like the value is not set by a click on it: nothing is done then.
    whole = re.sub(r"^(?:the|a|an)\s+", "", value.strip(), flags=re.IGNORECASE)
    found = [x for x in spot("", (value, whole), inspection) if x.control.kind in _CHOSEN or x.option]
    if found:
        return _as_part(part, "set", _one(part, "set", found))
    if number and not part.targets:
        sliders = [c for c in inspection.controls if c.kind in SLIDER_KINDS]
        spinners = [c for c in inspection.controls if c.kind == "text" and (c.role == "spinbutton" or
                                                                          c.input_type == "number")]
        if len(sliders) + len(spinners) == 1:
            if sliders:
                return Part(Kind.SLIDER, part.text, value=value.replace("−", "-").lstrip("+"))
            return Part(Kind.FILL, part.text, value=value, field=Target(role="spinner"))
    if part.targets and part.targets[0].role in ("textbox", "date", "time", "spinner"):
        return Part(Kind.FILL, part.text, value=value, field=part.targets[0])
    what = part.targets[0].describe() if part.targets else "it"
    raise TargetNotFoundError(
        f"Nothing on the page is {what} that can be set to {value!r}: no list offers it, and no field, radio or "
        f"slider of that name is visible. Nothing was done.{_near(value, inspection)}")


def label_words(inspection: Inspection) -> frozenset[str]:
    """The words the page's labels and options show, lower case: a request's word among them is a label's."""
    return frozenset(w for c in inspection.controls for name, _ in _names_of(c) for w in _words(name))


def verb_misfit(part: Part, control: Control, on: bool) -> str | None:
    """Why the verb of a names part ("tick Help", "uncheck Help") does not fit ``control``, which is no box or
    option but something a click would use (a link, a button); None when it fits ("select Help" clicks it)."""
    action = "uncheck" if not on else verb_action(part.text.split()[0]) if part.text.split() else None
    if action not in ("check", "uncheck") or control.kind in _FITS[action]:
        return None
    return (f"{describe(control)} is a {KIND_NAMES.get(control.kind, control.kind)}, which cannot be "
            f"{'checked' if action == 'check' else 'unchecked'}: {part.text!r} was not done, nor anything else. "
            f"To use it, say so (`act click \"{control.label}\"`).")


_PLACE_WORDS = r"(?:in|inside|into|under|within|on|from|behind|beneath|below|above|of)"


def _not_places(part: Part, text: str, found: list[Spotted]) -> list[Spotted]:
    """``found``, refused when ``text`` names one of them as where something else is ("Beach.jpg in Photos",
    "Confirm under Shipping details"): a place is not the target, and act cannot tell which control is in it
    (a control of the same name elsewhere is not what was asked)."""
    def place(x: Spotted) -> bool:
        name = r"\W+".join(re.escape(w) for w in _words(x.name))
        m = re.search(rf"(?P<before>\w[\w\s'.-]*?)\s+{_PLACE_WORDS}\s+(?:the\s+|a\s+|its\s+)?{name}(?!\w)",
                      fold(text))
        return m is not None and any(w not in _NOT_NAMES and verb_action(w) is None
                                     for w in _words(m.group("before")))
    places = [x for x in found if place(x)]
    if places:
        where = places[0].control
        raise TargetNotFoundError(
            f"{part.text!r} names {describe(where)} as where its target is, and act does not look inside a place for "
            f"a target. Nothing was done. Open it first (`act click \"{where.label}\"`), then ask for the target "
            "alone, or act on a ref.")
    return found


def spotted_click(part: Part, inspection: Inspection) -> Match | None:
    """The one clickable control whose label a click's unquoted target names as a whole phrase, when the
    target as a whole names none ("tap Cancel on that thing" clicks Cancel); None when it names no label.
    Several are a refusal that lists them."""
    target = part.targets[0] if part.targets else None
    if target is None or target.label is None or target.quoted or target.ordinal is not None or \
            _CONDITION.search(part.text):
        return None
    found = [x for x in spot(target.label, (), inspection) if x.control.kind in _FITS["click"] and not x.option]
    found = _not_places(part, target.label, found)
    if not found:
        return None
    spotted = _one(part, "click", found)
    refuse_dropped(target.label, spotted.control, spotted.name)
    return Match((spotted.control,), f"the label {spotted.name!r} that the request names", Target(label=spotted.name))


# What may stand between a field's name and its value: "email address: a@b.co", "username is ann", "city = Oslo".
_JOIN = re.compile(r"^\s*(?:[:=]|\bis\b|\bshould\s+be\b|\bto\b)?\s*", re.IGNORECASE)
_VALUE = re.compile(r"^(?:⟦\d+⟧|[^\s,;]+|\d{1,2}:\d{2}\s?[ap]\.?m\.?)$", re.IGNORECASE)  # "alarm: 7:15 AM" too


def labelled_value(part: Part, inspection: Inspection) -> Part | None:
    """A verbless clause that begins with the whole label of one visible text field or list and goes on with
    one value ("full name Ann", "language German"): that value for that field; None when it is not so.

    Only one word (or a quoted string) is a value, so a clause that goes on with more words is not read as
    one; a list's value must be one of its options."""
    text = part.text.strip()
    if part.labels:
        # A quoted value: "username "ann lee"".
        text = text.replace(f'"{part.labels[-1]}"', "⟦0⟧", 1)
    head = re.sub(r"^(?:the|my|your|a|an)\s+", "", text, flags=re.IGNORECASE)
    found: list[tuple[Control, str]] = []
    for control in inspection.controls:
        if control.disabled or control.kind not in TEXT_KINDS | {"select"} or not control.label:
            continue
        name = re.escape(fold(control.label).strip().rstrip(":").strip()).replace("\\ ", r"\s+")
        m = re.match(rf"{name}(?:\s+(?:field|box|input|text\s*box))?\b", head, re.IGNORECASE)
        if not name or m is None:
            continue
        rest = _JOIN.sub("", head[m.end():], count=1).strip().rstrip(".")
        if not rest or not _VALUE.match(rest):
            continue
        value = part.labels[-1] if rest == "⟦0⟧" and part.labels else rest
        found.append((control, value))
    if len(found) != 1:
        return None
    control, value = found[0]
    target = Target(label=control.label, role=_ROLE.get(control.kind), quoted=True)
    if control.kind == "select":
        _tier, hits = match_labels(value, [o for o, _ in control.options])
        if len(hits) != 1:
            return None
        return Part(Kind.OPTION, part.text, labels=(control.options[hits[0]][0],))
    return Part(Kind.FILL, part.text, value=value, field=target)
