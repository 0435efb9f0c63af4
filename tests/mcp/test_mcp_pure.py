"""The MCP server's pure parts: grants, URL checks, argument checks, snapshot caps, decision parsing."""

from __future__ import annotations

import pytest

from refwright import RefwrightError
from refwright.mcp._actions_profile import actions_schema, cap_snapshot, check_url, frame_untrusted
from refwright.mcp._elicitation import Approvals, grant_scope
from refwright.mcp._tools import check_args
from refwright.resolve import Control, Inspection
from refwright.resolve.state._decisions import DecisionError, decision_prompt, parse_decision


def test_navigate_grants_are_scoped_to_the_origin_and_others_to_the_verb() -> None:
    assert grant_scope("navigate", "https://a.example/x?y") == "navigate https://a.example:443"
    assert grant_scope("navigate", "https://a.example:443/other") == "navigate https://a.example:443"
    assert grant_scope("navigate", "http://a.example/") != grant_scope("navigate", "https://a.example/")
    assert grant_scope("navigate", "https://b.example/") != grant_scope("navigate", "https://a.example/")
    assert grant_scope("navigate", "http://127.0.0.1:8000/") != grant_scope("navigate", "http://127.0.0.1:8001/")
    assert grant_scope("click", "https://a.example/") == "click"


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="auto, strict, plan"):
        Approvals(mode="yolo")


@pytest.mark.parametrize("url", ["file:///etc/passwd", "data:text/html,<b>x</b>", "javascript:alert(1)",
                                 "blob:https://a.example/1", "chrome://settings", "view-source:https://a.example"])
def test_only_http_and_https_reach_the_browser(url: str) -> None:
    with pytest.raises(RefwrightError, match="only http and https"):
        check_url(url)


@pytest.mark.parametrize(("url", "expected"), [("example.com", "https://example.com"),
                                               ("localhost:3000", "http://localhost:3000"),
                                               ("http://127.0.0.1:8000/a", "http://127.0.0.1:8000/a")])
def test_plain_hosts_and_host_ports_are_urls(url: str, expected: str) -> None:
    assert check_url(url).rstrip("/") == expected


def test_arguments_are_checked_against_the_schema_with_sentences() -> None:
    schema = actions_schema()
    check_args({"action": "click", "role": "button", "name": "Save", "nth": 1}, schema)
    with pytest.raises(RefwrightError, match="Missing argument 'action'"):
        check_args({}, schema)
    with pytest.raises(RefwrightError, match="Unknown argument 'selector'"):
        check_args({"action": "click", "selector": "#x"}, schema)
    with pytest.raises(RefwrightError, match="'nth' must be an integer"):
        check_args({"action": "click", "nth": True}, schema)
    with pytest.raises(RefwrightError, match="must be one of navigate"):
        check_args({"action": "eval"}, schema)


def test_long_snapshots_are_cut_at_a_line_with_a_loud_note() -> None:
    tree = "\n".join(f'[button] "b{i}"' for i in range(10_000))
    capped = cap_snapshot(tree, 1_000)
    assert len(capped) < 1_400 and "SNAPSHOT TRUNCATED" in capped and "act on a specific element" in capped
    assert capped.splitlines()[-2].startswith("[button]")
    assert cap_snapshot("short") == "short"


def test_untrusted_frame_has_a_nonce_the_page_cannot_guess() -> None:
    a, b = frame_untrusted("x", "https://a.example/"), frame_untrusted("x", "https://a.example/")
    assert a != b and a.startswith("[BEGIN UNTRUSTED PAGE CONTENT nonce=")


def _inspection() -> Inspection:
    controls = (Control(id=1, kind="button", label="Keep", ref="e4"),
                Control(id=2, kind="text", label="Note", ref="e5", value_hash="abc"))
    return Inspection(token="t", url="https://a.example/", title="T", controls=controls, total=2,
                      fingerprint="1:2", secrets=1, by_id={1: controls[0], 2: controls[1]})


def test_decision_prompt_holds_the_request_and_labels_but_no_private_state() -> None:
    prompt = decision_prompt("keep   it", _inspection())
    assert "Request: keep it" in prompt and '@e4 button "Keep"' in prompt
    assert "abc" not in prompt and "password field(s) are never listed" in prompt


def test_decision_reply_names_a_listed_ref() -> None:
    control, reason = parse_decision("@e4 — it keeps the draft\nextra", _inspection())
    assert control.ref == "e4" and reason == "it keeps the draft extra"
    assert parse_decision("click e5", _inspection())[0].ref == "e5"
    with pytest.raises(DecisionError, match="listed refs"):
        parse_decision("@e9 nope", _inspection())
    with pytest.raises(DecisionError, match="found no control"):
        parse_decision("none: nothing fits", _inspection())
