"""The messages between a seat's window and the authority: JSON text frames over WebSocket.

Every message is an object with a "type". A client's request may carry an "id"; the answer is a
"reply" with the same id, `ok` true (and the request's answer) or false (and an `error`). The
server also pushes "welcome", "update", "presence" and "error" messages. docs/network.md
describes each, so an outside client can be written from it alone.
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

import orjson

if TYPE_CHECKING:
    import asyncio

from game.core import codec

Object = dict[str, object]  # a decoded JSON object: its values are checked before they are used

# 2: news carries legal moves and the views around moments; time in the log. 3: an update
# carries what changed in each view (`changed`, `removed`), not the whole view. 4: Ubongo's
# round starts with its die alone (`round_start`); its boards come in the update that starts
# the sand for every screen (`reveal`). 5: hello, join and create name the games the client has
# and their versions (`games`); a match of a game one side lacks is refused (`missing-game`); a
# seat's hint is the server's (`advise`), thought there by the match's referee
VERSION = 5
MAX_FRAME = 64 * 1024  # bytes a client may send in one message; a longer one closes the connection
MAX_OUT_FRAME = 4 * 1024 * 1024  # what a client accepts from the server (a long match's whole log)
RATE = 50.0  # messages a second a connection may send on average...
BURST = 100  # ...and at once
STRIKES = 20  # refused messages (malformed, too fast) before the connection is closed...
STRIKE_SECONDS = 10.0  # ...one of them forgiven every this many seconds
HELLO_SECONDS = 10.0  # a connection that has not said hello or join by then is closed
OUTBOX = 512  # messages waiting for a slow client before it is dropped (it resyncs on reconnect)
PING_SECONDS = 15.0  # WebSocket keepalive: a silent peer is closed after twice this
DEFAULT_PORT = 8765

NAME_MAX = 16  # a player's name, as the setup screen takes it


def good_name(name: object) -> bool:
    """A name a guest may give its seat on join: 1 to NAME_MAX printable characters."""
    return isinstance(name, str) and 0 < len(name.strip()) <= NAME_MAX and name.isprintable()


# What a client may send, and what each needs beside "type"
REQUESTS: dict[str, tuple[str, ...]] = {
    "hello": ("v", "token"),
    "join": ("v", "code"),
    "create": ("v", "game", "seats"),
    "submit": ("id", "seat", "command"),
    "check": ("id", "seat", "command"),
    "legal": ("id", "seat"),
    "view_at": ("id", "count"),
    "ping": ("id",),
    "ready": (),
    "leave": (),  # the person leaves the table on purpose (Save and leave): not a drop
    "hand_to_bot": ("id", "seat", "level"),
    "advise": ("id", "seat"),  # the hint bot's move for one of your seats, answered once thought
    "rematch": ("id",),  # after the end: the same seats again, once every person agrees
    "reinvite": ("id", "seat"),  # the host's: a new join code for an away player's seat
}

# Error codes (the `code` of an error); the message beside one says it in words
BAD_JSON = "bad-json"
BAD_MESSAGE = "bad-message"
UNKNOWN_TYPE = "unknown-type"
VERSION_MISMATCH = "version"
BAD_TOKEN = "bad-token"
BAD_CODE = "bad-code"
CODE_USED = "code-used"
NOT_YOURS = "not-your-seat"
NOT_HOST = "not-host"
REFUSED = "refused"  # the rules refused a command: the message is the rules' reason
SLOW_DOWN = "slow-down"
NOT_READY = "not-ready"  # a request before hello/join
FULL = "full"
REPLACED = "replaced"  # the same seat connected again elsewhere
FAULT = "fault"  # the server failed deciding this request (its log says why): nothing changed
PAUSED = "paused"  # the match is paused after a fault of its referee: nothing is played meanwhile
# a match of a game one side lacks, or has in another major version: the error names the `game`,
# the `version` and `distribution` to install, and `lacking` ("client" or "server")
MISSING_GAME = "missing-game"
NO_HINTS = "no-hints"  # this server gives no hints (serve --no-hints)
HINTING = "hinting"  # a hint for that seat is being thought already: one at a time a seat
MOVED_ON = "moved-on"  # the match moved on before the hint was thought: ask again if still wanted


class Bucket:
    """A token bucket: `rate` a second on average, `burst` at once (messages here; a relay's
    connections and bytes too)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = float(burst), clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now

    def take(self, n: float = 1.0) -> bool:
        self._fill()
        if self.tokens < n:
            return False
        self.tokens -= n
        return True

    def owe(self, n: float) -> float:
        """Take `n` even past the tokens: the seconds to wait before the next."""
        self._fill()
        self.tokens -= n
        return max(0.0, -self.tokens / self.rate)

    def wait(self) -> float:
        """Seconds until the next message may go."""
        return max(0.0, (1 - self.tokens) / self.rate)


class ErrorBody(TypedDict):
    """An error's body: its code (below), its words, and for a missing game what to install."""

    code: str
    message: NotRequired[str]
    lacking: NotRequired[str]  # "client" or "server"
    game: NotRequired[str]
    version: NotRequired[str]
    distribution: NotRequired[str]


class Malformed(ValueError):
    """A server's message without the shape its type needs (the client's side): what is wrong,
    in a log's words."""


