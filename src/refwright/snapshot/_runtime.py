"""The page runtime's source, assembled from ``snapshot/runtime/*.js``.

The runtime is one selector-engine expression (an IIFE whose value is the engine), so its parts share
one scope: each file holds one concern's declarations. Functions may call across files in any order;
``channel.js`` runs code at load that reads the other files' constants, so it comes last.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["RUNTIME_PARTS", "runtime_source", "shipped"]

# By concern: ids; perception (roles, visibility, names, states), which inspect.js also uses through
# the runtime's global; the walk and its rendering; the screenshot overlay; small operations;
# checked refs and actionability; and the
# channel (the operations table, the shared `run:` decoder and the engine itself) last.
RUNTIME_PARTS = (
    "ids.js",
    "roles.js",
    "visibility.js",
    "names.js",
    "states.js",
    "walk.js",
    "render.js",
    "incremental.js",
    "partial.js",
    "overlay.js",
    "ops.js",
    "actionable.js",
    "channel.js",
)

_HEAD = "// refwright's page runtime, assembled from refwright/snapshot/runtime/*.js (see _runtime.py).\n"


def runtime_source() -> str:
    folder = resources.files("refwright.snapshot").joinpath("runtime")
    body = "\n".join(folder.joinpath(part).read_text(encoding="utf-8").rstrip("\n") + "\n" for part in RUNTIME_PARTS)
    return _HEAD + "(() => {\n" + body + "})()\n"


def shipped(source: str) -> str:
    """``source`` as it is sent to each new document: without its comment lines and indentation, a third
    smaller, which is what every first call of a document (and Playwright's own build of the engines)
    carries through Playwright's driver and the browser to the renderer. Line numbers stay as they were.

    Only lines can be dropped, so a string that spans lines (a template literal, or a line ending in a
    backslash) would lose its text: such a source is refused at once."""
    if any("\n" in part for part in source.split("`")[1::2]) or "\\\n" in source:
        raise ValueError("a string spans lines in the page runtime: shipped() would change it")
    return "\n".join("" if line.lstrip().startswith("//") else line.lstrip() for line in source.split("\n"))
