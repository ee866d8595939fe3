"""Goofspiel, a game for Bazaar in its own distribution: the package imports nothing."""
