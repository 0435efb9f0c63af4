#!/usr/bin/env python3
"""What scrubbing secrets costs an answer: the time to scrub a snapshot-sized text (100 KB) with two
secrets declared, on clean text, on text showing a value, and on text full of near misses, against
the time with no secrets.

    PYTHONPATH=src python benchmarks/secrets_scrub.py [rounds]

Prints the median milliseconds per 100 KB and the ratio to the no-secrets baseline.
"""

from __future__ import annotations

import statistics
import sys
import time

from refwright import Secret, Secrets

PW = 'Tr0ub4dor&3 <"wörd">/+='
SECRETS = Secrets([Secret("PW", PW, ("https://login.example.com",)),
                   Secret("USER", "alice@example.com", ("https://login.example.com",))])
LINE = '  @e12 [link] "Read the full story about the weather…" [level=2]\n'
TEXTS = {
    "clean": LINE * (100_000 // len(LINE)),
    "shows the value 100 times": (LINE * 20 + f'  "You typed {PW}"\n') * 100,
    "10,000 near misses": ("Tr0ub4 xx " * 10_000),
}


def median_ms(secrets: Secrets, text: str, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        secrets.scrub(text)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for name, text in TEXTS.items():
        base = median_ms(Secrets(), text, rounds)
        with_secrets = median_ms(SECRETS, text, rounds) * 100_000 / len(text)
        print(f"{name:28} {with_secrets:8.2f} ms per 100 KB (no secrets: {base * 100_000 / len(text):.3f} ms)")


if __name__ == "__main__":
    main()
