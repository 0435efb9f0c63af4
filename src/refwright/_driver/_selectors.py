"""The reference's selector shorthands, mapped onto Playwright's selector engines (pure).

``label=Email``, ``placeholder=Search``, ``testid=save``, ``alt=Logo`` and ``title=Close`` match like
Playwright's ``get_by_label`` family: a bare value is a case-insensitive substring, a quoted value is
exact. Everything else (CSS, ``text=``, ``role=``, ``xpath=``, ``>>`` chains) passes through untouched.
"""

from __future__ import annotations

import json

__all__ = ["to_playwright_selector"]


def _split_chain(selector: str) -> list[str]:
    parts: list[str] = []
    quote: str | None = None
    start = 0
    i = 0
    while i < len(selector):
        ch = selector[i]
        if quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif selector.startswith(">>", i):
            parts.append(selector[start:i])
            start = i + 2
            i += 2
            continue
        i += 1
    parts.append(selector[start:])
    return parts


def _text_arg(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return json.dumps(value[1:-1]) + "s"
    return json.dumps(value) + "i"


def _map_part(part: str) -> str:
    stripped = part.strip()
    name, sep, value = stripped.partition("=")
    if not sep:
        return part
    key = name.strip().lower()
    if key == "label":
        return f" internal:label={_text_arg(value)} "
    if key in ("placeholder", "alt", "title"):
        return f" internal:attr=[{key}={_text_arg(value)}] "
    if key == "testid":
        exact = _text_arg(value)
        return f" internal:testid=[data-testid={exact[:-1]}s] "
    return part


def to_playwright_selector(selector: str) -> str:
    parts = _split_chain(selector)
    mapped = [_map_part(p) for p in parts]
    if mapped == parts:
        return selector
    return ">>".join(mapped).strip()
