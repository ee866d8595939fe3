"""Work a move does not need, left undone (issue 52): the rules' generator is seeded only when
drawn from, and a plain JSON value is copied into the log without a trip through text. Both
give exactly what they gave before."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from game.core import codec
from game.core.rng import derive


@pytest.fixture
def seedings(monkeypatch):
    seeded = []
    seed = random.Random.seed

    def counted(self, *args, **kwargs):
        seeded.append(args)
        seed(self, *args, **kwargs)

    monkeypatch.setattr(random.Random, "seed", counted)
    return seeded


DRAWS = {
    "random": lambda r: [r.random() for _ in range(3)],
    "shuffle": lambda r: (lambda items: (r.shuffle(items), items)[1])(list(range(30))),
    "choice": lambda r: [r.choice("abcdef") for _ in range(5)],
    "randint": lambda r: r.randint(1, 10**30),
    "sample": lambda r: r.sample(range(100), 5),
    "gauss": lambda r: [r.gauss(0, 1) for _ in range(3)],
    "bytes": lambda r: r.randbytes(9),
    "state": lambda r: r.getstate(),
    "copy": lambda r: copy.copy(r).random(),
    "pickle": lambda r: pickle.loads(pickle.dumps(r)).random(),
}


@pytest.mark.parametrize("draw", sorted(DRAWS))
def test_the_rules_generator_is_seeded_at_its_first_draw_and_draws_as_random_random(draw, seedings):
    for position in range(4):
        rng = derive(7, position)
        assert seedings == []  # a time entry, a move: nothing drawn, nothing seeded
        assert DRAWS[draw](rng) == DRAWS[draw](random.Random(f"bazaar:7:{position}"))
        seedings.clear()


PLAIN = [
    {"move": "time", "tick": 600},
    {"type": "solve", "seat": 1, "placements": [{"piece": "T", "cells": [(0, 1), (2, 3)]}], "z": None},
    {"b": [1, 2.5, True, "x"], "a": {"d": {"c": [-0.0]}}},
    [(1, 2), [3]],
    "text",
]


NOT_PLAIN = [{1: "a"}, {"f": float("inf")}, [{"n": 2**70, "k": {2: None}}]]


def test_a_plain_value_reaches_the_log_without_json_text_and_any_other_takes_the_trip(monkeypatch):
    for value in NOT_PLAIN:
        assert codec.roundtrip(value) == json.loads(codec.dumps(value))
    trip = [json.loads(codec.dumps(value)) for value in PLAIN]

    def no_text(*args, **kwargs):
        raise AssertionError("made JSON text")

    monkeypatch.setattr(codec, "dumps", no_text)
    copies = [codec.roundtrip(value) for value in PLAIN]
    assert copies == trip
    assert [json.dumps(c) for c in copies] == [json.dumps(t) for t in trip]  # keys sorted alike
