"""Reading a saved script back into steps (pure): the statements of its ``run(page)`` in the vocabulary
the writer uses, each with the intent stored in the comment above it."""

from __future__ import annotations

import ast
import json
import re
from dataclasses import replace

from .._errors import ScriptError
from ._steps import ITEMS, SET_TO, Check, Step, items_of

__all__ = ["ScriptError", "parse_script", "script_params"]

_BY = {"get_by_role": "role", "get_by_label": "label", "get_by_text": "text", "get_by_placeholder": "placeholder",
       "get_by_title": "title"}
_ACTIONS = {"click": "click", "dblclick": "dblclick", "fill": "fill", "check": "check", "uncheck": "uncheck",
            "select_option": "select", "hover": "hover", "focus": "focus", "press": "press",
            "select_text": "select_text"}
_INTENT = "# intent:"
# The tabs and iframes a script named (``page``, ``page2 = popup.value``, ``frame1 = ...content_frame``), by
# name: the tab each is in, and the iframes on the way.
Frames = dict[str, tuple[str, tuple[Step, ...]]]


def _fail(node: ast.AST, what: str) -> ScriptError:
    return ScriptError(f"line {getattr(node, 'lineno', 0)}: {what}")


def _string(node: ast.expr, where: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    raise _fail(where, "expected a string literal or one of run()'s parameters here.")


def _param(node: ast.expr) -> str:
    """The parameter a value came from (see ``_Params``), else ``""``."""
    return str(getattr(node, "param", ""))


def _value(node: ast.expr, where: ast.AST) -> tuple[str | None, str | None]:
    """``(literal, None)`` or ``(None, env var)`` for ``os.environ["NAME"]``."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "environ":
        return None, _string(node.slice, where)
    return _string(node, where), None


class _Params(ast.NodeTransformer):
    """``run()``'s parameters read as their recorded values: each name becomes its default (marked with the
    parameter's name), and an f-string of them and literals a string (marked with its template)."""

    def __init__(self, defaults: dict[str, str]) -> None:
        self.defaults = defaults

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id not in self.defaults or not isinstance(node.ctx, ast.Load):
            return node
        const = ast.copy_location(ast.Constant(self.defaults[node.id]), node)
        const.param = node.id  # type: ignore[attr-defined]
        return const

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.expr:
        template, text = [], []
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                template.append(part.value.replace("{", "{{").replace("}", "}}"))
                text.append(part.value)
            elif isinstance(part, ast.FormattedValue) and isinstance(part.value, ast.Name) \
                    and part.value.id in self.defaults and part.conversion == -1 and part.format_spec is None:
                template.append("{" + part.value.id + "}")
                text.append(self.defaults[part.value.id])
            else:
                raise _fail(node, "an f-string in a script holds only run()'s parameters, as {name}.")
        const = ast.copy_location(ast.Constant("".join(text)), node)
        const.template = "".join(template)  # type: ignore[attr-defined]
        const.fields = {p.value.id: self.defaults[p.value.id] for p in node.values  # type: ignore[attr-defined]
                        if isinstance(p, ast.FormattedValue) and isinstance(p.value, ast.Name)}
        return const


def script_params(source: str) -> dict[str, str]:
    """``run()``'s parameters and their recorded values (its keyword arguments' string defaults), in order."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ScriptError(f"line {exc.lineno}: the script is not valid Python ({exc.msg}).") from None
    run = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "run"), None)
    return _defaults(run) if run is not None else {}


def _defaults(run: ast.FunctionDef) -> dict[str, str]:
    args = run.args
    pairs = list(zip(args.args[len(args.args) - len(args.defaults):], args.defaults, strict=True))
    pairs += [(a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None]
    out: dict[str, str] = {}
    for arg, default in pairs:
        if not (isinstance(default, ast.Constant) and isinstance(default.value, str)):
            raise _fail(arg, f"the parameter {arg.arg} needs a string as its recorded value.")
        out[arg.arg] = default.value
    return out


def _nth(node: ast.expr, where: ast.AST) -> tuple[int | None, ast.expr]:
    """``X.nth(i)``: ``(i, X)``; anything else: ``(None, it)``."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "nth"):
        return None, node
    arg = node.args[0] if node.args else None
    place = _place(arg)
    if place is not None:
        number = place[1]
        if not (number.isdigit() and int(number) >= 1):
            raise _fail(where, f"the place {place[0]} is a number counted from 1, not {number!r}.")
        return int(number) - 1, node.func.value
    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, int)):
        raise _fail(where, ".nth() takes a number, or int(NAME) - 1 for a place run() takes.")
    return arg.value, node.func.value


