"""Domain allow-lists: ``*.example.com`` covers the apex and every subdomain, ``example.com`` one host.

Hosts and patterns are compared in the browser's canonical form — punycode, lower case, no trailing
dot, IP literals in their one true spelling — so ``BÜCHER.example.``, ``xn--bcher-kva.example`` and
``bücher.example`` are one host, and ``0x7f.1`` is ``127.0.0.1``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ._url import host_text, parse_host

__all__ = ["domain_allowed", "host_matches", "normalize_domain_pattern", "normalize_domains"]


@lru_cache(maxsize=512)
def normalize_domain_pattern(pattern: str) -> str:
    """The canonical form of an allow-list entry; raises ``ValueError`` with a fix for a bad one.

    ``*.example.com`` and ``.example.com`` both mean the apex and every subdomain. IP addresses are
    allowed as exact entries.
    """
    text = pattern.strip()
    wildcard = text.startswith(("*.", "."))
    name = text[2:] if text.startswith("*.") else text[1:] if wildcard else text
    problem = None
    if text == "*":
        problem = "to allow every host, leave the list empty"
    elif "://" in name or "/" in name:
        problem = "write just the host, without a scheme or path"
    elif "*" in name:
        problem = "'*' is only allowed as the first label, as in *.example.com"
    elif ":" in name and not name.startswith("[") and name.count(":") == 1:
        problem = "write the host without a port"
    if problem is None:
        try:
            host = parse_host(name)
        except ValueError as e:
            problem = str(e)
        else:
            if not wildcard:
                return host_text(host)
            if isinstance(host, str):
                return "*." + host
            problem = "a wildcard cannot apply to an IP address"
    raise ValueError(f"Invalid domain {pattern!r}: {problem}.")


def normalize_domains(patterns: Iterable[str]) -> tuple[str, ...]:
    """Canonicalise and validate a whole allow-list (a single string counts as one entry)."""
    if isinstance(patterns, str):
        patterns = [patterns]
    return tuple(dict.fromkeys(normalize_domain_pattern(p) for p in patterns))


def host_matches(host: str, patterns: Iterable[str], *, include_subdomains: bool = False) -> bool:
    """Whether ``host`` matches any pattern; ``include_subdomains`` makes ``example.com`` act like
    ``*.example.com`` (the action policy's reading). A host that does not parse matches nothing."""
    try:
        parsed = parse_host(host)
    except ValueError:
        return False
    canonical = host_text(parsed)
    for pattern in normalize_domains(patterns):
        wildcard = pattern.startswith("*.")
        apex = pattern[2:] if wildcard else pattern
        if canonical == apex:
            return True
        # IP literals have no subdomains.
        if (wildcard or include_subdomains) and isinstance(parsed, str) and canonical.endswith("." + apex):
            return True
    return False


def domain_allowed(host: str, allowed_domains: Iterable[str]) -> bool:
    """Whether the page may contact ``host``. An empty allow-list allows every host.

    Raises ``ValueError`` for an invalid entry in ``allowed_domains`` (validate once with
    :func:`normalize_domains` when the setting is made).
    """
    patterns = normalize_domains(allowed_domains)
    return not patterns or host_matches(host, patterns)
