"""Finding labels that do not fit: text drawn over a target must stay inside its box.

`Overflow` records every `text.blit` and every `text.fit` that had to cut its text while the
app draws one frame; `problems()` then names each text that starts inside a target's box but
spills out of it, and each text cut short with an ellipsis, wherever it is drawn (issue 55):
every text on these screens carries a fact (a move, a score, a name, a how-to), so none may
lose its end, not even one a tooltip shows whole. The places a cut is allowed are `MAY_CUT`.

`Drawn` records what Japanese drew, to find English words left on a Japanese screen.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pygame

from game.ui import text

SLACK = 2  # anti-aliased edges may touch the border
# where a cut is allowed (module.function of the caller of text.fit): none yet; a player's own
# long name would be the first (a name is typed, and the tables give it a fixed room)
MAY_CUT: frozenset[str] = frozenset()


class Overflow:
    def __init__(self, monkeypatch):
        self.drawn: list[tuple[pygame.Rect, str]] = []
        self.cut: list[str] = []
        blit, fit = text.blit, text.fit

        def recording_blit(surface, words, pos, *args: Any, **kwargs: Any) -> pygame.Rect:
            rect = blit(surface, words, pos, *args, **kwargs)
            if surface.get_size() == (1280, 720):  # the screen, not a cached layer
                self.drawn.append((pygame.Rect(rect), str(words)))
            return rect

        def recording_fit(words, width, *args: Any, **kwargs: Any) -> tuple[str, int]:
            fitted, size = fit(words, width, *args, **kwargs)
            caller = sys._getframe(1).f_code
            place = f"{Path(caller.co_filename).stem}.{caller.co_name}"
            if fitted.endswith("…") and not text.i18n.tr(words).endswith("…") and place not in MAY_CUT:
                self.cut.append(text.i18n.tr(words))
            return fitted, size

        monkeypatch.setattr(text, "blit", recording_blit)
        monkeypatch.setattr(text, "fit", recording_fit)

    def problems(self, session) -> list[str]:
        """Draw a frame of the session's top scene and say what does not fit."""
        self.drawn.clear()
        self.cut.clear()
        session.app.draw()
        targets = session.app.top.targets()
        found = [f"cut short: {words!r}" for words in self.cut]
        for target in targets:
            if target.rect is None:
                continue
            box = pygame.Rect(target.rect).inflate(2 * SLACK, 2 * SLACK)
            for rect, words in self.drawn:
                if box.collidepoint(rect.center) and not box.contains(rect):
                    found.append(
                        f"{session.scene}: {words!r} {tuple(rect)} spills out of {target.id} {tuple(box)}"
                    )
        return found


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# what stays in Latin letters in Japanese: key names, file formats and cards' codes ("JC")
KEYS = {"Esc", "Tab", "Enter", "Space", "Shift", "Ctrl", "Home", "End", "Left", "Right"}
KEYS |= {"PgUp", "PgDn", "PageUp", "PageDown", "JSON", "SQLite"}
CARD = re.compile(r"[A2-9TJQK][SHDC]")


class Drawn:
    """Every text drawn while Japanese is on, as it is drawn (translated): `lines`."""

    def __init__(self, monkeypatch):
        self.lines: list[str] = []
        render = text._render

        def recording(words: str, size: int, colour: tuple, face: str, language: str):
            if language == "ja" and words.strip():
                self.lines.append(words)
            return render(words, size, colour, face, language)

        monkeypatch.setattr(text, "_render", recording)

    def clear(self) -> None:
        self.lines.clear()

    def japanese(self) -> bool:
        return any(JAPANESE.search(line) for line in self.lines)

    def english(self, allowed: set[str] | frozenset[str] = frozenset()) -> list[str]:
        """The lines drawn that hold an English word: a run of two or more Latin letters that
        is not a key's name, a card's code or `allowed` (the players' names)."""

        def english(line: str) -> bool:
            words = re.findall(r"[A-Za-z]{2,}", line)
            return any(w not in KEYS and w not in allowed and not CARD.fullmatch(w) for w in words)

        return sorted({line for line in self.lines if english(line)})
