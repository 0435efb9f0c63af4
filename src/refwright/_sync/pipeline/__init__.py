# Generated from src/refwright/_async/pipeline/__init__.py by scripts/unasync.py. DO NOT EDIT: edit that file.
"""The one way into the page. Every entry point (``Page.run_command``, the typed ``Page`` methods, the MCP
tools of every profile, the agent tool, replay, the console and the pool) runs a command through these
stages, in this order:

1. invocation: a command line parsed, or an ``Invocation`` a typed method builds (``_invocation``);
2. check the input: a ``{{secret:NAME}}`` anywhere but in text to type is refused (``_check``);
3. route: the active tab, and the gate of a JavaScript dialog kept open (``_route``);
4. authorize: the action policy on every (action, URL) the command's spec names, the confirm callback
   (through which the MCP server's ``--confirm-actions`` asks the person), and a proposal checked as the
   action it carries out (``_authorize``);
5. execute: the watchdog around recording, settling and the handler (``_execute``);
6. present: notes, truncation, the content boundary and the one scrub of secrets (``_present``).

``_run`` puts them together for a line and ``_typed`` for a typed method's call; nothing else calls a
handler or decides the policy. (Import them from their modules: this package imports nothing, so the
typed facades that the handlers use can enter it without a cycle.)
"""
