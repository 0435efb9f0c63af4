"""Steps as Playwright statements, written the way ``ruff format`` leaves them (pure)."""

from __future__ import annotations

import re
from dataclasses import replace

from ._steps import ITEMS, SET_TO, Check, Step

__all__ = ["LINE", "SET_HELPERS", "FrameNames", "call_lines", "check_statement", "frame_code", "frame_lines",
           "locator_code", "not_kept", "nth_code", "py_str", "scope_code", "split_code", "step_statement", "text_code"]

# The helpers a script defines for its SET_TO steps, when it has one. Run with refwright (``python run.py``,
# ``refwright replay``), the step is done by refwright's own slider and date picker, whatever the page's kind;
# these bodies are what a script run with Playwright alone does.
SET_HELPERS = {
    "set_slider": '''

def set_slider(slider: Locator, value: str) -> None:
    """Press the arrow keys on the slider until its aria-valuenow is the value."""
    slider.focus()
    for _ in range(1000):
        now = float(slider.get_attribute("aria-valuenow") or "nan")
        if now == float(value):
            return
        slider.press("ArrowRight" if now < float(value) else "ArrowLeft")
    raise RuntimeError(f"the slider did not reach {value}")
''',
    "pick_date": '''

def pick_date(field: Locator, date: str) -> None:
    """Give the date field the date its calendar would (it takes no typing)."""
    field.evaluate(
        "(el, v) => { el.value = v; el.dispatchEvent(new Event('change', {bubbles: true})) }",
        date,
    )
''',
}

# ruff format's default line length: a script is formatted as it would be in a project of its own.
LINE = 88
_INDENT = "    "
_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def py_str(text: str) -> str:
    """A Python string literal for ``text`` in ruff's preferred quotes (double, unless that needs more
    escapes than single)."""
    quote = "'" if '"' in text and "'" not in text else '"'
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch == quote:
            out.append("\\" + ch)
        elif not ch.isprintable():
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    return quote + "".join(out) + quote


def _locator_args(step: Step) -> list[str]:
    name = step.target_param or py_str(step.name)
    if step.by == "role":
        args = [py_str(step.role)]
        if step.name or step.target_param:
            args.append(f"name={name}")
    else:
        args = [name]
    if step.exact:
        args.append("exact=True")
    return args


_METHODS = {"role": "get_by_role", "label": "get_by_label", "text": "get_by_text", "placeholder": "get_by_placeholder",
            "title": "get_by_title"}


def frame_code(frame: Step) -> str:
    """An iframe's locator and ``.content_frame``: ``get_by_title("Payment").content_frame``."""
    nth = f".nth({frame.nth})" if frame.nth is not None else ""
    if frame.by == "iframe":
        return f'locator("iframe"){nth}.content_frame'
    return f"get_by_title({py_str(frame.name)}){nth}.content_frame"


def scope_code(step: Step) -> str:
    """Where the step's locator starts: its tab (``page``, ``page2``...), or the iframes on the way to its
    element."""
    return ".".join([step.tab or "page", *(frame_code(f) for f in step.frames)])


FrameNames = dict[tuple[str, tuple[Step, ...]], str]


def frame_lines(tab: str, frames: tuple[Step, ...], names: FrameNames, indent: str = _INDENT) -> list[str]:
    """The statements naming each iframe on the way that has no name yet (``frame1 = page.get_by_title(
    "Payment").content_frame``), one level a line, so each step inside starts at its iframe's name."""
    lines: list[str] = []
    for depth in range(1, len(frames) + 1):
        way = (tab or "page", frames[:depth])
        if way in names:
            continue
        name = f"frame{len(names) + 1}"
        parent = names.get((way[0], way[1][:-1]), way[0])
        frame = frames[depth - 1]
        nth = f".nth({frame.nth})" if frame.nth is not None else ""
        if frame.by == "iframe":
            lines.append(f'{indent}{name} = {parent}.locator("iframe"){nth}.content_frame')
        else:
            lines += call_lines(f"{name} = {parent}.get_by_title", [py_str(frame.name)], f"{nth}.content_frame", indent)
        names[way] = name
    return lines


