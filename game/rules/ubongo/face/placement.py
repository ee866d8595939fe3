"""Checking a player's placement of pieces on an area, whole or still in progress.

The same checks serve the rules (a solve command) and the table scene (a piece dropped while
the player works), so a reason shown in the UI is the one the rules would give.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from game.core.i18n import Msg, msg, msg_n
from game.rules.ubongo.face.pieces import LETTERS, Cell, orientation_of


def parse(raw: Any) -> list[tuple[str, tuple[Cell, ...]]] | Msg:
    """Command JSON -> [(piece, cells)], or a reason why it is not well formed."""
    if not isinstance(raw, list):
        return msg("A solve needs a list of placements")
    out = []
    for item in raw:
        if not isinstance(item, dict):
            return msg("Each placement needs a piece and its cells")
        piece = item.get("piece")
        cells = item.get("cells")
        if not isinstance(piece, str) or piece not in LETTERS:
            return msg("There is no piece {piece}", piece=repr(piece))
        if not isinstance(cells, list) or not all(
            isinstance(c, list | tuple)
            and len(c) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
            for c in cells
        ):
            return msg("Piece {piece} needs its cells as [x, y] pairs", piece=piece)
        out.append((piece, tuple((int(c[0]), int(c[1])) for c in cells)))
    return out


def check_partial(area: Iterable[Cell], row: Iterable[str], placements: Any) -> Msg | None:
    """Why these pieces cannot all lie like this on the area, or None while they can.

    `placements` is a list of (piece, cells) pairs or the command's JSON form."""
    if placements and isinstance(placements[0], dict):
        parsed = parse(placements)
        if isinstance(parsed, Msg):
            return parsed
        placements = parsed
    area_set = set(map(tuple, area))
    allowed = Counter(row)
    used: Counter[str] = Counter()
    owner: dict[Cell, str] = {}
    for piece, cells in placements:
        if piece not in allowed:
            return msg(
                "Piece {piece} is not in this row ({pieces})", piece=piece, pieces=", ".join(sorted(allowed))
            )
        used[piece] += 1
        if used[piece] > allowed[piece]:
            return msg("Piece {piece} is placed twice", piece=piece)
        if len(set(cells)) != len(cells) or orientation_of(piece, cells) is None:
            return msg("Piece {piece} is not laid in one of its shapes", piece=piece)
        if any(c not in area_set for c in cells):
            return msg("Piece {piece} sticks out of the area", piece=piece)
        for c in cells:
            if c in owner:
                return msg("Pieces {a} and {b} overlap", a=owner[c], b=piece)
            owner[c] = piece
    return None


def check(area: Iterable[Cell], row: Iterable[str], placements: Any) -> Msg | None:
    """Why this is not a solution (a short reason for the player), or None when it is."""
    area = [tuple(c) for c in area]
    row = list(row)
    parsed = parse(placements)
    if isinstance(parsed, Msg):
        return parsed
    reason = check_partial(area, row, parsed)
    if reason:
        return reason
    missing = Counter(row) - Counter(p for p, _ in parsed)
    gap = len(area) - sum(len(cells) for _, cells in parsed)
    if gap:
        if missing:
            return msg_n(
                "The area still has {n} empty cell (piece {piece} is not placed)",
                "The area still has {n} empty cells (piece {piece} is not placed)",
                gap,
                piece=sorted(missing)[0],
            )
        return msg_n("The area still has {n} empty cell", "The area still has {n} empty cells", gap)
    if missing:
        return msg("Piece {piece} is not placed", piece=sorted(missing)[0])
    return None
