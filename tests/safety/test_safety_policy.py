from __future__ import annotations

import json
import re

import pytest

from refwright.safety._actions import ActionType
from refwright.safety._policy import ActionPolicy, Decision, Verdict, decide, declined_reason, parse_action

A = ActionType
SHOP = "https://shop.example/cart"


def test_empty_policy_allows_everything() -> None:
    policy = ActionPolicy()
    for action in ActionType:
        assert decide(policy, action, SHOP) == Decision.allow()
    assert decide(policy, A.CLICK, "about:blank").allowed


# --- 1. denied domains ------------------------------------------------------------------------------


def test_denied_domains_cover_the_host_and_its_subdomains() -> None:
    policy = ActionPolicy(denied_domains=["shop.example"], allowed_actions={A.CLICK})
    for url in (SHOP, "https://www.shop.example/", "http://SHOP.example.:8080/x"):
        decision = decide(policy, A.CLICK, url)
        assert decision.denied
        assert "(deniedDomains contains shop.example)" in decision.reason
    assert decide(policy, A.CLICK, "https://notshop.example/").allowed
    assert decide(policy, A.CLICK, "https://shop.example.evil.test/").allowed


def test_denied_domains_come_before_allowed_domains() -> None:
    policy = ActionPolicy(denied_domains=["admin.shop.example"], allowed_domains=["shop.example"])
    assert decide(policy, A.CLICK, "https://admin.shop.example/").denied
    assert decide(policy, A.CLICK, SHOP).allowed


def test_deny_message_names_action_url_and_rule() -> None:
    decision = decide(ActionPolicy(denied_actions={A.CLICK}), A.CLICK, "https://shop.example/")
    assert decision.verdict is Verdict.DENY
    assert decision.reason.startswith(
        "Action Click on https://shop.example/ was denied by the action policy "
        "(deniedActions contains Click)."
    )
    assert "ask the user" in decision.reason


# --- 2. allowed domains -----------------------------------------------------------------------------


def test_allowed_domains_deny_other_hosts() -> None:
    policy = ActionPolicy(allowed_domains=["shop.example"])
    assert decide(policy, A.CLICK, "https://www.shop.example/").allowed
    decision = decide(policy, A.NAVIGATE, "https://evil.test/")
    assert decision.denied
    assert "(allowedDomains does not include evil.test)" in decision.reason


def test_allowed_domains_come_before_action_rules() -> None:
    policy = ActionPolicy(allowed_domains=["shop.example"], allowed_actions={A.CLICK})
    assert decide(policy, A.CLICK, "https://evil.test/").denied


@pytest.mark.parametrize(
    "url", ["about:blank", "data:text/html,hi", "", "file:///etc/passwd", "javascript:void(0)", "http:///"]
)
@pytest.mark.parametrize(
    "policy", [ActionPolicy(allowed_domains=["shop.example"]), ActionPolicy(denied_domains=["evil.test"])]
)
def test_pages_without_an_http_host_are_denied_when_a_domain_list_is_set(
    url: str, policy: ActionPolicy
) -> None:
    decision = decide(policy, A.READ_CONTENT, url)
    assert decision.denied
    assert "no http/https host" in decision.reason


def test_domain_entries_accept_wildcards_ips_and_idn() -> None:
    policy = ActionPolicy(allowed_domains=["*.shop.example", "127.0.0.1", "bücher.example"])
    assert decide(policy, A.CLICK, "https://shop.example/").allowed
    assert decide(policy, A.CLICK, "http://0x7f.1:3000/").allowed
    assert decide(policy, A.CLICK, "https://www.xn--bcher-kva.example/").allowed
    assert decide(policy, A.CLICK, "http://127.0.0.2/").denied


# --- 3. denied actions ------------------------------------------------------------------------------


def test_denied_actions_beat_confirm_and_allowed_actions() -> None:
    policy = ActionPolicy(
        denied_actions={A.EVALUATE}, confirm_actions={A.EVALUATE}, allowed_actions={A.EVALUATE}
    )
    decision = decide(policy, A.EVALUATE, SHOP)
    assert decision.denied and "deniedActions contains Evaluate" in decision.reason


# --- 4. confirm actions -----------------------------------------------------------------------------


def test_confirm_actions_ask_and_beat_allowed_actions() -> None:
    policy = ActionPolicy(confirm_actions={A.NAVIGATE, A.CLICK}, allowed_actions={A.CLICK})
    decision = decide(policy, A.CLICK, SHOP)
    assert decision.needs_confirmation
    assert decision.reason == (
        "Action Click on https://shop.example/cart needs the user's confirmation "
        "(confirmActions contains Click)."
    )
    assert decide(policy, A.FILL, SHOP).allowed


# --- 5. allowed actions and 6. default action -------------------------------------------------------


