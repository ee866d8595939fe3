"""The server's messages as a seat's window reads them (docs/network.md), typed.

JSON off the socket is an `Object` (game/net/protocol.py) of `object` values until a function
here has checked it into one of these types. A message without the shape its type needs is
`Malformed`, which the window refuses (the connection is dropped, or before any welcome closed,
with words) instead of failing on it. The checks take what the window took before it was typed:
a field it read only when present may be absent, a count it read with int() may be written "3",
and a flag is whatever JSON reads as true; what would have raised, or left the window holding a
value of the wrong kind (a view that is no object, a seat that is no number), is Malformed.
"""

from __future__ import annotations

from typing import TypedDict

from game.core import faces
from game.core.codec import FormatError
from game.core.face import Command, Event, Face, Outcome, View
from game.core.seats import Seat
from game.core.window import Options, Rematching
from game.net.protocol import ErrorBody, Malformed, Object

Scalar = str | int | float | None  # a JSON value that is no container (bool is an int)


class Held(TypedDict):
    """Whom a held sand waits for, as the clock tells it (docs/network.md)."""

    reason: str
    seats: tuple[int, ...]
    seconds: float


class ClockNews(TypedDict):
    """The authority's clock as a message tells it."""

    now: int
    running: bool
    rate: float
    waiting: Object | None  # whom a held sand waits for: read when used, a server's own make


class Seen(TypedDict):
    """What one viewer sees in a welcome or an update: its new events, and its view whole
    (`view`) or what changed in it (`changed`, `removed`), and the views around moments."""

    events: list[Event]
    view: View | None
    changed: View
    removed: list[str]
    moments: dict[int, View]


class News(TypedDict):
    """What a welcome and an update both bring: the match as it stands now."""

    seen: dict[str, Seen]
    commands: dict[int, list[Command]]
    legal: dict[int, list[Command]]
    count: int
    played: int
    to_act: frozenset[int]
    due: Command | None
    outcome: Outcome | None
    clock: ClockNews | None


class Welcome(News):
    match_id: int
    face: Face
    players: list[Seat]
    options: Options
    seats: frozenset[int]
    host: bool
    online: list[bool]
    left: frozenset[int]
    paused: bool
    waited: bool


class Update(News):
    start: float  # the count it follows on ("from"); compared, never counted


class Presence(TypedDict):
    online: list[bool]
    left: frozenset[int]
    players: list[Seat]


class Advice(TypedDict):
    """The hint bot's move in a reply to `advise`, and the count it was thought at."""

    at: int | None
    command: Command | None


def token(message: Object) -> str:
    """A welcome's seat token (the link says it again in its hello)."""
    value = message.get("token", None)
    if not isinstance(value, str):
        raise Malformed("a welcome needs a token")
    return value


def error_body(value: object) -> ErrorBody:
    """An error's body: an object whose code is a scalar, its other fields words."""
    body = _object(value, "an error")
    code = body.get("code")
    if not isinstance(code, Scalar):
        raise Malformed("an error's code must be a string")
    error = ErrorBody(code="" if code is None else str(code))
    if "message" in body:
        error["message"] = str(body["message"])
    if "lacking" in body:
        error["lacking"] = str(body["lacking"])
    if "game" in body:
        error["game"] = str(body["game"])
    if "version" in body:
        error["version"] = str(body["version"])
    if "distribution" in body:
        error["distribution"] = str(body["distribution"])
    return error


def refused(message: Object) -> ErrorBody:
    """The error of a refused reply, with the words it is said in."""
    error = error_body(message.get("error"))
    if "message" not in error:
        raise Malformed("a refusal needs a message")
    return error


def new_code(message: Object) -> str:
    """The join code of a `reinvite`'s answer."""
    code = message.get("code")
    if not isinstance(code, str) or not code:
        raise Malformed("a new invite's answer needs its code")
    return code


def welcome(message: Object) -> Welcome:
    match = _object(message.get("match"), "a welcome's match")
    game = match.get("game")
    try:
        face = faces.face(game) if isinstance(game, str) else None
    except KeyError as exc:  # the server was told which games this app has
        raise Malformed(f"a welcome to a game this app lacks: {exc}") from None
    if face is None:
        raise Malformed("a welcome's match needs a game")
    return Welcome(
        match_id=_int(_field(match, "id")),
        face=face,
        players=_seats(_field(match, "players")),
        options=dict(_object(_field(match, "options"), "a match's options")),
        seats=_ints(_field(message, "seats")),
        host=bool(_field(message, "host")),
        online=_flags(_field(message, "online")),
        left=_ints(message.get("left", [])),
        paused=bool(message.get("paused")),
        waited=bool(message.get("waited")),
        **_news(message, whole=True),
    )


def update(message: Object) -> Update:
    start = _field(message, "from")
    return Update(
        start=float(start) if isinstance(start, int | float) else float("nan"),  # nan: no count
        **_news(message, whole=False),
    )


def presence(message: Object) -> Presence:
    return Presence(
        online=_flags(_field(message, "online")),
        left=_ints(message.get("left", [])),
        players=_seats(_field(message, "players")),
    )


def rematch(message: Object) -> Rematching:
    """Who wants a rematch; once all do, the new match and this connection's token there."""
    match, token = message.get("match"), message.get("token", "")
    if not isinstance(token, str):
        raise Malformed("a rematch's token must be text")
    agreed, waiting = _ints(_field(message, "agreed")), _ints(_field(message, "waiting"))
    return Rematching(agreed, waiting, None if match is None else _int(match), token)


