"""Split one command line into arguments (the reference's quoting table)."""

from __future__ import annotations

from .._errors import RefwrightError

__all__ = ["tokenize"]


def tokenize(command: str, *, apostrophes: bool = False) -> list[str]:
    """Split ``command`` like a shell, with the reference's rules.

    Whitespace separates arguments; single or double quotes group words and may start mid-word; the other
    quote is literal inside quotes; a backslash escapes the next character everywhere, even inside single
    quotes; ``""`` is an empty argument; an unterminated quote raises ``RefwrightError``.

    With ``apostrophes`` (a free-text command's line), a single quote between two letters or digits is an
    apostrophe, kept as written: ``fill @e2 Rita's  notes`` fills ``Rita's notes``, where the shell rule would
    open a quote at ``'s`` and fail, or pair it with the next apostrophe and drop both.
    """
    args: list[str] = []
    current: list[str] = []
    # An argument exists once any character or quote pair was seen, so `""` yields an empty argument.
    in_arg = False
    quote: str | None = None
    i = 0
    n = len(command)
    while i < n:
        ch = command[i]
        if ch == "\\":
            if i + 1 < n:
                current.append(command[i + 1])
                i += 2
            else:
                # A lone trailing backslash has nothing to escape; keep it literally.
                current.append(ch)
                i += 1
            in_arg = True
            continue
        if apostrophes and ch == "'" and quote != '"' and _between_word_characters(command, i):
            current.append(ch)
            in_arg = True
            i += 1
            continue
        if quote is not None:
            if ch == quote:
                quote = None
            else:
                current.append(ch)
            i += 1
            continue
        if ch in ("'", '"'):
            quote = ch
            in_arg = True
            i += 1
            continue
        if ch.isspace():
            if in_arg:
                args.append("".join(current))
                current = []
                in_arg = False
            i += 1
            continue
        current.append(ch)
        in_arg = True
        i += 1
    if quote is not None:
        raise RefwrightError(f"Unterminated {quote} quote in command")
    if in_arg:
        args.append("".join(current))
    return args


def _between_word_characters(text: str, i: int) -> bool:
    return 0 < i < len(text) - 1 and text[i - 1].isalnum() and text[i + 1].isalnum()
