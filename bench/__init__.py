"""Outside opponents and measurement scripts for the bots (not part of the app)."""
