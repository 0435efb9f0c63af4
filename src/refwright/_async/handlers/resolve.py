"""Model-free resolution commands: inspect, act, confirm and the bounded actions (refwright extensions)."""

from __future__ import annotations

from ..._errors import RefwrightError
from ...commands import ParsedCommand
from ...resolve import _commands  # noqa: F401  (registers the command specs once)
from ...resolve._model import render_inspection
from .. import resolve as resolver
from ..tab._tab import Tab


def request_text(cmd: ParsedCommand) -> tuple[str, bool]:
    """The request exactly as written after `act` (quotes kept, since they mark labels; see the spec's
    line_text), and --new."""
    return (cmd.args[0] if cmd.args else ""), bool(cmd.flag("new"))


async def inspect(session: Tab, cmd: ParsedCommand) -> str:
    return render_inspection(await resolver.inspect_page(session))


async def act(session: Tab, cmd: ParsedCommand) -> str:
    request, new = request_text(cmd)
    if not request:
        raise RefwrightError("Usage: act [--new] <request>")
    return (await resolver.act(session, request, new=new)).output


async def confirm(session: Tab, cmd: ParsedCommand) -> str:
    return (await resolver.confirm(session, cmd.args[0])).output


async def setfield(session: Tab, cmd: ParsedCommand) -> str:
    return (await resolver.set_field(session, cmd.args[0], cmd.text_from(1))).output


async def copyfield(session: Tab, cmd: ParsedCommand) -> str:
    return (await resolver.copy_field(session, cmd.args[0], cmd.args[1])).output


async def setchecks(session: Tab, cmd: ParsedCommand) -> str:
    return (await resolver.set_checks(session, list(cmd.args))).output


async def selectexact(session: Tab, cmd: ParsedCommand) -> str:
    return (await resolver.select_exact(session, cmd.args[0], cmd.text_from(1))).output


async def setrange(session: Tab, cmd: ParsedCommand) -> str:
    raw = cmd.args[1].replace("−", "-")
    try:
        value = float(raw)
    except ValueError:
        raise RefwrightError(f"`{cmd.args[1]}` is not a number. Usage: setrange <target> <value>") from None
    return (await resolver.set_range(session, cmd.args[0], value)).output


async def dragto(session: Tab, cmd: ParsedCommand) -> str:
    return (await resolver.drag_to(session, cmd.args[0], cmd.args[1])).output


HANDLERS = {
    "inspect": inspect,
    "act": act,
    "confirm": confirm,
    "setfield": setfield,
    "copyfield": copyfield,
    "setchecks": setchecks,
    "selectexact": selectexact,
    "setrange": setrange,
    "dragto": dragto,
}
