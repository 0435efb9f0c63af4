"""OCR engines on pages of known text rendered by Chromium: word recall, CER, digit accuracy, latency.

Run: PYTHONPATH=src python benchmarks/ocr.py [--repeat 5] [--rapidocr]. Engines: refwright's reader (lines
found first, each normalised to dark-on-white and read as one line: the default), its digits and sparse
modes, Tesseract on the whole page (raw, and after whole-page dark-on-light, the earlier approach), and
rapidocr (ONNX weights in its wheel) with --rapidocr when installed. Every page is a 1280x720 viewport
screenshot. Digit accuracy is 1 - CER on the digits table.
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

from refwright._driver._discovery import chromium_args, find_browser
from refwright.visual import dark_on_light, default_engine, parse_tsv
from refwright.visual._read import read_screen

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


def _app(rng: random.Random) -> tuple[str, list[str]]:
    """A dense app screen: dark header, sidebar, paragraphs, a table with numbers and coloured buttons."""
    nav = [rng.choice(WORDS) for _ in range(6)]
    side = [rng.choice(WORDS) for _ in range(14)]
    para = [rng.choice(WORDS).lower() for _ in range(60)]
    cells = [[rng.choice(WORDS), str(rng.randint(1, 99999)), str(rng.randint(0, 999))] for _ in range(8)]
    buttons = [rng.choice(WORDS) for _ in range(4)]
    html = ('<body style="margin:0;font:13px Arial;color:#222">'
            '<div style="background:#111827;color:#e5e7eb;padding:12px 20px;font-size:14px">'
            + " &nbsp; &nbsp; ".join(nav) + '</div><div style="display:flex">'
            '<div style="width:180px;background:#f3f4f6;padding:10px 16px;line-height:26px">'
            + "<br>".join(side) + '</div><div style="padding:16px 24px;width:900px">'
            f'<p style="line-height:1.5">{" ".join(para)}</p>'
            '<table cellpadding="5" style="border-collapse:collapse" border="1">'
            + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in cells) + "</table><p>"
            + "".join(f'<button style="background:#2563eb;color:#fff;border:0;padding:6px 12px;margin:6px;'
                      f'font:12px Arial">{b}</button>' for b in buttons) + "</p></div></div></body>")
    return html, nav + side + para + [c for row in cells for c in row] + buttons


def _over_image(rng: random.Random) -> tuple[str, list[str]]:
    words = [rng.choice(WORDS) for _ in range(10)]
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


def _reader(sparse: bool = False, digits: bool = False) -> Callable[[Image.Image], list[str]]:
    engine = default_engine()

    def run(image: Image.Image) -> list[str]:
        lines = read_screen(engine, image, sparse=sparse, digits=digits)
        return [w.text.strip(".,:;") for line in lines for w in line.words]
    return run


def _rapidocr() -> Callable[[Image.Image], list[str]] | None:
    try:
        from rapidocr import RapidOCR  # type: ignore[import-not-found,unused-ignore]
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
    parser.add_argument("--rapidocr", action="store_true", help="also run rapidocr (slow here: seconds a page)")
    args = parser.parse_args()
    rng = random.Random(14)
    pages = {f"labels {s}px": _labels(rng, s, False) for s in (12, 14, 16, 20)}
    pages["labels 14px dark mode"] = _labels(rng, 14, True)
    pages["digits table 14px"] = _digits(rng)
    pages["sparse labels 13px"] = _sparse(rng)
    pages["text over image 22px"] = _over_image(rng)
    pages["app screen 13px"] = _app(rng)
    candidate = find_browser(None)
    engines: dict[str, Callable[[Image.Image], list[str]]] = {
        "refwright lines (default)": _reader(),
        "refwright lines --sparse": _reader(sparse=True),
        "refwright lines --digits": _reader(digits=True),
        "tesseract whole page raw": _tesseract(False, False),
        "tesseract whole page dark-on-light": _tesseract(True, False),
    }
    rapid = _rapidocr() if args.rapidocr else None
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
    # Wall time is what a caller waits; CPU time (this process, all threads) is what the work costs, and
    # stays meaningful when other jobs load the machine.
    print(f"{'engine':36} {'page':24} {'recall':>7} {'CER':>6} {'min s':>6} {'med s':>6} {'cpu s':>6}")
    for engine_name, run in engines.items():
        run(shots["labels 12px"])  # load models/APIs before timing
        for name, (_, words) in pages.items():
            if engine_name.endswith("--digits") and not name.startswith("digits"):
                continue
            times, cpu, read = [], [], []
            for _ in range(args.repeat):
                start, start_cpu = time.perf_counter(), time.process_time()
                read = run(shots[name])
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            recall, cer = _score(words, read)
            label = "digits" if name.startswith("digits") else "recall"
            print(f"{engine_name:36} {name:24} {recall:7.3f} {cer:6.3f} {min(times):6.3f} "
                  f"{statistics.median(times):6.3f} {statistics.median(cpu):6.3f}"
                  + ("  (digit accuracy)" if label == "digits" else ""))


if __name__ == "__main__":
    main()
