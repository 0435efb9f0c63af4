"""A saved run's parts: the steps that changed the page, the checks that close it, and each step's intent
(what it meant: role, name, value and the request that produced it), which is what healing works from."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["ACTIONS", "ITEMS", "SECRET_PREFIX", "SET_TO", "Check", "Step", "items_of", "scrub_refs",
           "secret_env", "secret_token"]

# The step kinds a script holds, as Playwright names them (press without a target is the keyboard's).
ACTIONS = ("goto", "click", "dblclick", "fill", "check", "uncheck", "select", "hover", "focus", "press", "drag",
           "select_text", "wheel", "slide", "pick_date")
# Steps that set a control to a value by a way of their own (a slider moved by its arrow keys, a date picked in a
# calendar), written as a call of a helper the script defines: what they set is the value, not the way there.
SET_TO = {"slide": "set_slider", "pick_date": "pick_date"}

SECRET_PREFIX = "REFWRIGHT_SECRET_"
# How a list parameter's items are written in its one string (``"Red, Green"``): what the script splits on.
ITEMS = ", "
_SECRET_TOKEN = re.compile(r"^\{\{secret:([A-Za-z0-9_]+)\}\}$")
_REF = re.compile(r"(?<![\w.])(?:@|ref=)e\d+\b")


def secret_token(value: str) -> str | None:
    """The NAME of a ``{{secret:NAME}}`` value a model wrote, else None."""
    m = _SECRET_TOKEN.match(value.strip())
    return m.group(1) if m else None


def secret_env(name: str) -> str:
    """The environment variable a secret is read from: ``REFWRIGHT_SECRET_<NAME>``."""
    cleaned = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_").upper() or "VALUE"
    return SECRET_PREFIX + cleaned


def items_of(value: str) -> tuple[str, ...]:
    """A list parameter's items (``"Red, Green"`` -> Red and Green); an empty value is no items."""
    return tuple(value.split(ITEMS)) if value else ()


def scrub_refs(text: str, names: dict[str, str] | None = None) -> str:
    """``text`` with every ref (``@e7``, ``ref=e7``) replaced by what it named, or by ``an element``: a
    ref means nothing once its snapshot is gone, so none is ever written into a script."""
    def name_of(m: re.Match[str]) -> str:
        ref = m.group(0).lstrip("@").removeprefix("ref=")
        return (names or {}).get(ref, "an element")

    return _REF.sub(name_of, text)


