"""Proofs about the code's shape (pure, no browser): no import cycles, no reaching into Page's,
Browser's or Tab's privates, no oversized modules, a true error hierarchy, every command handled."""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import refwright
from refwright._errors import RefwrightError

SRC = Path(refwright.__file__).parent
MAX_LINES = 500


def _hand_written() -> Iterator[tuple[str, Path]]:
    """Every hand-written module as (dotted name, path); ``_sync`` is generated from ``_async``."""
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        if "_sync" in parts:
            continue
        yield ".".join(parts), path


MODULES = dict(_hand_written())


@functools.cache
def _tree(path: Path) -> ast.Module:
    """Each module parsed once for all the checks below."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import, function-local ones included, except those only for type checkers."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (i for n in node.orelse for i in _imports_in(n))
            continue
        yield from _imports_in(node)


def _imports_in(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
    else:
        yield from _imports(node)


def _edges(name: str, path: Path) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(_tree(path)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
            continue
        base = package
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module or ""
        for alias in node.names:
            sub = f"{target}.{alias.name}"
            found.add(sub if sub in MODULES else target)
    return {m for m in found if m in MODULES and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_import_graph_sees_function_local_imports_but_not_type_checking_ones() -> None:
    tree = ast.parse("import a\nif TYPE_CHECKING:\n    import b\ndef f():\n    from c import d\n")
    assert [n.names[0].name if isinstance(n, ast.Import) else n.module for n in _imports(tree)] == ["a", "c"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_cycle_among_hand_written_modules() -> None:
    graph = {name: _edges(name, path) for name, path in MODULES.items()}
    assert _cycles(graph) == []


def _privates_of(path: Path) -> set[str]:
    """The private attributes a class module defines: ``self._x = ...`` and ``def _x``."""
    names: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_no_module_reads_page_browser_or_session_privates() -> None:
    # Anything called page, browser or session here (page, self._page, self.session) is one of them.
    owners = {"refwright._async.facade._page": "page", "refwright._async.facade._browser": "browser",
              "refwright._async.tab._tab": "session", "refwright._async.launch._chromium": "chromium"}
    privates = {owner: _privates_of(MODULES[owner]) for owner in owners}
    holders = {owner: re.compile(rf"(^|_){noun}$") for owner, noun in owners.items()}
    reads = []
    for name, path in MODULES.items():
        # Every attribute read once per module, then checked against each owner's privates.
        attributes = [node for node in ast.walk(_tree(path)) if isinstance(node, ast.Attribute)]
        for owner, private in privates.items():
            if name == owner:
                continue
            for node in attributes:
                if node.attr not in private:
                    continue
                receiver = node.value
                label = receiver.attr if isinstance(receiver, ast.Attribute) else getattr(receiver, "id", "")
                if holders[owner].search(label):
                    reads.append(f"{name}:{node.lineno} {label}.{node.attr}")
    assert sorted(reads) == []


def _instance_state(path: Path, cls: str) -> set[str]:
    """The attributes a class's methods assign on ``self``."""
    (node,) = (n for n in _tree(path).body if isinstance(n, ast.ClassDef) and n.name == cls)
    return {t.attr for t in ast.walk(node) if isinstance(t, ast.Attribute) and isinstance(t.ctx, ast.Store)
            and isinstance(t.value, ast.Name) and t.value.id == "self"}


def test_browser_and_page_are_thin_facades_over_their_implementations() -> None:
    browser, page = MODULES["refwright._async.facade._browser"], MODULES["refwright._async.facade._page"]
    # The state is the implementation's; a facade keeps only it and the defaults it hands to new pages.
    assert _instance_state(browser, "Browser") <= {"_impl", "_pages", "decide", "action_policy", "confirm"}
    assert _instance_state(page, "Page") == {"_impl", "config"}
    # Browser never touches Playwright itself, and neither facade handles Playwright errors ad hoc: the
    # translating boundary (``mapped``) does.
    imported = [n.module or "" if isinstance(n, ast.ImportFrom) else n.names[0].name
                for n in _imports(_tree(browser))]
    assert [m for m in imported if m.startswith("playwright")] == []
    for path in (browser, page):
        assert not [n for n in ast.walk(_tree(path)) if isinstance(n, ast.Try)]


