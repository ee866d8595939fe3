"""The Gin Rummy table."""

from game.scenes.ginrummy.table import GinRummyTable


def busy_table(app):
    """Two easy bots playing with no pause, so cards are always moving: for `make bench`."""
    from game.core import registry
    from game.core.match import Match, Seat

    match = Match.new(
        registry.get("ginrummy"), [Seat("Asha", "bot", "easy"), Seat("Bilal", "bot", "easy")], seed=11
    )
    app.settings = type(app.settings)(**{**app.settings.__dict__, "bot_pause_ms": 0})
    return GinRummyTable(app, match)


__all__ = ["GinRummyTable", "busy_table"]