def _place(arg: ast.expr | None) -> tuple[str, str] | None:
    """``int(NAME) - 1`` on one of run()'s parameters: the parameter and its recorded value."""
    if not (isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Sub) and isinstance(arg.right, ast.Constant)
            and arg.right.value == 1 and isinstance(arg.left, ast.Call) and isinstance(arg.left.func, ast.Name)
            and arg.left.func.id == "int" and len(arg.left.args) == 1):
        return None
    inner = arg.left.args[0]
    if not (isinstance(inner, ast.Constant) and isinstance(inner.value, str) and _param(inner)):
        return None
    return _param(inner), inner.value


def _locator(node: ast.expr, where: ast.AST, names: Frames) -> dict[str, object]:
    """The parts of ``page.get_by_*(...)`` (with an optional ``.nth(i)``)."""
    placed = _place(node.args[0]) if isinstance(node, ast.Call) and node.args else None
    nth, node = _nth(node, where)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _BY):
        raise _fail(where, "expected page.get_by_role(...), get_by_label, get_by_text, get_by_placeholder or "
                          "get_by_title.")
    tab, frames = _frames(node.func.value, where, names)
    by = _BY[node.func.attr]
    if not node.args:
        raise _fail(where, f"{node.func.attr}() needs its first argument.")
    first = _string(node.args[0], where)
    keywords = {k.arg: k.value for k in node.keywords}
    exact_node = keywords.get("exact")
    exact = isinstance(exact_node, ast.Constant) and exact_node.value is True
    if by == "role":
        name = _string(keywords["name"], where) if "name" in keywords else ""
        return {"by": by, "role": first, "name": name, "exact": exact, "nth": nth, "frames": frames, "tab": tab,
                "target_param": _param(keywords["name"]) if "name" in keywords else "",
                "place_param": placed[0] if placed else ""}
    return {"by": by, "role": "", "name": first, "exact": exact, "nth": nth, "frames": frames, "tab": tab,
            "target_param": _param(node.args[0]), "place_param": placed[0] if placed else ""}


def _frames(node: ast.expr, where: ast.AST, names: Frames) -> tuple[str, tuple[Step, ...]]:
    """The tab and iframes of ``page.get_by_title("X").content_frame.locator("iframe").nth(0).content_frame``:
    a tab's name alone (``page``) is its main frame, and a name the script gave an iframe is that one."""
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.Name):
        raise _fail(where, f"{node.id} is not a page or an iframe the script named before this line.")
    if not (isinstance(node, ast.Attribute) and node.attr == "content_frame"):
        raise _fail(where, "a locator starts at page, or at an iframe's .content_frame.")
    nth, inner = _nth(node.value, where)
    if not (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.args
            and inner.func.attr in ("get_by_title", "locator")):
        raise _fail(where, "an iframe is found by get_by_title(...) or locator(\"iframe\").")
    tab, outer = _frames(inner.func.value, where, names)
    if inner.func.attr == "locator":
        if _string(inner.args[0], where) != "iframe":
            raise _fail(where, "an iframe is found by get_by_title(...) or locator(\"iframe\"), never by a CSS path.")
        return tab, (*outer, Step("", by="iframe", nth=nth))
    return tab, (*outer, Step("", by="title", name=_string(inner.args[0], where), nth=nth))