def test_no_hand_written_module_is_over_500_lines() -> None:
    sizes = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in MODULES.items()}
    assert {name: n for name, n in sizes.items() if n > MAX_LINES} == {}


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _import(name: str) -> None:
    """Import ``name``; an integration whose framework is not installed here (each has its own venv in CI,
    scripts/integration_venvs.sh) is left out."""
    try:
        importlib.import_module(name)
    except ImportError as exc:
        if not (name.startswith("refwright.integrations.") and "pip install 'refwright[" in str(exc)):
            raise


def test_the_error_docstring_draws_the_hierarchy_as_it_is() -> None:
    for name in MODULES:  # every error class is defined by the time its module is imported
        if not name.startswith("refwright.__main__"):
            _import(name)

    drawn: dict[str, str] = {}
    parents: list[tuple[int, str]] = []
    doc = importlib.import_module("refwright._errors").__doc__ or ""
    hierarchy, _, _internal = doc.partition("Internal signals")
    for line in hierarchy.splitlines():
        m = re.match(r"^(\s*(?:[│ ]   )*(?:[├└]── )?)([A-Z]\w+Error)\b", line)
        if not m:
            continue
        depth = len(m.group(1))
        while parents and parents[-1][0] >= depth:
            parents.pop()
        drawn[m.group(2)] = parents[-1][1] if parents else ""
        parents.append((depth, m.group(2)))
    real = {cls.__name__: cls.__bases__[0].__name__ for cls in _subclasses(RefwrightError)
            if cls.__module__.startswith("refwright.")}
    real["RefwrightError"] = ""
    assert drawn == real


def test_every_command_has_a_handler() -> None:
    from refwright._async.handlers import HANDLERS as ASYNC_HANDLERS
    from refwright._sync.handlers import HANDLERS as SYNC_HANDLERS
    from refwright.commands import all_specs

    names = {spec.name for spec in all_specs()}
    assert names == set(ASYNC_HANDLERS) == set(SYNC_HANDLERS)


def test_capabilities_are_one_class_for_both_apis() -> None:
    from refwright import sync_api

    assert refwright.Capabilities is sync_api.Capabilities


def _every_module_imported() -> None:
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC.parent).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        if parts[-1] != "__main__":
            _import(".".join(parts))


def test_every_exception_is_defined_in_errors_and_named_error() -> None:
    _every_module_imported()  # generated modules too: they must define none of their own
    misplaced = sorted(f"{cls.__module__}.{cls.__qualname__}" for cls in _subclasses(BaseException)
                       if cls.__module__.startswith("refwright.") and not cls.__name__.startswith("_")
                       and (cls.__module__ != "refwright._errors" or not cls.__name__.endswith("Error")))
    assert misplaced == []


def test_every_exception_is_drawn_and_every_public_one_exported() -> None:
    errors = importlib.import_module("refwright._errors")
    defined = {name for name, value in vars(errors).items()
               if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == errors.__name__}
    drawn = set(re.findall(r"^[\s│├└─]*([A-Z]\w+Error)\b", errors.__doc__ or "", flags=re.M))
    assert defined == drawn
    public = {name for name in defined if issubclass(getattr(errors, name), RefwrightError)}
    assert public <= set(refwright.__all__)


