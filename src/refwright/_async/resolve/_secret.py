"""act's password step: which password field a request means, and entering the password so that it
is never read back and never reported as entered when the page sent the keys somewhere else; and a
declared secret ({{secret:NAME}}) entered the same way, its value put in only on a bound origin."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..._errors import RefwrightError
from ...resolve._labels import fold, match_labels
from ...resolve._model import Inspection, describe
from ...resolve.grammar._plan import Part, Target
from ...resolve.matching._match import AmbiguousTargetError, DisabledTargetError, TargetNotFoundError
from ...resolve.matching._select import fill_fields, is_secret
from ...safety._secrets import TOKEN
from ...safety._totp import TOTP_TOKEN
from ..tab._fill import TextNotEnteredError, fill_text, not_entered
from ..tab._script_recording import note_password
from ..tab._secret_fields import reveal_on_page
from ._do import act_on_control
from ._inspection import element_locator, run_resolver_op

if TYPE_CHECKING:
    from ..tab._tab import Tab

__all__ = ["enter_password", "fill_secret"]

_WORD = re.compile(r"\w+")


async def enter_password(session: Tab, token: str, field: Target, value: str, *, by_word: bool = False
                         ) -> tuple[int, str]:
    """Fill the password field(s) ``field`` names; how many, and how they were matched. ``by_word``: a field
    named by words of its label ("the verify field" for "Verify password"), and only such a field."""
    items = (await run_resolver_op(session, "secrets"))["items"]
    if not items:
        raise TargetNotFoundError(
            "The request names a password, but the page shows no password field. Nothing was done.")
    label = field.label or ""
    tier, hits = match_labels(label, [str(i["l"]) for i in items])
    if by_word:
        said = set(_WORD.findall(fold(label)))
        hits = [n for n, i in enumerate(items) if said and said <= set(_WORD.findall(fold(str(i["l"]))))]
        if len(hits) != 1:
            raise TargetNotFoundError(f"No password field is labelled with the words {label!r}. Nothing was done.")
        tier = f"the password field whose label has the words {label!r}"
    # "into both fields": every password field, whatever each is labelled.
    chosen = items if field.every else [items[i] for i in hits] if hits else (items if len(items) == 1 else [])
    if not chosen:
        raise AmbiguousTargetError(
            f"The page has {len(items)} password fields and none is labelled {label!r}. Nothing was "
                              "done; name the field (enter the password \"…\" into the Confirm password field).")
    if len(chosen) > 1 and not field.every:
        raise AmbiguousTargetError(
            f"{len(chosen)} password fields match {label!r}. Nothing was done; name one exactly.")
    for item in chosen:
        if item.get("d"):
            raise DisabledTargetError("The password field is disabled, so nothing was entered.")
        # Playwright's fill focuses the field and then types into whatever has the focus, so a page that
        # moves the focus meanwhile (on focus, on a timer) gets the password in a field of its choosing.
        await run_resolver_op(session, "secretWatch")
        await element_locator(session, token, int(item["id"])).fill(value, timeout=session.config.timeouts.action)
        _check_landed(await run_resolver_op(session, "secretCheck", id=int(item["id"]), secret=value))
        await note_password(session, element_locator(session, token, int(item["id"])), value, str(item["l"]))
    return len(chosen), tier or ("every password field" if field.every else "the only password field")


async def fill_secret(session: Tab, part: Part, inspection: Inspection, field: Target, token: str) -> str:
    """``{{secret:NAME}}`` into the field ``part`` names (a password field the password way); what was done.
    The value is never read back or compared, so the step counts as done once entered."""
    names = ", ".join(dict.fromkeys(TOKEN.findall(token) + TOTP_TOKEN.findall(token)))
    if is_secret(field):
        count, how = await enter_password(session, inspection.token, field, await reveal_on_page(session, token))
        return f"Entered the secret {names} into {count} password field(s) ({how}; it is never read back)"
    match = fill_fields(part, inspection)
    value = await reveal_on_page(session, token)
    for done, c in enumerate(match.controls):
        try:
            await act_on_control(session, inspection, c, "fill", fill_text(value))
        except TextNotEnteredError:
            before = f"{done} other field(s) were filled before it." if done else "Nothing else was done."
            raise not_entered(describe(c), f"{before} Run `inspect` to see the page as it is now.") from None
    shown = ", ".join(describe(c) for c in match.controls)
    return f"Entered the secret {names} into {shown} ({match.how}; it is never read back)"


def _check_landed(check: dict[str, Any]) -> None:
    """Fail the step when the password is not in its field (a field the page replaced meanwhile is not checked)."""
    if check.get("gone") or check.get("landed"):
        return
    moved = int(check.get("moved", 0))
    if not moved and check.get("disabled"):
        # A popup that opened on focus and disabled the form: it is closed, and the password typed again.
        raise DisabledTargetError("The password field went disabled while the password was typed (a popup may "
                                  "have disabled the page). Nothing else was done.")
    if moved:
        kept = int(check.get("kept", 0))
        where = (f"refwright could not take it back out of {kept} of them, so it may show on the page" if kept
                 else "refwright took it back out of them")
        raise RefwrightError(
            f"The password did not reach the password field: the page moved the focus while it was typed, and it "
            f"went into {moved} other field(s); {where}. Nothing else was done. This page steers typing away from "
            "its password field, so do not retry here: tell the person.")
    raise RefwrightError(
        "The password field does not hold the password that was entered: the page changed or shortened it (a "
        "length limit, a filter) or moved the focus away. Nothing else was done; check the field's rules on the "
        "page, or tell the person.")
