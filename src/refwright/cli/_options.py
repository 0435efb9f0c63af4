"""Options every browser-driving subcommand shares (shell, agent, mcp, demo).

Private targets (loopback, LAN, cloud metadata) are allowed only by the *user*: ``--allow-private``, the
``REFWRIGHT_ALLOW_PRIVATE`` variable, or ``allow_private`` in the user's own config file
(``$XDG_CONFIG_HOME/refwright/config.toml``, else ``~/.config/refwright/config.toml``). Nothing in the
current directory is read: a cloned project must not be able to point the browser at an internal admin
page or the metadata endpoint.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from .._capabilities import Capabilities
from .._config import (
    DIALOG_POLICIES,
    DOWNLOAD_POLICIES,
    POPUP_POLICIES,
    Config,
    ConfirmCallback,
    LaunchOptions,
    TimeoutConfig,
)
from ..safety import ActionPolicy, ActionType, clean_line, parse_action
from ..safety._secrets import ENV_PREFIX, Secret, Secrets, parse_secret_flag, parse_secrets_file

__all__ = [
    "add_browser_options",
    "add_profile_option",
    "bare_allow_private",
    "bare_auto_connect",
    "browser_options",
    "guard_line",
    "show_guard",
    "terminal_confirm",
    "user_config_path",
]



def guard_line(capabilities: Capabilities) -> str:
    """What the CLI prints on stderr at start, so a weaker guard is never a silent one: nothing for the
    full guard of a browser refwright launched (its own proxy, nothing left open), which every run has
    unless told otherwise (docs/security.md says what it does)."""
    full = capabilities.request_filtering == "proxy" and not capabilities.not_guarded and not capabilities.proxy_listen
    return "" if full else f"refwright: {capabilities.describe()}"


def show_guard(capabilities: Capabilities) -> None:
    """Print ``guard_line`` on stderr when it says something."""
    line = guard_line(capabilities)
    if line:
        print(line, file=sys.stderr, flush=True)


def add_browser_options(parser: argparse.ArgumentParser) -> None:
    g = parser.add_argument_group("browser")
    g.add_argument("--executable-path", help="Chromium to launch (default: discovered; REFWRIGHT_EXECUTABLE_PATH)")
    g.add_argument("--cdp", metavar="URL", help="attach to a running Chrome over CDP instead of launching one")
    g.add_argument("--connect", metavar="URL", action="append",
                   help="use a remote Playwright server (playwright run-server, Browserless, Moon: ws://host:3000/); "
                        "headers/tokens from REFWRIGHT_CONNECT_HEADERS (JSON). agent --tasks takes it repeatedly")
    g.add_argument("--guard-listen", metavar="HOST:PORT",
                   help="with a remote browser: run refwright's filtering proxy here, where the browser can reach "
                        "it (it serves only that browser, by a per-session credential); without it the remote "
                        "browser's requests are intercepted, which guards less (printed at start)")
    g.add_argument("--guard-host", metavar="NAME",
                   help="the name or address the remote browser reaches this machine by (with --guard-listen "
                        "0.0.0.0:PORT; default: this machine's name)")
    g.add_argument("--auto-connect", nargs="?", const="", default=None, metavar="USER_DATA_DIR",
                   help="attach to the Chrome, Chromium or Edge you run with remote debugging (its DevToolsActivePort "
                        "in USER_DATA_DIR, else in the default profiles); refwright works in a tab of its own and "
                        "closes only its tabs (docs/attach.md). A URL or task after it is not taken as the folder")
    g.add_argument("--tab", choices=("new", "current"), default="new",
                   help="with --auto-connect: work in a new tab (default) or in your active tab")
    g.add_argument("--keep-tabs", action="store_true", help="with --auto-connect: leave refwright's tabs open at exit")
    g.add_argument("--user-data-dir", metavar="DIR",
                   help="launch on a lasting profile in DIR (logins, cookies and storage survive a restart; one "
                        "process at a time)")
    g.add_argument("--headed", action="store_true", help="show the browser window")
    g.add_argument("--action-timeout", type=float, metavar="MS", default=None,
                   help="how long an action retries before failing (default 30000)")
    g.add_argument("--allow-private", nargs="?", const="*", default=None, metavar="HOST[:PORT],...",
                   help="allow loopback/private targets: all of them, or only the listed hosts (a URL after "
                        "it is the page to open, not a host list; also REFWRIGHT_ALLOW_PRIVATE, or allow_private "
                        "in ~/.config/refwright/config.toml)")
    g.add_argument("--allowed-domains", metavar="D1,D2", help="the only hosts the page may contact")
    g.add_argument("--no-eval", action="store_true", help="switch off eval and wait --fn")
    g.add_argument("--upload-dir", metavar="DIR",
                   help="the only folder `upload` may take files from (links and .. resolved); none: no uploads")
    g.add_argument("--content-boundaries", action="store_true",
                   help="wrap page-derived output in nonce markers")
    g.add_argument("--max-output", type=int, metavar="N", help="truncate output longer than N characters")
    g.add_argument("--no-action-changes", action="store_true",
                   help="leave out the Changes: lines (what an action changed in the interactive view) from "
                        "the answers of click, fill, select, press and the other actions")
    g.add_argument("--output-dir", metavar="DIR",
                   help="the only folder pdf, trace, record, screenshot <path> may write into "
                        "(default: a private temporary folder)")
    g.add_argument("--popups", choices=POPUP_POLICIES, default="tab",
                   help="a page that opens a new tab: keep it as a tab to switch to (default), or close it")
    g.add_argument("--dialogs", choices=DIALOG_POLICIES, default="dismiss",
                   help="JavaScript dialogs: dismiss (default) or accept them, or wait for `dialog accept|dismiss`")
    g.add_argument("--downloads", choices=DOWNLOAD_POLICIES, default="refuse",
                   help="files a page offers for download: refuse them (default), or save them into the output "
                        "folder (--output-dir)")
    g.add_argument("--action-policy", metavar="FILE",
                   help="JSON action policy (deniedActions, confirmActions, allowedDomains, ...)")
    g.add_argument("--confirm-actions", metavar="A1,A2",
                   help="ask on the terminal before these actions (e.g. click,navigate); refused without one "
                        "(refwright mcp asks through the MCP client)")
    g.add_argument("--secret", metavar="NAME@ORIGIN[,ORIGIN]", action="append", default=[],
                   help=f"a credential the model types as {{{{secret:NAME}}}} without seeing it, only on these "
                        f"origins; its value comes from ${ENV_PREFIX}NAME (repeatable; docs/secrets.md)")
    g.add_argument("--secrets-file", metavar="FILE",
                   help="dotenv-style secrets, one NAME@https://origin[,https://other]=value per line")
    g.add_argument("--decide", metavar="SPEC",
                   help="let a model pick a control when `act` cannot resolve a request: openai:MODEL, "
                        "anthropic:MODEL (OPENAI_BASE_URL for any OpenAI-compatible server); it sees only the "
                        "request and the inspect list")


def add_profile_option(parser: argparse.ArgumentParser) -> None:
    """``--profile DIR`` (agent-browser's name) for --user-data-dir, where --profile names nothing else."""
    parser.add_argument("--profile", dest="user_data_dir", metavar="DIR", help="same as --user-data-dir DIR")


def _a_folder(value: str) -> bool:
    # A user data dir is a path: an existing folder, or a word spelled as a path (/x, ~/x, ./x, C:\x).
    # A URL, a bare host name or a task in words is the start page or the task instead.
    if "://" in value or any(ch.isspace() for ch in value) or value.startswith("-"):
        return False
    if os.path.isdir(os.path.expanduser(value)):
        return True
    return value.startswith(("/", "~", "./", "../", ".\\", "..\\")) or (len(value) > 2 and value[1:3] in (":\\", ":/"))


def bare_auto_connect(argv: Sequence[str]) -> list[str]:
    """``argv`` with a bare ``--auto-connect`` made explicit (``--auto-connect=``) when the word after it is not
    a folder: ``refwright shell --auto-connect http://x/`` opens that URL in the attached browser instead of
    the flag's optional value taking it (pure but for looking whether a folder exists)."""
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        if word == "--auto-connect" and not _a_folder(out[i + 1]):
            out[i] = "--auto-connect="
    return out


def _not_a_host_list(value: str) -> bool:
    # A HOST[:PORT] list never holds a slash (a URL: scheme://, or a host followed by a path) or a space
    # (the agent's task).
    return "/" in value or any(ch.isspace() for ch in value)


def bare_allow_private(argv: Sequence[str]) -> list[str]:
    """``argv`` with a bare ``--allow-private`` made explicit (``--allow-private=*``) when the word after it is
    not a host list: ``refwright shell --allow-private http://127.0.0.1:8765/`` then opens that URL with every
    private target allowed, instead of the flag's optional value taking the URL (pure)."""
    out = list(argv)
    for i, word in enumerate(out[:-1]):
        if word == "--allow-private" and _not_a_host_list(out[i + 1]):
            out[i] = "--allow-private=*"
    return out


def _split(value: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (value or "").split(",") if p.strip())


def _fail(message: str) -> NoReturn:
    print(f"refwright: {clean_line(message)}", file=sys.stderr)
    raise SystemExit(2)


def user_config_path() -> Path:
    """The user's own config file; never one in the current directory."""
    base = os.environ.get("XDG_CONFIG_HOME") or ""
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return root / "refwright" / "config.toml"


def _private_setting(value: object, source: str) -> bool | tuple[str, ...]:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in ("1", "true", "yes", "on", "*", "all"):
            return True
        if text.lower() in ("", "0", "false", "no", "off", "none"):
            return False
        return _split(text)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(v.strip() for v in value if v.strip())
    _fail(f"{source}: allow_private must be true, false, or a list of HOST[:PORT] strings, not {value!r}.")
    return False


def _allow_private(args: argparse.Namespace) -> bool | tuple[str, ...]:
    """The flag, else REFWRIGHT_ALLOW_PRIVATE, else the user's config file; default: none."""
    if args.allow_private is not None:
        return True if args.allow_private == "*" else _split(args.allow_private)
    env = os.environ.get("REFWRIGHT_ALLOW_PRIVATE")
    if env is not None:
        return _private_setting(env, "REFWRIGHT_ALLOW_PRIVATE")
    path = user_config_path()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        _fail(f"could not read {path}: {exc}")
        return False
    return _private_setting(data.get("allow_private", False), str(path))


def _action_policy(args: argparse.Namespace) -> ActionPolicy | None:
    policy: ActionPolicy | None = None
    if getattr(args, "action_policy", None):
        try:
            text = Path(args.action_policy).read_text(encoding="utf-8")
            policy = ActionPolicy.from_json(text)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            _fail(f"--action-policy {args.action_policy}: {exc}")
    if getattr(args, "confirm_actions", None):
        try:
            extra = {parse_action(n, field="--confirm-actions") for n in _split(args.confirm_actions)}
        except ValueError as exc:
            _fail(str(exc))
            return None
        policy = policy or ActionPolicy()
        policy = ActionPolicy(
            denied_domains=policy.denied_domains, allowed_domains=policy.allowed_domains,
            denied_actions=policy.denied_actions, confirm_actions=set(policy.confirm_actions) | extra,
            allowed_actions=policy.allowed_actions, default_action=policy.default_action)
    return policy


def _open_tty() -> int:
    return os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY)