def reply_id(message: Object) -> int | None:
    """Which of this client's requests a reply answers (its ids are whole numbers): None for an
    id that can be none of them."""
    rid = message.get("id")
    if not isinstance(rid, Scalar):
        raise Malformed("a reply's id must be a number")
    if isinstance(rid, float) and rid.is_integer():
        return int(rid)  # the same key as the whole number, as a dict finds it
    return rid if isinstance(rid, int) else None


def advice(message: Object) -> Advice:
    command = message.get("command")
    return Advice(
        at=_int(message["at"]) if "at" in message else None,
        command=_maybe_object(command, "a hint's command"),
    )


def clock(value: object) -> ClockNews | None:
    """A message's clock: none when absent (or empty)."""
    if not value:
        return None
    body = _object(value, "a clock")
    waiting = body.get("waiting")
    rate = _field(body, "rate")
    if not isinstance(rate, int | float | str):
        raise Malformed("a clock's rate must be a number")
    try:
        speed = float(rate)
    except ValueError:
        raise Malformed("a clock's rate must be a number") from None
    return ClockNews(
        now=_int(_field(body, "now")),
        running=bool(_field(body, "running")),
        rate=speed,
        waiting=_object(waiting, "") if isinstance(waiting, dict) else None,
    )


def held(waiting: Object) -> Held | None:
    """Whom a held sand waits for, or None when a server of another make says it otherwise
    (its clock still counts)."""
    seconds, seats = waiting.get("seconds"), waiting.get("seats")
    if "for" not in waiting or not isinstance(seconds, int | float | str) or not isinstance(seats, list):
        return None
    try:
        return Held(reason=str(waiting["for"]), seats=tuple(_int(s) for s in seats), seconds=float(seconds))
    except ValueError:
        return None


def _news(message: Object, whole: bool) -> News:
    return News(
        seen={
            str(key): _seen(value, whole)
            for key, value in _object(_field(message, "seen"), "the seen").items()
        },
        commands=_by_seat(_field(message, "commands"), "commands"),
        legal=_by_seat(message.get("legal") or {}, "legal moves"),
        count=_int(_field(message, "count")),
        played=_int(_field(message, "played")),
        to_act=_ints(_field(message, "to_act")),
        due=_maybe_object(_field(message, "due"), "the due command"),
        outcome=_outcome(_field(message, "outcome")),
        clock=clock(message.get("clock")),
    )


def _seen(value: object, whole: bool) -> Seen:
    seen = _object(value, "a viewer's news")
    if whole and "view" not in seen:
        raise Malformed("a welcome's news needs each view")
    view = _object(seen["view"], "a view") if "view" in seen else None
    removed = _list(seen.get("removed", []), "the removed keys")
    if not all(isinstance(key, Scalar) for key in removed):
        raise Malformed("a removed key must be a string")
    moments = seen.get("moments") or {}
    return Seen(
        events=_objects(_field(seen, "events"), "events"),
        view=view,
        changed=_object(seen.get("changed", {}), "a view's changes"),
        removed=[key for key in removed if isinstance(key, str)],  # a view's keys are strings
        moments={_int(k): _object(v, "a moment's view") for k, v in _object(moments, "moments").items()},
    )


def _outcome(value: object) -> Outcome | None:
    if value is None:
        return None
    outcome = _object(value, "an outcome")
    scores = _list(_field(outcome, "scores"), "scores")
    if not all(isinstance(score, int | float) for score in scores):
        raise Malformed("a score must be a number")
    summary = outcome.get("summary", "")
    if not isinstance(summary, str):
        raise Malformed("an outcome's summary must be words")
    return Outcome(
        tuple(_wholes(_field(outcome, "winners"))),
        tuple(score for score in scores if isinstance(score, int | float)),
        summary,
        _object(outcome.get("details") or {}, "an outcome's details"),
    )


def _field(message: Object, key: str) -> object:
    if key not in message:
        raise Malformed(f"{key!r} is missing")
    return message[key]


def _object(value: object, what: str) -> Object:
    if not isinstance(value, dict):
        raise Malformed(f"{what} must be an object")
    return value


def _maybe_object(value: object, what: str) -> Object | None:
    return None if value is None else _object(value, what)


def _list(value: object, what: str) -> list[object]:
    if not isinstance(value, list):
        raise Malformed(f"{what} must be a list")
    return value


def _objects(value: object, what: str) -> list[Object]:
    return [_object(item, what) for item in _list(value, what)]


def _by_seat(value: object, what: str) -> dict[int, list[Command]]:
    return {_int(seat): _objects(items, what) for seat, items in _object(value, what).items()}


def _int(value: object) -> int:
    """A count, read as int() read it: a number, or a string of digits."""
    if isinstance(value, int | float | str):
        try:
            return int(value)
        except (ValueError, OverflowError):
            pass
    raise Malformed(f"{str(value)[:20]!r} is no whole number")


def _wholes(value: object) -> list[int]:
    """Seats, in their order."""
    seats = _list(value, "seats")
    if not all(isinstance(seat, int) for seat in seats):
        raise Malformed("a seat must be a whole number")
    return [seat for seat in seats if isinstance(seat, int)]


def _ints(value: object) -> frozenset[int]:
    return frozenset(_wholes(value))


def _flags(value: object) -> list[bool]:
    return [bool(flag) for flag in _list(value, "the flags")]


def _seats(value: object) -> list[Seat]:
    try:
        return [Seat.from_json(seat) for seat in _list(value, "the players")]
    except FormatError as exc:
        raise Malformed(str(exc)) from None
