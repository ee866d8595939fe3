"""One keyboard focus over everything a table offers (cards, piles, buttons), in reading order."""

from __future__ import annotations

import pygame

NAVIGATION = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_UP, pygame.K_DOWN)


def step(rows: list[str], focus: int | None, key: int, shift: bool = False) -> int | None:
    """The focus after a navigation key. `rows` names the row of every target, in reading order:
    Tab, Right and Left move one target; Up and Down jump to the first target of the row before
    or after. Shift+Tab goes back."""
    if not rows:
        return None
    back = key in (pygame.K_LEFT, pygame.K_UP) or (key == pygame.K_TAB and shift)
    delta = -1 if back else 1
    if key in (pygame.K_UP, pygame.K_DOWN):
        order = list(dict.fromkeys(rows))
        now = rows[focus] if focus is not None and focus < len(rows) else None
        row = order[(order.index(now) + delta) % len(order)] if now in order else order[0]
        return rows.index(row)
    if focus is None or focus >= len(rows):
        return 0 if delta > 0 else len(rows) - 1
    return (focus + delta) % len(rows)