def terminal_available() -> bool:
    try:
        os.close(_open_tty())
    except OSError:
        return False
    return True


def _ask(action: ActionType, url: str) -> bool:
    try:
        fd = _open_tty()
    except OSError:
        return False
    try:
        os.write(fd, f"refwright: allow {action.value} on {clean_line(url)[:300]}? [y/N] ".encode())
        answer = b""
        while not answer.endswith(b"\n") and len(answer) < 100:
            chunk = os.read(fd, 100)
            if not chunk:
                break
            answer += chunk
    except OSError:
        return False
    finally:
        os.close(fd)
    return answer.decode(errors="replace").strip().lower() in ("y", "yes")


async def terminal_confirm(action: ActionType, url: str) -> bool:
    """Ask the person at the terminal (``/dev/tty``, not stdin, which may carry commands); no terminal,
    or anything but y/yes, is a no."""
    return await asyncio.to_thread(_ask, action, url)


def _decider(spec: str | None) -> Any:
    if not spec:
        return None
    if spec.strip().lower().startswith("local"):
        _fail(f"--decide {spec}: the decision provider is a model (openai:MODEL or anthropic:MODEL); the local "
              "resolver is what act already runs.")
    from .._errors import RefwrightError
    from ..agent import llm_from_spec

    try:
        return llm_from_spec(spec)
    except RefwrightError as exc:
        _fail(f"--decide {spec}: {exc}")
    return None