class ProtocolError(Exception):
    """A message the server cannot take: its code, a readable message, and the id of the
    request when it could be read (the error then answers that request)."""

    def __init__(self, code: str, message: str, id: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id


def encode(message: Mapping[str, object]) -> str:
    """JSON text, never with a number JSON has no word for (codec.compact)."""
    return codec.compact(message)


Embedded = orjson.Fragment  # JSON text a message carries as it is


def embedded(value: object) -> Embedded:
    """`value` as JSON text, for a message to carry as it is (`encode` writes it unread): what
    a server keeps to send again is text, not objects its collector walks."""
    return orjson.Fragment(codec.compact(value))


def decode(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked for its shape (not its meaning): ProtocolError when it is not
    a JSON object of a known type with the fields that type needs."""
    if isinstance(text, bytes):
        raise ProtocolError(BAD_MESSAGE, "send text frames holding JSON, not binary ones")
    overflowed: list[str] = []
    message = _quick(text)
    if message is None:

        def number(digits: str) -> float:
            value = float(digits)
            if not math.isfinite(value):  # 1e999: valid JSON, but no number once read
                overflowed.append(digits)
            return value

        try:
            message = json.loads(text, parse_constant=_no_constant, parse_float=number)
            json.dumps(message, ensure_ascii=False).encode()  # a lone surrogate is no character
        except (ValueError, RecursionError):  # a number too long to read, NaN and lone surrogates too
            raise ProtocolError(BAD_JSON, "that message is not valid JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError(BAD_MESSAGE, "a message must be a JSON object")
    rid = message.get("id")
    if not isinstance(rid, int) or isinstance(rid, bool):
        if "id" in message:
            raise ProtocolError(BAD_MESSAGE, "id must be an integer")
        rid = None
    # from here on every refusal answers the request it refuses
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise ProtocolError(UNKNOWN_TYPE, f"unknown message type {str(kind)[:40]!r}", rid)
    missing = [k for k in REQUESTS[kind] if k not in message]
    if missing:
        raise ProtocolError(BAD_MESSAGE, f"a {kind} message needs {', '.join(missing)}", rid)
    if overflowed:
        raise ProtocolError(BAD_MESSAGE, f"the number {overflowed[0][:20]} is too large to be one", rid)
    if "v" in message and message["v"] != VERSION:
        raise ProtocolError(
            VERSION_MISMATCH,
            f"this server speaks protocol version {VERSION}, not {repr(message['v'])[:20]}",
            rid,
        )
    return message


# orjson reads a message about twenty times faster than json.loads with hooks, and refuses all
# the standard path refuses (NaN, Infinity, a number past a double's range, a lone surrogate,
# nesting past its depth) and nothing it takes. It reads an integer past 64 bits as a float
# where the standard path keeps it whole: a text with a run of 19 digits takes that path, as
# does whatever orjson refuses (the standard path then says why, as before).
_LONG_DIGITS = re.compile(r"[0-9]{19}")


def _quick(text: str) -> Any:
    """The message orjson reads, or None: the standard path decides."""
    if _LONG_DIGITS.search(text) is not None:
        return None
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode_reply(text: str | bytes) -> Object:
    """A server's message (the client's side): a JSON object with a type, or ValueError."""
    message = json.loads(text)
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ValueError("the server sent something that is not a message")
    return message


def error(code: str, message: str, id: int | None = None) -> dict[str, Any]:
    """An error: a reply to request `id`, or a message of its own when there is none."""
    body = ErrorBody(code=code, message=message)
    if id is None:
        return {"type": "error", "error": body}
    return {"type": "reply", "id": id, "ok": False, "error": body}


def missing_game(
    lacking: str, game: str, version: str, distribution: str, id: int | None = None
) -> dict[str, Any]:
    """The refusal of a match whose game the client (or the server) lacks: what to install."""
    where = "this server does not have" if lacking == "server" else "your app does not have"
    install = f"install {distribution} {version}".strip() if distribution else "install it"
    body = ErrorBody(
        code=MISSING_GAME,
        message=f"{where} the game {game!r} ({install})",
        lacking=lacking,
        game=game,
        version=version,
        distribution=distribution,
    )
    if id is None:
        return {"type": "error", "error": body}
    return {"type": "reply", "id": id, "ok": False, "error": body}


def same_major(a: str, b: str) -> bool:
    """Two versions of a game play alike: the same major version ("1.2" and "1.4")."""
    return a.split(".")[0] == b.split(".")[0]


def reply(id: int, **answer: Any) -> dict[str, Any]:
    return {"type": "reply", "id": id, "ok": True, **answer}


def whole(value: Any) -> bool:
    """A whole number as JSON has it (true and false are not seats)."""
    return isinstance(value, int) and not isinstance(value, bool)


def viewer_key(seat: int | None) -> str:
    """How a viewer is named in a message's "seen": the seat's number, or "none"."""
    return "none" if seat is None else str(seat)


def stopped_by_signals() -> asyncio.Event:
    """An asyncio.Event set by SIGINT or SIGTERM, for a service's loop (`serve`, `relay`) to
    wait on. Windows' loops take no signal handlers: there Ctrl+C stops the process itself.
    (asyncio imported here: the menu's count of remembered seats reads this module at start.)"""
    import asyncio
    import signal

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # (Windows, or not the main thread)
            loop.add_signal_handler(sig, stop.set)
    return stop
