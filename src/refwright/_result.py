"""What ``run_command`` returns."""

from __future__ import annotations

from dataclasses import dataclass, field

from .snapshot._types import Snapshot

__all__ = ["Annotation", "CommandResult", "ScreenshotResult"]


@dataclass(frozen=True)
class Annotation:
    """One labelled element of an annotated screenshot: label ``[N]`` is ref ``@eN``."""

    number: int
    ref: str
    role: str
    name: str
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class ScreenshotResult:
    """A PNG image. ``annotations`` is set for ``screenshot --annotate``."""

    bytes: bytes
    width: int
    height: int
    annotations: tuple[Annotation, ...] = ()


@dataclass(frozen=True)
class CommandResult:
    """The result of one command line.

    ``output`` is always set and is the text to hand to a model; ``snapshot`` is set by ``snapshot``,
    ``screenshot`` by ``screenshot``. ``events`` lists what happened on the page since the previous
    command (a dismissed dialog, a closed popup, a refused download), already mentioned in ``output``.
    """

    command: str
    output: str
    snapshot: Snapshot | None = None
    screenshot: ScreenshotResult | None = None
    events: tuple[str, ...] = field(default=())
