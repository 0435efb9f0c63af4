from __future__ import annotations

import pytest

from refwright.safety._domains import (
    domain_allowed,
    host_matches,
    normalize_domain_pattern,
    normalize_domains,
)


def test_empty_list_means_no_restriction() -> None:
    assert domain_allowed("anything.test", [])
    assert domain_allowed("127.0.0.1", ())


@pytest.mark.parametrize(
    ("host", "allowed"),
    [
        ("example.com", True),
        ("www.example.com", True),
        ("a.b.c.example.com", True),
        ("badexample.com", False),
        ("example.com.evil.test", False),
        ("example.co", False),
        ("com", False),
    ],
)
def test_wildcard_matches_apex_and_every_subdomain(host: str, allowed: bool) -> None:
    assert domain_allowed(host, ["*.example.com"]) is allowed


@pytest.mark.parametrize(
    ("host", "allowed"),
    [("example.com", True), ("www.example.com", False), ("badexample.com", False)],
)
def test_plain_entry_matches_only_that_host(host: str, allowed: bool) -> None:
    assert domain_allowed(host, ["example.com"]) is allowed


@pytest.mark.parametrize(
    "host", ["EXAMPLE.com", "example.com.", "WWW.Example.COM.", "ex%61mple.com", "www.example.com"]
)
def test_case_trailing_dot_and_encoding_are_ignored(host: str) -> None:
    assert domain_allowed(host, ["*.Example.COM."])


def test_idn_hosts_compare_in_punycode() -> None:
    assert domain_allowed("bücher.example", ["xn--bcher-kva.example"])
    assert domain_allowed("xn--bcher-kva.example", ["BÜCHER.example"])
    assert domain_allowed("shop.xn--bcher-kva.example", ["*.bücher.example"])
    assert not domain_allowed("bucher.example", ["bücher.example"])


def test_ip_entries_match_every_spelling_of_that_address_only() -> None:
    assert domain_allowed("0x7f.1", ["127.0.0.1"])
    assert domain_allowed("2130706433", ["127.0.0.1"])
    assert domain_allowed("[::1]", ["::1"])
    assert domain_allowed("::1", ["[::1]"])
    assert not domain_allowed("127.0.0.2", ["127.0.0.1"])
    assert not domain_allowed("1.127.0.0.1", ["127.0.0.1"])


def test_hosts_that_do_not_parse_match_nothing() -> None:
    assert not domain_allowed("1.2.3.4.5", ["*.example.com"])
    assert not domain_allowed("", ["example.com"])
    assert not domain_allowed("a b.example.com", ["*.example.com"])


def test_policy_reading_includes_subdomains() -> None:
    assert host_matches("www.example.com", ["example.com"], include_subdomains=True)
    assert host_matches("example.com", ["example.com"], include_subdomains=True)
    assert not host_matches("badexample.com", ["example.com"], include_subdomains=True)
    assert not host_matches("www.example.com", ["example.com"])


@pytest.mark.parametrize(
    ("pattern", "canonical"),
    [
        ("Example.COM.", "example.com"),
        ("*.Example.com", "*.example.com"),
        (".example.com", "*.example.com"),
        ("  example.com ", "example.com"),
        ("0x7f.1", "127.0.0.1"),
        ("::1", "[::1]"),
    ],
)
def test_patterns_are_canonicalised(pattern: str, canonical: str) -> None:
    assert normalize_domain_pattern(pattern) == canonical


@pytest.mark.parametrize(
    ("pattern", "hint"),
    [
        ("*", "leave the list empty"),
        ("https://example.com/", "without a scheme"),
        ("example.com:443", "without a port"),
        ("a.*.example.com", "first label"),
        ("*.127.0.0.1", "IP address"),
        ("", "empty host"),
        ("1.2.3.4.5", "more than four parts"),
    ],
)
def test_bad_patterns_are_explained(pattern: str, hint: str) -> None:
    with pytest.raises(ValueError, match="Invalid domain") as info:
        normalize_domain_pattern(pattern)
    assert hint in str(info.value)
    with pytest.raises(ValueError):
        domain_allowed("example.com", [pattern])


def test_normalize_domains_deduplicates_and_accepts_one_string() -> None:
    assert normalize_domains(["a.test", "A.test.", "*.b.test"]) == ("a.test", "*.b.test")
    assert normalize_domains("a.test") == ("a.test",)
