"""Screens of the app: menu, setup, tables, overlays."""