def _repeated(stmt: ast.For, names: Frames) -> Step:
    """``for _ in range(n):`` around one step: the step, run ``n`` times."""
    count = stmt.iter.args[0] if isinstance(stmt.iter, ast.Call) and isinstance(stmt.iter.func, ast.Name) \
        and stmt.iter.func.id == "range" and len(stmt.iter.args) == 1 else None
    if not (isinstance(stmt.target, ast.Name) and isinstance(count, ast.Constant) and isinstance(count.value, int)
            and count.value > 0 and len(stmt.body) == 1 and not stmt.orelse):
        raise _fail(stmt, "refwright replays a loop only as `for _ in range(N):` around one step.")
    item = _statement(stmt.body[0], names)
    if not isinstance(item, Step) or item.action == "goto":
        raise _fail(stmt, "only an action repeats in a loop, not a check or a page.goto().")
    return replace(item, repeat=count.value, line=stmt.lineno, end_line=stmt.end_lineno or stmt.lineno)


def _split_param(node: ast.expr) -> tuple[str, tuple[str, ...]] | None:
    """``NAME.split(", ")`` on one of run()'s parameters (a list parameter), or ``NAME.split(", ") if NAME else
    []``: its name and recorded items."""
    if isinstance(node, ast.IfExp) and isinstance(node.orelse, ast.List) and not node.orelse.elts:
        node = node.body
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "split"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and node.args[0].value == ITEMS):
        return None
    owner = node.func.value
    if not (isinstance(owner, ast.Constant) and isinstance(owner.value, str) and _param(owner)):
        return None
    return _param(owner), items_of(owner.value)


def _each(stmt: ast.For, listed: tuple[str, tuple[str, ...]], names: Frames) -> Step:
    """``for box in boxes.split(", "):`` around one step on ``box``: the step once per item of the list."""
    if not (isinstance(stmt.target, ast.Name) and len(stmt.body) == 1 and not stmt.orelse):
        raise _fail(stmt, 'refwright replays a loop over a list parameter only as `for item in NAME.split(", "):` '
                          "around one step.")
    loop = stmt.target.id
    item = _statement(_Params({loop: ""}).visit(stmt.body[0]), names)
    if not isinstance(item, Step) or item.target_param != loop:
        raise _fail(stmt, f"the step in a loop over {listed[0]} acts on the element named {loop}.")
    joined = ITEMS.join(listed[1])
    return replace(item, name=joined, target_param=listed[0], each=listed[1], loop=loop, line=stmt.lineno,
                   end_line=stmt.end_lineno or stmt.lineno)


