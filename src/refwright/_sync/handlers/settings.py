# Generated from src/refwright/_async/handlers/settings.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""set viewport|device|geo|offline|headers|credentials|media."""

from __future__ import annotations

import json
import re

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ..tab._emulation import set_credentials, set_device, set_geolocation, set_headers, set_media, set_viewport
from ..tab._tab import Tab

_USAGE = ("Usage: set <viewport w h|device <name>|geo lat lon|offline on|off|headers <json>|credentials user pass|"
          "media dark|light>")


def _int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise RefwrightError(f"The {what} must be a whole number of pixels, not `{text}`.") from None


def _float(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise RefwrightError(f"The {what} must be a number, not `{text}`.") from None
    if value != value:
        raise RefwrightError(f"The {what} must be a number, not `{text}`.")
    return value


def _headers(cmd: ParsedCommand) -> dict[str, str]:
    # Unquoted JSON loses its double quotes to the tokenizer; the line still has them.
    candidates = [cmd.text_from(1)]
    raw = re.search(r"\{.*\}", cmd.line, re.S)
    if raw:
        candidates.append(raw.group(0))
    for text in candidates:
        try:
            value = json.loads(text)
        except ValueError:
            continue
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            return {k: v if isinstance(v, str) else json.dumps(v) for k, v in value.items()}
    raise RefwrightError("Usage: set headers <json> (a JSON object, e.g. set headers '{\"X-Test\": \"1\"}')")


def set_(session: Tab, cmd: ParsedCommand) -> str:
    what = cmd.args[0].lower()
    args = cmd.args[1:]
    if what == "viewport":
        if len(args) < 2:
            raise RefwrightError("Usage: set viewport <width> <height> [scale]")
        width, height = _int(args[0], "width"), _int(args[1], "height")
        scale = _float(args[2], "scale") if len(args) > 2 else None
        set_viewport(session, width, height, scale)
        return f"Viewport set to {width}×{height}" + (f" at scale {args[2]}" if scale is not None else "")
    if what == "device":
        if not args:
            raise RefwrightError("Usage: set device <name>")
        name = set_device(session, " ".join(args))
        size = session.pw.viewport_size or {"width": 0, "height": 0}
        return f"Emulating {name} ({size['width']}×{size['height']})"
    if what in ("geo", "geolocation"):
        if len(args) < 2:
            raise RefwrightError("Usage: set geo <latitude> <longitude>")
        lat, lon = _float(args[0], "latitude"), _float(args[1], "longitude")
        set_geolocation(session, lat, lon)
        return f"Geolocation set to {args[0]}, {args[1]}"
    if what == "offline":
        state = args[0].lower() if args else "on"
        if state not in ("on", "off", "true", "false"):
            raise RefwrightError("Usage: set offline on|off")
        offline = state in ("on", "true")
        session.pw.context.set_offline(offline)
        return "Offline mode on" if offline else "Offline mode off"
    if what == "headers":
        headers = _headers(cmd)
        set_headers(session, headers)
        if not headers:
            return "Cleared extra HTTP headers"
        return f"Set {len(headers)} extra HTTP header(s): {', '.join(headers)}"
    if what == "credentials":
        if len(args) < 2:
            raise RefwrightError("Usage: set credentials <user> <password>")
        origin = set_credentials(session, args[0], args[1])
        where = origin if origin else "the next site opened"
        return f"Set HTTP credentials for user {args[0]} on {where}"
    if what == "media":
        scheme = args[0].lower() if args else ""
        if scheme == "reduced-motion":
            scheme = "no-preference"
        reduced = any(a.lower() == "reduced-motion" for a in args)
        set_media(session, scheme, reduced_motion=reduced)
        return f"Color scheme set to {scheme}" + (" with reduced motion" if reduced else "")
    raise RefwrightError(_USAGE)


HANDLERS = {"set": set_}
