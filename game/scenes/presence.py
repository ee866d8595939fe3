"""Who is where in a match of network play, in words and marks: the table's connection badge,
its sheet and the invites all say it the same way.

A seat is at this screen (one of the window's seats), online (a connection holds it), away (a
person's seat that was online and is not now: reconnecting), left (its person left the table on
purpose, as Save and leave tells the server), not joined yet (never seen online here, and for
the host still holding its invite), a bot's, or not known (this screen's own link to the host is
down: what it last heard of the others is stale). `seat_states` is the one answer: the badge,
the sheet, the invites and the bar read it. Each state has its words and a mark whose shape
differs, so nothing is told by colour alone.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, msg
from game.core.seats import level_name
from game.net.protocol import BAD_CODE, BAD_TOKEN, CODE_USED, REPLACED, VERSION_MISMATCH
from game.ui import theme

if TYPE_CHECKING:
    from game.core.window import Connection, Window

HERE, ONLINE, AWAY, LEFT, WAITING, BOT = "here", "online", "away", "left", "waiting", "bot"
UNKNOWN = "unknown"  # this screen's link is down: the others' presence is not known
MISSING = (AWAY, LEFT, WAITING)  # people not at the table: the match may wait for them
LINK_ONLINE, LINK_DOWN, LINK_CLOSED = "link-online", "link-down", "link-closed"

STATE_WORDS = {
    HERE: N_("At this screen"),
    ONLINE: N_("Online"),
    AWAY: N_("Away: reconnecting…"),
    LEFT: N_("Away: left the table"),
    WAITING: N_("Not joined yet"),
    UNKNOWN: N_("Not known while this screen's link to the host is down"),
}


# The server speaks English on the wire; what its refusals mean, by their codes, in the
# reader's language (a code not listed here is said in the server's words)
REFUSALS = {
    BAD_CODE: N_("No match has this join code."),
    CODE_USED: N_("This invite was used already: ask the host for a new one."),
    BAD_TOKEN: N_("The host no longer knows this seat."),
    REPLACED: N_("Your seat is taken. It was opened again elsewhere, or the host handed it to a bot."),
    VERSION_MISMATCH: N_("The host speaks another version of the network protocol."),
}


def refusal_words(code: str, said: str) -> str:
    """A refusal of the server in words: ours for a code we know, else what it said."""
    return REFUSALS.get(code, said)


def seat_states(remote: Window, seen: set[int]) -> list[str]:
    """Each seat's state. `seen`: the seats known to have joined (seen online while this table
    was open, kept up to date here, and what the table knew before), which tells a player away
    from one who has not joined yet. While this screen's own link is down the last presence it
    heard is stale, so every other person's seat is not known."""
    online, link = remote.online, remote.connection
    down = link is not None and link.status != "online"
    left = link.left if link is not None else frozenset()
    states = []
    for seat, player in enumerate(remote.players):
        up = seat < len(online) and online[seat]
        if up and not down:
            seen.add(seat)
        if seat in remote.seats:
            states.append(HERE)
        elif player.is_bot:
            states.append(BOT)
        elif down:
            states.append(UNKNOWN)
        elif up:
            states.append(ONLINE)
        elif seat in left:
            states.append(LEFT)
        else:
            states.append(AWAY if seat in seen else WAITING)
    return states


def state_words(remote: Window, seat: int, state: str) -> str:
    if state == BOT:
        player = remote.players[seat]
        return msg("Bot · {level}", level=level_name(player.level)) if player.level else N_("Bot")
    return STATE_WORDS[state]


def missing_words(remote: Window, seat: int, state: str) -> str:
    """The badge's line for a person not at the table (`state` one of MISSING)."""
    name = name_of(remote, seat)
    if state == LEFT:
        return msg("{name} left the table", name=name)
    if state == AWAY:
        return msg("{name} is reconnecting…", name=name)
    return msg("Waiting for {name} to join", name=name)


def link_state(remote: Connection) -> str:
    if remote.status == "online":
        return LINK_ONLINE
    return LINK_CLOSED if remote.status == "closed" else LINK_DOWN


def link_words(remote: Connection) -> tuple[str, str]:
    """The link to the host in words: a headline, and a detail (the reason, or what it means)."""
    if remote.status == "online":
        ms = remote.latency_ms
        return (msg("Online · {ms} ms", ms=round(ms)) if ms is not None else N_("Online")), ""
    if remote.status == "connecting":
        return N_("Connecting…"), ""
    if remote.status == "closed":
        said = refusal_words(remote.refusal, remote.problem)
        return N_("Disconnected"), said or N_("This table no longer reaches the host")
    return N_("Reconnecting…"), remote.problem or N_("The link to the host dropped; trying again")


def latency_words(remote: Connection) -> str:
    ms = remote.latency_ms
    if remote.status != "online" or ms is None:
        return N_("Latency: not measured yet") if remote.status == "online" else N_("Latency: no link")
    return msg("Latency: {ms} ms", ms=round(ms))


def draw_mark(surface: pygame.Surface, state: str, centre: tuple[int, int], r: int = 7) -> None:
    """A state's mark, its shape telling it apart: a filled circle online, a square at this
    screen, a hollow diamond away (a dot inside: left), a hollow circle not joined, a triangle
    for a bot, a dash not known, a cross for a link that is closed, a ring of dots for one
    reconnecting."""
    x, y = centre
    if state in (ONLINE, LINK_ONLINE):
        pygame.draw.circle(surface, theme.GOOD, centre, r)
    elif state == HERE:
        pygame.draw.rect(surface, theme.TEXT, (x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2), border_radius=2)
    elif state in (AWAY, LEFT):  # left: the diamond with its middle filled, as a door shut
        points = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(surface, theme.ACCENT, points, 2)
        if state == LEFT:
            pygame.draw.circle(surface, theme.ACCENT, centre, max(2, r // 3))
    elif state == UNKNOWN:  # a dash: nothing to tell
        pygame.draw.line(surface, theme.MUTED, (x - r, y), (x + r, y), 3)
    elif state == WAITING:
        pygame.draw.circle(surface, theme.MUTED, centre, r, 2)
    elif state == BOT:
        pygame.draw.polygon(surface, theme.MUTED, [(x, y - r), (x + r, y + r - 1), (x - r, y + r - 1)])
    elif state == LINK_CLOSED:
        pygame.draw.line(surface, theme.DANGER, (x - r, y - r), (x + r, y + r), 3)
        pygame.draw.line(surface, theme.DANGER, (x - r, y + r), (x + r, y - r), 3)
    else:  # LINK_DOWN: a ring of dots, as a wait goes round
        for k in range(8):
            angle = k * math.pi / 4
            dot = (round(x + r * math.cos(angle)), round(y + r * math.sin(angle)))
            pygame.draw.circle(surface, theme.ACCENT, dot, 2)


def name_of(remote: Window, seat: int) -> str:
    names = remote.names
    return str(names[seat]) if seat < len(names) else str(seat + 1)