def _statement(stmt: ast.stmt, names: Frames) -> Step | Check:
    if isinstance(stmt, ast.For):
        listed = _split_param(stmt.iter)
        return _each(stmt, listed, names) if listed else _repeated(stmt, names)
    if isinstance(stmt, ast.Raise):
        # A step the recording could not locate (its action, role and name are in the intent above it); the
        # value it sets, when a parameter holds it, is in its message as {name}.
        message = stmt.exc.args[0] if isinstance(stmt.exc, ast.Call) and stmt.exc.args else None
        fields: dict[str, str] = getattr(message, "fields", {})
        name, value = next(iter(fields.items()), ("", None))
        return Step("click", by="none", value=value, param=name, line=stmt.lineno,
                    end_line=stmt.end_lineno or stmt.lineno)
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name) \
            and stmt.value.func.id in SET_TO.values() and len(stmt.value.args) == 2:
        # set_slider(locator, value) / pick_date(locator, value): a helper the script defines.
        action = next(a for a, helper in SET_TO.items() if helper == stmt.value.func.id)
        value, _ = _value(stmt.value.args[1], stmt)
        parts = _locator(stmt.value.args[0], stmt, names)
        return Step(action, value=value, param=_param(stmt.value.args[1]), line=stmt.lineno,
                    end_line=stmt.end_lineno or stmt.lineno, **parts)  # type: ignore[arg-type]
    if not (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Attribute)):
        raise _fail(stmt, "refwright replays only page.<locator>.<action>(...), page.goto(...), "
                          "page.keyboard.press(...), expect(...) and the raise of a step it could not keep.")
    call, method = stmt.value, stmt.value.func.attr
    owner = stmt.value.func.value
    lines = {"line": stmt.lineno, "end_line": stmt.end_lineno or stmt.lineno}
    if method == "goto" and isinstance(owner, ast.Name) and names.get(owner.id, ("", (Step(""),)))[1] == ():
        return Step("goto", value=_string(call.args[0], stmt), tab=owner.id, **lines)  # type: ignore[arg-type]
    if method == "press" and isinstance(owner, ast.Attribute) and owner.attr == "keyboard" \
            and isinstance(owner.value, ast.Name) and owner.value.id in names:
        value, secret = _value(call.args[0], stmt)
        return Step("press", value=value, secret=secret, tab=owner.value.id, **lines)  # type: ignore[arg-type]
    if method == "wheel" and isinstance(owner, ast.Attribute) and owner.attr == "mouse" \
            and isinstance(owner.value, ast.Name) and owner.value.id in names:
        deltas = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, (int, float))]
        if len(deltas) != 2:
            raise _fail(stmt, "mouse.wheel() takes two numbers.")
        return Step("wheel", value=f"{deltas[0]}, {deltas[1]}", tab=owner.value.id, **lines)  # type: ignore[arg-type]
    if method in ("to_be_visible", "to_have_url") and isinstance(owner, ast.Call) \
            and isinstance(owner.func, ast.Name) and owner.func.id == "expect":
        return _check(stmt, method, owner, lines, names)
    if method == "drag_to":
        if not call.args:
            raise _fail(stmt, ".drag_to() needs the locator to drop onto.")
        to = Step("", **_locator(call.args[0], stmt, names))  # type: ignore[arg-type]
        return Step("drag", to=to, **_locator(owner, stmt, names), **lines)  # type: ignore[arg-type]
    if method not in _ACTIONS:
        raise _fail(stmt, f".{method}() is not a step refwright replays (click, dblclick, fill, check, uncheck, "
                          "select_option, hover, focus, press, drag_to, select_text).")
    parts = _locator(owner, stmt, names)
    value = secret = None
    listed = _split_param(call.args[0]) if _ACTIONS[method] == "select" and call.args else None
    if listed:
        chosen = {"value": ITEMS.join(listed[1]), "options": listed[1], "param": listed[0]}
        return Step("select", **chosen, **parts, **lines)  # type: ignore[arg-type]
    if _ACTIONS[method] == "select" and call.args and isinstance(call.args[0], ast.List):
        options = tuple(_string(e, stmt) for e in call.args[0].elts)
        return Step("select", value=", ".join(options), options=options, **parts, **lines)  # type: ignore[arg-type]
    param = ""
    if _ACTIONS[method] in ("fill", "select", "press"):
        if not call.args:
            raise _fail(stmt, f".{method}() needs its value.")
        value, secret = _value(call.args[0], stmt)
        param = _param(call.args[0])
    return Step(_ACTIONS[method], value=value, secret=secret, param=param, **parts, **lines)  # type: ignore[arg-type]


def _check(stmt: ast.stmt, method: str, owner: ast.Call, lines: dict[str, int], names: Frames) -> Check:
    target = owner.args[0] if owner.args else None
    if method == "to_have_url":
        arg = stmt.value.args[0] if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
        if isinstance(arg, ast.Call) and arg.args:  # re.compile("...")
            arg = arg.args[0]
        if arg is None:
            raise _fail(stmt, "to_have_url() needs the URL.")
        pattern = _string(arg, stmt)
        tab = target.id if isinstance(target, ast.Name) and target.id in names else "page"
        return Check(url=re.sub(r"\\(.)", r"\1", pattern), tab=tab, **lines)  # type: ignore[arg-type]
    if target is None:
        raise _fail(stmt, "expect() needs a locator.")
    parts = _locator(target, stmt, names)
    if parts["by"] != "text":
        raise _fail(stmt, "closing checks are expect(page.get_by_text(...)).to_be_visible().")
    return Check(text=str(parts["name"]), exact=bool(parts["exact"]), nth=parts["nth"],  # type: ignore[arg-type]
                 tab=str(parts["tab"]), template=_template(_nth(target, stmt)[1]), **lines)  # type: ignore[arg-type]


