"""Names and roles to accname 1.2, HTML-AAM and WAI-ARIA 1.2 (one class of rule per page in assets/spec),
modal dialogs, image maps, and what is listed as something to act on."""

from __future__ import annotations

from refwright import Page

from ..conftest import run
from ..server import TestServer


async def line(page: Page, selector: str) -> str:
    """The scoped snapshot of one element, without its ref."""
    out = await run(page, f"snapshot -s {selector}")
    first = out.splitlines()[0]
    return first.split(" ", 1)[1] if first.startswith("@e") else first


async def test_names_from_content_follow_accname(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/names.html')}")
    # Inline-block children stand apart; a nested space still separates words; no-break spaces are kept.
    assert await line(page, "#ib") == '[button] "one two three"'
    assert await line(page, "#nest") == '[button] "save draft"'
    assert await line(page, "#nbsp") == '[button] "a\u00a0\u00a0b"'
    assert await line(page, "#navnbsp") == '[navigation] "menu\u00a0"'
    # A control inside a label gives its value: the chosen option of a listbox, an ARIA combobox's text.
    assert await line(page, "#emb") == '[checkbox] "Repeat 2 times"'
    assert await line(page, "#embaria") == '[checkbox] "Every 4 days"'
    # CSS generated content: its alternative text after "/" (with attr()), not the icon.
    assert await line(page, "#alt") == '[link] "Top pick Tent"'
    assert await line(page, "#mixed") == '[link] "Cart of 3 items"'
    # An inline SVG's <title> names the link; <noscript> never reaches a name.
    assert await line(page, "#svg") == '[link] "Home page"'
    assert await line(page, "#nos") == '[link] "News"'
    # A slot is where content goes: its aria-label names nothing.
    assert await line(page, "#host") == '[button] "slotted text"'


async def test_hidden_content_in_names(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/names.html')}")
    # Hidden images' alt text is not part of a link's name.
    assert await line(page, "#himg") == '[link] "Story title"'
    assert await line(page, "#ahid") == '[link] "Visible words"'
    # visibility:hidden hides an element's own words, not a descendant that is visible again.
    assert await line(page, "#vis") == '[heading] "shown back" [level=3]'
    # A hidden element referenced by aria-labelledby names with all its content, and beats aria-label.
    assert await line(page, "#lb1") == '[button] "secret code"'
    assert await line(page, "#lb2") == '[button] "from none"'
    # Referenced content counts once in one name.
    assert await line(page, "#twice") == '[link] "photo"'
    # The hidden span itself is not in the snapshot, nor is its text.
    assert await run(page, "snapshot -s #hid1") == "(empty page)"


async def test_text_transform_applies_to_names(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/names.html')}")
    assert await line(page, "#up") == '[link] "BREAKING NEWS"'
    assert await line(page, "#cap") == '[link] "Big Red-Dog"'


async def test_roles_follow_aria_and_html_aam(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/roles.html')}")
    assert await line(page, "#fb1") == '[button] "Fallback"'  # first known token of a fallback list
    assert await line(page, "#fb2") == "[group]"  # an unnamed region gives way to the next token
    assert await line(page, "#img") == '[img] "Chart"'  # role=image is img
    # role=none is ignored when a global aria-* attribute or focusability needs the element.
    assert await line(page, "#none1") == '[heading] "Kept" [level=2]'
    assert await line(page, "#none2") == '"Plain text"'
    assert await line(page, "#none3") == '[button] "Still a button"'
    assert await line(page, "#reg1") == '"Unnamed region"'
    assert await line(page, "#reg2") == '[region] "Named"'
    # aside, header and footer inside sectioning content are generic; at the top they are landmarks.
    assert await line(page, "#aside1") == '"Scoped aside"'
    assert await line(page, "#hdr") == '"Scoped header"'
    assert await line(page, "#aside2") == "[complementary]"
    # Contextual roles: an li outside a list, a summary outside details (or not its first) are generic.
    assert await line(page, "#orphan") == '"Orphan item"'
    assert await line(page, "#summ") == '"Orphan summary"'
    assert await line(page, "#summ1") == '[button] "First" [expanded=false]'
    assert await line(page, "#addr") == '[group] "Contact"'
    # An unnamed form on an element with a native role keeps the native one; on a div it stays a form.
    assert await line(page, "#formnav") == "[navigation]"
    assert await line(page, "#formdiv") == "[form]"
    assert await line(page, "#ti") == "[navigation]"
    assert await line(page, "#b") == '[strong] "bold"'
    assert await line(page, "#s") == "[deletion]"
    assert await line(page, "#mark") == "[mark]"


async def test_a_modal_dialog_hides_the_page_behind_it(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/modal.html')}")
    before = await run(page, "snapshot -i")
    assert '[button] "Buy"' in before and '[link] "Cart"' in before
    await run(page, "click #open")
    assert await run(page, "snapshot -i") == (
        '@e9 [heading] "Sign in" [level=2]\n@e10 [input type="email"] "Email" [focused]\n@e11 [button] "Close"')
    full = await run(page, "snapshot")
    assert full.splitlines()[0] == "[dialog]" and "Buy" not in full and "Shop" not in full
    listed = await run(page, "inspect")
    assert listed.splitlines()[1:] == ['@e10 text field "Email" [focused]', '@e11 button "Close"']
    # Closed again, the page is back.
    await run(page, "click @e11")
    assert '[button] "Buy"' in await run(page, "snapshot -i")


async def test_image_map_areas_and_headings_that_wrap_a_link(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/modal.html')}")
    out = (await run(page, "snapshot -i")).splitlines()
    # The heading's name only repeats its link's, so it is said once, on the link, which has the ref.
    assert out[-4:] == ['@e6 [link] "North"', '@e7 [link] "South"', '[heading] [level=3]', '@e8 [link] "Alpine tent"']
    listed = await run(page, "inspect")
    assert '@e6 link "North"' in listed and '@e7 link "South"' in listed


async def test_what_is_listed_as_clickable(page: Page, server: TestServer) -> None:
    await run(page, f"open {server.url('/spec/clickable.html')}")
    # <a onclick> is a link (as in Chromium); an a without href or handler is text. Links are listed as
    # Chromium lists them: a zero-size one whose floated image shows, one of which nothing shows (its
    # icon never loaded; a click follows it by focus and Enter) and a whitespace-only one, which has no
    # name (`-u` shows where it goes). A skip link placed off the page is listed: focus brings it into view.
    assert await run(page, "snapshot -i -C") == (
        '@e1 [link] "Load more"\n@e2 [link] "Story photo"\n@e3 [link] "Nothing"\n@e4 [link]\n'
        '@e5 [link] "Home"\n@e6 [link] "Skip to content"\n@e7 [clickable] "Open menu"')
    # inspect lists the same controls under the same names.
    assert (await run(page, "inspect")).splitlines()[1:] == [
        '@e1 link "Load more"', '@e2 link "Story photo"', '@e3 link "Nothing"', '@e4 link (no label)',
        '@e5 link "Home"', '@e6 link "Skip to content"', '@e7 clickable "Open menu" [approval-required]']
