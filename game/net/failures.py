"""A connection to a host that failed, in words a person can act on: what happened and what to
do next, never an errno ("[Errno 111] Connection refused") or a library's message. The Join
screen and the table's connection badge show these, in either language."""

from __future__ import annotations

import errno
import socket
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.core.i18n import Msg, msg

# "no route": the host's network cannot be reached from here (POSIX and Windows numbers)
UNREACHABLE = {errno.EHOSTUNREACH, errno.ENETUNREACH, 10065, 10051}


def dropped(url: str) -> Msg:
    """An open connection to `url` that closed (the link tries again by itself)."""
    return msg("The connection to {address} dropped; trying again.", address=urlsplit(url).netloc or url)


def failure_words(exc: BaseException, url: str) -> Msg:
    """Why the connection to `url` failed or broke, and what to do."""
    parts = urlsplit(url)
    address = parts.netloc or url
    if isinstance(exc, ConnectionClosed):
        return dropped(url)
    if isinstance(exc, InvalidStatus):
        return msg(
            "Something other than a Bazaar host answered at {address} (HTTP {status}). "
            "Check the address and port in the invite.",
            address=address,
            status=exc.response.status_code,
        )
    if isinstance(exc, InvalidHandshake):
        return msg(
            "Something other than a Bazaar host answered at {address}. "
            "Check the address and port in the invite.",
            address=address,
        )
    if isinstance(exc, socket.gaierror):
        host = parts.hostname or url
        return msg("The name {host} was not found. Check the address in the invite.", host=host)
    if isinstance(exc, ConnectionRefusedError):
        return msg(
            "Nothing answers at {address}: the host's app is not hosting now, or a firewall blocks "
            "the port. Ask the host to open the match.",
            address=address,
        )
    if isinstance(exc, TimeoutError):
        return msg(
            "{address} did not answer in time. Check that the host's app is open and the address is right.",
            address=address,
        )
    if isinstance(exc, OSError) and exc.errno in UNREACHABLE:
        return msg(
            "No route to {address}: this computer cannot reach it. Check the address, and that both "
            "computers are on the same network.",
            address=address,
        )
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
    return msg("The connection to {address} failed: {why}.", address=address, why=why)
