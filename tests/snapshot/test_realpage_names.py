"""Names of links as real pages build them, as Chromium's accessibility tree gives them."""

from __future__ import annotations

import refwright

from ..conftest import run
from ..server import TestServer

PIXEL = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGA"
         "hKmMIQAAAABJRU5ErkJggg==")


async def test_a_figure_inside_a_link_gives_none_of_its_content(page: refwright.Page, server: TestServer) -> None:
    # A news teaser: the thumbnail's alt repeats the caption, which Chromium reads once.
    body = (f"<title>Teasers</title>"
            f"<a href='/a'><figure><img alt='Citi fined' src='{PIXEL}' width=20 height=20></figure>"
            f"<figcaption>Citi fined</figcaption></a>"
            f"<a href='/b'><figure aria-label='Photo'><img alt='x' src='{PIXEL}' width=20 height=20></figure>"
            f"Story</a>"
            f"<a href='/c'><article><h2>Headline</h2></article></a>"
            f"<a href='/d'><ul><li>Listed</li></ul><address>Somewhere</address></a>"
            f"<a href='/e'><figure role='group' aria-label='media'><img alt='' src='{PIXEL}'></figure>Nike</a>")
    await run(page, f"open {server.html('/teasers.html', body)}")
    assert await run(page, "snapshot -i") == (
        '@e1 [link] "Citi fined"\n@e2 [link] "Photo Story"\n@e3 [link]\n@e4 [heading] "Headline" [level=2]\n'
        '@e5 [link] "Listed Somewhere"\n@e6 [link] "media Nike"')


async def test_an_icon_from_a_sprite_is_named_by_its_symbol_title(page: refwright.Page,
                                                                   server: TestServer) -> None:
    body = ("<title>Icons</title>"
            "<svg style='display:none'><symbol id='icon-twitter' viewBox='0 0 10 10'><title>twitter</title>"
            "<path d='M0 0h10v10z'/></symbol><symbol id='icon-arrow' viewBox='0 0 10 10'><title>arrow-right</title>"
            "<path d='M0 0h10v10z'/></symbol></svg>"
            "<a href='/t'><svg width=20 height=20><use href='#icon-twitter'/></svg></a>"
            "<a href='/s'>Sign up now <svg width=20 height=20><use xlink:href='#icon-arrow'/></svg></a>"
            "<a href='/n'><svg width=20 height=20><use href='#missing'/></svg></a>"
            "<a href='/l'><svg role='img' width=20 height=20><use href='#icon-arrow'/></svg> <span>Le direct</span></a>"
            "<a href='/c'><svg role='img' width=20 height=20><title>T</title><use href='#icon-arrow'/></svg> C</a>")
    await run(page, f"open {server.html('/sprite.html', body)}")
    assert await run(page, "snapshot -i") == (
        '@e1 [link] "twitter"\n@e2 [link] "Sign up now arrow-right"\n@e3 [link]\n@e4 [link] "Le direct"\n'
        '@e5 [link] "T C"')
