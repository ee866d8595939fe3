"""Pieces and the exact-cover solver (facts page: pieces table)."""

from __future__ import annotations

import itertools
import random

import pytest

from game.rules.ubongo.face import pieces, placement, solver
from game.rules.ubongo.face.generate import grow

# The facts page's "orientations" column.
FACTS_ORIENTATIONS = {
    "A": 2,
    "B": 2,
    "C": 4,
    "D": 4,
    "E": 8,
    "F": 2,
    "G": 4,
    "H": 1,
    "I": 8,
    "J": 8,
    "K": 8,
    "L": 4,
}


@pytest.mark.parametrize("piece", pieces.LETTERS)
def test_orientation_count_matches_the_facts_page(piece):
    shapes = pieces.orientations(piece)
    assert len(shapes) == FACTS_ORIENTATIONS[piece]
    assert len(set(shapes)) == len(shapes)
    # every orientation is a congruent copy of the printed shape
    assert all(pieces.canonical(s) == pieces.canonical(pieces.PIECES[piece][1]) for s in shapes)


def test_twelve_pieces_have_48_cells():
    assert len(pieces.PIECES) == 12
    assert sum(pieces.SIZES.values()) == 48


def test_place_puts_the_first_cell_on_the_target():
    shape = pieces.orientations("K")[3]
    placed = pieces.place(shape, (5, 2))
    assert placed[0] == (5, 2)
    assert pieces.normalise(placed) == shape
    assert pieces.orientation_of("K", placed) == 3
    assert pieces.orientation_of("L", placed) is None


def brute_force(area, row) -> int:
    """Every placement of every piece, every combination: count exact covers."""
    area = set(area)
    options = []
    for p in row:
        mine = set()
        for shape in pieces.orientations(p):
            for ax, ay in area:
                cells = frozenset(pieces.place(shape, (ax, ay)))
                if cells <= area:
                    mine.add(cells)
        options.append(list(mine))
    found = set()
    for combo in itertools.product(*options):
        covered = set().union(*combo)
        if len(covered) == len(area) and sum(map(len, combo)) == len(area):
            found.add(frozenset(zip(row, combo, strict=True)))  # identical pieces swapped: once
    return len(found)


def small_cases():
    rng = random.Random(5)
    cases = [([(x, y) for x in range(4) for y in range(3)], row) for row in ("FFF", "EEH", "CCK"[:3], "ABDI")]
    while len(cases) < 40:
        row = tuple(rng.sample(pieces.LETTERS, 3))
        area = grow(row, rng, 5, 4)
        if area is None:
            continue
        cases.append((list(area), row))
        # and a different set of the same size on the same area (often no tiling)
        same = [
            r
            for r in itertools.combinations(pieces.LETTERS, 3)
            if sum(pieces.SIZES[p] for p in r) == len(area)
        ]
        cases.append((list(area), rng.choice(same)))
    return cases


@pytest.mark.parametrize("area,row", small_cases())
def test_solver_agrees_with_brute_force(area, row):
    want = brute_force(area, row)
    assert solver.count(area, row) == want
    found = solver.solve(area, row)
    assert (found is not None) == (want > 0)
    if found:
        raw = [{"piece": p, "cells": [list(c) for c in cells]} for p, cells in found]
        assert placement.check(area, row, raw) is None
    every = solver.tilings(area, row)
    assert len(every) == want
    assert len({frozenset(t) for t in every}) == want


def test_counts_known_rectangles():
    four = [(x, y) for x in range(4) for y in range(4)]
    assert solver.count(four, "EEEE") == 10  # L-tetromino tilings of the 4x4 square
    assert solver.count(four, "HHHH") == 1
    assert solver.count(four, "FFFF") == 2
    assert solver.solve(four, "EEE") is None  # wrong cell count


def test_stats_count_nodes_and_solutions():
    four = [(x, y) for x in range(4) for y in range(4)]
    st = solver.stats(four, "EEEE")
    assert st.solutions == 10
    assert 1 < st.nodes_first <= st.nodes_all


def test_partial_placement_check_for_the_table():
    area = [(x, y) for x in range(4) for y in range(3)]
    assert placement.check_partial(area, "FFF", [("F", ((0, 0), (1, 0), (2, 0), (3, 0)))]) is None
    assert "sticks out" in placement.check_partial(area, "FFF", [("F", ((1, 0), (2, 0), (3, 0), (4, 0)))])
    assert "not in this row" in placement.check_partial(
        area, "FFF", [("H", ((0, 0), (1, 0), (0, 1), (1, 1)))]
    )


