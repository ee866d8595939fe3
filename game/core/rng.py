"""Randomness derived from the match seed: the rules' own, and the separate streams of bots and
hints.

Nothing but the seed and the log needs storing: the rules' generator for the next command is
always `derive(seed, len(log))`. Bots and hints draw from streams of their own (`stream`), named
by what they are for, the seat and the moment, so by construction no bot or hint ever draws the
numbers the rules will draw (the deck to come). String seeding goes through SHA-512, which
Python keeps stable.
"""

import random

STREAMS = ("bot", "hint", "review")


def derive(seed: int, position: int) -> random.Random:
    """The rules' random source for the command decided when the log is `position` long."""
    return random.Random(f"bazaar:{seed}:{position}")


def stream(kind: str, seed: int | str, seat: int, at: int) -> random.Random:
    """A bot's, a hint's or the review's random source for `seat` at the moment the log was `at`
    events long: the same draws whenever it is asked again about that moment, and never the
    rules' (their seed strings differ in form: `bazaar:` then two numbers)."""
    if kind not in STREAMS:
        raise ValueError(f"no random stream {kind!r} ({', '.join(STREAMS)})")
    return random.Random(f"bazaar-{kind}:{seed}:{seat}:{at}")
