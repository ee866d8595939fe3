"""Randomness derived from the match seed: the rules' own, and the separate streams of bots and
hints.

Nothing but the seed and the log needs storing: the rules' generator for the next command is
always `derive(seed, match.drawn)`, the log's length with its time entries not counted (so the
sand written down every second, or not at all in `sim`, never moves a draw). Bots and hints
draw from streams of their own (`stream`), named by what they are for, the seat and the
moment, so by construction no bot or hint ever draws the numbers the rules will draw (the deck
to come). String seeding goes through SHA-512, which Python keeps stable.
"""

import random

STREAMS = ("bot", "hint", "review")


def derive(seed: int, position: int) -> random.Random:
    """The rules' random source for the command decided at `position` (Match.drawn: the log's
    events, its time not counted), seeded at its first draw: most commands draw nothing (a
    clock's time entry, a move), and seeding costs more than deciding them."""
    return _Deferred(f"bazaar:{seed}:{position}")


def stream(kind: str, seed: int | str, seat: int, at: int) -> random.Random:
    """A bot's, a hint's or the review's random source for `seat` at the moment the log was `at`
    events long: the same draws whenever it is asked again about that moment, and never the
    rules' (their seed strings differ in form: `bazaar:` then two numbers)."""
    if kind not in STREAMS:
        raise ValueError(f"no random stream {kind!r} ({', '.join(STREAMS)})")
    return random.Random(f"bazaar-{kind}:{seed}:{seat}:{at}")


class _Deferred(random.Random):
    """A `random.Random(text)` that seeds itself when first used, then is exactly that (its
    class becomes random.Random): every draw goes through one of these methods, and a method
    taken before the first draw (shuffle keeps `getrandbits`) still works after it."""

    def __init__(self, text: str):
        self._text = text
        self.gauss_next = None

    def random(self) -> float:
        _start(self)
        return random.Random.random(self)

    def getrandbits(self, k: int) -> int:
        _start(self)
        return random.Random.getrandbits(self, k)

    def randbytes(self, n: int) -> bytes:
        _start(self)
        return random.Random.randbytes(self, n)

    def getstate(self):
        _start(self)
        return random.Random.getstate(self)

    def setstate(self, state) -> None:
        _start(self)
        random.Random.setstate(self, state)

    def seed(self, *args, **kwargs) -> None:
        _start(self)
        random.Random.seed(self, *args, **kwargs)

    def __reduce__(self):
        _start(self)
        return random.Random.__reduce__(self)


def _start(generator: random.Random) -> None:
    text = generator.__dict__.pop("_text", None)
    if text is not None:
        generator.__class__ = random.Random
        random.Random.__init__(generator, text)
