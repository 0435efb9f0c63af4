"""Files under the output folder (pdf, trace, record, screenshot <path>), read, diff url/screenshot,
a11y and vitals, on real Chromium; and the output folder's path policy."""

from __future__ import annotations

import io
import os
import sys
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from refwright import Config, Page, PolicyDeniedError, RefwrightError
from refwright._files._paths import resolve_output_path
from refwright._media._ffmpeg import ffmpeg_path

from ..conftest import run
from ..server import TestServer

ARTICLE = """<!doctype html><html lang="en"><title>Story</title>
<nav><a href="/a">Home</a> <a href="/b">Archive</a></nav>
<main><h1>The headline</h1><p>First   paragraph with <b>bold</b> words.</p>
<h2>Details</h2><ul><li>one</li><li>two</li></ul><p style="display:none">secret hidden</p>
<script>var notText = 1;</script></main><footer>Copyright</footer>"""

BROKEN = """<!doctype html><html><title></title><body style="background:#fff">
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" width="20" height="20">
<button style="width:30px;height:20px"></button><a href="/x" style="display:inline-block;width:9px;height:9px"></a>
<input id="q"><label>Name <input id="name"></label>
<h1>Top</h1><h3>Skipped a level</h3>
<p id="dup" style="color:#bbb">faint text</p><p id="dup">dark text</p></body></html>"""

CLEAN = """<!doctype html><html lang="en"><title>Fine</title><h1>Fine</h1><h2>Part</h2>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="dot" width="5" height="5">
<label>Email <input type="email"></label><button>Send</button><a href="/y">More</a></html>"""


# -- the path policy (pure) -----------------------------------------------------------------------


def test_relative_paths_land_in_the_folder(tmp_path: Path) -> None:
    assert resolve_output_path(tmp_path, "a.pdf") == tmp_path.resolve() / "a.pdf"
    assert resolve_output_path(str(tmp_path), "sub/../b.pdf") == tmp_path.resolve() / "b.pdf"
    inside = str(tmp_path / "c.zip")
    assert resolve_output_path(Config(output_dir=str(tmp_path)), inside) == Path(inside).resolve()


@pytest.mark.parametrize("escape", ["../x.pdf", "sub/../../x.pdf", "/etc/passwd", "/tmp/elsewhere.pdf", "~/x.pdf",
                                    "", "."])
def test_escapes_are_refused(tmp_path: Path, escape: str) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(PolicyDeniedError) as info:
        resolve_output_path(folder, escape)
    message = str(info.value)
    assert str(folder.resolve()) in message
    if escape not in ("", "."):
        assert "--output-dir" in message


def test_a_symlink_leading_out_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    outside = tmp_path / "outside"
    outside.mkdir()
    (folder / "link").symlink_to(outside)
    (folder / "file-link").symlink_to(outside / "target.pdf")
    for name in ("link/x.pdf", "file-link", str(folder / "link" / "y.pdf")):
        with pytest.raises(PolicyDeniedError, match="only be written inside the output folder"):
            resolve_output_path(folder, name)
    # A symlink that stays inside is fine.
    (folder / "inner").mkdir()
    (folder / "in-link").symlink_to(folder / "inner")
    assert resolve_output_path(folder, "in-link/z.pdf") == (folder / "inner" / "z.pdf").resolve()


def test_config_without_a_folder_is_refused() -> None:
    with pytest.raises(PolicyDeniedError, match="--output-dir"):
        resolve_output_path(Config(), "a.pdf")


# -- files -------------------------------------------------------------------------------------


