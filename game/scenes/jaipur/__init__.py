"""The Jaipur table."""

from game.scenes.jaipur.table import JaipurTable


def busy_table(app):
    """Two easy bots playing with no pause, so cards are always flying: for `make bench`."""
    from game.core import registry
    from game.core.match import Match, Seat

    match = Match.new(
        registry.get("jaipur"), [Seat("Asha", "bot", "easy"), Seat("Bilal", "bot", "easy")], seed=11
    )
    app.settings = type(app.settings)(**{**app.settings.__dict__, "bot_pause_ms": 0})
    app.store  # noqa: B018 - opened as the menu would have, so its first use is not timed
    return JaipurTable(app, match)


__all__ = ["JaipurTable", "busy_table"]
