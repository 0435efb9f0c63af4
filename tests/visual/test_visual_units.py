"""The pure parts of local OCR: TSV parsing, phrase matching, digits, masking, preprocessing."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from PIL import Image

from refwright.visual import Rect, dark_on_light, find_phrase, mask_rects, parse_tsv
from refwright.visual._text import digits_only

TSV = "\n".join([
    "1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t",
    "5\t1\t1\t1\t1\t1\t20\t40\t60\t20\t96.0\tSave",
    "5\t1\t1\t1\t1\t2\t90\t40\t80\t20\t95.0\tchanges,",
    "5\t1\t1\t1\t2\t1\t20\t80\t40\t20\t12.0\t~",
    "5\t1\t2\t1\t1\t1\t400\t40\t60\t20\t91.0\t1,207",
])


def test_parse_tsv_groups_lines_scales_by_dpr_and_drops_low_confidence() -> None:
    lines = parse_tsv(TSV, scale=2.0, offset=(5, 0))
    assert [line.text for line in lines] == ["Save changes,", "1,207"]
    first = lines[0].words[0]
    assert (first.x, first.y, first.width, first.height) == (15.0, 20.0, 30.0, 10.0)


def test_find_phrase_is_exact_whole_words_and_case_insensitive() -> None:
    lines = parse_tsv(TSV)
    assert find_phrase(lines, "save CHANGES") == [(20, 40, 150, 20)]
    assert find_phrase(lines, "changes") == [(90, 40, 80, 20)]
    assert find_phrase(lines, "Sav") == []
    assert find_phrase(lines, "  ") == []


def test_digits_only_keeps_numbers() -> None:
    assert [line.text for line in digits_only(parse_tsv(TSV))] == ["1207"]


def test_mask_covers_the_scaled_rect() -> None:
    image = Image.new("RGB", (100, 100), (0, 0, 0))
    out = np.asarray(mask_rects(image, [Rect(10, 10, 5, 5)], 2.0))
    assert (out[20:30, 20:30] == 200).all()
    assert (out[19, 19] == 0).all() and (out[30, 30] == 0).all()


def test_light_text_on_a_dark_fill_becomes_dark_on_white() -> None:
    image = Image.new("L", (200, 100), 40)
    image.paste(255, (80, 40, 90, 60))  # a light stroke on a dark button
    out = np.asarray(dark_on_light(image))
    assert out[50, 85] < 60 and out[10, 10] > 200


def _button_row() -> np.ndarray:
    """A white page with a dark-blue button holding a light 'label' bar and a table-like frame around a
    dark bar: glyph stand-ins are small filled rectangles."""
    gray = np.full((120, 400), 255, dtype=np.uint8)
    gray[20:60, 20:180] = 40                   # the button's fill
    for x in range(40, 160, 12):               # light glyphs on it
        gray[32:46, x:x + 7] = 250
    gray[70:110, 220:380] = 255
    gray[70, 220:380] = gray[109, 220:380] = 0  # a frame (table cell borders)
    gray[70:110, 220] = gray[70:110, 379] = 0
    for x in range(240, 330, 12):              # dark glyphs inside it
        gray[84:98, x:x + 7] = 0
    return gray


def test_lines_are_found_inside_buttons_and_frames_not_around_them() -> None:
    from refwright.visual._regions import find_lines

    lines, clutter = find_lines(_button_row())
    boxes = [(line.left, line.top, line.right, line.bottom) for line in lines]
    # The 3x3 gradient reaches one pixel beyond each glyph.
    assert boxes == [(39, 31, 156, 47), (239, 83, 332, 99)]
    assert clutter[70, 300] and not clutter[90, 245]  # the frame is clutter, the glyphs are not


def test_each_line_becomes_dark_on_white_by_its_own_background() -> None:
    from refwright.visual._regions import find_lines, normalise_line

    gray = _button_row()
    lines, clutter = find_lines(gray)
    light_on_dark, (left, top), scale = normalise_line(gray, lines[0], clutter)
    assert light_on_dark[32 - top + 5, 40 - left + 3] < 30      # a glyph: now dark
    assert light_on_dark[0, 0] > 225                           # its button fill: now white
    assert scale > 1.0                                         # 14 px tall: enlarged before recognition
    framed, (left, top), _ = normalise_line(gray, lines[1], clutter)
    assert framed[84 - top + 5, 240 - left + 3] < 30
    assert (framed > 225).sum() > 0.6 * framed.size             # the cell border was painted out


def test_visual_subcommands_map_to_their_action_types() -> None:
    from refwright import ActionType
    from refwright.commands._registry import lookup

    spec = lookup("visual")
    assert spec is not None
    assert spec.action_for(["text"]) == ActionType.READ_CONTENT
    assert spec.action_for(["click", "Export"]) == ActionType.CLICK
    assert spec.action_for(["click", "10", "20"]) == ActionType.CLICK
    assert spec.action_for(["drag", "1", "2", "3", "4"]) == ActionType.DRAG
    assert spec.action_for(["scroll", "1", "2", "300"]) == ActionType.SCROLL
    assert spec.returns_page_text(["text"])


def test_mcp_vision_flag_rejects_an_unknown_spec_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    from refwright.cli import main

    assert main(["mcp", "--profile", "coding", "--vision", "bogus:model"]) == 2
    err = capsys.readouterr().err
    assert "--vision bogus:model" in err and "openai:MODEL" in err


def test_numpy_and_scipy_load_with_the_first_ocr_not_with_refwright() -> None:
    code = (
        "import sys, refwright, refwright.cli, refwright.visual\n"
        "refwright.cli.build_parser()\n"
        "print(sorted(m for m in ('numpy', 'scipy') if m in sys.modules))\n"
        "refwright.visual.dark_on_light\n"
        "print(sorted(m for m in ('numpy', 'scipy') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:2] == ["[]", "['numpy']"]
