"""agent-browser's commands beyond the reference: files written (pdf, trace, video), reading, diffs, audits.

Files go only under the output folder (``Config.output_dir``, CLI ``--output-dir``): a relative path is
taken from there, and a path that leads out of it is refused.

Policy: writing the page into a file (pdf, trace, record) is decided as a Screenshot: like a screenshot it
captures what the page shows, and returns no page text to the model. Reads and audits are ReadContent;
commands that first open a URL are Navigate (decided on the URL they open).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..safety._actions import ActionType
from ._budgets import diff_opens, read_opens
from ._spec import CommandSpec, FlagSpec, HelpSection, NumberSpec
from ._targets import first_url, second_url

__all__ = ["HELP_SECTIONS", "SPECS"]


def _opens_url(args: Sequence[str]) -> ActionType:
    return ActionType.NAVIGATE if args else ActionType.READ_CONTENT


def _diff_action(args: Sequence[str]) -> ActionType:
    return ActionType.NAVIGATE if args and args[0].lower() == "url" else ActionType.READ_CONTENT


_DIFF_FLAGS = (
    FlagSpec("interactive", ("-i", "--interactive"), help="snapshot only elements with refs"),
    FlagSpec("compact", ("-c", "--compact"), help="compact snapshots"),
    FlagSpec("depth", ("-d", "--depth"), takes_value=True, help="limit snapshot depth"),
    FlagSpec("selector", ("-s", "--selector"), takes_value=True, help="only this CSS selector's subtree"),
    FlagSpec("baseline", ("-b", "--baseline"), takes_value=True, help="diff screenshot: a PNG to compare with"),
    FlagSpec("output", ("-o", "--output"), takes_value=True, help="diff screenshot: where the diff image goes"),
    FlagSpec("threshold", ("-t", "--threshold"), takes_value=True, help="diff screenshot: colour distance 0-1"),
    FlagSpec("full", ("--full",), help="full-page screenshots"),
    FlagSpec("screenshot", ("--screenshot",), help="diff url: also compare screenshots"),
)

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "pdf", "Output", "pdf <path>", "save the page as a PDF under the output folder",
        "PDF saved to <path>", min_args=1, action=ActionType.SCREENSHOT, page_text=False,
        details=(
            "Prints the current page (headless Chromium, Letter size, backgrounds printed) into <path>.\n"
            "A relative path is saved under the output folder (--output-dir; a private temporary folder by "
            "default); an absolute path must lie inside it, and `..` or symlinks that lead out are refused.\n"
            "Output: `PDF saved to <absolute path>`."),
        steps=2,
    ),
    CommandSpec(
        "trace", "Output", "trace start | trace stop [path]", "record a Playwright trace (open it with "
        "`playwright show-trace`)", "Recording started · Trace saved to <path>", min_args=1,
        action=ActionType.SCREENSHOT, page_text=False,
        details=(
            "trace start: begin a Playwright trace of this page's browser context (screenshots, DOM "
            "snapshots, network and actions).\n"
            "trace stop [path]: stop and write the trace zip under the output folder (default name "
            "trace-<time>.zip). Open it with `playwright show-trace <path>`.\n"
            "Errors: `Tracing already active` (run `trace stop` first), `No tracing in progress`.\n"
            "Output: `Recording started` (agent-browser's words) · `Trace saved to <absolute path>`."),
        steps=2,
    ),
    CommandSpec(
        "record", "Output", "record start <path> | record stop", "record the page to a video file",
        "Recording started: <path> · Recording saved to <path>", min_args=1, action=ActionType.SCREENSHOT,
        page_text=False,
        details=(
            "record start <path>: capture the page's frames (CDP screencast) until `record stop`, which "
            "writes <path> under the output folder. `.webp` and `.gif` are always available (animated "
            "image); `.webm` and `.mp4` need ffmpeg (on PATH, or pip install 'refwright[video]').\n"
            "Errors: `Recording already active` (run `record stop` first), `No recording in progress`.\n"
            "Output: `Recording started: <path>` · `Recording saved to <path>`."),
        steps=3,
    ),
    CommandSpec(
        "read", "Observe", "read [url]", "the page's readable text (main content, without menus and ads)",
        "The text, headings as `#` lines, bounded by max_output", action=_opens_url, page_text=True,
        policy_url=first_url,
        details=(
            "read: the rendered current page as readable text: the main content (<main>, <article> or the "
            "body without nav/header/footer/aside), headings as `# ` lines, list items as `- ` lines, links "
            "as their text.\n"
            "read <url>: open the URL first (checked like `open`: the network guard and the policy's "
            "Navigate), then read it.\n"
            "Output is cut at max_output characters (default 20 000 for read) with a note."),
        steps=2,
        opens=read_opens,
    ),
    CommandSpec(
        "diff", "Observe", "diff snapshot | diff screenshot [--baseline <png>] | diff url <u1> <u2>",
        "what changed: snapshots, screenshots (pixels), or two URLs",
        "A one-line summary, then `- old` / `+ new` lines; for screenshots `<p>% pixels differ` and the "
        "diff image", flags=_DIFF_FLAGS, min_args=1, action=_diff_action,
        policy_url=second_url,
        numbers=(NumberSpec("depth", "-d (the tree depth)", 0, 10_000),
                 NumberSpec("threshold", "--threshold (the colour distance)", 0, 1)),
        details=(
            "diff snapshot [-i] [-c] [-d <n>] [-s <css>]: take a snapshot and show only what changed since "
            "the previous one taken the same way (a summary line, then `- old` / `+ new` lines). Without "
            "flags it takes the snapshot as the last one was taken (after `snapshot -i`, with -i); with "
            "flags it compares with the latest snapshot taken with those flags, so an interactive list is "
            "never compared with a full tree.\n"
            "diff screenshot [--baseline <png>] [-o <png>] [-t <0-1>] [--full]: take a screenshot and "
            "compare it pixel by pixel with the previous screenshot (or a PNG under the output folder). "
            "Prints `Images match (0% difference)`, `Images have different dimensions`, or `<p>% pixels "
            "differ`, then `  Diff image: <path>` (changed pixels in red, under the output folder; none "
            "when the images match) and "
            "`  <n> different / <total> total pixels`.\n"
            "diff url <u1> <u2> [--screenshot] [-i] [-c] [-d <n>] [-s <css>]: open both URLs (each "
            "checked like `open`), snapshot each and diff them by content (lines without refs, since each "
            "page numbers its own); --screenshot also diffs their screenshots. The page stays on <u2>: "
            "`snapshot -i` gives its refs."),
        steps=3,
        opens=diff_opens,
    ),
    CommandSpec(
        "a11y", "Observe", "a11y [-s <css>]", "accessibility audit of the current page",
        "`url: <url>`, `rules: <n>  violations: <n>  incomplete: <n>  passes: <n>`, then one `[impact] rule: "
        "help (<n> nodes)` line per failed rule with example selectors",
        flags=(FlagSpec("selector", ("-s", "--selector"), takes_value=True, help="audit only this subtree"),),
        action=ActionType.READ_CONTENT, page_text=True,
        details=(
            "Checks the main document with refwright's own rules (not axe-core): image-alt (images "
            "without alt text), button-name and link-name (controls with no accessible name), label (form "
            "fields without a label), heading-order (a heading level skipped), duplicate-id, "
            "document-title, html-lang, color-contrast (text below WCAG AA contrast on a plain "
            "background).\n"
            "Output: `url: <url>`, `rules: <n>  violations: <n>  incomplete: <n>  passes: <n>`, then per "
            "failed rule `[<impact>] <rule>: <help> (<n> nodes)` and up to 5 `  - <selector>` lines; "
            "`incomplete (needs manual review):` lists text whose contrast could not be computed (over an "
            "image or a translucent colour). Not a full WCAG audit: it finds common, mechanically "
            "checkable problems (agent-browser's a11y runs axe-core; refwright does not ship it)."),
        steps=2,
    ),
    CommandSpec(
        "vitals", "Observe", "vitals", "web vitals of the current page (TTFB, FCP, LCP, CLS, INP)",
        "`url: <url>` then `ttfb: <ms>  fcp: <ms>  lcp: <ms>  cls: <n>  inp: <ms>`",
        action=ActionType.READ_CONTENT, page_text=True,
        details=(
            "Reads the page's performance entries: TTFB (navigation timing), FCP (paint timing), LCP "
            "(largest-contentful-paint), CLS (sum of layout shifts without recent input), INP (the longest "
            "event-timing interaction; `-` until the page has had one). A missing metric prints `-`.\n"
            "Output: `url: <url>` then `ttfb: 12ms  fcp: 56ms  lcp: 80ms  cls: 0  inp: -` and, when known, "
            "`lcp: element: <tag>  asset: <url>`. agent-browser's React hydration line is not printed."),
    ),
)

# Their lines in HELP's second part (same layout as the reference's groups).
HELP_SECTIONS: tuple[HelpSection, ...] = (
    ("Files", (
        (("pdf <path>", ("pdf",)), ("trace start|stop [path]", ("trace",)),
         ("record start <path>|stop", ("record",)), ("screenshot <path>", ("screenshot",))),
    )),
    ("Inspect", (
        (("read [url]", ("read",)), ("a11y", ("a11y",)), ("vitals", ("vitals",)),
         ("diff snapshot|screenshot|url <u1> <u2>", ("diff",))),
    )),
)
