"""A spot for every one of many things at once, none within a gap of another (labels.py: the
towns' names, tags and palaces and the provinces' names with their tiles on the Taj Mahal map).

Each thing has its candidate spots, best first; a spot is one rectangle or a few (a province's
name and its tile) and a payload. One by one, the thing with the fewest spots left goes first,
at its best spot that leaves each neighbour some spot. Where one is left none, it and the
things placed round it are placed again together by going back through their spots (the
things farther away stay), ever farther round it. Where even that fails, it starts again
with the one left without a spot placed before the rest (`attempts`). Deterministic: the same
things, the same spots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

Point = tuple[int, int]


@dataclass(frozen=True)
class Spot:
    rects: tuple[pygame.Rect, ...]
    payload: object = None  # the caller's: the search only carries it


NONE = pygame.Rect(-1 << 20, -1 << 20, 0, 0)  # meets nothing


def widest(values: Sequence[Spot]) -> int:
    return max((len(v.rects) for v in values), default=0)


class Solver:
    """`spots` what -> its candidate spots, best first; `where` what -> the point it belongs
    to (the repair measures round it); `gap` between any two things; `rounds` the distances
    round a thing left without a spot within which the others are placed again with it;
    `budget` the steps each such placing again may take. A thing's spots left are kept as
    their indices in its list, best first."""

    def __init__(
        self,
        spots: dict[str, list[Spot]],
        where: dict[str, Point],
        gap: int,
        rounds: Sequence[int],
        budget: int,
    ):
        self.every, self.where, self.gap = spots, where, gap
        self.rounds, self.budget = rounds, budget
        self.order = list(spots)
        self.rank = {w: k for k, w in enumerate(self.order)}
        # each thing's spots as columns of rectangles: the first rectangle of every spot, ...
        # (a spot with fewer rectangles than another of its thing's has empty ones, meeting none)
        self.columns = {
            w: [[v.rects[k] if k < len(v.rects) else NONE for v in values] for k in range(widest(values))]
            for w, values in spots.items()
        }
        span = {}
        for what, values in spots.items():
            rects = [r for v in values for r in v.rects]
            span[what] = rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
        self.near = {
            w: [o for o in self.order if o != w and span[o].colliderect(span[w].inflate(4 * gap, 4 * gap))]
            for w in self.order
        }
        self.placed: dict[str, int] = {}  # what -> the index of its spot
        self.met: dict[tuple[str, int, str], frozenset[int]] = {}
        self.stuck: str | None = None  # what was left without a spot, when `run` fails

    def grown(self, what: str, k: int) -> list[pygame.Rect]:
        return [r.inflate(2 * self.gap, 2 * self.gap) for r in self.every[what][k].rects]

    def hits(self, by: str, k: int, what: str) -> frozenset[int]:
        """The spots of `what` (their indices) that spot k of `by` meets (kept: a search asks
        again and again)."""
        key = (by, k, what)
        found = self.met.get(key)
        if found is None:
            hit: set[int] = set()
            for g in self.grown(by, k):
                for column in self.columns[what]:
                    hit.update(g.collidelistall(column))
            found = self.met[key] = frozenset(hit)
        return found

    def live(self, what: str) -> list[int]:
        """Its spots clear of everything placed."""
        hit: set[int] = set()
        for o in self.near[what]:
            if o in self.placed:
                hit |= self.hits(o, self.placed[o], what)
        return [k for k in range(len(self.every[what])) if k not in hit]

    def run(self, first: Sequence[str] = ()) -> dict[str, Spot] | None:
        """A spot for everything, `first` first in its order, or None (`stuck` names what
        found none)."""
        self.placed, self.stuck = {}, None
        domains = {w: self.live(w) for w in self.order}
        pending = set(self.order)
        ahead = [w for w in first if w in pending]
        while pending:
            ahead = [w for w in ahead if w in pending]
            what = ahead[0] if ahead else min(pending, key=lambda w: (len(domains[w]), self.rank[w]))
            pending.remove(what)
            others = [o for o in self.near[what] if o in pending]
            chosen = None
            for k in domains[what]:
                cuts = {o: self.hits(what, k, o) for o in others}
                if all(any(j not in cuts[o] for j in domains[o]) for o in others):
                    chosen = k
                    break
            if chosen is not None:
                self.placed[what] = chosen
                for o in others:
                    if cuts[o]:
                        domains[o] = [j for j in domains[o] if j not in cuts[o]]
                continue
            if not self.repair(what):
                self.stuck = what
                return None
            for o in pending:
                domains[o] = self.live(o)
        return {w: self.every[w][k] for w, k in self.placed.items()}

    def repair(self, what: str) -> bool:
        """`what` and the things placed round it, placed again together, ever farther round."""
        for radius in self.rounds:
            again = {
                o: k for o, k in self.placed.items() if math.dist(self.where[o], self.where[what]) <= radius
            }
            for o in again:
                del self.placed[o]
            if self.together([what, *again]):
                return True
            for o in [what, *again]:
                self.placed.pop(o, None)
            self.placed.update(again)
        return False

    def together(self, items: list[str]) -> bool:
        """These placed (backtracking, the fewest spots left first, each spot leaving each of
        the others some), the others staying where they are."""
        domains = {w: self.live(w) for w in items}
        inside = set(items)
        steps = 0

        def step() -> bool:
            nonlocal steps
            left = [w for w in items if w not in self.placed]
            if not left:
                return True
            what = min(left, key=lambda w: (len(domains[w]), self.rank[w]))
            for k in list(domains[what]):
                steps += 1
                if steps > self.budget:
                    return False
                cut: dict[str, list[int]] = {}
                for other in self.near[what]:
                    if other in inside and other not in self.placed:
                        hit = self.hits(what, k, other)
                        if hit and any(j in hit for j in domains[other]):
                            cut[other] = domains[other]
                            domains[other] = [j for j in domains[other] if j not in hit]
                if all(domains[o] for o in cut):
                    self.placed[what] = k
                    if step():
                        return True
                    del self.placed[what]
                domains.update(cut)
                if steps > self.budget:
                    return False
            return False

        return step()


def attempts(solver: Solver, tries: int) -> dict[str, Spot] | None:
    """`solver.run`, started again up to `tries` times, each time with what was left without a
    spot placed ahead of everything (after those of the tries before)."""
    first: list[str] = []
    for _ in range(tries):
        found = solver.run(first)
        if found is not None or solver.stuck is None or solver.stuck in first:
            return found
        first.append(solver.stuck)
    return None
