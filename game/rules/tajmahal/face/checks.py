"""Whether a seat may send a command: Taj Mahal's checks, and nothing they cause.

decide (rules.py) runs `check` on the state before it emits a command's events; the face's
`why_not` runs it on the state as one seat sees it (`seen`). Every check reads only what that
seat may know: its own hand, the colour it is bound to this visit, whose turn and which phase
it is, the display, and the palaces on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.core.face import Command, Rejected, View
from game.core.i18n import N_, msg, msg_n
from game.rules.tajmahal.face.board import Board, load
from game.rules.tajmahal.face.data import CARDS, COLOURS, SPECIAL_ID
from game.rules.tajmahal.face.words import COLOUR, listing, place


class Hand(Protocol):
    """What the checks read of a player: the hand, and the colour this visit is bound to."""

    @property
    def hand(self) -> tuple[int, ...]: ...
    @property
    def colour(self) -> str: ...


class State(Protocol):
    """What the checks read of a match: the machinery's State when decide checks, `Seen` when
    a table asks of its own view. The face knows no more of the state than this."""

    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def players(self) -> tuple[Hand, ...]: ...
    @property
    def province(self) -> str: ...
    @property
    def builds(self) -> tuple[str, ...]: ...
    @property
    def palaces(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def display(self) -> tuple[int, ...]: ...
    @property
    def picks(self) -> int: ...


@dataclass(frozen=True)
class SeenHand:
    hand: tuple[int, ...]  # the viewing seat's own; () for the others, which no check reads
    colour: str


@dataclass(frozen=True)
class Seen:
    """The part of the state one seat's view gives the checks."""

    phase: str
    turn: int
    players: tuple[SeenHand, ...]
    province: str
    builds: tuple[str, ...]
    palaces: tuple[tuple[str, int], ...]
    display: tuple[int, ...]
    picks: int


def play_problem(state: State, seat: int, cards: list[int]) -> str:
    """Why these cards cannot be played now ("" when they can)."""
    player = state.players[seat]
    if not 1 <= len(cards) <= 2:
        return N_("Play one or two cards")
    if len(set(cards)) != len(cards) or any(c not in player.hand for c in cards):
        return N_("You can only play cards from your hand")
    coloured = [c for c in cards if CARDS[c].colour in COLOURS]
    if len(coloured) != 1:
        return N_("Play exactly one coloured card, plus at most one white or special card")
    change = SPECIAL_ID["change"] in cards
    colour = CARDS[coloured[0]].colour
    if player.colour and colour != player.colour and not change:
        return msg("This visit your coloured cards must be {colour}", colour=COLOUR[player.colour])
    return ""


def build_cities(state: State, seat: int, board: Board) -> list[str]:
    """Where the next pending palace may go: an empty city (no ordinary palace), or for the
    mogul's palace any city of the province."""
    if not state.builds:
        return []
    cities = board.provinces[state.province].cities
    if state.builds[0] == "mogul":
        return list(cities)
    taken = {c for c, _ in state.palaces}
    return [c for c in cities if c not in taken]


def play(state: State, seat: int, command: Command) -> Rejected | None:
    move = command.get("move")
    if move == "withdraw":
        return None
    if move != "play":
        return Rejected(N_("Play cards or withdraw"))
    cards = command.get("cards")
    if not isinstance(cards, list) or not all(type(c) is int for c in cards):
        return Rejected(N_("Name the cards to play by their ids"))
    problem = play_problem(state, seat, cards)
    return Rejected(problem) if problem else None


def build(state: State, seat: int, command: Command) -> Rejected | None:
    if command.get("move") != "build":
        return Rejected(N_("Choose a city for your palace"))
    allowed = build_cities(state, seat, load())
    if command.get("city") not in allowed:
        return Rejected(msg("Build in one of: {cities}", cities=listing([place(c) for c in allowed], "none")))
    return None


def pick(state: State, seat: int, command: Command) -> Rejected | None:
    if command.get("move") != "pick":
        return Rejected(N_("Take cards from the display"))
    cards = command.get("cards")
    if (
        not isinstance(cards, list)
        or not all(type(c) is int for c in cards)
        or len(cards) != state.picks
        or len(set(map(str, cards))) != len(cards)
        or any(c not in state.display for c in cards)
    ):
        return Rejected(
            msg_n(
                "Take {n} different card from the display",
                "Take {n} different cards from the display",
                state.picks,
            )
        )
    return None


PHASES = {"play": play, "build": build, "pick": pick}


def check(state: State, seat: int | None, command: Command) -> Rejected | None:
    """Everything decide checks before a command's events: the game running, the turn, then
    the move of the phase (play or withdraw, build a palace, take display cards)."""
    if state.phase == "setup":
        return Rejected(N_("The game has not started"))
    if state.phase == "over":
        return Rejected(N_("The game is over"))
    if seat is None or seat != state.turn:
        return Rejected(N_("It is not your turn"))
    phase = PHASES.get(state.phase)
    if phase is None:
        return Rejected(N_("Nothing to do now"))
    return phase(state, seat, command)


def seen(view: View) -> Seen:
    """The state as the viewing seat knows it: its own hand, every player's colour, the
    province visited, the display, the palaces and what is pending; the other hands and the
    deck are left out, which no check reads."""
    seat = view["seat"]
    players = tuple(
        SeenHand(tuple(c["id"] for c in view["hand"]) if p["seat"] == seat else (), p["colour"])
        for p in view["players"]
    )
    pending = view["pending"]
    order, visit = view["order"], view["visit"] - 1
    return Seen(
        phase=view["phase"],
        turn=view["turn"],
        players=players,
        province=order[visit] if visit < len(order) else "",
        builds=tuple(pending.get("builds", ())),
        palaces=tuple((c, s) for c, s in view["palaces"]),
        display=tuple(c["id"] for c in view["display"]),
        picks=pending.get("picks", 0),
    )


def why_not(view: View, seat: int, command: Command) -> Rejected | None:
    """Why `seat` may not send `command` now, or None when it may, read from its own view."""
    if view.get("seat") != seat:
        raise ValueError(f"seat {seat}'s commands are checked on its own view, not seat {view.get('seat')}'s")
    return check(seen(view), seat, command)