def locator_code(step: Step) -> str:
    """``get_by_role("button", name="Create account")``, with ``.nth(i)`` when needed (no ``page.``; an
    element in an iframe starts with the iframe's locator)."""
    if step.by == "none":
        return "(no locator)"
    code = f"{_METHODS[step.by]}({', '.join(_locator_args(step))})"
    inside = "".join(frame_code(f) + "." for f in step.frames)
    return inside + code + nth_code(step)


def nth_code(step: Step) -> str:
    """``.nth(2)``, or ``.nth(int(radio_place) - 1)`` for a place the script takes as a parameter."""
    if step.place_param:
        return f".nth(int({step.place_param}) - 1)"
    return f".nth({step.nth})" if step.nth is not None else ""


def split_code(name: str) -> str:
    """A list parameter's items: ``boxes.split(", ") if boxes else []`` (an empty value is no items)."""
    return f"{name}.split({py_str(ITEMS)}) if {name} else []"


def value_code(step: Step) -> str:
    if step.secret:
        return f"os.environ[{py_str(step.secret)}]"
    if step.param:
        return step.param
    return py_str(step.value or "")


def text_code(check: Check) -> str:
    """A check's text: a string literal, or an f-string when it holds parameters (``f"Welcome, {email}!"``)."""
    if check.template:
        return "f" + py_str(check.template)
    return py_str(check.text or "")


def _action(step: Step, where: str) -> tuple[str, list[str]]:
    if step.action == "drag" and step.to is not None:
        return "drag_to", [f"{where}.{locator_code(replace(step.to, frames=()))}"]
    if step.action in ("fill", "press"):
        return step.action, [value_code(step)]
    if step.action == "select" and step.options and step.param:
        return "select_option", [split_code(step.param)]
    if step.action == "select":
        return "select_option", ["[" + ", ".join(py_str(o) for o in step.options) + "]" if step.options else
                                 value_code(step)]
    return step.action, []


def call_lines(head: str, args: list[str], tail: str, indent: str) -> list[str]:
    """``head(args)tail`` on one line when it fits, else one argument a line with a trailing comma (ruff
    keeps that form: the magic trailing comma)."""
    one = f"{indent}{head}({', '.join(args)}){tail}"
    if len(one) <= LINE or not args:
        return [one]
    return [f"{indent}{head}(", *[f"{indent}{_INDENT}{a}," for a in args], f"{indent}){tail}"]


def step_statement(step: Step, indent: str = _INDENT, scope: str = "") -> list[str]:
    """The statement lines of one step (in a ``for _ in range(n):`` when it repeats, in ``with
    page.expect_popup()`` when it opened a tab); ``scope`` is the name of the iframe it is in (see
    ``frame_lines``), else its locator starts at its tab."""
    if step.opens:
        inner = step_statement(replace(step, opens=""), indent + _INDENT, scope)
        return [f"{indent}with {step.tab or 'page'}.expect_popup() as popup:", *inner,
                f"{indent}{step.opens} = popup.value"]
    if step.loop:
        inner = _one_statement(replace(step, each=(), loop="", target_param=step.loop), indent + _INDENT, scope)
        return [f"{indent}for {step.loop} in {split_code(step.target_param)}:", *inner]
    if step.repeat > 1:
        return [f"{indent}for _ in range({step.repeat}):", *_one_statement(step, indent + _INDENT, scope)]
    return _one_statement(step, indent, scope)


def not_kept(step: Step) -> str:
    """Why a step has no statement: what a person does by hand there."""
    if step.by != "none" and step.to is not None:
        return not_kept(replace(step.to, action=f"{step.action} onto"))
    what = " ".join(p for p in (step.role, repr(step.meant) if step.meant else "") if p) or "an element"
    if step.action in SET_TO:
        done = "set" if step.action == "slide" else "pick the date in"
        return (f"Not kept: {done} {what} to {step.value!r}, which has no role, name, label or text a script can "
                "find it by. Do this step by hand here, or replay with --heal local.")
    return (f"Not kept: {step.action} on {what}, which has no role, name, label or text a script can find it by. "
            "Do this step by hand here, or replay with --heal local.")


