"""Render the project's rules texts (a small Markdown subset) to one tall surface.

Supported: `#` and `##` headings, paragraphs, `- ` bullets, `**bold**` spans.
"""

from __future__ import annotations

import re

import pygame

from game.ui import text, theme

BOLD = re.compile(r"\*\*(.+?)\*\*")


def blocks(source: str) -> list[tuple[str, str]]:
    """(kind, text) per block: h1, h2, h3, bullet, para. Consecutive lines join a paragraph."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            out.append(("para", " ".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            out.append((f"h{min(level, 3)}", line.lstrip("#").strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            out.append(("bullet", line[2:].strip()))
        elif out and out[-1][0] == "bullet" and raw.startswith("  ") and not para:
            out[-1] = ("bullet", out[-1][1] + " " + line)
        else:
            para.append(line)
    flush()
    return out


def _spans(line: str) -> list[tuple[str, bool]]:
    parts = BOLD.split(line)
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def _rich_lines(source: str, width: int, size: int) -> list[list[tuple[str, bool]]]:
    """Word-wrap text with bold spans into lines of (word, bold) pairs."""
    words: list[tuple[str, bool]] = []
    for span, bold in _spans(source):
        words += [(w, bold) for w in span.split()]
    lines: list[list[tuple[str, bool]]] = [[]]
    used = 0
    space = text.font(size).size(" ")[0]
    for word, bold in words:
        w = text.font(size, "bold" if bold else "regular").size(word)[0]
        if lines[-1] and used + space + w > width:
            lines.append([])
            used = 0
        used += (space if lines[-1] else 0) + w
        lines[-1].append((word, bold))
    return lines


def render(source: str, width: int) -> pygame.Surface:
    size, gap = 19, 27
    items: list[tuple[str, int, object]] = []  # (kind, height, payload)
    for kind, body in blocks(source):
        if kind in ("h1", "h2", "h3"):
            px = {"h1": 36, "h2": 26, "h3": 21}[kind]
            items.append((kind, px + 26, (body, px)))
        else:
            indent = 28 if kind == "bullet" else 0
            lines = _rich_lines(body, width - indent, size)
            items.append((kind, gap * len(lines) + 10, lines))
    surface = pygame.Surface((width, sum(h for _, h, _ in items) + 20), pygame.SRCALPHA)
    y = 0
    for kind, height, payload in items:
        if kind.startswith("h"):
            body, px = payload
            y += 10 if kind != "h1" else 0
            colour = theme.ACCENT if kind != "h3" else theme.TEXT
            surface.blit(text.render(body, px, colour, "black" if kind == "h1" else "bold"), (0, y))
            y += height - (10 if kind != "h1" else 0)
            continue
        indent = 28 if kind == "bullet" else 0
        if kind == "bullet":
            pygame.draw.circle(surface, theme.ACCENT, (10, y + 13), 4)
        for line in payload:
            x = indent
            for word, bold in line:
                image = text.render(word, size, theme.TEXT, "bold" if bold else "regular")
                surface.blit(image, (x, y))
                x += image.get_width() + text.font(size).size(" ")[0]
            y += gap
        y += 10
    return surface
