"""Bazaar: a desktop table for Jaipur, Gin Rummy, Taj Mahal and Ubongo."""

__version__ = "0.1.0"
