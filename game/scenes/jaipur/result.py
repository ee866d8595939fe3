"""The end of a Jaipur match: the common result sheet, with the seals won as the score and
every round's totals in a line under the table."""

from __future__ import annotations

from game.core.i18n import Msg, msg
from game.rules.jaipur.words import TIEBREAK, person
from game.scenes.results import Column, Results


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
