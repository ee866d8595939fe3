"""Randomness derived from the match seed and the log length.

Nothing but the seed and the log needs storing: the generator for the next command is always
`derive(seed, len(log))`. String seeding goes through SHA-512, which Python keeps stable.
"""

import random


def derive(seed: int, position: int) -> random.Random:
    return random.Random(f"bazaar:{seed}:{position}")
