"""Render the project's rules texts (a small Markdown subset) to one tall surface.

Supported: `#` and `##` headings, paragraphs, `- ` bullets (indented `- ` for a second level),
`**bold**` spans. The text is drawn as written (it is already in the reader's language:
seeds/ or seeds/ja/), in the language's font.
"""

from __future__ import annotations

import re

import pygame

from game.ui import linebreak, text, theme

BOLD = re.compile(r"\*\*(.+?)\*\*")


def blocks(source: str) -> list[tuple[str, str]]:
    """(kind, text) per block: h1, h2, h3, bullet, sub (a nested bullet), para. Consecutive lines
    join a paragraph; an indented line without a dash continues the bullet above."""
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
            out.append(("sub" if raw.startswith("  ") else "bullet", line[2:].strip()))
        elif out and out[-1][0] in ("bullet", "sub") and raw.startswith("  ") and not para:
            out[-1] = (out[-1][0], out[-1][1] + " " + line)
        else:
            para.append(line)
    flush()
    return out


def _spans(line: str) -> list[tuple[str, bool]]:
    parts = BOLD.split(line)
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def _rich_lines(source: str, width: int, size: int) -> list[list[tuple[str, bool]]]:
    """Break text with bold spans into lines of (run, bold) pairs, where `linebreak` allows
    (at spaces, and between Japanese characters); a break never falls inside "**seal**,"."""
    bold_at = [bold for span, bold in _spans(source) for _ in span]
    plain = "".join(span for span, _ in _spans(source))

    def runs(start: int, piece: str) -> list[tuple[str, bool]]:
        out: list[tuple[str, bool]] = []
        for k, ch in enumerate(piece):
            bold = bold_at[start + k]
            if out and out[-1][1] == bold:
                out[-1] = (out[-1][0] + ch, bold)
            else:
                out.append((ch, bold))
        return out

    lines: list[list[tuple[str, bool]]] = [[]]
    used, start = 0, 0
    for piece in linebreak.segments(plain):
        piece_runs = runs(start, piece)
        start += len(piece)
        w = sum(_width(run.rstrip(), size, bold) for run, bold in piece_runs)
        if lines[-1] and used + w > width:
            lines.append([])
            used = 0
        lines[-1].extend(piece_runs)
        used += sum(_width(run, size, bold) for run, bold in piece_runs)
    return lines


def _width(run: str, size: int, bold: bool) -> int:
    return text.font(size, "bold" if bold else "regular").size(run)[0]


INDENT = {"bullet": 28, "sub": 56}


def render(source: str, width: int) -> pygame.Surface:
    size, gap = 19, 27
    items: list[tuple[str, int, object]] = []  # (kind, height, payload)
    for kind, body in blocks(source):
        if kind in ("h1", "h2", "h3"):
            px = {"h1": 36, "h2": 26, "h3": 21}[kind]
            items.append((kind, px + 26, (body, px)))
        else:
            lines = _rich_lines(body, width - INDENT.get(kind, 0), size)
            items.append((kind, gap * len(lines) + 10, lines))
    surface = pygame.Surface((width, sum(h for _, h, _ in items) + 20), pygame.SRCALPHA)
    y = 0
    for kind, height, payload in items:
        if kind.startswith("h"):
            body, px = payload
            y += 10 if kind != "h1" else 0
            colour = theme.ACCENT if kind != "h3" else theme.TEXT
            surface.blit(text.verbatim(body, px, colour, "black" if kind == "h1" else "bold"), (0, y))
            y += height - (10 if kind != "h1" else 0)
            continue
        indent = INDENT.get(kind, 0)
        if kind == "bullet":
            pygame.draw.circle(surface, theme.ACCENT, (10, y + 13), 5)
        elif kind == "sub":
            pygame.draw.circle(surface, theme.ACCENT, (38, y + 13), 4, 2)
        for line in payload:
            x = indent
            for run, bold in line:
                if run.strip():
                    surface.blit(text.verbatim(run, size, theme.TEXT, "bold" if bold else "regular"), (x, y))
                x += _width(run, size, bold)
            y += gap
        y += 10
    return surface
