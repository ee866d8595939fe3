"""Parts of a table a tutorial speaks of that are not clickable, so not in its target map
(the token piles, the bonus piles, the seals): named rectangles, "area.<name>", read from the
table's own layout by its game's `TableSpec.tutorial_areas`. A step may point at these as at
any target id."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes import tables

if TYPE_CHECKING:
    from game.scenes.tables import TableScene


def of(table: TableScene) -> dict[str, pygame.Rect]:
    spec = tables.find(table.name)
    areas = spec.tutorial_areas if spec is not None else None
    return {f"area.{k}": r for k, r in areas(table).items()} if areas else {}
