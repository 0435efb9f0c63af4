"""Saved browser state (cookies and storage, i.e. logins) encrypted at rest: pure functions, no browser.

A state file holds session cookies, which are as good as passwords, so it is never written in clear.
The key is derived from a password the *user* puts in the environment (``REFWRIGHT_STATE_KEY``): a model
driving the browser can name a file but never supplies or sees the key. AES-256-GCM authenticates the
whole file, so a wrong key or an altered file is detected rather than loaded as garbage.

Layout: ``MAGIC`` · 16-byte scrypt salt · 12-byte nonce · ciphertext with its GCM tag (MAGIC is also the
associated data, so the header cannot be swapped).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from .._errors import PolicyDeniedError, StateKeyError

__all__ = ["KEY_ENV", "MAGIC", "StateKeyError", "open_state", "seal_state", "state_password"]

KEY_ENV = "REFWRIGHT_STATE_KEY"
MAGIC = b"RWSTATE1"
_SALT = 16
_NONCE = 12
# scrypt's cost: about 50 ms and 32 MiB here, so guessing a weak password from a stolen file is slow.
_SCRYPT_N = 2**15


def state_password(env: Mapping[str, str] | None = None) -> str:
    """The password in ``REFWRIGHT_STATE_KEY``; refused with a clear message when it is unset or empty."""
    value = (os.environ if env is None else env).get(KEY_ENV, "")
    if not value:
        raise PolicyDeniedError(
            f"Saved state is encrypted, and no key is set: the user must set the environment variable {KEY_ENV} "
            "to a password (the same one to save and to load) before starting refwright. Nothing was "
            "read or written.")
    return value


def _key(password: str, salt: bytes) -> bytes:
    return Scrypt(salt=salt, length=32, n=_SCRYPT_N, r=8, p=1).derive(password.encode("utf-8"))


def seal_state(plain: bytes, password: str) -> bytes:
    """``plain`` encrypted under ``password`` (a fresh salt and nonce each time)."""
    salt = os.urandom(_SALT)
    nonce = os.urandom(_NONCE)
    return MAGIC + salt + nonce + AESGCM(_key(password, salt)).encrypt(nonce, plain, MAGIC)


def open_state(blob: bytes, password: str, *, name: str = "the state file") -> bytes:
    """The plaintext of a sealed state file; StateKeyError when it is not one or the key is wrong."""
    head = len(MAGIC) + _SALT + _NONCE
    if not blob.startswith(MAGIC) or len(blob) < head + 16:
        raise StateKeyError(
            f"{name} is not a state file saved by refwright (`state save <path>` writes one); nothing was loaded.")
    salt = blob[len(MAGIC):len(MAGIC) + _SALT]
    nonce = blob[len(MAGIC) + _SALT:head]
    try:
        return AESGCM(_key(password, salt)).decrypt(nonce, blob[head:], MAGIC)
    except InvalidTag:
        raise StateKeyError(
            f"Could not decrypt {name}: the key in {KEY_ENV} is not the one it was saved with, or the file "
            "was changed since. Set the same key that saved it; nothing was loaded.") from None
