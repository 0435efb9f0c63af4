"""What ``inspect`` sees: controls, their kinds and risks, and how they are shown (pure)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..snapshot._format import quote
from ._risk import risk_of

__all__ = [
    "KIND_NAMES",
    "Control",
    "Inspection",
    "control_from_raw",
    "describe",
    "frames_note",
    "render_inspection",
    "value_hash",
]

# How each kind reads in output.
KIND_NAMES = {
    "button": "button",
    "link": "link",
    "text": "text field",
    "date": "date field",
    "time": "time field",
    "select": "select",
    "range": "range slider",
    "slider": "slider",
    "handle": "slider handle",
    "checkbox": "checkbox",
    "radio": "radio",
    "tab": "tab",
    "menuitem": "menu item",
    "option": "option",
    "treeitem": "tree item",
    "combobox": "combobox",
    "draggable": "draggable",
    "droptarget": "drop target",
    "pointer": "clickable",
    # Named by what it shows (its image or icon class), not by text: the name is the icon's word.
    "icon": "icon",
}

# Kinds a click request can land on.
CLICKABLE = frozenset({"button", "link", "tab", "menuitem", "option", "treeitem", "pointer", "checkbox", "radio",
                       "combobox", "draggable", "icon"})
TEXT_KINDS = frozenset({"text", "date", "time"})
SLIDER_KINDS = frozenset({"range", "slider", "handle"})

_MAX_SHOWN_LABEL = 60
_MAX_SHOWN_OPTIONS = 8


def _fnv(data: bytes, seed: int) -> int:
    h = seed
    for b in data:
        h ^= b
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def value_hash(token: str, value: str) -> str:
    """The page runtime's hash of a private value (salted with the document's token); never reversible here."""
    data = (token + "\u0000" + value).encode("utf-8")
    return f"{_fnv(data, 0x811C9DC5):08x}{_fnv(data, 0x050C5D1F):08x}"


@dataclass(frozen=True)
class Control:
    """One visible actionable control, as ``inspect`` lists it.

    ``id`` is the page runtime's element id; ``ref`` the ``eN`` it was published under. ``value_hash`` is
    a salted hash of private state (a field's value, a link's destination, a slider's value): it shows
    that something changed, never what.
    """

    id: int
    kind: str
    label: str
    role: str = ""
    label_source: str = "name"
    tag: str = ""
    input_type: str = ""
    states: tuple[str, ...] = ()
    options: tuple[tuple[str, bool], ...] = ()
    bounds: tuple[float | None, float | None, float | None] | None = None
    value_hash: str = ""
    submits: bool = False
    resets: bool = False
    popup: bool = False
    multiple: bool = False
    readout: int | None = None
    in_dialog: bool = False
    # Something else (an overlay, a banner) is on top of it: a click would reach the cover.
    covered: bool = False
    ref: str = ""
    risk: str = "safe"
    risk_reason: str = ""

    @property
    def disabled(self) -> bool:
        return "disabled" in self.states

    @property
    def checked(self) -> bool:
        return "checked" in self.states

    @property
    def readonly(self) -> bool:
        return "readonly" in self.states

    @property
    def approval(self) -> bool:
        return self.risk == "approval-required"


@dataclass(frozen=True)
class Inspection:
    """Visible controls in document order, visible text blocks (for change summaries) and a fingerprint.

    ``fingerprint`` is ``<visible>:<private>``: a hash of what the controls show and a hash of their
    private state. ``total`` counts every visible control; ``controls`` holds at most the requested limit.
    """

    token: str
    url: str
    title: str
    controls: tuple[Control, ...]
    texts: tuple[str, ...] = ()
    total: int = 0
    fingerprint: str = ""
    secrets: int = 0
    # Visible iframes: inspect and act see the main document only.
    frames: int = 0
    by_id: Mapping[int, Control] = field(default_factory=dict, compare=False, repr=False)

    def get(self, element_id: int) -> Control | None:
        return self.by_id.get(element_id)


def _bound(value: Any) -> float | None:
    if value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def control_from_raw(raw: Mapping[str, Any]) -> Control:
    """A ``Control`` from the page's JSON, with its risk decided here (in Python, where it is tested)."""
    bounds_raw = raw.get("b")
    bounds = None
    if isinstance(bounds_raw, list) and len(bounds_raw) == 3:
        bounds = (_bound(bounds_raw[0]), _bound(bounds_raw[1]), _bound(bounds_raw[2]))
    control = Control(
        id=int(raw["id"]),
        kind=str(raw["k"]),
        label=str(raw.get("l") or ""),
        role=str(raw.get("r") or ""),
        label_source=str(raw.get("ls") or ""),
        tag=str(raw.get("t") or ""),
        input_type=str(raw.get("ty") or ""),
        states=tuple(str(s) for s in raw.get("s") or ()),
        options=tuple((str(o[0]), bool(o[1])) for o in raw.get("o") or ()),
        bounds=bounds,
        value_hash=str(raw.get("vh") or ""),
        submits=bool(raw.get("sub")),
        resets=bool(raw.get("rst")),
        popup=bool(raw.get("hp")),
        multiple=bool(raw.get("mul")),
        readout=int(raw["ro"]) if raw.get("ro") else None,
        in_dialog=bool(raw.get("dlg")),
        covered=bool(raw.get("cov")),
    )
    risk, reason = risk_of(control.kind, control.label, submits=control.submits, resets=control.resets)
    return replace(control, risk=risk, risk_reason=reason)


def _quoted(text: str) -> str:
    # The snapshot's quoting: C1 controls and U+2028/2029 are escaped too, so a label cannot break a line.
    return quote(text, _MAX_SHOWN_LABEL)


def _num(value: float | None) -> str:
    if value is None:
        return "?"
    return str(int(value)) if value == int(value) else str(value)


def describe(control: Control, *, with_ref: bool = True) -> str:
    """``@e3 button "Submit"``: the short form used in errors and summaries."""
    head = f"@{control.ref} " if with_ref and control.ref else ""
    label = f" {_quoted(control.label)}" if control.label else " (no label)"
    return f"{head}{KIND_NAMES.get(control.kind, control.kind)}{label}"


def _line(control: Control) -> str:
    parts = [describe(control)]
    if control.kind == "select" and control.options:
        shown = [_quoted(o[0]) + (" (disabled)" if o[1] else "") for o in control.options[:_MAX_SHOWN_OPTIONS]]
        more = len(control.options) - _MAX_SHOWN_OPTIONS
        parts.append("options: " + ", ".join(shown) + (f" (+{more} more)" if more > 0 else ""))
    if control.kind in ("range", "slider") and control.bounds is not None:
        lo, hi, step = control.bounds
        if lo is not None or hi is not None:
            text = f"min {_num(lo)}, max {_num(hi)}"
            if step is not None:
                text += f", step {_num(step)}"
            parts.append(text)
    if control.kind == "handle":
        parts.append("keyboard-operated" + (" with a visible readout" if control.readout else ""))
    flags = [s for s in control.states if s in ("checked", "disabled", "readonly", "expanded", "selected",
                                                  "pressed", "required", "focused")]
    if "expanded" not in control.states and control.popup:
        flags.append("collapsed")
    if control.covered:
        flags.append("covered")
    if control.approval:
        flags.append("approval-required")
    if flags:
        parts.append("[" + ", ".join(flags) + "]")
    return " ".join(parts)


def render_inspection(inspection: Inspection, *, limit: int | None = None) -> str:
    controls: Sequence[Control] = inspection.controls if limit is None else inspection.controls[:limit]
    if not controls:
        head = "No visible actionable controls on this page."
        if inspection.secrets:
            head += f" ({inspection.secrets} password field(s) are not listed.)"
        return head + frames_note(inspection)
    shown = len(controls)
    head = f"{shown} visible control{'s' if shown != 1 else ''}"
    if inspection.total > shown:
        head += f" (of {inspection.total}; the first {shown} in page order)"
    head += f", fingerprint {inspection.fingerprint}:"
    lines = [head, *(_line(c) for c in controls)]
    if inspection.secrets:
        lines.append(f"({inspection.secrets} password field(s) are never listed or read.)")
    if inspection.frames:
        lines.append(frames_note(inspection).strip())
    return "\n".join(lines)


def frames_note(inspection: Inspection) -> str:
    """What to do about controls inside frames, which inspect and act do not look into."""
    if not inspection.frames:
        return ""
    n = inspection.frames
    return (f" (The page also shows {n} frame{'s' if n != 1 else ''}; inspect and act do not look inside "
            "frames: run `snapshot -i` and act on a ref there, for example `click @e5`.)")
