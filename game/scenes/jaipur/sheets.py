"""Jaipur's sheets: the round's score sheet (goods tokens, bonus tokens turned over one by one,
the camel token, totals, and the seal with the tie-break explained when it decided), and the
end of the match (the common result sheet, with the seals won as the score and every round's
totals in a line under the table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.face import Event, View
from game.core.i18n import N_, Msg, msg, msg_n
from game.rules.jaipur.face.cards import SEALS_TO_WIN
from game.rules.jaipur.face.words import TIEBREAK, person
from game.scenes.jaipur import art, draw
from game.scenes.results import Column, Results
from game.scenes.sheet import Sheet
from game.ui import text, theme

if TYPE_CHECKING:
    from game.scenes.host import Host

REVEAL_EVERY = 24  # ticks between bonus tokens turning over
FLIP = 10  # ticks one token takes to turn


class RoundSheet(Sheet):
    name = "jaipur-sheet"  # its one button shows everything at once on the first press, then goes on

    def __init__(
        self, app: Host, event: Event, names: list[str], solo: bool, on_close: Callable[[], None]
    ) -> None:
        last = event["match_winner"] is not None
        super().__init__(app, (820, 580), N_("See the result") if last else N_("Next round"), on_close, 260)
        self.event, self.names, self.solo = event, [person(n) for n in names], solo
        self.sheet = event["sheet"]
        self.elapsed = 0
        self.total_bonus = max(len(s["bonus"]) for s in self.sheet["seats"])

    @property
    def revealed(self) -> int:
        """Bonus tokens turned over so far in each column (one more every REVEAL_EVERY)."""
        return self.elapsed // REVEAL_EVERY

    @property
    def done(self) -> bool:
        return self.revealed > self.total_bonus

    @property
    def animated(self) -> bool:  # type: ignore[override]
        return not self.done  # once everything shows, only input changes the sheet

    def update(self, ticks: int) -> None:
        before = self.revealed
        self.elapsed += ticks
        if self.revealed != before and self.revealed <= self.total_bonus:
            self.app.sounds.play("token")
        elif self.revealed != before and self.revealed == self.total_bonus + 1:
            self.app.sounds.play("seal")

    def close(self) -> None:
        if not self.done:  # the first press shows everything at once
            self.elapsed = REVEAL_EVERY * (self.total_bonus + 1)
            return
        super().close()

    def explanation(self) -> Msg:
        seats, winner, tiebreak = self.sheet["seats"], self.event["winner"], self.sheet["tiebreak"]
        total = seats[0]["total"]
        if winner is None:
            return msg(
                "Tied at {total} rupees, with as many bonus tokens and goods tokens: no seal this round.",
                total=total,
            )
        name = self.names[winner]
        if tiebreak == "points":
            return msg(
                "{name} takes the seal with {a} rupees to {b}.",
                name=name,
                a=seats[winner]["total"],
                b=seats[1 - winner]["total"],
            )
        key = "bonus_count" if tiebreak == "bonus tokens" else "goods_count"
        a, b = seats[winner][key], seats[1 - winner][key]
        return msg(
            "Tied at {total} rupees: {name} has more {tiebreak} ({a} to {b}) and takes the seal.",
            total=total,
            name=name,
            tiebreak=TIEBREAK[tiebreak],
            a=a,
            b=b,
        )

    def seals_line(self) -> Msg:
        seals, winner = self.event["seals"], self.event["match_winner"]
        if winner is not None:
            return msg("{name} has {n} seals and wins the match.", name=self.names[winner], n=SEALS_TO_WIN)
        return msg(
            "Seals: {name_a} {a}, {name_b} {b} ({n} win the match).",
            name_a=self.names[0],
            a=seals[0],
            name_b=self.names[1],
            b=seals[1],
            n=SEALS_TO_WIN,
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        b = self.box
        title = msg("Round {round} is over", round=self.event["round"])
        text.blit(surface, title, (b.centerx, b.y + 40), 32, theme.TEXT, "black", "center")
        rows = {"goods": 130, "bonus": 182, "camel": 234, "total": 300}
        labels = [(N_("Goods tokens"), "goods"), (N_("Bonus tokens"), "bonus"), (N_("Camel token"), "camel")]
        if self.solo:
            rows = {"goods": 126, "leftover": 166, "bonus": 206, "camel": 250, "total": 304}
            labels.insert(1, (N_("Tokens left in the piles"), "leftover"))
        labels.append((N_("Total"), "total"))
        for label, key in labels:
            colour = theme.TEXT if key == "total" else theme.MUTED
            text.blit(surface, label, (b.x + 36, b.y + rows[key]), 19, colour, anchor="midleft")
        pygame.draw.line(
            surface,
            theme.LINE,
            (b.x + 30, b.y + rows["total"] - 30),
            (b.right - 30, b.y + rows["total"] - 30),
        )
        for seat, data in enumerate(self.sheet["seats"]):
            self.draw_column(surface, seat, data, b.x + 490 + 200 * seat, rows)
        if self.done:
            for k, line in enumerate(text.wrap(self.explanation(), b.w - 80, 20)):
                text.blit(surface, line, (b.centerx, b.y + 368 + 26 * k), 20, theme.TEXT, anchor="center")
            text.blit(surface, self.seals_line(), (b.centerx, b.y + 440), 18, theme.MUTED, anchor="center")
        self.group.draw(surface)

    def draw_column(
        self, surface: pygame.Surface, seat: int, data: View, x: int, rows: dict[str, int]
    ) -> None:
        """One seat's column: `data` is its part of the round's sheet, as the event carries it."""
        y0 = self.box.y
        won = self.done and self.event["winner"] == seat
        text.blit(surface, self.names[seat], (x, y0 + 86), 22, theme.ACCENT, "bold", "center")
        goods = sum(v for _, v in data["goods"])
        count = len(data["goods"])
        text.blit(surface, str(goods), (x - 6, y0 + rows["goods"]), 24, theme.TEXT, "bold", "midright")
        tokens = msg_n("{n} token", "{n} tokens", count)
        text.blit(surface, tokens, (x + 4, y0 + rows["goods"] + 2), 15, theme.MUTED, anchor="midleft")
        if "leftover" in rows:
            left = sum(v for _, v in data["leftover"]) if seat == 1 else None
            shown = "—" if left is None else str(left)
            text.blit(surface, shown, (x - 6, y0 + rows["leftover"]), 24, theme.TEXT, "bold", "midright")
        bonus = data["bonus"]
        if not bonus:
            text.blit(surface, "—", (x, y0 + rows["bonus"]), 22, theme.MUTED, anchor="center")
        step = min(34, 136 / max(1, len(bonus)))
        for k, (size, value) in enumerate(bonus):
            cx = int(x + (k - (len(bonus) - 1) / 2) * step)
            # token k turns over between (k+1)*REVEAL_EVERY - FLIP and (k+1)*REVEAL_EVERY
            t = (self.elapsed - (k + 1) * REVEAL_EVERY + FLIP) / FLIP
            image = art.bonus_back(size, 15) if t < 0.5 else art.token("bonus", value, 15)
            width = image.get_width() if t <= 0 or t >= 1 else max(1, int(image.get_width() * abs(1 - 2 * t)))
            if width != image.get_width():
                image = pygame.transform.smoothscale(image, (width, image.get_height()))
            surface.blit(image, image.get_rect(center=(cx, y0 + rows["bonus"])))
        if bonus and self.revealed >= len(bonus):
            total = sum(v for _, v in bonus)
            right = int(x + (len(bonus) - 1) / 2 * step) + 22
            text.blit(surface, f"= {total}", (right, y0 + rows["bonus"]), 17, theme.TEXT, "bold", "midleft")
        camel = f"{data['camel']}" if data["camel"] else "—"
        text.blit(surface, camel, (x - 6, y0 + rows["camel"]), 24, theme.TEXT, "bold", "midright")
        text.blit(
            surface,
            msg("herd {n}", n=data["herd"]),
            (x + 4, y0 + rows["camel"] + 2),
            15,
            theme.MUTED,
            anchor="midleft",
        )
        total = str(data["total"]) if self.done else "…"
        colour = theme.ACCENT if won else theme.TEXT
        rect = text.blit(surface, total, (x, y0 + rows["total"]), 34, colour, "black", "center")
        if won:  # the seal of excellence, beside the winning total
            draw.seal(surface, (rect.right + 26, rect.centery), 15)


class JaipurResult(Results):
    extra_size = 18

    def columns(self) -> list[Column]:
        return [Column(msg("Seals"), 140)]

    def summary_line(self) -> str | Msg:
        # the rules' summary names seats ("Seat 1 wins..."); said here with names, in words that
        # follow the language
        if self.outcome is None or not self.outcome.winners:
            return super().summary_line()
        w = self.outcome.winners[0]
        a, b = (int(s) for s in (self.outcome.scores[w], self.outcome.scores[1 - w]))
        return msg("{name} wins the match, {a} seals to {b}", name=person(self.window.names[w]), a=a, b=b)

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

    def extra_lines(self) -> list[str | Msg]:
        return list(self.round_lines()[-5:])  # ties can make a long match: the last five rounds
