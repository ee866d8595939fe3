"""Colours and sizes shared by every screen, so the app looks like one thing."""

WIDTH, HEIGHT = 1280, 720

BG = (30, 25, 40)
BG_DEEP = (20, 17, 28)
PANEL = (47, 40, 62)
PANEL_HI = (64, 55, 84)
LINE = (92, 80, 116)
TEXT = (242, 234, 222)
MUTED = (176, 166, 160)
ACCENT = (236, 172, 64)  # saffron
ACCENT_DARK = (150, 98, 22)
ACCENT_TEXT = (35, 24, 10)
DANGER = (222, 96, 84)
GOOD = (120, 196, 128)
FOCUS = (120, 190, 255)
SHADE = (0, 0, 0, 170)

RADIUS = 10
PAD = 16
