"""One-time codes: a secret whose value is an ``otpauth://totp/...`` URI is a TOTP generator (RFC 6238,
computed by pyotp), named by the model as ``{{totp:NAME}}`` and typed as the current code.

Pure but for the clock. The seed is the secret's value, so it is scrubbed as any value is; the codes are
scrubbed too: every code of the last few minutes and the next window, and every code typed this session.
"""

from __future__ import annotations

import binascii
import re
import time
from urllib.parse import parse_qs, urlsplit

import pyotp

__all__ = ["TOTP_PREFIX", "TOTP_TOKEN", "CodeBook", "seed_of", "totp_of"]

TOTP_PREFIX = "otpauth://totp/"
TOTP_TOKEN = re.compile(r"\{\{\s*totp\s*:\s*([^{}\s]*)\s*\}\}")
# How far back codes are scrubbed from answers (a code shown on a page a while after it was typed).
_PAST_WINDOWS = 20


def is_totp(value: str) -> bool:
    return value.strip().lower().startswith(TOTP_PREFIX)


def totp_of(name: str, uri: str) -> pyotp.TOTP:
    """The generator an ``otpauth://totp/`` URI describes; a ValueError that says what is wrong with it (the
    URI itself is never quoted: it holds the seed)."""
    try:
        otp = pyotp.parse_uri(uri.strip())
        otp.byte_secret()
    except (ValueError, binascii.Error) as exc:
        reason = str(exc) if "secret" in str(exc).lower() and "=" not in str(exc) else "its secret is not base32"
        raise ValueError(f"Secret {name} is an otpauth:// URI that pyotp cannot read ({reason}). Export it "
                         "again from the site's authenticator setup: otpauth://totp/LABEL?secret=BASE32&issuer=…"
                         ) from None
    if not isinstance(otp, pyotp.TOTP):
        raise ValueError(f"Secret {name} is not a time-based one-time code: only otpauth://totp/ is supported.")
    return otp


def seed_of(uri: str) -> str:
    """The base32 seed in ``uri`` (scrubbed as a value of its own); ``""`` when there is none."""
    return (parse_qs(urlsplit(uri.strip()).query).get("secret") or [""])[0]


class CodeBook:
    """The generators of a session's TOTP secrets, and the codes they gave (for scrubbing)."""

    def __init__(self) -> None:
        self._otps: dict[str, pyotp.TOTP] = {}
        self._typed: dict[str, str] = {}

    def add(self, name: str, uri: str) -> None:
        self._otps[name] = totp_of(name, uri)

    def __bool__(self) -> bool:
        return bool(self._otps)

    def __contains__(self, name: object) -> bool:
        return name in self._otps

    def code(self, name: str) -> str:
        code = str(self._otps[name].now())
        self._typed[code] = name
        return code

    def recent(self, now: float | None = None) -> dict[str, str]:
        """code -> secret name: each generator's codes from a few minutes back to the next window, and every
        code typed."""
        now = time.time() if now is None else now
        codes = dict(self._typed)
        for name, otp in self._otps.items():
            for step in range(-_PAST_WINDOWS, 2):
                codes.setdefault(str(otp.at(now + step * otp.interval)), name)
        return codes

    def scrub(self, text: str) -> str:
        """``text`` with every recent code that stands alone (not inside a longer number) replaced by its
        ``{{totp:NAME}}``."""
        if not self._otps or not any(ch.isdigit() for ch in text):
            return text
        codes = self.recent()
        lengths = {len(c) for c in codes}

        def swap(match: re.Match[str]) -> str:
            digits = match.group(0)
            # Also a code written with a space in the middle (123 456), as some pages show it.
            name = codes.get(digits) or codes.get(digits.replace(" ", ""))
            return f"{{{{totp:{name}}}}}" if name else digits

        pattern = "|".join(rf"\d{{{n // 2}}} \d{{{n - n // 2}}}|\d{{{n}}}" for n in sorted(lengths, reverse=True))
        return re.sub(rf"(?<!\d)(?:{pattern})(?!\d)", swap, text)