def _not_kept_code(step: Step) -> str:
    """The message of a step no locator finds; a value it sets from a parameter is in it as ``{name}``, so the
    script still declares and uses the parameter (``refwright replay --heal local`` sets it)."""
    if step.action not in SET_TO or not step.param:
        return py_str(not_kept(step))
    text = not_kept(replace(step, param="")).replace("{", "{{").replace("}", "}}")
    return "f" + py_str(text.replace(f"to {step.value!r}", "to {" + step.param + "}", 1))


def _one_statement(step: Step, indent: str, scope: str) -> list[str]:
    where = scope or scope_code(step)
    if step.by == "none" or (step.to is not None and step.to.by == "none"):
        return call_lines("raise RuntimeError", [_not_kept_code(step)], "", indent)
    if step.action in SET_TO:
        # A helper the script defines (SET_HELPERS): the value is what matters, the way there is the page's.
        return call_lines(SET_TO[step.action], [f"{where}.{locator_code(replace(step, frames=()))}",
                                                value_code(step)], "", indent)
    tab = step.tab or "page"
    if step.action == "new_page":
        return [f"{indent}{tab} = page.context.new_page()"]
    if step.action == "goto":
        return call_lines(f"{tab}.goto", [py_str(step.value or "")], "", indent)
    if step.action == "wheel":
        return [f"{indent}{tab}.mouse.wheel({step.value or '0, 0'})"]
    if not step.targeted:
        return call_lines(f"{tab}.keyboard.press", [value_code(step)], "", indent)
    method, args = _action(step, where)
    nth = nth_code(step)
    head = f"{where}.{_METHODS[step.by]}"
    one = f"{indent}{head}({', '.join(_locator_args(step))}){nth}.{method}({', '.join(args)})"
    if len(one) <= LINE:
        return [one]
    # Too long: the action's arguments go first onto lines of their own, as ruff splits the last bracket.
    located = f"{head}({', '.join(_locator_args(step))}){nth}"
    if args and len(f"{indent}{located}.{method}(") <= LINE:
        return call_lines(f"{located}.{method}", args, "", indent)
    lines = call_lines(head, _locator_args(step), "", indent)
    lines[-1] += f"{nth}.{method}(" + (", ".join(args) + ")" if args else ")")
    if len(lines[-1]) > LINE and args:
        last = lines.pop()
        opened = last[: len(last) - len(", ".join(args)) - 1]
        lines += [opened, *[f"{indent}{_INDENT}{a}," for a in args], f"{indent})"]
    return lines


def check_statement(check: Check, indent: str = _INDENT) -> list[str]:
    page = check.tab or "page"
    if check.text is None:
        return call_lines(f"expect({page}).to_have_url", [f"re.compile({py_str(_url_pattern(check.url or ''))})"], "",
                     indent)
    args = [text_code(check)] + (["exact=True"] if check.exact else [])
    nth = f".nth({check.nth})" if check.nth is not None else ""
    one = f"{indent}expect({page}.get_by_text({', '.join(args)}){nth}).to_be_visible()"
    if len(one) <= LINE:
        return [one]
    inner = f"{page}.get_by_text({', '.join(args)}){nth}"
    if len(f"{indent}{_INDENT}{inner},") <= LINE:
        return [f"{indent}expect(", f"{indent}{_INDENT}{inner},", f"{indent}).to_be_visible()"]
    return [f"{indent}expect(", f"{indent}{_INDENT}{page}.get_by_text(",
            *[f"{indent}{_INDENT * 2}{a}," for a in args], f"{indent}{_INDENT}){nth},", f"{indent}).to_be_visible()"]


def _url_pattern(path: str) -> str:
    return re.escape(path)
