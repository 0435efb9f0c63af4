"""refwright's command for handing the page to a person (listed after HELP, with the other extensions)."""

from __future__ import annotations

from ._spec import CommandSpec

__all__ = ["SPECS"]

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "handoff", "Person", "handoff <reason>",
        "ask a person to do something on the page (a CAPTCHA, a 2FA prompt, a consent screen), wait, then go on",
        "What the person did and what changed (`A person had the page for <n> s … and handed it back …`), or why "
        "no one could be asked",
        min_args=1, free_text=True, extension=True, page_text=True, waits_for_person=True,
        details=(
            "The run pauses and the person is asked: in the console (\"Waiting for you: <reason>\", with Take over "
            "and Hand back), else at the terminal, else through the MCP client (elicitation, with the console's "
            "URL where there is one). The answer comes once they hand the page back (up to 15 minutes); the "
            "wait does not count against the hang limit. Refs from before may be stale afterwards: take a new "
            "snapshot. Use it only for what a person must do; never to ask for a password you could type "
            "with {{secret:NAME}}.")),
)
