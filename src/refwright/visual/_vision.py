"""Calling a vision provider (an async ``Llm``) from the async API and from the sync one."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any

__all__ = ["ask_vision", "ask_vision_async"]


async def ask_vision_async(provider: Any, system: str, turns: list[Any]) -> list[Any]:
    return list(await provider.next(system, turns))


def ask_vision(provider: Any, system: str, turns: list[Any]) -> list[Any]:
    """``ask_vision_async`` for the sync API: the provider is async, so it runs on a loop of its own."""
    work: Coroutine[Any, Any, list[Any]] = ask_vision_async(provider, system, turns)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, work).result()
