"""Finding labels that do not fit: text drawn over a target must stay inside its box.

`Overflow` records every `text.blit` and every `text.fit` that had to cut its text while the
app draws one frame; `problems()` then names each text that starts inside a target's box but
spills out of it, and each label cut short with an ellipsis (unless a target's tip shows it
whole, as the move log does).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import text

SLACK = 2  # anti-aliased edges may touch the border


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
            if fitted.endswith("…") and not text.i18n.tr(words).endswith("…"):
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
        # a line cut on purpose is whole in its target's tip (a long move-log line)
        tips = {text.i18n.tr(t.tip) for t in targets if t.tip}
        found = [f"cut short: {words!r}" for words in self.cut if words not in tips]
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
