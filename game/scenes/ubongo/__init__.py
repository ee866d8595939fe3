"""The Ubongo table, its round and final sheets, and practice."""

from game.scenes.ubongo.table import UbongoTable


def busy_table(app):
    """One person dragging a piece over the board while three bots race the hourglass: for
    `make bench`."""
    import pygame

    from game.core import registry
    from game.core.match import Match, Seat

    seats = [
        Seat("Asha"),
        Seat("Bilal", "bot", "hard"),
        Seat("Chandra", "bot", "medium"),
        Seat("Devi", "bot", "easy"),
    ]
    match = Match.new(registry.get("ubongo"), seats, {"first": 0}, seed=11, setup={"pawns": [0, 1, 2, 3]})
    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    table = UbongoTable(app, match)
    table.intro = 0
    table.update(1)  # the bots are asked; their solves wait for their ticks
    letter = table.handler.letters[0]
    grab = table.handler.cell_rects(letter)[0].center
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=grab, button=1))
    table.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(grab[0] - 200, grab[1]), rel=(-200, 0), buttons=(1, 0, 0))
    )
    return table


__all__ = ["UbongoTable", "busy_table"]
