"""A script's parameters (pure): the values a run typed or chose, and the targets its request named, declared
once as ``run()``'s keyword arguments with the recorded values as defaults, so the same run can be replayed
with other values (``--set``, ``--data``)."""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ._steps import ITEMS, Check, Step, items_of

__all__ = ["Params", "bind", "declare", "snake", "template_text"]

# (name, recorded value), in the order the script declares them.
Params = list[tuple[str, str]]

# Steps whose value is data a person would change between runs (a key pressed is not).
_VALUED = ("fill", "select", "slide", "pick_date")
# Steps on a target the request may name: the option to pick, the link to follow, the item to open.
_TARGETED = ("click", "dblclick", "check", "uncheck", "hover")
# Roles a request names by a bare word ("open the Contact link"); others (a button) only when it quotes them.
_NAMED_BARE = ("link", "tab", "option", "radio", "checkbox", "menuitem", "treeitem", "row", "cell", "listitem",
               "gridcell", "heading", "")
# Roles of targets a run may act on several of in a row, given as one list parameter.
_LISTED = ("checkbox", "switch", "menuitemcheckbox", "option", "row", "cell", "gridcell", "listitem", "treeitem")
# Boxes a person ticks: even one ticked is a list parameter (another run may tick two, or none).
_TICKED = ("checkbox", "switch", "menuitemcheckbox")
# Roles of the form's own controls ("Next", "Finish", "Create account"): what a run presses, never its data.
_CONTROLS = ("button", "textbox", "combobox", "slider", "spinbutton", "searchbox")
# Names the script's own code uses: a parameter never shadows them.
_TAKEN = {"page", "run", "os", "re", "sys", "expect", "popup", "Page"}


def snake(label: str, fallback: str = "value") -> str:
    """A label as a Python name in snake_case: ``"Email address"`` -> ``email_address``."""
    words = re.findall(r"[a-z0-9]+", label.lower().replace("'", ""))
    name = "_".join(words)[:40].strip("_") or fallback
    if name[0].isdigit():
        name = f"{fallback}_{name}"
    if keyword.iskeyword(name) or name in _TAKEN or re.match(r"page\d+$|frame\d+$", name):
        name += "_value"
    return name


def _in_request(name: str, role: str, request: str) -> bool:
    """Whether ``request`` names the target ``name``: quoted, or (for a link, an option, a tab...) as words."""
    if not name.strip() or not request or role in _CONTROLS:
        return False
    folded = request.casefold()
    for quote in ('"{}"', "'{}'", "“{}”", "`{}`"):
        if quote.format(name.casefold()) in folded:
            return True
    if role not in _NAMED_BARE:
        return False
    # A word of its own: not a part of a date, a time or a path ("15" in 01/15/2021).
    return re.search(r"(?<![\w/:.-])" + re.escape(name.casefold()) + r"(?![\w/:-])", folded) is not None


def declare(steps: Sequence[Step], checks: Sequence[Check], request: str) -> tuple[list[Step], list[Check], Params]:
    """The steps with their parameters (``param`` for a typed or chosen value, ``target_param`` for a target
    the request named), the checks with each parameter's value in their text as a template, and the
    parameters in order. The same value in the same kind of place shares one parameter."""
    params: Params = []
    by_value: dict[tuple[str, str], str] = {}
    taken: set[str] = set()

    def new_name(base: str) -> str:
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base}_{n}"
        return name

    def new(base: str, value: str, kind: str) -> str:
        if (kind, value) in by_value:
            return by_value[(kind, value)]
        name = new_name(base)
        taken.add(name)
        by_value[(kind, value)] = name
        params.append((name, value))
        return name

    out: list[Step] = []
    named = [_names_target(s, request) for s in steps]
    i = 0
    while i < len(steps):
        step = steps[i]
        label = step.meant or step.name
        run = _listed_run(steps, named, i)
        if step.loop and not step.each and not step.target_param:
            # A list the run took none of ("select nothing"): still a list parameter, empty by default.
            base = snake(step.role or "item")
            loop = new_name(base)
            taken.add(loop)
            out.append(replace(step, loop=loop, target_param=new(_plural(base), "", "list")))
            i += 1
            continue
        if run:
            # The same step on several targets the request named (boxes to tick): one list parameter, so another
            # run can name another number of them.
            items = tuple(s.name for s in run)
            base = snake(step.role or "target")
            loop = new_name(base if base not in taken else "item")
            taken.add(loop)
            out.append(replace(step, name=ITEMS.join(items), meant=ITEMS.join(items), each=items, loop=loop,
                               target_param=new(_plural(base), ITEMS.join(items), "list")))
            i += len(run)
            continue
        if step.action == "select" and step.options and not step.secret and _listable(step.options):
            # Options chosen in a list that takes several: one parameter holding them all.
            step = replace(step, param=new(snake(label, step.role or "value"), ITEMS.join(step.options), "list"))
        elif step.action == "slide" and step.value:
            # Each slider its own parameter, named for the slider (a readout's number is not a name).
            base = snake(label) if re.search(r"[^\W\d_]", label) else snake(step.role or "slider")
            step = replace(step, param=new(base, step.value, f"slide {i}"))
        elif step.action in _VALUED and not step.secret and not step.options and step.value is not None \
                and step.value != "":
            step = replace(step, param=new(snake(label, step.role or "value"), step.value, "value"))
        elif named[i]:
            # A value typed before names the target too (search for Alice, open Alice's item): one parameter.
            shared = by_value.get(("value", step.name))
            step = replace(step, target_param=shared or new(snake(step.role or "target"), step.name, "target"))
        if step.nth is not None and step.by == "role" and not step.name and step.to is None \
                and _placed_in_request(step.role, step.nth + 1, request):
            # An element the request named by its place ("the 3rd radio button"): the place is a parameter.
            step = replace(step, place_param=new(snake(step.role) + "_place", str(step.nth + 1), "place " + step.role))
        out.append(step)
        i += 1
    # Longest first, so a value inside another (an email holding a name) never splits it.
    values = sorted(((v, n) for n, v in params if len(v) >= 2), key=lambda p: len(p[0]), reverse=True)
    closing = [_templated(c, values) for c in checks]
    return out, closing, params


