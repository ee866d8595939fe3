"""The target map: every clickable thing on a scene, by name.

A target is an id (stable while the thing it names is on screen: "market.2", "confirm",
"province.delhi"), a label a person can read, a kind, and a shape: a rectangle or a polygon.
Mouse hit-testing, keyboard focus order, tooltips and `game.automation` all read the same
list, so what a test clicks is exactly what a person sees and can reach by keyboard.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

Point = tuple[float, float]


@dataclass
class Target:
    id: str
    label: str
    kind: str = "button"
    rect: pygame.Rect | None = None
    polygon: tuple[Point, ...] = ()
    enabled: bool = True
    tip: str = ""  # said on hover: why it is disabled, or the whole of a shortened line
    row: str = ""  # keyboard rows: Left/Right stay in a row; "" means the target's kind

    @property
    def bounds(self) -> pygame.Rect:
        if self.rect is not None:
            return pygame.Rect(self.rect)
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    @property
    def centre(self) -> tuple[int, int]:
        """Where a click lands on it: the rectangle's centre, or a point inside the polygon."""
        if self.rect is not None:
            return self.rect.center
        return interior_point(self.polygon)

    def contains(self, pos: Point) -> bool:
        if self.rect is not None:
            return self.rect.collidepoint(pos)
        return inside(self.polygon, pos)

    def to_json(self) -> dict:
        x, y = self.centre
        return {
            "id": self.id,
            "label": self.label,
            "kind": self.kind,
            "x": x,
            "y": y,
            "enabled": self.enabled,
        }


def inside(polygon: Sequence[Point], pos: Point) -> bool:
    """Even-odd rule: a ray to the right crosses the border an odd number of times."""
    x, y = pos
    result = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def interior_point(polygon: Sequence[Point]) -> tuple[int, int]:
    """A pixel inside the polygon, near its middle: the centroid when that lies inside (the
    usual case), else the middle of the widest inside run on the centroid's row."""
    n = len(polygon)
    area = cx = cy = 0.0
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    if area:
        point = (round(cx / (3 * area)), round(cy / (3 * area)))
        if inside(polygon, point):
            return point
    y = sum(p[1] for p in polygon) / n
    xs = sorted(
        x1 + (y - y1) * (x2 - x1) / (y2 - y1)
        for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True)
        if (y1 > y) != (y2 > y)
    )
    runs = list(zip(xs[::2], xs[1::2], strict=False))
    if not runs:
        return (round(polygon[0][0]), round(polygon[0][1]))
    left, right = max(runs, key=lambda r: r[1] - r[0])
    return (round((left + right) / 2), round(y))


def slug(label: str) -> str:
    """An id from a label: "Save and leave" -> "save-and-leave"."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "item"


NAVIGATION = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN)


class TargetMap:
    """The targets of one frame, in reading order (which is also the Tab order). Later targets
    are drawn over earlier ones, so hit-testing asks them last-first."""

    def __init__(self, targets: Iterable[Target] = ()):
        self.targets: list[Target] = []
        seen: set[str] = set()
        for t in targets:
            if t.id in seen:
                raise ValueError(f"two targets share the id {t.id!r}")
            seen.add(t.id)
            self.targets.append(t)

    def __iter__(self):
        return iter(self.targets)

    def __len__(self) -> int:
        return len(self.targets)

    def get(self, target_id: str | None) -> Target | None:
        if target_id is None:
            return None
        return next((t for t in self.targets if t.id == target_id), None)

    def hit(self, pos: Point, kinds: Sequence[str] | None = None) -> Target | None:
        for t in reversed(self.targets):
            if (kinds is None or t.kind in kinds) and t.contains(pos):
                return t
        return None

    def focusable(self) -> list[Target]:
        return [t for t in self.targets if t.enabled]

    def step(self, current: str | None, key: int, shift: bool = False) -> str | None:
        """The focus after a navigation key. Tab and Shift+Tab walk the reading order; Left and
        Right move to the nearest target beside this one in its row (else along the order);
        Up and Down to the nearest target above or below, preferring ones straight in line."""
        usable = self.focusable()
        if not usable:
            return None
        ids = [t.id for t in usable]
        now = self.get(current)
        if now is None or current not in ids:
            back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and shift)
            return ids[-1] if back else ids[0]
        if key == pygame.K_TAB:
            return ids[(ids.index(current) + (-1 if shift else 1)) % len(ids)]
        dx, dy = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }[key]
        found = self._nearest(now, usable, dx, dy)
        if found is None and dy == 0:  # the end of a row: on along the reading order
            found = usable[(ids.index(current) + dx) % len(ids)]
        if found is None:  # the top or bottom edge: wrap to the far side
            found = self._nearest(now, usable, dx, -dy, farthest=True)
        return found.id if found else current

    @staticmethod
    def _nearest(
        now: Target, usable: list[Target], dx: int, dy: int, farthest: bool = False
    ) -> Target | None:
        ax, ay = now.centre
        row = now.row or now.kind
        best, best_score = None, None
        for t in usable:
            if t is now:
                continue
            bx, by = t.centre
            if dy == 0:
                if (t.row or t.kind) != row or (bx - ax) * dx <= 0:
                    continue
                score = abs(bx - ax) + 3 * abs(by - ay)
            else:
                along = (by - ay) * dy
                if along <= 4:  # not clearly above or below
                    continue
                score = along + 2 * abs(bx - ax)
                if farthest:
                    score = -along + 2 * abs(bx - ax)
            if best_score is None or score < best_score:
                best, best_score = t, score
        return best

    def route(self, start: str | None, goal: str) -> str | None:
        """The first key (a name game.automation presses: "tab", "left", ...) of the shortest
        walk of the keyboard focus from `start` to `goal` on this map, or None."""
        keys = {
            "tab": (pygame.K_TAB, False),
            "shift+tab": (pygame.K_TAB, True),
            "left": (pygame.K_LEFT, False),
            "right": (pygame.K_RIGHT, False),
            "up": (pygame.K_UP, False),
            "down": (pygame.K_DOWN, False),
        }
        first: dict[str | None, str] = {}
        frontier: list[str | None] = [start]
        seen: set[str | None] = {start}
        while frontier:
            nxt: list[str | None] = []
            for here in frontier:
                for name, (code, shift) in keys.items():
                    there = self.step(here, code, shift)
                    if there in seen:
                        continue
                    seen.add(there)
                    first[there] = first.get(here, name)
                    if there == goal:
                        return first[there]
                    nxt.append(there)
            frontier = nxt
        return None
