"""A page that reports to the test server every input that reaches it, so a test can prove that a refused
action never touched the page (the server keeps the log, whichever process drove the browser)."""

from __future__ import annotations

from ..server import TestServer

REPORTED = "/reached"

# Every kind of input a click, a fill, a selection, a slider or a drag sets off on the page.
_EVENTS = ("pointerdown", "mousedown", "click", "input", "change", "keydown", "dragstart", "drop", "submit",
           "focusin")

_TEMPLATE = """<!doctype html><title>Reached</title>
<form onsubmit="return false">
  <label>Name <input id=name value="Ann"></label>
  <label>Copy <input id=copy></label>
  <label><input type=checkbox id=terms> Terms</label>
  <select id=color aria-label="Color"><option>Red</option><option>Blue</option></select>
  <label>Volume <input id=volume type=range min=0 max=10 step=1 value=2></label>
  <label>Upload <input id=file type=file></label>
  <button type=button id=save>Save</button>
</form>
<div draggable="true" id=card ondragstart="event.dataTransfer.setData('text','x')">Card</div>
<div id=bin dropzone="move" style="width:80px;height:40px;border:1px solid"
  ondragover="event.preventDefault()">Bin</div>
<script>
for (const type of EVENTS) {
  document.addEventListener(type, e => {
    const id = (e.target && e.target.id) || '';
    fetch('REPORTED?e=' + type + '&t=' + encodeURIComponent(id), {keepalive: true});
  }, true);
}
</script>"""
PAGE = _TEMPLATE.replace("EVENTS", repr(list(_EVENTS))).replace("REPORTED", REPORTED)


def serve(server: TestServer, path: str = "/reach.html") -> str:
    """Serve the page at ``path``; its URL."""
    return server.html(path, PAGE)


def reached(server: TestServer) -> list[str]:
    """What reached the page so far: ``event:target id`` per input, in order."""
    from urllib.parse import parse_qs, urlsplit

    out = []
    for request in server.requests_to(REPORTED):
        query = parse_qs(urlsplit(request.path).query)
        out.append(f"{query.get('e', [''])[0]}:{query.get('t', [''])[0]}")
    return out
