"""refwright as an MCP server (``refwright mcp``), in three tool profiles.

    server = create_server("actions", config=Config(allow_private=True))
    async with mcp.Client(server.server) as client: ...

``commands``: one tool, ``browser``, with one ``command`` string (the whole command language, HELP as its
description). ``actions``: the text browser tool (navigate, snapshot, click, fill, select, press, back,
close by role and name), also usable without MCP as :class:`ActionsBrowser`. ``coding``: the coding-agent
tools over the model-free resolver, whose proposals only the person approves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal, get_args

from .._config import LaunchOptions
from ._actions_profile import ActionsBrowser
from ._client_browser import ClientBrowser, SharedBrowser, launch_options
from ._current_call import confirm_through_client
from ._elicitation import MODES, Mode
from ._http_transport import DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE, http_app
from ._serve import serve
from ._server import RefwrightMcp
from ._tenants import Tenants

__all__ = ["APPROVE", "DEFAULT_MAX_SESSIONS", "DEFAULT_SESSION_IDLE", "MODES", "PROFILES", "ActionsBrowser",
           "ClientBrowser", "RefwrightMcp", "SharedBrowser", "Tenants", "confirm_through_client", "create_server",
           "http_app", "serve"]

Profile = Literal["commands", "actions", "coding"]
Approve = Literal["ask", "auto"]
PROFILES: tuple[Profile, ...] = get_args(Profile)
APPROVE: tuple[Approve, ...] = get_args(Approve)


def create_server(profile: Profile = "commands", *, mode: Mode = "auto", approve: Approve = "ask",
                  hang_limit: float = 120.0, session: ClientBrowser | None = None, vision: Any = None,
                  isolate: bool = False, session_idle: float | None = DEFAULT_SESSION_IDLE,
                  options: LaunchOptions | None = None, **launch_kwargs: Any) -> RefwrightMcp:
    """An MCP server for ``profile``; its browser is launched on the first call with ``options`` (the CLI's
    typed launch options), or with :func:`refwright.launch`'s keyword arguments (``config=...``; secrets are
    ``Config.secrets``).

    ``mode``: auto allows browser actions, strict asks the person before each, plan denies them.
    ``approve`` (coding profile): ``ask`` approves proposals only through the person (elicitation),
    ``auto`` approves them without asking. ``launch_kwargs`` may hold ``decide``, a ``refwright.Llm`` that
    picks a control when the resolver cannot. ``vision`` (coding profile): a vision-capable ``refwright.Llm``
    that browser_visual_inspect asks about the masked screenshot. Actions the ``action_policy`` holds for
    confirmation (``confirm_actions``) are put to the person through the client (elicitation) unless
    ``confirm`` says otherwise; a client that cannot elicit gets a refusal. ``session``: one browser shared
    between servers (tests) instead of a new one.

    ``isolate`` (HTTP, :func:`http_app`): each MCP session gets a browser context of its own (cookies,
    storage, tabs, refs, approvals, ``act`` memory) on one shared Chromium, closed when the session ends or
    after ``session_idle`` seconds without a call. Without it every caller shares one browser and page.
    """
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {', '.join(PROFILES)}, not {profile!r}")
    if approve not in APPROVE:
        raise ValueError(f"approve must be one of {', '.join(APPROVE)}, not {approve!r}")
    launch = launch_options(options, launch_kwargs)
    if profile == "commands":
        from ._commands_profile import commands_tools

        tools = commands_tools()
    elif profile == "actions":
        from ._actions_profile import actions_tools, closing_popups

        tools = actions_tools()
        launch = closing_popups(launch)
    else:
        from ._coding import coding_tools

        tools = coding_tools()
    if profile == "coding":  # the commands profile's `browser` tool takes `handoff <reason>` itself
        from ._handoff import handoff_tool

        tools = [*tools, handoff_tool()]
    if isolate and session is not None:
        raise ValueError("isolate gives each MCP session a browser context of its own; it takes no session")
    if session is None and launch.confirm is None:
        launch = replace(launch, confirm=confirm_through_client)
    extra = {"vision": vision} if vision is not None else None
    secrets = (session.config if session is not None else launch.config).secrets
    if isolate:
        tenants = Tenants(mode=mode, extra=extra, shared=SharedBrowser(launch), session_idle=session_idle)
    else:
        tenants = Tenants(mode=mode, extra=extra, session=session or ClientBrowser(launch))
    return RefwrightMcp(tools, tenants, profile=profile, approve_auto=approve == "auto", hang_limit=hang_limit,
                        secrets=secrets)
