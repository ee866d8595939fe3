"""Shared pieces of the table: theme, text, widgets, tweens, cards."""
