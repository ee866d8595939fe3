"""The end of a Jaipur match: the common result screen, plus every round's score in a line."""

from __future__ import annotations

import dataclasses

import pygame

from game.core.i18n import Msg, msg
from game.rules.jaipur.words import TIEBREAK, person
from game.scenes.results import Results
from game.ui import text, theme


class JaipurResult(Results):
    def __init__(self, app, window) -> None:
        super().__init__(app, window)
        # the rules' summary names seats ("Seat 1 wins..."); said here with names, in words that
        # follow the language (the common screen would make it plain text naming the seats)
        self.summary: Msg | None = None
        if self.outcome is not None and self.outcome.winners:
            w = self.outcome.winners[0]
            a, b = (int(s) for s in (self.outcome.scores[w], self.outcome.scores[1 - w]))
            name = person(window.names[w])
            self.summary = msg("{name} wins the match, {a} seals to {b}", name=name, a=a, b=b)
            self.outcome = dataclasses.replace(self.outcome, summary="")

    def round_lines(self) -> list[Msg]:
        names = [person(n) for n in self.window.names]
        lines = []
        for sheet in self.outcome.details.get("sheets", []) if self.outcome else []:
            (a, b), (name_a, name_b) = (s["total"] for s in sheet["seats"]), names[:2]
            totals = msg("{name_a} {a} to {name_b} {b}", name_a=name_a, a=a, name_b=name_b, b=b)
            winner = sheet["winner"]
            if winner is None:
                result = msg("tied, no seal")
            elif sheet["tiebreak"] == "points":
                result = msg("seal to {name}", name=names[winner])
            else:
                tiebreak = TIEBREAK[sheet["tiebreak"]]
                result = msg("seal to {name} on {tiebreak}", name=names[winner], tiebreak=tiebreak)
            line = msg(
                "Round {round}:  {totals}  ·  {result}", round=sheet["round"], totals=totals, result=result
            )
            lines.append(line)
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.summary is not None:  # where the common screen puts its summary
            for k, line in enumerate(text.wrap(self.summary, 900, 20)):
                text.blit(surface, line, (theme.WIDTH // 2, 226 + 26 * k), 20, theme.TEXT, anchor="center")
        lines = self.round_lines()[-5:]  # ties can make a long match: the last five rounds
        top = 476 if len(lines) <= 4 else 466
        step = 26 if len(lines) <= 4 else 22
        for k, line in enumerate(lines):
            text.blit(surface, line, (theme.WIDTH // 2, top + step * k), 18, theme.MUTED, anchor="center")
