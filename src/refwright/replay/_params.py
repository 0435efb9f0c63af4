"""A script's parameters (pure): the values a run typed or chose, and the targets its request named, declared
once as ``run()``'s keyword arguments with the recorded values as defaults, so the same run can be replayed
with other values (``--set``, ``--data``)."""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ._steps import Check, Step

__all__ = ["Params", "bind", "declare", "snake", "template_text"]

# (name, recorded value), in the order the script declares them.
Params = list[tuple[str, str]]

# Steps whose value is data a person would change between runs (a key pressed is not).
_VALUED = ("fill", "select")
# Steps on a target the request may name: the option to pick, the link to follow, the item to open.
_TARGETED = ("click", "dblclick", "check", "uncheck", "hover")
# Roles a request names by a bare word ("open the Contact link"); others (a button) only when it quotes them.
_NAMED_BARE = ("link", "tab", "option", "radio", "checkbox", "menuitem", "treeitem", "row", "cell", "listitem",
               "gridcell", "heading", "")
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

    def new(base: str, value: str, kind: str) -> str:
        if (kind, value) in by_value:
            return by_value[(kind, value)]
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base}_{n}"
        taken.add(name)
        by_value[(kind, value)] = name
        params.append((name, value))
        return name

    out: list[Step] = []
    for step in steps:
        label = step.meant or step.name
        if step.action in _VALUED and not step.secret and not step.options and step.value is not None \
                and step.value != "":
            step = replace(step, param=new(snake(label, step.role or "value"), step.value, "value"))
        elif step.action in _TARGETED and step.by not in ("none",) and step.name and step.nth is None \
                and not step.frames and step.to is None and _in_request(step.name, step.role, request):
            # A value typed before names the target too (search for Alice, open Alice's item): one parameter.
            shared = by_value.get(("value", step.name))
            step = replace(step, target_param=shared or new(snake(step.role or "target"), step.name, "target"))
        out.append(step)
    # Longest first, so a value inside another (an email holding a name) never splits it.
    values = sorted(((v, n) for n, v in params if len(v) >= 2), key=lambda p: len(p[0]), reverse=True)
    closing = [_templated(c, values) for c in checks]
    return out, closing, params


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


def template_text(template: str, values: Mapping[str, str]) -> str:
    """A check's template (``Welcome, {email}!``) with the parameters' values."""
    return template.format_map(dict(values))


def bind(items: Sequence[Step | Check], values: Mapping[str, str]) -> list[Step | Check]:
    """The steps and checks with the parameters' values (every parameter: the recorded ones updated by those
    given) in place of the recorded ones. A target's name becomes a literal: what the step heals from, and
    what ``--update`` writes when it heals."""
    out: list[Step | Check] = []
    for item in items:
        if isinstance(item, Check):
            if item.template and item.text is not None:
                item = replace(item, text=template_text(item.template, values))
        elif item.param:
            item = replace(item, value=values.get(item.param, item.value))
        elif item.target_param:
            name = values.get(item.target_param, item.name)
            item = replace(item, name=name, meant=name, target_param="")
        out.append(item)
    return out
