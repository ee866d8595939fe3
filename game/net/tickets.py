"""The seats this app has joined on other computers, kept so a closed (or crashed) app can
take its seat again: where the match is, and the token that reconnects that seat. A small JSON
file in the user data folder (`online-seats.json`); the token is the only secret in it, and it
opens one seat of one match, nothing else. Since pinned invites (issue 54) a seat keeps the
host's pin and other addresses too, so taking it again checks the same key by the same ways;
one remembered before keeps its plain ws:// address (docs/network.md, "Old invites").
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.core import codec
from game.core.files import read_json_object, write_atomic
from game.core.i18n import N_
from game.net.invite import Invite

FILENAME = "online-seats.json"
KEEP = 20  # the latest seats remembered; older ones are forgotten


@dataclass(frozen=True)
class Ticket:
    url: str  # ws://HOST:PORT/ of the host
    token: str
    game: str
    match: int  # the match's number on the host
    seats: tuple[int, ...]
    names: tuple[str, ...]
    joined: str  # when, ISO 8601 (the latest first in lists)
    pin: str = ""  # the host's key, as the invite gave it ("" for a seat remembered before pins)
    via: tuple[tuple[str, int], ...] = ()  # the host's other addresses, tried after the first
    relay: tuple[str, int] | None = None  # the relay that holds the host
    tls: bool = False  # bazaars:// with a pin: the authorities checked too (else the url says)
    served: bool = False  # a match this app made on a server (Host, on a server): Continue lists it

    @property
    def route(self) -> Invite:
        """How the host is reached again: the invite's ways and key (its code long spent)."""
        # (here, not at the top: the menu counts seats on the store's thread at start, and the
        # guest's network stack, TLS and keys, is a tenth of a second of imports it needs not)
        from game.net.reach import route_of

        plain = route_of(self.url)
        return Invite(
            plain.host,
            plain.port,
            "",
            self.tls if self.pin else plain.tls,
            self.pin or None,
            self.via,
            self.relay,
        )

    @staticmethod
    def of(
        invite: Invite, token: str, game: str, match: int, seats: tuple[int, ...], names: tuple[str, ...]
    ) -> Ticket:
        """The seat an invite gave, to remember."""
        return Ticket(
            invite.url,
            token,
            game,
            match,
            seats,
            names,
            now(),
            invite.pin or "",
            invite.via,
            invite.relay,
            invite.tls,
        )

    @staticmethod
    def from_json(data: Any) -> Ticket | None:
        try:
            return Ticket(
                str(data["url"]),
                str(data["token"]),
                str(data["game"]),
                int(data["match"]),
                tuple(int(s) for s in data["seats"]),
                tuple(str(n) for n in data["names"]),
                str(data["joined"]),
                str(data.get("pin") or ""),
                tuple(_address(v) for v in data.get("via") or ()),
                _address(data["relay"]) if data.get("relay") else None,
                bool(data.get("tls")),
                bool(data.get("served")),
            )
        except (KeyError, TypeError, ValueError):
            return None


def _address(item: Any) -> tuple[str, int]:
    host, port = item
    return str(host), int(port)


def load(folder: Path) -> tuple[list[Ticket], str | None]:
    """The remembered seats, latest first, and a message when the file was damaged (it is kept
    aside, and the list starts empty)."""
    data, problem = read_json_object(folder / FILENAME, N_("online seats"), N_("no seat is remembered"))
    items = data.get("seats", []) if data else []
    found = [t for t in (Ticket.from_json(i) for i in items if isinstance(i, dict)) if t is not None]
    return sorted(found, key=lambda t: t.joined, reverse=True), problem


def remember(folder: Path, ticket: Ticket) -> None:
    kept, _ = load(folder)
    kept = [t for t in kept if (t.url, t.match, t.seats) != (ticket.url, ticket.match, ticket.seats)]
    _save(folder, [ticket, *kept][:KEEP])


def forget(folder: Path, url: str, match: int) -> None:
    kept, _ = load(folder)
    _save(folder, [t for t in kept if (t.url, t.match) != (url, match)])


def now() -> str:
    return datetime.now().isoformat(timespec="seconds")


def _save(folder: Path, tickets: list[Ticket]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    body = {"format": "bazaar-online-seats", "version": 1, "seats": [asdict(t) for t in tickets]}
    write_atomic(folder / FILENAME, codec.dumps(body))
