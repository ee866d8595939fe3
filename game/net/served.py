"""Host on a server: the app makes a match on a `python -m game serve` (Settings → Online holds
its address, its key's pin and the creator key its operator gave), instead of on this computer.
One `create` over a connection of its own, pinned to the server's key; the people here then take
their seats with the token it returns, as any client does (docs/network.md, "Host on a server").
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import WebSocketException

from game.core.i18n import msg, said
from game.net import protocol as p
from game.net.client import NetError, games
from game.net.invite import Invite
from game.net.reach import connect_ws
from game.net.relaying import parse_address

CREATE_SECONDS = 15.0  # reaching the server and its answer, at most


@dataclass(frozen=True)
class Created:
    """A match made on a server: its number there, a code per online seat, the creator's token."""

    match: int
    codes: dict[int, str]
    token: str


def server_route(address: str, pin: str) -> Invite:
    """How the server is reached: its HOST:PORT, checked against its pin (none: the system's
    authorities check its certificate). ValueError in words for an address that is none."""
    try:
        host, port = parse_address(address, p.DEFAULT_PORT)
    except ValueError:
        raise ValueError(
            msg("{address} is not a server's address (HOST:PORT)", address=address.strip()[:60])
        ) from None
    return Invite(host, port, "", tls=not pin, pin=pin or None)


def create(
    route: Invite, key: str, game: str, seats: list[dict[str, Any]], options: dict[str, Any]
) -> Created:
    """Make the match on the server: NetError in words when it cannot be reached or refuses."""
    request: dict[str, Any] = {"type": "create", "v": p.VERSION, "id": 1, "game": game, "seats": seats}
    request |= {"options": options, "games": games(), **({"key": key} if key else {})}
    try:
        with connect_ws(route, CREATE_SECONDS, max_size=p.MAX_FRAME) as ws:
            ws.send(json.dumps(request))
            answer = json.loads(ws.recv(CREATE_SECONDS))
    except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
        why = said(exc) or type(exc).__name__
        raise NetError(
            msg("The server {server} cannot be reached: {why}", server=route.address, why=why)
        ) from None
    if answer.get("type") == "created":
        codes = {int(seat): str(code) for seat, code in answer["codes"].items()}
        return Created(int(answer["match"]), codes, str(answer["token"]))
    error = answer.get("error") if isinstance(answer.get("error"), dict) else {}
    code, why = str(error.get("code", "")), str(error.get("message", ""))
    if code == p.NOT_HOST and "creator key" in why:  # sent none, or not its key
        words = msg(
            "The server {server} refused to make the match: the creator key in Settings → Online "
            "is not its key.",
            server=route.address,
        )
    elif code == p.NOT_HOST:
        words = msg("The server {server} takes no new matches from clients.", server=route.address)
    else:
        words = msg(
            "The server {server} refused to make the match: {why}", server=route.address, why=why or code
        )
    raise NetError(words, code)