def _secrets(args: argparse.Namespace) -> Secrets:
    found: list[Secret] = []
    try:
        path = getattr(args, "secrets_file", None)
        if path:
            found += parse_secrets_file(Path(path).read_text(encoding="utf-8"), source=f"--secrets-file {path}")
        found += [parse_secret_flag(flag, os.environ) for flag in getattr(args, "secret", None) or []]
        return Secrets(found)
    except OSError as exc:
        _fail(f"--secrets-file {path}: cannot read it ({exc.strerror or exc}).")
    except ValueError as exc:
        _fail(str(exc))


def _auto_connect(args: argparse.Namespace) -> bool | str | None:
    value = getattr(args, "auto_connect", None)
    if value is None:
        return None
    if getattr(args, "user_data_dir", None):
        _fail("--auto-connect attaches to a browser you run; --user-data-dir/--profile launches one on a lasting "
              "profile. Pass one of them.")
    if getattr(args, "cdp", None) or getattr(args, "connect", None):
        _fail("--auto-connect finds the browser itself; leave out --cdp/--connect, or use them without it.")
    return value.strip() or True


def browser_options(args: argparse.Namespace, *, ask_at_terminal: bool = True) -> LaunchOptions:
    """The shared options as ``launch`` arguments. ``ask_at_terminal``: confirm --confirm-actions at
    /dev/tty; False where the caller asks the person another way (``refwright mcp``: through the client)."""
    timeouts = TimeoutConfig() if args.action_timeout is None else TimeoutConfig(action=args.action_timeout)
    config = Config(
        timeouts=timeouts,
        allow_eval=not args.no_eval,
        content_boundaries=args.content_boundaries,
        max_output=args.max_output,
        action_changes=not getattr(args, "no_action_changes", False),
        output_dir=args.output_dir,
        allow_private=_allow_private(args),
        allowed_domains=_split(args.allowed_domains),
        popups=getattr(args, "popups", "tab"),
        dialogs=getattr(args, "dialogs", "dismiss"),
        downloads=getattr(args, "downloads", "refuse"),
        upload_dir=getattr(args, "upload_dir", None),
        secrets=_secrets(args),
        auto_connect=_auto_connect(args),
        attach_tab=getattr(args, "tab", None) or "new",
        keep_tabs=bool(getattr(args, "keep_tabs", False)),
        user_data_dir=getattr(args, "user_data_dir", None) or None,
        surface="cli",
    )
    policy = _action_policy(args)
    confirm: ConfirmCallback | None = None
    if policy is not None and policy.confirm_actions and ask_at_terminal:
        if terminal_available():
            confirm = terminal_confirm
        else:
            names = ", ".join(sorted(a.value for a in policy.confirm_actions))
            print(f"refwright: no terminal to ask on, so actions that need confirmation ({names}) will be "
                  "refused.", file=sys.stderr)
    return LaunchOptions(
        decide=_decider(getattr(args, "decide", None)),
        executable_path=args.executable_path or os.environ.get("REFWRIGHT_EXECUTABLE_PATH") or None,
        cdp_url=args.cdp,
        connect=(getattr(args, "connect", None) or [None])[0],
        guard_listen=getattr(args, "guard_listen", None),
        guard_host=getattr(args, "guard_host", None),
        headless=not args.headed,
        config=config,
        action_policy=policy,
        confirm=confirm,
    )