def _template(locator: ast.expr) -> str:
    """The template of a check's text when it is an f-string of run()'s parameters (see ``_Params``)."""
    arg = locator.args[0] if isinstance(locator, ast.Call) and locator.args else None
    return str(getattr(arg, "template", ""))


def parse_script(source: str) -> list[Step | Check]:
    """The steps and checks of a script's ``run(page)``, in order, each with its intent and line."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ScriptError(f"line {exc.lineno}: the script is not valid Python ({exc.msg}).") from None
    run = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "run"), None)
    if run is None:
        raise ScriptError("line 1: the script has no `def run(page)`; refwright replays the steps inside it.")
    run = _Params(_defaults(run)).visit(run)
    text = source.splitlines()
    out: list[Step | Check] = []
    names: Frames = {"page": ("page", ())}
    popups: dict[str, int] = {}
    for stmt in run.body:
        if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)):
            continue
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            _named(stmt, stmt.targets[0].id, names, popups, out)
            continue
        if isinstance(stmt, ast.With):
            popups[_popup_var(stmt)] = len(out)
            body = stmt.body[0]
            item = replace(_statement(body, names), line=stmt.lineno, end_line=stmt.end_lineno or stmt.lineno)
        else:
            item = _statement(stmt, names)
        if isinstance(item, Step):
            intent = _intent_above(text, stmt.lineno)
            if intent is not None:
                item = item.with_intent(intent)
                if item.by == "none":
                    to = intent.get("to")
                    onto = Step("", by="none", role=str(to.get("role") or ""), meant=str(to.get("name") or "")) \
                        if isinstance(to, dict) else None
                    item = replace(item, action=str(intent.get("action") or "click"),
                                   role=str(intent.get("role") or ""), to=onto)
            elif item.by != "role" and item.targeted:
                item = replace(item, role="")
        out.append(item)
    # The first tab is the default one (``page``): its steps carry no tab.
    return [replace(i, tab="") if i.tab == "page" else i for i in out]


def _popup_var(stmt: ast.With) -> str:
    """``with page.expect_popup() as popup:`` around one step: the name the popup is taken by."""
    item = stmt.items[0] if len(stmt.items) == 1 else None
    call = item.context_expr if item is not None else None
    if not (item is not None and isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
            and call.func.attr == "expect_popup" and isinstance(item.optional_vars, ast.Name) and len(stmt.body) == 1):
        raise _fail(stmt, "refwright replays a with block only as `with page.expect_popup() as popup:` around one "
                          "step.")
    return item.optional_vars.id


def _named(stmt: ast.Assign, name: str, names: Frames, popups: dict[str, int], out: list[Step | Check]) -> None:
    """A name the script gives: a tab a step opened (``page2 = popup.value``), a new tab (``page2 =
    page.context.new_page()``), or an iframe (``frame1 = page.get_by_title("Payment").content_frame``)."""
    value = stmt.value
    lines = {"line": stmt.lineno, "end_line": stmt.end_lineno or stmt.lineno}
    if isinstance(value, ast.Attribute) and value.attr == "value" and isinstance(value.value, ast.Name) \
            and value.value.id in popups:
        names[name] = (name, ())
        index = popups.pop(value.value.id)
        opener = out[index]
        if isinstance(opener, Step):  # the with block and this line are the step's statement
            out[index] = replace(opener, opens=name, end_line=lines["end_line"])
        return
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "new_page":
        names[name] = (name, ())
        out.append(Step("new_page", tab=name, **lines))  # type: ignore[arg-type]
        return
    names[name] = _frames(value, stmt, names)


def _intent_above(lines: list[str], lineno: int) -> dict[str, object] | None:
    i = lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        comment = lines[i].strip()
        if comment.startswith(_INTENT):
            try:
                data = json.loads(comment[len(_INTENT):])
            except ValueError:
                return None
            return data if isinstance(data, dict) else None
        i -= 1
    return None
