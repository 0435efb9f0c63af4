"""``refwright doctor``: which browser refwright finds, whether it starts, and how to fix it if not."""

from __future__ import annotations

import argparse
import asyncio
import sys
from importlib import metadata

from .._driver._discovery import browser_version, chromium_args, find_browser, is_headless_shell

__all__ = ["add_parser"]


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("doctor", help="check that a browser is found and starts",
                                   description="Say which Chromium refwright would use, whether it starts, "
                                   "and how to fix the setup when it does not.")
    parser.add_argument("--executable-path", help="check this browser instead of the discovered one")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    ok = True
    print(f"refwright {metadata.version('refwright')}, playwright {metadata.version('playwright')}, "
          f"Python {sys.version.split()[0]}")
    print(f"guard: {_guard_libraries()}")
    candidate = find_browser(args.executable_path)
    if candidate is None:
        print("browser: none found")
        print("fix: install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`), or run "
              "`playwright install chromium`, or set REFWRIGHT_EXECUTABLE_PATH to a Chrome/Chromium binary.")
        return 1
    version = browser_version(candidate.path)
    print(f"browser: {candidate.path} (from {candidate.source})")
    if is_headless_shell(candidate.path):
        # Headless runs take the shell; a headed run needs a full browser, found separately.
        headed = find_browser(args.executable_path, headless=False)
        print("headed (--headed): " + (headed.path if headed and not is_headless_shell(headed.path) else
                                       "no full Chromium found (Debian/Ubuntu: `sudo apt-get install chromium`)"))
    print(f"version: {version or 'unknown (the binary did not answer --version)'}")
    print(f"launch args: {' '.join(chromium_args())}")
    error = asyncio.run(_try_launch(candidate.path))
    if error is None:
        print("start: ok (launched headless, rendered a page and took a snapshot)")
    else:
        ok = False
        print(f"start: failed: {error}")
        print("fix: check that the binary runs (`<path> --headless --dump-dom about:blank`); as root or in a "
              "container Chromium needs --no-sandbox, which refwright adds itself; missing shared libraries "
              "are installed with the distribution's chromium package.")
    # Loaded here, not with the module: every `refwright` command builds its parser from this module.
    from ..visual._check import check_ocr

    works, detail = check_ocr()
    # OCR serves only the `visual` commands: report it, but a browser that starts is what doctor gates on.
    print(f"ocr: {detail}" if works else f"ocr: unavailable: {detail}")
    return 0 if ok else 1


# The network guard's parsers: URLs (ada), HTTP/1 framing (h11), name resolution (aiodns on c-ares).
GUARD_LIBRARIES = ("ada-url", "h11", "aiodns", "pycares")


def _guard_libraries() -> str:
    found = []
    for name in GUARD_LIBRARIES:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} MISSING (reinstall refwright: pip install refwright)")
    try:
        import pycares

        found.append(f"c-ares {pycares.ARES_VERSION}")
    except ImportError:
        pass
    return ", ".join(found)


async def _try_launch(path: str) -> str | None:
    import refwright

    try:
        async with refwright.launch(executable_path=path) as browser:
            page = await browser.new_page()
            await page.playwright_page.set_content("<button>ok</button>")
            snap = await page.snapshot(interactive=True)
            if snap.tree != '@e1 [button] "ok"':
                return f"unexpected snapshot {snap.tree!r}"
    except Exception as exc:  # doctor reports whatever went wrong
        return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return None
