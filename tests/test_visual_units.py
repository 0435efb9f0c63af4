"""The pure parts of local OCR: TSV parsing, phrase matching, digits, masking, preprocessing."""

from __future__ import annotations

import numpy as np
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