def _names_target(step: Step, request: str) -> bool:
    """Whether ``step`` acts on a target the request named (the option to pick, the link to follow)."""
    return step.action in _TARGETED and step.by != "none" and bool(step.name) and step.nth is None \
        and not step.frames and step.to is None and step.repeat == 1 and _in_request(step.name, step.role, request)


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10}
# The words a request calls an element of each role by after its place ("the 2nd text field").
_ROLE_WORDS = {"radio": ("radio",), "checkbox": ("checkbox", "check box", "box"),
               "textbox": ("textbox", "text box", "text field", "text input", "input", "field", "textarea"),
               "button": ("button",), "link": ("link",), "option": ("option",), "tab": ("tab",),
               "combobox": ("dropdown", "list", "select", "menu"), "spinbutton": ("spinner", "number field", "field"),
               "listbox": ("list",), "slider": ("slider",), "row": ("row",), "cell": ("cell",), "listitem": ("item",)}


def _placed_in_request(role: str, place: int, request: str) -> bool:
    """Whether ``request`` names an element of ``role`` by its place, ``place`` counted from 1 ("the 3rd radio
    button", "the second text field")."""
    words = _ROLE_WORDS.get(role)
    if not words:
        return False
    for m in re.finditer(r"\b(?:(\d+)(?:st|nd|rd|th)|(" + "|".join(_ORDINALS) + r"))\s+([a-z ]{1,30})",
                         request.lower()):
        number = int(m.group(1)) if m.group(1) else _ORDINALS[m.group(2)]
        if number == place and m.group(3).startswith(words):
            return True
    return False


def _listable(items: Sequence[str]) -> bool:
    return all(item and ITEMS not in item and item == item.strip() for item in items)


def _listed_run(steps: Sequence[Step], named: Sequence[bool], start: int) -> list[Step]:
    """The steps from ``start`` that make one list parameter: the same action on targets of the same kind, each
    named by the request, in a row; two or more of them, or one box to tick (a box is one of a set a person may
    tick more or fewer of). Empty when there is no such run."""
    first = steps[start]
    run: list[Step] = []
    for step, is_named in zip(steps[start:], named[start:], strict=True):
        if not is_named or (step.action, step.role, step.by, step.exact, step.tab) != \
                (first.action, first.role, first.by, first.exact, first.tab):
            break
        run.append(step)
    if not run or not _listable([s.name for s in run]):
        return []
    if len(run) >= 2 and first.role in _LISTED:
        return run
    return run if first.role in _TICKED and first.action in ("check", "uncheck", "click") else []


def _plural(name: str) -> str:
    return name + ("es" if name.endswith(("s", "x", "ch", "sh")) else "s")


def _templated(check: Check, values: Sequence[tuple[str, str]]) -> Check:
    if check.text is None or not values:
        return check
    pattern = re.compile("|".join(re.escape(v) for v, _ in values))
    names = dict(values)
    parts: list[str] = []
    last = 0
    for m in pattern.finditer(check.text):
        parts.append(_escape(check.text[last:m.start()]) + "{" + names[m.group(0)] + "}")
        last = m.end()
    if not parts:
        return check
    return replace(check, template="".join(parts) + _escape(check.text[last:]))


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


def _place(name: str, value: str) -> int:
    if not (value.strip().isdigit() and int(value) >= 1):
        raise ValueError(f"{name} is a place, counted from 1 (1 for the first, 2 for the second...), not {value!r}.")
    return int(value) - 1


def template_text(template: str, values: Mapping[str, str]) -> str:
    """A check's template (``Welcome, {email}!``) with the parameters' values."""
    return template.format_map(dict(values))


def bind(items: Sequence[Step | Check], values: Mapping[str, str]) -> list[Step | Check]:
    """The steps and checks with the parameters' values (every parameter: the recorded ones updated by those
    given) in place of the recorded ones. A target's name becomes a literal: what the step heals from, and
    what ``--update`` writes when it heals."""
    out: list[Step | Check] = []
    for item in items:
        if isinstance(item, Step) and item.place_param:
            item = replace(item, nth=_place(item.place_param, values.get(item.place_param, str((item.nth or 0) + 1))),
                           place_param="")
        if isinstance(item, Check):
            if item.template and item.text is not None:
                item = replace(item, text=template_text(item.template, values))
        elif item.loop and item.target_param:
            # A step per item of the list the parameter holds now (none when it is empty).
            for name in items_of(values.get(item.target_param, ITEMS.join(item.each))):
                out.append(replace(item, name=name, meant=name, each=(), loop="", target_param="",
                                   item_of=item.target_param))
            continue
        elif item.options and item.param:
            chosen = items_of(values.get(item.param, ITEMS.join(item.options)))
            item = replace(item, options=chosen, value=ITEMS.join(chosen), item_of=item.param)
        elif item.param:
            item = replace(item, value=values.get(item.param, item.value))
        elif item.target_param:
            name = values.get(item.target_param, item.name)
            item = replace(item, name=name, meant=name, target_param="")
        out.append(item)
    return out
