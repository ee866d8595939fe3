"""The games the tests go over and how to seat them, read from each game's own declaration
(game/core/registry.py, game/core/face.py): a game installed is covered with no edit here.

- `games()`: every declared game, in menu order (the test game tests/plugins/goofspiel too).
- `seat_range(game, options)`: the seat counts its face allows under these options.
- `kinds(game, count, options)`: seat kinds for `Session.open` / `seats_from`: a person first,
  the seats the rules play themselves under these options (a solo variant's bot) as "rules",
  the others bots of the face's first level.
- `variants(game)`: the settings that play otherwise: each choice of a game-wide option that
  changes the seat range or the seats the rules play (Jaipur's solo game, Ubongo's solo mode).
"""

from __future__ import annotations

from typing import Any

from game.core import registry


def games() -> tuple[str, ...]:
    return registry.games()


def options_of(game: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    face = registry.face(game)
    return {**face.default_options(), **(options or {})}


def seat_range(game: str, options: dict[str, Any] | None = None) -> tuple[int, int]:
    return registry.face(game).seat_range(options_of(game, options))


def kinds(
    game: str, count: int, options: dict[str, Any] | None = None, first: str = "human", level: str = ""
) -> list[str]:
    face = registry.face(game)
    fixed = face.fixed_seats(options_of(game, options))
    bot = level or face.bot_levels[0]
    return ["rules" if i in fixed else first if i == 0 else bot for i in range(count)]


def variants(game: str) -> list[dict[str, Any]]:
    face = registry.face(game)
    base = options_of(game)
    plain = (face.seat_range(base), face.fixed_seats(base))
    out = []
    for option in face.options:
        if option.seat is not None:
            continue
        for choice in option.choices:
            if choice == option.default:
                continue
            changed = {**base, option.key: choice}
            if (face.seat_range(changed), face.fixed_seats(changed)) != plain:
                out.append({option.key: choice})
    return out
