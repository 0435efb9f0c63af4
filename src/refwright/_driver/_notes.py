"""The lines that tell the model what happened besides a command's answer (pure).

Refused requests are summarised: one line per reason, however many requests it stopped, so that a page
with fifty ad hosts costs the model one line, not fifty.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from ..safety import clean_line
from ..snapshot._format import counted

__all__ = ["reason_sentence", "refusal_notes", "with_notes"]

# At most this many hosts are named in one summary line; the rest are counted.
_HOSTS_NAMED = 3
# At most this many reasons get a line of their own after one command; the rest are counted.
_REASONS_SHOWN = 3
# Stands for the refused host inside a reason, so that one reason given for many hosts reads as one.
_HOST = "\x00"


def reason_sentence(reason: str) -> str:
    """A refusal's reason without its "Refused <url>: " head, for lines that already name the URL."""
    reason = clean_line(reason)
    head, sep, rest = reason.partition(": ")
    return rest if sep and head.startswith("Refused ") and rest else reason


def _names(hosts: Sequence[str]) -> str:
    if len(hosts) == 1:
        return hosts[0]
    if len(hosts) <= _HOSTS_NAMED:
        return ", ".join(hosts[:-1]) + " and " + hosts[-1]
    return ", ".join(hosts[:_HOSTS_NAMED]) + f" and {len(hosts) - _HOSTS_NAMED} more hosts"


def _where(target: str, host: str) -> str:
    """The host (with its port when it is not the scheme's default) a refused request went to."""
    if "://" not in target:
        # A CONNECT tunnel's target is already host:port; https's own port goes without saying.
        return clean_line(target.removesuffix(":443")) or host
    try:
        netloc = urlsplit(target).netloc
    except ValueError:  # an unbalanced "[" in the host: say the host alone
        return host
    return clean_line(netloc.rpartition("@")[2]) or host


def refusal_notes(refused: Sequence[tuple[str, str, int, str]]) -> list[str]:
    """One line per reason for ``(target, host, port, reason)`` records, oldest reason first.

    A reason that stopped one request names its URL, as before: ``Blocked a request to URL: reason_sentence``.
    One that stopped several says how many, which hosts (a few named, the rest counted) and why:
    ``Blocked 12 requests to a.example, b.example, c.example and 4 more hosts: reason_sentence``.
    """
    groups: dict[str, list[tuple[str, str, str]]] = {}
    for target, host, _port, reason in refused:
        text = reason_sentence(reason)
        name = clean_line(host)
        key = text.replace(name, _HOST) if name else text
        groups.setdefault(key, []).append((clean_line(target), _where(target, name), text))
    notes: list[str] = []
    for key, items in list(groups.items())[:_REASONS_SHOWN]:
        if len(items) == 1:
            target, _, text = items[0]
            notes.append(f"Blocked a request to {target}: {text}")
            continue
        hosts = list(dict.fromkeys(name for _, name, _ in items if name))
        text = items[0][2] if len(hosts) <= 1 else key.replace(_HOST, "the host")
        notes.append(f"Blocked {len(items)} requests to {_names(hosts) if hosts else 'the page'}: {text}")
    rest = sum(len(items) for items in list(groups.values())[_REASONS_SHOWN:])
    if rest:
        notes.append(f"Blocked {counted(rest, 'more request', 'more requests')} for other reasons.")
    return notes


def with_notes(answer: str, notes: Sequence[str]) -> str:
    """The answer first, then each note on a line of its own: an answer stays the answer."""
    if not notes:
        return answer
    lines = "\n".join(f"Note: {note}" for note in notes)
    return f"{answer}\n{lines}" if answer else lines
