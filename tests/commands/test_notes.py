"""Notes after answers: refused requests summarised one line per reason (pure functions)."""

from __future__ import annotations

from refwright._driver._notes import refusal_notes, with_notes


def unresolvable(host: str) -> tuple[str, str, int, str]:
    return (f"https://{host}/ad.js?x=1", host, 443,
            f"Refused https://{host}/ad.js?x=1: could not resolve {host} ([Errno -2] Name or service not "
            "known), so its addresses could not be checked. Check the host name.")


def test_one_refusal_names_its_url() -> None:
    assert refusal_notes([unresolvable("ads.example")]) == [
        "Blocked a request to https://ads.example/ad.js?x=1: could not resolve ads.example ([Errno -2] Name or "
        "service not known), so its addresses could not be checked. Check the host name."]


def test_many_hosts_refused_for_one_reason_are_one_line() -> None:
    hosts = [f"h{i}.example" for i in range(7)]
    records = [unresolvable(h) for h in hosts] + [unresolvable("h0.example")]
    assert refusal_notes(records) == [
        "Blocked 8 requests to h0.example, h1.example, h2.example and 4 more hosts: could not resolve the host "
        "([Errno -2] Name or service not known), so its addresses could not be checked. Check the host name."]


def test_one_host_many_requests_keeps_its_reason_and_port() -> None:
    reason = "Refused {}: 127.0.0.1 is a loopback address. Private targets are blocked."
    records = [(f"http://127.0.0.1:9/{p}", "127.0.0.1", 9, reason.format(p)) for p in ("a", "b")]
    records.append(("127.0.0.1:9", "127.0.0.1", 9, reason.format("127.0.0.1:9")))
    assert refusal_notes(records) == [
        "Blocked 3 requests to 127.0.0.1:9: 127.0.0.1 is a loopback address. Private targets are blocked."]


def test_reasons_get_a_line_each_and_the_rest_are_counted() -> None:
    records = [(f"http://{h}/", h, 80, f"Refused http://{h}/: {h} is not in the allowed domains (a.test).")
               for h in ("x.test", "y.test")]
    records += [unresolvable("z.example")]
    records += [(f"http://10.0.0.{i}/", f"10.0.0.{i}", 80, f"Refused http://10.0.0.{i}/: reason {i}.")
                for i in range(3)]
    notes = refusal_notes(records)
    assert notes[0] == "Blocked 2 requests to x.test and y.test: the host is not in the allowed domains (a.test)."
    assert notes[1].startswith("Blocked a request to https://z.example/ad.js?x=1: could not resolve z.example")
    assert notes[2] == "Blocked a request to http://10.0.0.0/: reason 0."
    assert notes[3] == "Blocked 2 more requests for other reasons."
    assert len(notes) == 4


def test_host_names_are_cleaned() -> None:
    host = "evil\u202e\x1b[31m.example"
    (note,) = refusal_notes([unresolvable(host), unresolvable("b.example")])
    assert "\u202e" not in note and "\x1b" not in note


def test_notes_come_after_the_answer() -> None:
    assert with_notes("The title", ["Blocked a request to x: y"]) == "The title\nNote: Blocked a request to x: y"
    assert with_notes("The title", []) == "The title"
    assert with_notes("", ["A"]) == "Note: A"
