"""Pixel diff of two PNG screenshots (pure: bytes in, counts and a diff image out), on Pillow."""

from __future__ import annotations

import io
from dataclasses import dataclass

from PIL import Image, ImageChops, UnidentifiedImageError

from .._errors import RefwrightError

__all__ = ["ImageDiff", "diff_images", "format_image_diff"]


@dataclass(frozen=True)
class ImageDiff:
    """``different`` pixels of ``total`` differ by more than the threshold; ``image`` is a PNG of the new
    screenshot, faded, with those pixels in red (None when the sizes differ or nothing differs)."""

    different: int
    total: int
    dimension_mismatch: bool
    image: bytes | None

    @property
    def percent(self) -> float:
        return 100.0 * self.different / self.total if self.total else 0.0


def _open(data: bytes, what: str) -> Image.Image:
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except (UnidentifiedImageError, OSError) as exc:
        raise RefwrightError(f"The {what} is not a readable image ({exc}). Give a PNG file.") from exc
    return image.convert("RGB")


def diff_images(before: bytes, after: bytes, threshold: float = 0.1) -> ImageDiff:
    """Compare two images pixel by pixel: a pixel differs when one of its channels moved by more than
    ``threshold`` (0-1) of the full range."""
    old = _open(before, "baseline")
    new = _open(after, "screenshot")
    if old.size != new.size:
        return ImageDiff(0, new.width * new.height, True, None)
    red, green, blue = ImageChops.difference(old, new).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    cut = max(0, min(255, int(threshold * 255)))
    mask = largest.point(lambda v: 255 if v > cut else 0)
    different = mask.histogram()[255]
    if not different:
        return ImageDiff(0, new.width * new.height, False, None)
    faded = Image.blend(new.convert("L").convert("RGB"), Image.new("RGB", new.size, "white"), 0.6)
    marked = Image.composite(Image.new("RGB", new.size, (255, 0, 0)), faded, mask)
    out = io.BytesIO()
    marked.save(out, format="PNG")
    return ImageDiff(different, new.width * new.height, False, out.getvalue())


def format_image_diff(diff: ImageDiff, image_path: str | None) -> str:
    """agent-browser's words for a screenshot diff."""
    if diff.dimension_mismatch:
        lines = ["Images have different dimensions"]
    elif diff.different == 0:
        lines = ["Images match (0% difference)"]
    else:
        lines = [f"{diff.percent:.2f}% pixels differ"]
    if image_path is not None:
        lines.append(f"  Diff image: {image_path}")
    lines.append(f"  {diff.different} different / {diff.total} total pixels")
    return "\n".join(lines)
