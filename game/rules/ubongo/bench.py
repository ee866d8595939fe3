"""Ubongo's figures for `make bench`: the solver over every shipped row, and the generator."""

from __future__ import annotations

import statistics
import time

from game.rules.ubongo import generate, levels, solver


def rows() -> list[tuple[tuple, tuple[str, ...]]]:
    """All 432 shipped puzzles: (area, pieces)."""
    return [
        (b.side(side).cells, row)
        for b in levels.boards()
        for side in levels.SIDES
        for row in b.side(side).rows
    ]


def solve_us(puzzles) -> float:
    """Median microseconds to the first tiling (compiling the area included)."""
    times = []
    for cells, row in puzzles:
        best = float("inf")
        for _ in range(3):  # best of three hides a stray scheduler hiccup
            start = time.perf_counter()
            solver.solve(cells, row)
            best = min(best, time.perf_counter() - start)
        times.append(best * 1e6)
    return statistics.median(times)


def count_all_ms(puzzles) -> float:
    start = time.perf_counter()
    for cells, row in puzzles:
        solver.count(cells, row)
    return (time.perf_counter() - start) * 1000


def generate_s() -> float:
    start = time.perf_counter()
    generate.generate()
    return time.perf_counter() - start


def figures() -> dict[str, float]:
    puzzles = rows()
    return {
        "ubongo.solve_us": solve_us(puzzles),
        "ubongo.count_all_ms": count_all_ms(puzzles),
        "ubongo.generate_s": generate_s(),
    }