def test_the_playwright_requirement_is_bounded_above() -> None:
    pyproject = (SRC.parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    pins = re.findall(r'"playwright([^"]*)"', pyproject)
    assert pins and all("<" in pin or "~=" in pin for pin in pins), pins


def test_generated_files_say_so_in_their_first_line() -> None:
    generated = [*(SRC / "_sync").rglob("*.py"), *(Path(__file__).parent / "api" / "_sync").rglob("*.py")]
    assert len(generated) > 3
    for path in sorted(generated):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# Generated from ") and "DO NOT EDIT" in first, path
    assert "DO NOT EDIT" in (SRC.parent.parent / "docs" / "commands.md").read_text(encoding="utf-8")
    attributes = (SRC.parent.parent / ".gitattributes").read_text(encoding="utf-8")
    for generated_path in ("src/refwright/_sync/**", "tests/api/_sync/**", "docs/commands.md"):
        assert f"{generated_path} linguist-generated=true" in attributes


def _calls(node: ast.AST) -> set[str]:
    """The names a function uses (calls, or hands to another call such as ``asyncio.to_thread``)."""
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def test_no_hand_written_twins() -> None:
    """The sync API is generated; outside the bridge, a function and its ``_async`` namesake in one module
    are allowed only as a facade: one of them calls the other, so there is one implementation to drift."""
    twins = []
    for name, path in MODULES.items():
        if name == "refwright._bridge":
            continue
        defs = {node.name: node for node in ast.walk(_tree(path))
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for sync_name in defs:
            async_def = defs.get(f"{sync_name}_async")
            calls = _calls(defs[sync_name]) | (_calls(async_def) if async_def is not None else set())
            if async_def is not None and not {sync_name, async_def.name} & calls:
                twins.append(f"{name}.{sync_name}")
    assert twins == []



_PLAYWRIGHT_PRIVATE = re.compile(r"_impl_obj|playwright\._impl|\._guid\b|_browser_type|\._connection\b|_pw_impl")


def test_playwrights_private_api_is_used_in_one_module() -> None:
    """Everything that would break when Playwright changes its internals sits in ``_playwright_private``,
    each use with a test of its own."""
    users = sorted(name for name, path in MODULES.items()
                   if name != "refwright._driver._playwright_private"
                   and _PLAYWRIGHT_PRIVATE.search(path.read_text(encoding="utf-8")))
    assert users == []


def _state_of(cls: ast.ClassDef) -> set[str]:
    """The attributes a class holds: each ``self.x`` its methods set, and the fields of a mutable dataclass
    that has methods."""
    attrs = {target.attr for fn in cls.body if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
             for node in ast.walk(fn) if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign))
             for assigned in (node.targets if isinstance(node, ast.Assign) else [node.target])
             for target in ast.walk(assigned)
             if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self"}
    decorators = [ast.unparse(d) for d in cls.decorator_list]
    mutable_dataclass = any(d.startswith("dataclass") for d in decorators) and not any("frozen=True" in d
                                                                                         for d in decorators)
    if mutable_dataclass and any(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in cls.body):
        attrs |= {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    return attrs


def test_no_class_holds_more_than_15_attributes() -> None:
    """A class with more is two concerns or more: each gets a typed part the class composes."""
    crowded = {f"{name}.{cls.name}": len(_state_of(cls)) for name, path in MODULES.items()
               for cls in ast.walk(_tree(path)) if isinstance(cls, ast.ClassDef) and len(_state_of(cls)) > 15}
    assert crowded == {}


def test_the_root_holds_only_shared_types() -> None:
    """A helper with one concern lives in the package named for it, not at the root."""
    root = sorted(p.stem for p in SRC.glob("_*.py") if p.stem not in ("__init__", "__main__"))
    assert root == ["_bridge", "_capabilities", "_config", "_errors", "_open_url", "_result"]


def test_the_implementation_and_the_resolver_keep_few_modules_at_their_top() -> None:
    """``_async`` and ``resolve`` show their parts: at most 15 modules each at the top, the rest in subpackages
    named after the parts (facade, pipeline, handlers, tab, runtime, launch; grammar, matching, state)."""
    for package in ("_async", "resolve"):
        top = sorted(p.name for p in (SRC / package).iterdir() if p.suffix == ".py" or (p / "__init__.py").exists())
        assert len(top) <= 15, (package, top)


# File names that mean the same kind of thing in every package that has one.
_SHARED_FILE_NAMES = {"__init__", "__main__", "_types", "_errors", "_version"}


def test_few_hand_written_module_names_repeat_across_packages() -> None:
    """One name, one meaning: two modules named alike in two packages read as the same thing. At most five
    hand-written file names may repeat (each is a command's module in cli/ beside its part's own)."""
    stems: dict[str, list[str]] = {}
    for name, path in MODULES.items():
        if path.stem not in _SHARED_FILE_NAMES:
            stems.setdefault(path.stem, []).append(name)
    repeated = {stem: names for stem, names in stems.items() if len(names) > 1}
    assert len(repeated) <= 5, repeated


def test_no_module_shadows_a_package_of_the_same_name() -> None:
    """A private package ``_x/`` and a module ``_x.py`` anywhere in the tree read as one thing: each name is one of
    them. (The handlers' public-named modules, one per command group such as ``handlers/visual.py``, are named
    for the group they serve.)"""
    packages = {p.name for p in SRC.rglob("_*") if (p / "__init__.py").exists() and "_sync" not in p.parts}
    modules = {p.stem for p in SRC.rglob("_*.py") if "_sync" not in p.parts and p.stem not in _SHARED_FILE_NAMES}
    assert sorted(packages & modules) == []


# Where Playwright's errors may be named: the boundary that translates them (and says which ones are
# best-effort), so that no other module decides on its own what Playwright's wording means or lets it through.
_PLAYWRIGHT_ERROR_BOUNDARY = {
    # translate/mapped/perform turn them into refwright's sentences; best_effort swallows them where a
    # failure changes nothing the model is told; is_closed_error/is_timeout/from_playwright answer the
    # questions other modules ask about one. The sync twin is generated from it.
    "refwright._async.pipeline._translate",
}
_PLAYWRIGHT_ERRORS = {"Error", "TimeoutError"}


def _playwright_error_uses(tree: ast.AST) -> list[str]:
    """Each import of Playwright's ``Error``/``TimeoutError`` (or of its private errors module), and each
    ``<...playwright...>.Error`` spelled out (in an ``except`` or anywhere else)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("playwright"):
            if "_errors" in (node.module or ""):
                found.append(f"line {node.lineno}: from {node.module} import ...")
            found += [f"line {node.lineno}: from {node.module} import {a.name}" for a in node.names
                      if a.name in _PLAYWRIGHT_ERRORS]
        elif isinstance(node, ast.Import):
            found += [f"line {node.lineno}: import {a.name}" for a in node.names if "_errors" in a.name
                      and a.name.startswith("playwright")]
        elif (isinstance(node, ast.Attribute) and node.attr in _PLAYWRIGHT_ERRORS
              and "playwright" in ast.unparse(node.value)):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_rule_sees_playwright_errors_however_they_are_named() -> None:
    tree = ast.parse("from playwright.async_api import Error as PlaywrightError\n"
                     "from playwright.sync_api import TimeoutError\n"
                     "from playwright._impl._errors import TargetClosedError\n"
                     "import playwright.async_api\n"
                     "try:\n    pass\nexcept playwright.async_api.Error:\n    pass\n"
                     "from playwright.async_api import Page\n")
    assert len(_playwright_error_uses(tree)) == 4


def test_playwright_errors_are_caught_only_at_the_translating_boundary() -> None:
    """httpx's shape: a third-party error is mapped where it enters. Every other module runs Playwright
    calls in ``mapped()`` (the failure is the answer, in refwright's words) or ``best_effort()`` (the
    failure changes nothing the model is told), so Playwright's own wording cannot slip through a
    forgotten ``except``."""
    users = {name: uses for name, path in MODULES.items() if name not in _PLAYWRIGHT_ERROR_BOUNDARY
             for uses in [_playwright_error_uses(_tree(path))] if uses}
    assert users == {}


# Catch-alls that may stay silent (none today): each would need a reason here.
_SILENT_CATCH_ALLS: set[str] = set()
_BROAD = {"Exception", "BaseException"}


def _is_broad(caught: ast.expr | None) -> bool:
    names = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return caught is None or any(isinstance(n, ast.Name) and n.id in _BROAD for n in names)


def _says_something(handler: ast.ExceptHandler) -> bool:
    """Whether the handler re-raises, uses what it caught, or logs it."""
    for node in (n for stmt in handler.body for n in ast.walk(stmt)):
        if isinstance(node, ast.Raise) or (handler.name and isinstance(node, ast.Name) and node.id == handler.name):
            return True
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and ast.unparse(node.func.value) in ("_log", "logger", "logging")):
            return True
    return False


def _silent_catch_alls(tree: ast.AST) -> list[str]:
    """Each ``except Exception`` (or ``BaseException``, or bare ``except``) that swallows what it caught
    without a word, and each ``suppress(Exception)``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler) and _is_broad(node.type) and not _says_something(node):
            found.append(f"line {node.lineno}: except {ast.unparse(node.type) if node.type else ''}".rstrip())
        elif (isinstance(node, ast.Call) and ast.unparse(node.func).endswith("suppress")
              and any(isinstance(a, ast.Name) and a.id in _BROAD for a in node.args)):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_the_rule_sees_silent_catch_alls() -> None:
    tree = ast.parse("try:\n    f()\nexcept Exception:\n    pass\n"
                     "try:\n    f()\nexcept (OSError, BaseException):\n    x = 1\n"
                     "try:\n    f()\nexcept:\n    pass\n"
                     "with contextlib.suppress(Exception):\n    f()\n"
                     "try:\n    f()\nexcept Exception:\n    _log.debug('why', exc_info=True)\n"
                     "try:\n    f()\nexcept Exception as exc:\n    answer(str(exc))\n"
                     "try:\n    f()\nexcept OSError:\n    pass\n")
    assert len(_silent_catch_alls(tree)) == 4


def test_no_silent_catch_all() -> None:
    """A catch-all that says nothing hides bugs: each broad catch is narrowed to what can really occur
    there, or (a fail-closed fallback, a last-resort boundary, the watchdog) logs what it caught."""
    silent = {name: found for name, path in MODULES.items() if name not in _SILENT_CATCH_ALLS
              for found in [_silent_catch_alls(_tree(path))] if found}
    assert silent == {}


# -- one pipeline, and a command's facts on its spec (issue 38) -----------------------------------------

# Where naming commands is the module's job: the command language itself, the handlers that bind commands by
# name, replay's Playwright method names, the actions profile's own action words and the resolver's lexicon.
_NAMES_ALLOWED = ("refwright.commands", "refwright._async.handlers", "refwright.resolve._commands",
                  "refwright.replay", "refwright.mcp._actions_profile", "refwright.resolve.grammar._clauses",
                  "refwright.resolve.grammar._item_rules",
                  # The resolver's lexicon of request words (verbs a person writes), not command names.
                  "refwright.resolve.grammar._lexicon", "refwright.resolve.matching._spotting")


def _command_names() -> set[str]:
    import refwright.resolve  # noqa: F401 - registers the resolver's commands
    from refwright.commands import all_specs

    return {name for spec in all_specs() for name in (spec.name, *spec.aliases)}


def _strings(node: ast.AST) -> list[str]:
    elts = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", [])
    return [e.value for e in elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]


def _name_tables(tree: ast.AST, names: set[str]) -> list[int]:
    """Lines of collections that list command names (three or more, at least half of what they list; not an
    ``__all__``), and of tests of a ``.name`` (a command's) against a literal command name or several."""
    found = set()
    exported = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in n.targets)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Set | ast.Tuple | ast.List | ast.Dict):
            strings = set(_strings(node))
            listed = strings & names
            if len(listed) >= 3 and 2 * len(listed) >= len(strings) and id(node) not in exported:
                found.add(node.lineno)
        elif isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "name":
            for right in node.comparators:
                listed = [right.value] if isinstance(right, ast.Constant) else _strings(right)
                if set(listed) & names:
                    found.add(node.lineno)
    return sorted(found)


