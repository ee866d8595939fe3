"""The Taj Mahal table (its modules live in game/scenes/tajmahal_table)."""

from game.scenes.tajmahal_table import TajMahalTable, bench_scene

__all__ = ["TajMahalTable", "bench_scene"]