def test_allowed_actions_beat_a_deny_default() -> None:
    policy = ActionPolicy(allowed_actions={A.READ_CONTENT, A.SCROLL}, default_action="deny")
    assert decide(policy, A.READ_CONTENT, SHOP).allowed
    assert decide(policy, A.SCROLL, SHOP).allowed
    decision = decide(policy, A.CLICK, SHOP)
    assert decision.denied
    assert "(defaultAction is deny and allowedActions does not contain Click)" in decision.reason


def test_default_deny_without_allowed_actions() -> None:
    decision = decide(ActionPolicy(default_action="deny"), A.SCREENSHOT, SHOP)
    assert decision.denied and "(defaultAction is deny and no rule allows Screenshot)" in decision.reason


def test_allowed_actions_without_deny_default_change_nothing() -> None:
    policy = ActionPolicy(allowed_actions={A.CLICK})
    assert decide(policy, A.FILL, SHOP).allowed


def test_navigate_is_checked_against_the_url_it_is_given() -> None:
    policy = ActionPolicy(allowed_domains=["shop.example"])
    # The caller passes the target for Navigate: leaving the allowed site is refused, arriving is not.
    assert decide(policy, A.NAVIGATE, "https://evil.test/").denied
    assert decide(policy, A.NAVIGATE, "https://shop.example/").allowed


def test_reasons_are_one_clean_bounded_line() -> None:
    url = "https://evil.test/\n\u202e" + "x" * 1000
    decision = decide(ActionPolicy(denied_actions={A.CLICK}), A.CLICK, url)
    assert "\n" not in decision.reason and "\u202e" not in decision.reason
    assert len(decision.reason) < 400


def test_declined_reason() -> None:
    assert declined_reason(A.CLICK, SHOP) == (
        "Action Click on https://shop.example/cart was declined by the user (confirmActions contains Click). "
        "Do not retry it unless the user asks for it."
    )
    assert declined_reason(A.CLICK, SHOP, asked=False) == (
        "Action Click on https://shop.example/cart needs the user's confirmation (confirmActions contains "
        "Click), and there is no way to ask the user here, so it was not done. Do not retry it unless the "
        "user asks for it."
    )


# --- construction and JSON --------------------------------------------------------------------------


def test_policies_normalise_their_fields() -> None:
    a = ActionPolicy(denied_domains=["Shop.Example."], denied_actions={A.CLICK})
    b = ActionPolicy(denied_domains=("shop.example",), denied_actions=frozenset({A.CLICK}))
    assert a == b and hash(a) == hash(b)
    assert isinstance(a.denied_actions, frozenset)
    with pytest.raises(ValueError, match="defaultAction"):
        ActionPolicy(default_action="maybe")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Invalid domain .* \(in allowedDomains\)"):
        ActionPolicy(allowed_domains=["https://x.test/"])


def test_from_json_accepts_camel_and_snake_case_and_any_action_case() -> None:
    text = json.dumps(
        {
            "deniedActions": ["evaluate", "SetCookie", "STORAGE"],
            "confirm_actions": ["Navigate", "click"],
            "allowedActions": "ReadContent, Scroll",
            "default_action": "DENY",
            "allowedDomains": ["*.shop.example"],
            "denied_domains": [],
        }
    )
    policy = ActionPolicy.from_json(text)
    assert policy == ActionPolicy(
        denied_actions={A.EVALUATE, A.SET_COOKIE, A.STORAGE},
        confirm_actions={A.NAVIGATE, A.CLICK},
        allowed_actions={A.READ_CONTENT, A.SCROLL},
        default_action="deny",
        allowed_domains=["*.shop.example"],
    )
    assert ActionPolicy.from_json(policy.to_json()) == policy
    assert ActionPolicy.from_json(json.dumps(policy.to_json()).encode()) == policy


def test_from_json_suggests_the_closest_action() -> None:
    with pytest.raises(ValueError) as info:
        ActionPolicy.from_json({"deniedActions": ["Clik"]})
    message = str(info.value)
    assert "Unknown action 'Clik' in deniedActions. Did you mean Click?" in message
    assert "Valid actions: Click, Type," in message


def test_from_json_suggests_the_closest_key() -> None:
    expected = "Unknown action policy key 'deniedAction'. Did you mean deniedActions?"
    with pytest.raises(ValueError, match=re.escape(expected)):
        ActionPolicy.from_json({"deniedAction": ["Click"]})


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ({"deniedActions": [1]}, "must be a list of strings"),
        ({"deniedActions": {"Click": True}}, "must be a list of strings"),
        ({"defaultAction": True}, "defaultAction must be"),
        ({"defaultAction": "confirm"}, "defaultAction must be"),
        ({"allowedActions": ["Teleport"]}, "Unknown action 'Teleport' in allowedActions"),
    ],
)
def test_from_json_errors(data: str | dict[str, object], match: str) -> None:
    with pytest.raises(ValueError, match=match):
        ActionPolicy.from_json(data)


@pytest.mark.parametrize("action", list(ActionType))
def test_every_action_value_parses(action: ActionType) -> None:
    assert parse_action(action.value) is action
    assert parse_action(action.value.upper()) is action
    assert parse_action(action.name) is action
    assert parse_action(action) is action
