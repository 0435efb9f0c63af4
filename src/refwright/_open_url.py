"""URL normalization for ``open`` (the reference's table, exactly)."""

from __future__ import annotations

__all__ = ["normalize_url"]

_LOCAL_PREFIXES = ("localhost", "127.0.0.1", "10.0.2.2")


def normalize_url(url: str) -> str:
    """Turn what a model typed into a URL.

    ``https://a.com`` and ``file:///x`` stay as they are, so do ``about:`` and ``data:`` URLs;
    ``localhost``, ``127.0.0.1`` and ``10.0.2.2`` get ``http://``; anything else gets ``https://``.
    The input is trimmed first. Whether the result may be opened is the safety layer's decision.
    """
    url = url.strip()
    if "://" in url or url.startswith(("about:", "data:")):
        return url
    if url.startswith(_LOCAL_PREFIXES):
        return "http://" + url
    return "https://" + url
