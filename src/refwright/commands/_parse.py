"""Turn a command line into a ``ParsedCommand``: a pure function, no I/O.

The rules are the reference's: the command name and sub-arguments are case-insensitive, flags are
case-sensitive and may appear anywhere after the name, and extra arguments are ignored. Unlike the
reference, an unknown flag is an error naming the command's flags (and the closest one): a silently
ignored `snapshot -x` leaves the model believing it got what it asked for. Free-text commands keep every
remaining token, flag-like ones included (they are the text). A code command (``eval``) takes the rest of the line as
written: JavaScript needs its quotes and backslashes.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from .._errors import RefwrightError
from ._registry import CommandSpec, known_names, lookup
from ._spec import NumberSpec
from ._tokenize import tokenize

__all__ = ["ParsedCommand", "parse", "unknown_command", "unknown_flag"]

# A token that looks like a flag: `-x`, `--long`; negative numbers such as `-31` are arguments.
_FLAG_LIKE = re.compile(r"^--?[A-Za-z]")


@dataclass(frozen=True)
class ParsedCommand:
    line: str
    spec: CommandSpec
    # Tokens after the command name, exactly as written.
    raw_args: tuple[str, ...]
    # Tokens after the command name with known flags (and their values) and unknown flags removed.
    args: tuple[str, ...]
    flags: dict[str, str | bool] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.spec.name

    def flag(self, key: str) -> str | bool | None:
        return self.flags.get(key)

    def text_from(self, index: int) -> str:
        """Free text: every argument from ``index`` on, joined by one space."""
        return " ".join(self.args[index:])


def _closest(word: str, known: list[str]) -> str | None:
    matches = difflib.get_close_matches(word, known, n=1, cutoff=0.75)
    return matches[0] if matches else None


def unknown_command(name: str, *, suggest_as: str = "{}") -> RefwrightError:
    """The error for a command name the registry does not know, naming the closest known one
    (``suggest_as`` spells the suggestion, e.g. ``"help {}"`` for ``help <command>``)."""
    message = f"Unknown command `{name}`. Run `help` to list commands."
    match = _closest(name.lower(), known_names())
    if match:
        message += f" Did you mean `{suggest_as.format(match)}`?"
    return RefwrightError(message)


def _flag_suggestion(token: str, spec: CommandSpec) -> str | None:
    names = [n for f in spec.flags for n in f.names]
    # Flags are case-sensitive: `-I` for `-i` is the likeliest slip.
    for variant in (token.lower(), token.upper()):
        if variant in names:
            return variant
    # Short flags written together (`-ic`) are given apart.
    if not token.startswith("--") and len(token) > 2 and all(f"-{c}" in names for c in token[1:]):
        return " ".join(f"-{c}" for c in token[1:])
    return _closest(token, names)


def unknown_flag(token: str, spec: CommandSpec) -> RefwrightError:
    """The error for a flag ``spec`` does not take: its flags, and the closest one."""
    if not spec.flags:
        return RefwrightError(f"Unknown flag `{token}`: `{spec.name}` takes no flags. Usage: {spec.usage}")
    known = ", ".join("/".join(f.names) + (" <value>" if f.takes_value else "") for f in spec.flags)
    message = f"Unknown flag `{token}` for `{spec.name}`. Its flags: {known}."
    match = _flag_suggestion(token, spec)
    if match:
        message += f" Did you mean `{match}`?"
    return RefwrightError(message)


_HEAD = re.compile(r"\s*(\S+)")


def _one_quoted(text: str) -> bool:
    """Whether ``text`` is one argument wholly in quotes: its first quote closes at its last character."""
    if len(text) < 2 or text[0] not in ("'", '"'):
        return False
    i = 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == text[0]:
            return i == len(text) - 1
        i += 1
    return False


def _code(line: str, spec: CommandSpec, rest: str) -> ParsedCommand:
    code = rest.strip()
    if _one_quoted(code):
        code = tokenize(code)[0]
    if not code and spec.min_args:
        raise RefwrightError(f"Usage: {spec.usage}")
    args = (code,) if code else ()
    return ParsedCommand(line=line, spec=spec, raw_args=args, args=args)


def _line_text(line: str, spec: CommandSpec, rest: str) -> ParsedCommand:
    """The rest of the line as written, after the flags that lead it (and a last flag that takes no value)."""
    by_name = {n: f for f in spec.flags for n in f.names if not f.takes_value}
    flags: dict[str, str | bool] = {}
    text = rest.strip()
    while (word := _HEAD.match(text)) is not None and word[1] in by_name:
        flags[by_name[word[1]].key] = True
        text = text[word.end():].strip()
    last = text.rsplit(None, 1)[-1] if text else ""
    if last in by_name and len(text) > len(last):
        flags[by_name[last].key] = True
        text = text[: -len(last)].rstrip()
    if len(text) >= 2 and text[0] in ("'", '"') and text[-1] == text[0]:
        try:
            tokens = tokenize(text, apostrophes=True)
        except RefwrightError:
            tokens = []
        if len(tokens) == 1:
            text = tokens[0]
    if not text and spec.min_args:
        raise RefwrightError(f"Usage: {spec.usage}")
    args = (text,) if text else ()
    return ParsedCommand(line=line, spec=spec, raw_args=args, args=args, flags=flags)


def _free_text_tokens(line: str) -> list[str]:
    """A free-text command's tokens, apostrophes kept as text; the reference's reading when that one fails
    (a quote that opens mid-word and closes later: `a'b c'`)."""
    try:
        return tokenize(line, apostrophes=True)
    except RefwrightError:
        return tokenize(line)


def parse(line: str) -> ParsedCommand:
    head = _HEAD.match(line)
    spec = lookup(head[1]) if head is not None else None
    if head is not None and spec is not None:
        if spec.code:
            return _code(line, spec, line[head.end():])
        if spec.line_text:
            return _line_text(line, spec, line[head.end():])
    tokens = _free_text_tokens(line) if spec is not None and spec.free_text else tokenize(line)
    if not tokens:
        raise RefwrightError("Empty command. Run `help` to list commands.")
    name = tokens[0]
    spec = lookup(name)
    if spec is None:
        raise unknown_command(name)
    raw = tuple(tokens[1:])
    flags: dict[str, str | bool] = {}
    args: list[str] = []
    by_name = {n: f for f in spec.flags for n in f.names}
    i = 0
    while i < len(raw):
        token = raw[i]
        flag = by_name.get(token)
        if flag is not None:
            if flag.takes_value:
                if i + 1 < len(raw):
                    # The first occurrence wins, as a model most likely meant it.
                    flags.setdefault(flag.key, raw[i + 1])
                    i += 2
                    continue
                flags.setdefault(flag.key, "")
            else:
                flags[flag.key] = True
            i += 1
            continue
        if not spec.free_text and _FLAG_LIKE.match(token):
            raise unknown_flag(token, spec)
        args.append(token)
        i += 1
    if len(args) < spec.min_args and not (spec.name == "wait" and flags):
        raise RefwrightError(f"Usage: {spec.usage}")
    _check_numbers(spec, args, flags)
    return ParsedCommand(line=line, spec=spec, raw_args=raw, args=tuple(args), flags=flags)


def _shown(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def _check_numbers(spec: CommandSpec, args: list[str], flags: dict[str, str | bool]) -> None:
    """Refuse a number outside its argument's range, naming the range (one rule for every command: a
    number the browser cannot take would otherwise be cut, overflow or hang)."""
    sub = args[0].lower() if args else ""
    for number in spec.numbers:
        if number.sub is not None and number.sub != sub:
            continue
        token = flags.get(number.at) if isinstance(number.at, str) else \
            (args[number.at] if number.at < len(args) else None)
        if not isinstance(token, str):
            continue
        try:
            value = float(token.replace("\u2212", "-"))
        except ValueError:
            continue  # not a number: the command says what it expects
        if not number.low <= value <= number.high:  # NaN is out of every range too
            raise _out_of_range(number, token)


def _out_of_range(number: NumberSpec, token: str) -> RefwrightError:
    what = number.what[:1].upper() + number.what[1:]
    return RefwrightError(f"{what} must be a number from {_shown(number.low)} to {_shown(number.high)}"
                          f"{number.unit}, not `{token}`. Give one in that range.")
