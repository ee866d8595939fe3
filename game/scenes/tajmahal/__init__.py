"""The Taj Mahal table."""