@dataclass(frozen=True)
class Step:
    """One statement of a script.

    ``by`` is how the element is found (``role``, ``label``, ``text``, ``placeholder``); ``role`` and ``name``
    are the element's ARIA role and accessible name as recorded. ``value`` is the typed text, the option,
    the key or the URL; ``secret`` the environment variable that holds the value instead (never written).
    ``risk`` is the recorded control's risk (``approval-required`` for a submit button), so a healed step
    that would be riskier than what was recorded is noticed. ``line`` is where the statement starts in a
    parsed script (1-based; 0 when not parsed).
    """

    action: str
    role: str = ""
    name: str = ""
    by: str = "role"
    exact: bool = False
    nth: int | None = None
    value: str | None = None
    secret: str | None = None
    request: str = ""
    risk: str = "safe"
    line: int = 0
    end_line: int = 0
    # The name the step's intent records (what healing looks for), when the statement's differs (healed).
    meant: str = ""
    # "password" when the value went into a password field: a replay types it into nothing else.
    field: str = ""
    # How many times the step runs in a row (a key pressed seven times is one ``for`` of seven).
    repeat: int = 1
    # A step no locator finds: its control's place among the controls of its kind then (index, how many).
    place: tuple[int, int] | None = None
    # The options a select step chooses in a list that takes several (``value`` holds them joined, for messages).
    options: tuple[str, ...] = ()
    # Where a drag drops its element: a locator of its own (``action`` unused).
    to: Step | None = None
    # The tab the step runs in (a recorded tab id, or the script's name for it: ``page``, ``page2``...; empty:
    # the first), and the tab a click opened (``with page.expect_popup()`` around it).
    tab: str = ""
    opens: str = ""
    # The iframes on the way to the element, outermost first: each found by its title (``by="title"``) or by
    # its place among its document's iframes (``by="iframe"``).
    frames: tuple[Step, ...] = ()
    # The script's parameter that holds the typed or chosen value (``fill(email)``), or the target's name
    # (``get_by_role("link", name=link)``): replaying with other values changes only these.
    param: str = ""
    target_param: str = ""
    # A step done once per item of a list parameter (``for checkbox in checkboxes.split(", "):``): the recorded
    # items, and the loop's name for the item (``target_param`` names the list). Once bound to values, each
    # item's step keeps the list's name in ``item_of`` (``--update`` leaves the loop as written).
    each: tuple[str, ...] = ()
    # The parameter holding the element's place among those the locator finds, counted from 1 (``.nth(int(
    # radio_place) - 1)``), when the request named the element by its place ("the 3rd radio button").
    place_param: str = ""
    loop: str = ""
    item_of: str = ""

    @property
    def targeted(self) -> bool:
        return self.action not in ("goto", "new_page", "wheel") and not (
            self.action == "press" and not self.name and not self.role)

    def intent(self) -> dict[str, Any]:
        """What the step meant, as stored beside its statement (never the secret's value)."""
        out: dict[str, Any] = {"action": self.action}
        if self.role:
            out["role"] = self.role
        if self.meant or self.name:
            out["name"] = self.meant or self.name
        if self.secret:
            out["secret"] = self.secret
            if self.field:
                out["field"] = self.field
        if self.risk != "safe":
            out["risk"] = self.risk
        if self.place is not None:
            out["place"] = list(self.place)
        if self.to is not None:
            out["to"] = {k: v for k, v in (("role", self.to.role), ("name", self.to.meant or self.to.name)) if v}
        return out

    def with_intent(self, intent: dict[str, Any]) -> Step:
        """This step (as parsed from its statement) with its comment's intent: the statement still says where
        the element is; the intent says what was meant (the role and name healing looks for)."""
        role = self.role if self.by == "role" else str(intent.get("role") or "")
        to = self.to
        meant_to = intent.get("to")
        if to is not None and isinstance(meant_to, dict):
            to = replace(to, role=to.role if to.by == "role" else str(meant_to.get("role") or ""),
                         meant=str(meant_to.get("name") or ""))
        place = intent.get("place")
        at = (int(place[0]), int(place[1])) if isinstance(place, list) and len(place) == 2 else None
        return replace(self, role=role, meant=str(intent.get("name") or ""), request=str(intent.get("request") or ""),
                       place=at,
                       risk=str(intent.get("risk") or "safe"), field=str(intent.get("field") or ""), to=to)

    def describe(self) -> str:
        """``click button "Create account"``: the step in a sentence's words (for messages)."""
        what = " ".join(p for p in (self.role, json.dumps(self.name, ensure_ascii=False) if self.name else "") if p)
        if self.action == "goto":
            return f"goto {self.value}"
        onto = f" onto {self.to.describe().removeprefix(' ').split(' ', 1)[-1]}" if self.to is not None else ""
        return f"{self.action} {what or 'the focused element'}{onto}".strip()


@dataclass(frozen=True)
class Check:
    """A closing check: ``text`` is visible on the page, or the page's URL holds ``url`` (its path)."""

    text: str | None = None
    url: str | None = None
    exact: bool = False
    nth: int | None = None
    line: int = 0
    end_line: int = 0
    tab: str = ""
    # The text with the script's parameters in it, as a template (``Welcome, {email}!``), when it holds one.
    template: str = ""

    def describe(self) -> str:
        return f"the text {json.dumps(self.text, ensure_ascii=False)} is shown" if self.text is not None \
            else f"the URL holds {self.url!r}"

    def unmet(self, url: str) -> str:
        """The check not holding, as a sentence: ``the page (URL) does not show the text "Saved"``."""
        if self.text is not None:
            return f"the page ({url}) does not show the text {json.dumps(self.text, ensure_ascii=False)}"
        return f"the page's URL ({url}) does not hold {json.dumps(self.url or '', ensure_ascii=False)}"
