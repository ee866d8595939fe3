"""What the lists of saved matches show: plain records, read from the saves by the store and
the History and handed to the screens (which never touch the saves themselves)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from game.core.i18n import N_, msg, msg_n
from game.core.seats import Seat, level_name


@dataclass(frozen=True)
class MatchInfo:
    """One saved match as a list screen shows it."""

    id: int
    game: str
    seats: tuple[Seat, ...]
    status: str  # "playing", "finished" or "abandoned"
    created: datetime
    updated: datetime
    events: int
    moves: int  # commands that were moves (time in the log is none)

    @property
    def progress(self) -> str:
        return msg_n("{n} move", "{n} moves", self.moves)


@dataclass(frozen=True)
class StatRow:
    """Finished matches of one game, counted for one kind of seat (every such seat counts once)."""

    game: str
    kind: str  # "human", "bot" or "cmd"
    level: str  # bot level or program; "" for humans
    played: int
    wins: int  # sole winner
    draws: int  # one of several winners
    average_score: float

    @property
    def losses(self) -> int:
        return self.played - self.wins - self.draws

    @property
    def label(self) -> str:
        if self.kind == "human":
            return N_("Person")  # as the setup and the result screen say
        if self.kind == "bot":
            return msg("Bot ({level})", level=level_name(self.level))
        return msg("Program ({level})", level=self.level)


@dataclass(frozen=True)
class Branch:
    """Where a match played on from a replay began: the other match, after how many events and
    moves."""

    parent: int
    at: int
    moves: int

    @property
    def text(self) -> str:
        return msg("played on from match {parent} after move {moves}", parent=self.parent, moves=self.moves)


@dataclass(frozen=True)
class Played(MatchInfo):
    """One stored match as a row of the History: a saved match, and how it ended."""

    imported: bool
    winners: tuple[int, ...]
    scores: tuple[float | None, ...]
    branch: Branch | None

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def result(self) -> str:
        if self.status == "playing":
            return N_("not finished")
        if self.status == "abandoned":
            return N_("abandoned")
        won = [self.seats[w].name for w in self.winners if w < len(self.seats)]
        names = joined(won)
        scores = " – ".join(f"{s:g}" for s in self.scores if s is not None)
        if not won:
            return msg("Nobody won ({scores})", scores=scores) if scores else msg("Nobody won")
        if len(won) > 1:
            if scores:
                return msg("{names} share the win ({scores})", names=names, scores=scores)
            return msg("{names} share the win", names=names)
        if scores:
            return msg("{names} won ({scores})", names=names, scores=scores)
        return msg("{names} won", names=names)

    @property
    def length(self) -> str:
        return self.progress


def joined(names: list[str]) -> str:
    """Names as one phrase: "Asha", "Asha and Bilal", "Asha and Bilal and Chandra"."""
    if len(names) < 2:
        return names[0] if names else ""
    return msg("{first} and {second}", first=joined(names[:-1]), second=names[-1])