async def test_pdf_and_screenshot_path(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/story.html', ARTICLE)}")
    folder = page.output_dir
    assert folder.is_dir() and (os.stat(folder).st_mode & 0o777) == 0o700
    out = await run(page, "pdf story.pdf")
    target = folder.resolve() / "story.pdf"
    assert out == f"PDF saved to {target}"
    assert target.read_bytes()[:5] == b"%PDF-"
    shot = await run(page, "screenshot shots/page.png")
    assert shot == f"Screenshot saved to {folder.resolve() / 'shots' / 'page.png'}"
    assert Image.open(folder / "shots" / "page.png").size == (1280, 720)
    # Without a path, today's output stays.
    assert await run(page, "screenshot") == "Screenshot 1280×720"


async def test_writing_commands_refuse_escapes(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/story.html', ARTICLE)}")
    for line in ("pdf ../escape.pdf", "pdf /tmp/escape.pdf", "screenshot ../../x.png", "trace stop ../t.zip",
                 "record start ../v.webp"):
        with pytest.raises(PolicyDeniedError, match="output folder"):
            if line.startswith("trace stop"):
                await run(page, "trace start")
            try:
                await run(page, line)
            finally:
                if line.startswith("trace stop"):
                    await run(page, "trace stop")


async def test_trace_is_a_playwright_zip(page: Page, server: TestServer) -> None:
    with pytest.raises(RefwrightError, match="No tracing in progress"):
        await run(page, "trace stop")
    # agent-browser's words for a started trace.
    assert await run(page, "trace start") == "Recording started"
    with pytest.raises(RefwrightError, match="Tracing already active"):
        await run(page, "trace start")
    await run(page, f"open {server.html('/story.html', ARTICLE)}")
    await run(page, "click text=Archive")
    out = await run(page, "trace stop run.trace.zip")
    path = page.output_dir.resolve() / "run.trace.zip"
    assert out == f"Trace saved to {path}"
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        assert any(n.endswith(".trace") for n in names)
        trace = "".join(z.read(n).decode("utf-8", "replace") for n in names if n.endswith(".trace"))
    assert "story.html" in trace


async def test_record_writes_an_animated_image(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/anim.html', '<title>A</title><div id=d>0</div>')}")
    with pytest.raises(RefwrightError, match="No recording in progress"):
        await run(page, "record stop")
    with pytest.raises(RefwrightError, match=r"Cannot record to a \.txt file"):
        await run(page, "record start notes.txt")
    started = await run(page, "record start clip.webp")
    path = page.output_dir.resolve() / "clip.webp"
    assert started == f"Recording started: {path}"
    with pytest.raises(RefwrightError, match="Recording already active"):
        await run(page, "record start other.webp")
    for i in range(3):
        await run(page, f"eval d.textContent={i}")
        await run(page, "wait 60")
    out = await run(page, "record stop")
    assert out == f"Recording saved to {path}"
    image = Image.open(path)
    assert image.format == "WEBP" and image.size[0] > 0
    # Chromium sends a frame per paint; on a loaded machine the three changes may arrive as one.
    assert getattr(image, "n_frames", 1) >= 1


# -- read, a11y, vitals ------------------------------------------------------------------------


async def test_read_gives_the_main_text(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/story.html', ARTICLE)}")
    text = await run(page, "read")
    assert text == "# The headline\n\nFirst paragraph with bold words.\n\n## Details\n\n- one\n\n- two"
    # With a url: opened first (through the guard), then read.
    other = server.html("/plain.html", "<title>P</title><nav>menu</nav><p>Body words</p><footer>f</footer>")
    assert await run(page, f"read {other}") == "Body words"
    assert page.url == other


async def test_read_is_bounded(page: Page, server: TestServer) -> None:
    body = "".join(f"<p>Paragraph {i} " + "word " * 40 + "</p>" for i in range(200))
    await run(page, f"open {server.html('/long.html', body)}")
    text = await run(page, "read")
    assert len(text) < 21_000
    assert text.endswith("narrow it with `snapshot -s <css>`.]")
    assert "Paragraph 0 " in text


async def test_read_refuses_an_address_the_guard_refuses(page: Page) -> None:
    with pytest.raises(PolicyDeniedError):
        await run(page, "read javascript:alert(1)")


async def test_a11y_finds_the_problems(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/broken.html', BROKEN)}")
    report = await run(page, "a11y")
    lines = report.splitlines()
    assert lines[0] == f"url: {page.url}"
    assert lines[1] == "rules: 9  violations: 9  incomplete: 0  passes: 0"
    for rule in ("[critical] image-alt: Images must have alternative text (1 node)",
                 "[critical] button-name: Buttons must have discernible text (1 node)",
                 "[serious] link-name: Links must have discernible text (1 node)",
                 "[critical] label: Form elements must have labels (1 node)",
                 "[moderate] heading-order: Heading levels should only increase by one (1 node)",
                 "[minor] duplicate-id: id attribute value must be unique (1 node)",
                 "[serious] document-title: Documents must have <title> element to aid in navigation (1 node)",
                 "[serious] html-has-lang: <html> element must have a lang attribute (1 node)"):
        assert rule in lines
    assert "  - #q" in lines
    # #bbb on white is 1.9:1; #dup's second element is the duplicate.
    contrast = "[serious] color-contrast: Elements must meet minimum color contrast ratio thresholds"
    assert f"{contrast} (1 node)" in lines
    assert lines[lines.index(f"{contrast} (1 node)") + 1] == "  - body > p:nth-of-type(1)"


async def test_a11y_passes_a_clean_page(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/clean.html', CLEAN)}")
    report = await run(page, "a11y")
    assert report.splitlines()[1] == "rules: 9  violations: 0  incomplete: 0  passes: 9"
    scoped = await run(page, "a11y -s label")
    assert "violations: 0" in scoped
    with pytest.raises(RefwrightError, match="No element matches #nope"):
        await run(page, "a11y -s #nope")


async def test_vitals_reads_the_page_timings(page: Page, server: TestServer) -> None:
    body = "<title>V</title><h1 id=big style='font-size:80px'>Largest text here</h1>"
    await run(page, f"open {server.html('/vitals.html', body)}")
    await run(page, "wait 100")
    out = await run(page, "vitals")
    lines = out.splitlines()
    assert lines[0] == f"url: {page.url}"
    metrics = dict(part.split(": ") for part in lines[1].split("  "))
    assert list(metrics) == ["ttfb", "fcp", "lcp", "cls", "inp"]
    for key in ("ttfb", "fcp", "lcp"):
        assert metrics[key].endswith("ms") and float(metrics[key][:-2]) >= 0
    assert metrics["cls"] == "0"
    assert lines[2] == "lcp: element: h1"


# -- diffs ---------------------------------------------------------------------------------------


async def test_diff_screenshot_counts_changed_pixels(page: Page, server: TestServer) -> None:
    body = ("<title>D</title><style>body{margin:0}</style>"
            "<div id=box style='width:100px;height:50px;background:#fff'></div>")
    await run(page, f"open {server.html('/d.html', body)}")
    first = await run(page, "diff screenshot")
    assert first.startswith("(no earlier screenshot")
    same = await run(page, "diff screenshot")
    assert same == f"Images match (0% difference)\n  0 different / {1280 * 720} total pixels"
    await run(page, "eval \"box.style.background='#000'\"")
    changed = (await run(page, "diff screenshot -o changes.png")).splitlines()
    assert changed[0] == f"{100 * 5000 / (1280 * 720):.2f}% pixels differ"
    assert changed[1] == f"  Diff image: {page.output_dir.resolve() / 'changes.png'}"
    assert changed[2] == f"  5000 different / {1280 * 720} total pixels"
    image = Image.open(page.output_dir / "changes.png").convert("RGB")
    assert image.getpixel((50, 25)) == (255, 0, 0) and image.getpixel((500, 500)) != (255, 0, 0)
    # Against a saved baseline.
    await run(page, "screenshot base.png")
    await run(page, "eval \"box.style.width='50px'\"")
    out = await run(page, "diff screenshot --baseline base.png")
    assert "2500 different" in out
    with pytest.raises(PolicyDeniedError):
        await run(page, "diff screenshot --baseline /etc/hostname")


def test_image_diff_of_different_sizes() -> None:
    from refwright._media._imagediff import diff_images, format_image_diff

    def png(size: tuple[int, int]) -> bytes:
        out = io.BytesIO()
        Image.new("RGB", size, "white").save(out, format="PNG")
        return out.getvalue()

    diff = diff_images(png((4, 4)), png((4, 5)))
    assert format_image_diff(diff, None) == "Images have different dimensions\n  0 different / 20 total pixels"
    with pytest.raises(RefwrightError, match="not a readable image"):
        diff_images(b"nope", png((1, 1)))


async def test_diff_url_compares_two_pages(page: Page, server: TestServer) -> None:
    one = server.html("/v1.html", "<title>V1</title><button>Save</button><a href='/a'>Old link</a>")
    two = server.html("/v2.html", "<title>V2</title><button>Save</button><a href='/b'>New link</a>")
    out = await run(page, f"diff url {one} {two} -i")
    assert out == '1 added, 1 removed, 0 changed (1 line unchanged).\n- [link] "Old link"\n+ [link] "New link"'
    assert page.url == two
    same = await run(page, f"diff url {one} {one}")
    assert same.startswith("No changes (")
    shots = await run(page, f"diff url {one} {two} --screenshot")
    assert "\n\nScreenshot diff:\n" in shots and "pixels differ" in shots
    with pytest.raises(RefwrightError, match="Usage: diff url"):
        await run(page, f"diff url {one}")


async def test_typed_api(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/story.html', ARTICLE)}")
    path = await page.pdf("typed/story.pdf")
    assert path == page.output_dir.resolve() / "typed" / "story.pdf" and path.read_bytes()[:5] == b"%PDF-"
    with pytest.raises(PolicyDeniedError):
        await page.pdf("../out.pdf")
    assert (await page.readable_text()).startswith("# The headline\n\nFirst paragraph")
    audit = await page.accessibility_audit()
    assert audit["violations"] == [] and audit["passes"] >= 2
    vitals = await page.web_vitals()
    assert vitals["url"] == page.url
    assert isinstance(vitals["ttfb"], (int, float)) and vitals["cls"]["score"] == 0


def test_commands_that_open_urls_get_their_navigation_time() -> None:
    from refwright._driver._watchdog import MARGIN_SECONDS, command_seconds

    assert command_seconds("read", (), None, 2_000, 9_000) == 4 + MARGIN_SECONDS
    assert command_seconds("read", ("https://a.example",), None, 2_000, 9_000) == 13 + MARGIN_SECONDS
    assert command_seconds("diff", ("url", "a", "b"), None, 2_000, 9_000) == 26 + MARGIN_SECONDS
    assert command_seconds("diff", ("snapshot",), None, 2_000, 9_000) == 6 + MARGIN_SECONDS


def test_cli_output_dir_reaches_the_config(tmp_path: Path) -> None:
    import argparse

    from refwright.cli._options import add_browser_options, browser_options

    parser = argparse.ArgumentParser()
    add_browser_options(parser)
    chosen = browser_options(parser.parse_args(["--output-dir", str(tmp_path)])).config
    assert chosen.output_dir == str(tmp_path)
    assert browser_options(parser.parse_args([])).config.output_dir is None


async def test_a_browser_s_temporary_folder_is_private_and_removed_when_empty(tmp_path: Path) -> None:
    import refwright

    async with refwright.launch() as browser:
        folder = browser.output_dir
        assert folder.is_dir() and (folder.stat().st_mode & 0o777) == 0o700
    assert not folder.exists()
    chosen = tmp_path / "made" / "here"
    async with refwright.launch(config=Config(output_dir=str(chosen))) as browser:
        assert browser.output_dir == chosen.resolve() and chosen.is_dir()
    assert chosen.is_dir()  # the user's folder stays


@pytest.mark.skipif(ffmpeg_path() is None, reason="no ffmpeg (pip install 'refwright[video]')")
async def test_record_webm_with_ffmpeg(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.html('/anim.html', '<title>A</title><div id=d>0</div>')}")
    await run(page, "record start clip.webm")
    await run(page, "eval d.textContent=1")
    await run(page, "wait 60")
    path = page.output_dir.resolve() / "clip.webm"
    assert await run(page, "record stop") == f"Recording saved to {path}"
    assert path.read_bytes()[:4] == b"\x1a\x45\xdf\xa3"  # the EBML header of a WebM file


async def test_record_webm_without_any_ffmpeg_says_how_to_get_one(page: Page, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no ffmpeg on PATH
    monkeypatch.setitem(sys.modules, "imageio_ffmpeg", None)  # and no wheel: importing it fails
    with pytest.raises(RefwrightError, match=r"needs ffmpeg, which is not installed here\. Install it \(pip install "
                                             r"'refwright\[video\]', or apt-get install ffmpeg\)"):
        await run(page, "record start clip.webm")
    assert await run(page, "record start clip.webp") == (
        f"Recording started: {page.output_dir.resolve() / 'clip.webp'}")
    await run(page, "record stop")