def test_the_rule_sees_command_name_tables_and_tests() -> None:
    names = {"open", "read", "click", "fill"}
    assert _name_tables(ast.parse('_X = {"open", "read", "click"}'), names) == [1]
    assert _name_tables(ast.parse('_X = {"click": "Clicked", "fill": "Filled", "read": "Read", "x": "y"}'),
                        names) == [1]
    assert _name_tables(ast.parse('__all__ = ["open", "read", "click"]'), names) == []
    assert _name_tables(ast.parse('if parsed.name in ("open", "read"): pass'), names) == [1]
    assert _name_tables(ast.parse('if spec.name == "open": pass'), names) == [1]
    assert _name_tables(ast.parse('x = ("open", "elsewhere")\nif name == "open": pass'), names) == []


def test_no_command_name_tables_outside_the_command_packages() -> None:
    """A command's facts (policy targets, time budget, recording, settling, dialogs, secrets, proposals) are
    data on its spec; no other module keeps a list of command names or tests a command's name."""
    names = _command_names()
    tables = [f"{name}:{line}" for name, path in MODULES.items() if not name.startswith(_NAMES_ALLOWED)
              for line in _name_tables(_tree(path), names)]
    assert tables == []


def test_one_pipeline_calls_the_handlers_and_decides_the_policy() -> None:
    """Only the pipeline runs a command's handler, and the policy is decided only by its authorize stage (a
    handler may decide a second target it meets while it runs: the second URL of `diff url`)."""
    handlers = sorted(name for name, path in MODULES.items()
                      if any(isinstance(n, ast.ImportFrom) and any(a.name == "HANDLERS" for a in n.names)
                             for n in _imports(_tree(path))))
    assert handlers == ["refwright._async.pipeline._run"]
    deciding = sorted({name for name, path in MODULES.items() for node in ast.walk(_tree(path))
                       if isinstance(node, ast.Attribute) and node.attr == "check_policy"
                       and isinstance(node.ctx, ast.Load)})
    allowed = {"refwright._async.pipeline._authorize", "refwright._async.tab._tab",
               "refwright._async.tab._secret_fields"}
    assert [n for n in deciding if n not in allowed and not n.startswith("refwright._async.handlers.")] == []