def test_partial_check_takes_the_command_form_too():
    area = [(x, y) for x in range(4) for y in range(3)]
    a = {"piece": "F", "cells": [[0, 0], [1, 0], [2, 0], [3, 0]]}
    b = {"piece": "F", "cells": [[0, 0], [0, 1], [0, 2], [0, 3]]}
    assert placement.check_partial(area, "FFF", [a]) is None
    assert "sticks out" in placement.check_partial(area, "FFF", [b])
    assert "overlap" in placement.check_partial(area, "FFF", [a, a])


def naive_count(area, row) -> int:
    """An independent search: pieces in the row's order, each anywhere it fits."""
    area = frozenset(area)
    options = {}
    for p in set(row):
        found = set()
        for shape in pieces.orientations(p):
            for anchor in area:
                cells = frozenset(pieces.place(shape, anchor))
                if cells <= area:
                    found.add(cells)
        options[p] = list(found)
    seen = set()

    def rec(i, used, chosen):
        if i == len(row):
            if len(used) == len(area):
                seen.add(frozenset(chosen))
            return
        for cells in options[row[i]]:
            if not cells & used:
                rec(i + 1, used | cells, (*chosen, (row[i], cells)))

    rec(0, frozenset(), ())
    return len(seen)


@pytest.mark.slow
def test_solver_counts_agree_with_a_naive_search_on_every_shipped_row():
    from game.rules.ubongo.face import levels

    for b in levels.boards():
        for side in levels.SIDES:
            s = b.side(side)
            for row in s.rows:
                assert solver.count(s.cells, row) == naive_count(s.cells, row), (b.number, side, row)


def test_dead_end_nodes_are_the_tries_that_lead_nowhere():
    four = [(x, y) for x in range(4) for y in range(4)]
    assert solver.census(four, "HHHH") == (1, 0)  # every square goes straight in
    tilings, dead = solver.census(four, "EEEE")
    st = solver.stats(four, "EEEE")
    assert tilings == st.solutions == 10 and dead == st.dead and 0 < dead < st.nodes_all
    assert solver.census(four, "EEEF") == (0, solver.stats(four, "EEEF").nodes_all)  # no tiling: all in vain


def test_difficulty_does_not_depend_on_how_the_area_lies():
    """A person's trouble is the same with the board turned or flipped; the estimate too."""
    from game.rules.ubongo.face import difficulty, levels

    for b in levels.boards()[:6]:
        for side in levels.SIDES:
            s = b.side(side)
            for row in s.rows[:2]:
                values = {round(difficulty.estimate(shape, row), 9) for shape in pieces.symmetries(s.cells)}
                assert len(values) == 1, (b.number, side, row, values)


def test_difficulty_labels_are_the_odds_of_missing_the_sand():
    """docs/ubongo.md: easy = an average player misses the 45 s hourglass less than 1 time in 100,
    hard = more than 1 in 10."""
    from game.rules.ubongo.face import difficulty

    (_, easy), (_, medium), _ = difficulty.LABELS
    assert abs(difficulty.miss_chance(easy) - difficulty.MISS_EASY) < 1e-9
    assert abs(difficulty.miss_chance(medium) - difficulty.MISS_HARD) < 1e-9
    assert difficulty.label(easy - 0.01) == "easy" and difficulty.label(easy + 0.01) == "medium"
    assert difficulty.label(medium - 0.01) == "medium" and difficulty.label(medium + 0.01) == "hard"
    assert 19 < easy < 21 and 28 < medium < 30  # with the stated spread: about 20 s and 29 s


def test_more_pieces_and_more_wrong_tries_take_longer():
    from game.rules.ubongo.face import difficulty

    assert difficulty.seconds_for(0, 3) == 9.0  # three pieces that go straight in: 3 s each
    assert difficulty.seconds_for(1, 3) == 12.0  # one wrong try per tiling: one doubling, 3 s
    assert difficulty.seconds_for(7, 4) > difficulty.seconds_for(7, 3) > difficulty.seconds_for(3, 3)
    four = [(x, y) for x in range(4) for y in range(4)]
    assert difficulty.wrong_tries(four, "HHHH") == 0.0
    assert difficulty.wrong_tries(four, "EEEE") > 1  # L shapes laid the wrong way round first
    assert difficulty.estimate(four, "EEEE") > difficulty.estimate(four, "HHHH")
    assert difficulty.wrong_tries(four, "EEEF") == 0.0  # no tiling: nothing to rate
