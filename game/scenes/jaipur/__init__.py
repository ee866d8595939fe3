"""The Jaipur table."""
