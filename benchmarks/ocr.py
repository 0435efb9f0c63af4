"""OCR engines on pages of known text rendered by Chromium: word recall, CER, digit accuracy, latency.

Run: PYTHONPATH=src python benchmarks/ocr.py [--repeat 5]. Engines: tesseract in-process (tesserocr) on the
raw screenshot and after refwright's dark-on-light preprocessing, and rapidocr (ONNX weights in its wheel)
when installed. Every page is a 1280x720 viewport screenshot.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable

from PIL import Image
from playwright.sync_api import sync_playwright

from refwright._discovery import chromium_args, find_browser
from refwright.visual import dark_on_light, default_engine, parse_tsv

WORDS = (
    "Save", "Cancel", "Export", "Settings", "Profile", "Search", "Upload", "Delete", "Archive", "Share",
    "Filter", "Refresh", "Billing", "Members", "Invite", "Logout", "Dashboard", "Reports", "Calendar",
    "Messages", "Preview", "Publish", "Download", "Rename", "Duplicate", "Notes", "Inbox", "Drafts",
    "Compose", "Reply", "Forward", "Schedule", "Timeline", "Gallery", "Library", "Projects", "Overview",
    "Support",
)
FONTS = ("Arial, sans-serif", "Georgia, serif", "'DejaVu Sans Mono', monospace", "Verdana, sans-serif")
COLOURS = (("#1a56db", "#fff"), ("#fff", "#111"), ("#16a34a", "#fff"), ("#f3f4f6", "#374151"),
           ("#dc2626", "#fff"), ("#6b7280", "#fff"))


def _labels(rng: random.Random, size: int, dark: bool) -> tuple[str, list[str]]:
    items, words = [], []
    for i in range(24):
        word = rng.choice(WORDS)
        bg, fg = COLOURS[i % len(COLOURS)]
        if dark:
            bg, fg = "#1e1e1e", "#d4d4d4"
        font = FONTS[i % len(FONTS)]
        items.append(f'<button style="font:{size}px {font};background:{bg};color:{fg};border:0;padding:6px 12px;'
                     f'margin:10px">{word}</button>')
        words.append(word)
    page_bg = "#121212" if dark else "#fff"
    return f'<body style="background:{page_bg};margin:20px">{"".join(items)}</body>', words


def _digits(rng: random.Random) -> tuple[str, list[str]]:
    rows, words = [], []
    for _ in range(12):
        cells = [str(rng.randint(0, 10 ** rng.randint(1, 6))) for _ in range(6)]
        words += cells
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return ('<body style="font:14px Arial;margin:20px"><table cellpadding="6" border="1" '
            f'style="border-collapse:collapse">{"".join(rows)}</table></body>'), words


def _sparse(rng: random.Random) -> tuple[str, list[str]]:
    words = [rng.choice(WORDS) for _ in range(10)]
    spots = "".join(f'<div style="position:absolute;left:{rng.randint(0, 1150)}px;top:{rng.randint(0, 690)}px;'
                    f'font:13px Arial;color:#333">{w}</div>' for w in words)
    return f"<body style='margin:0'>{spots}</body>", words


def _over_image(rng: random.Random) -> tuple[str, list[str]]:
    words = [rng.choice(WORDS) for _ in range(12)]
    spans = "".join(f'<span style="margin:18px;font:bold 22px Arial;color:#fff;text-shadow:0 1px 2px #000">'
                    f"{w}</span>" for w in words)
    return ('<body style="margin:0;height:720px;background:linear-gradient(135deg,#f97316,#7c3aed 60%,#0ea5e9)">'
            f'<div style="padding:200px 40px">{spans}</div></body>'), words


def _edit_distance(a: str, b: str) -> int:
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]


def _score(expected: list[str], read: list[str]) -> tuple[float, float]:
    """(word recall with multiplicity, character error rate of the sorted word streams)."""
    pool = list(read)
    hits = 0
    for w in expected:
        if w in pool:
            pool.remove(w)
            hits += 1
    truth, got = " ".join(sorted(expected)), " ".join(sorted(read))
    return hits / len(expected), _edit_distance(truth, got) / max(1, len(truth))


def _tesseract(prepare: bool, sparse: bool) -> Callable[[Image.Image], list[str]]:
    engine = default_engine()

    def run(image: Image.Image) -> list[str]:
        src = dark_on_light(image) if prepare else image.convert("L")
        return [w.text.strip(".,:;") for line in parse_tsv(engine.tsv(src, sparse=sparse)) for w in line.words]
    return run


def _rapidocr() -> Callable[[Image.Image], list[str]] | None:
    try:
        from rapidocr import RapidOCR
    except ImportError:
        return None
    engine = RapidOCR()

    def run(image: Image.Image) -> list[str]:
        import numpy as np

        out = engine(np.asarray(image.convert("RGB")))
        return [w for text in (out.txts or ()) for w in str(text).split()]
    return run


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(14)
    pages = {f"labels {s}px": _labels(rng, s, False) for s in (12, 14, 16, 20)}
    pages["labels 14px dark mode"] = _labels(rng, 14, True)
    pages["digits table 14px"] = _digits(rng)
    pages["sparse labels 13px"] = _sparse(rng)
    pages["text over image 22px"] = _over_image(rng)
    candidate = find_browser(None)
    engines: dict[str, Callable[[Image.Image], list[str]]] = {
        "tesseract raw": _tesseract(False, False),
        "tesseract dark-on-light (default)": _tesseract(True, False),
        "tesseract dark-on-light sparse": _tesseract(True, True),
    }
    rapid = _rapidocr()
    if rapid is not None:
        engines["rapidocr (onnx, in wheel)"] = rapid
    shots: dict[str, Image.Image] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=candidate.path if candidate else None, args=chromium_args())
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        for name, (html, _) in pages.items():
            page.set_content(html)
            shots[name] = Image.open(io.BytesIO(page.screenshot(type="png")))
        browser.close()
    print(f"{'engine':36} {'page':24} {'recall':>7} {'CER':>6} {'min s':>6} {'med s':>6}")
    for engine_name, run in engines.items():
        run(shots["labels 12px"])  # load models/APIs before timing
        for name, (_, words) in pages.items():
            times, read = [], []
            for _ in range(args.repeat):
                start = time.perf_counter()
                read = run(shots[name])
                times.append(time.perf_counter() - start)
            recall, cer = _score(words, read)
            label = "digits" if name.startswith("digits") else "recall"
            print(f"{engine_name:36} {name:24} {recall:7.3f} {cer:6.3f} {min(times):6.3f} "
                  f"{statistics.median(times):6.3f}" + ("  (digit accuracy)" if label == "digits" else ""))


if __name__ == "__main__":
    main()
