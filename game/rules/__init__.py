"""One package per game: pure rules and bots, no pygame."""
