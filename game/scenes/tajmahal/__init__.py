"""The Taj Mahal table."""

from game.scenes.tajmahal.table import TajMahalTable


def busy_table(app):
    """Five easy bots (the most seats) playing with no pause, so cards and palaces are always moving: for
    `make bench` (a table of bots shows no visit summaries: nobody would close them)."""
    from game.core import registry
    from game.core.match import Match, Seat

    names = ("Asha", "Bilal", "Chandra", "Devi", "Eshan")
    match = Match.new(registry.get("tajmahal"), [Seat(n, "bot", "easy") for n in names], seed=11)
    app.settings = type(app.settings)(**{**app.settings.__dict__, "bot_pause_ms": 0})
    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    return TajMahalTable(app, match)


__all__ = ["TajMahalTable", "busy_table"]
