"""JSON in and out. Saves are data: nothing read here is ever executed."""

from __future__ import annotations

import json
import math
from typing import Any

import orjson

from game.core.i18n import msg


class FormatError(ValueError):
    """A file or text that is not what Bazaar expected, with a message a person can read."""


# orjson writes the text the standard module writes, about twelve times faster (a server
# encodes every update for every connection, and every event it stores): only a small float's
# exponent may read 1e-7 where the standard module writes 1e-07. What it will not write as the
# standard module would (an integer past 64 bits, a dataclass, a string that is no valid UTF-8;
# for sorted keys, keys that are no strings, which Python sorts by value) goes the standard
# way, which writes it or refuses it as before. NaN and the infinities are null in both.
_AS_STANDARD = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def dumps(value: Any) -> str:
    """Compact, key-sorted JSON so equal values give equal text."""
    try:
        return orjson.dumps(value, option=_AS_STANDARD | orjson.OPT_SORT_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return finite_json(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def compact(value: Any) -> str:
    """Compact JSON, keys in the value's own order (the network's messages)."""
    try:
        return orjson.dumps(value, option=_AS_STANDARD | orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return finite_json(value, separators=(",", ":"), ensure_ascii=False)


def finite_json(value: Any, **layout: Any) -> str:
    """JSON text that a strict parser reads: a number JSON has no word for (infinity, NaN,
    only ever found in a log stored before they were refused) is written as null."""
    try:
        return json.dumps(value, allow_nan=False, **layout)
    except ValueError:
        return json.dumps(finite(value), allow_nan=False, **layout)


def finite(value: Any) -> Any:
    """`value` with infinities and NaN as None."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [finite(v) for v in value]
    return value


def loads(text: str, what: str = "data") -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FormatError(
            msg(
                "{what} is not valid JSON (line {line}, column {column})",
                what=what,
                line=exc.lineno,
                column=exc.colno,
            )
        ) from None


def roundtrip(value: Any) -> Any:
    """What a value becomes after a trip through JSON (tuples become lists, and so on). Every
    command and event of a match takes this trip (a clock's time entry every second of sand):
    a value already plain JSON is copied as the trip would give it (keys sorted), without the
    text; anything else (other key or number types, infinity) takes the trip itself."""
    try:
        return _plain(value)
    except _NotPlain:
        return json.loads(dumps(value))


class _NotPlain(Exception):
    pass


_SCALARS = frozenset({str, int, bool, type(None)})


def _key(key: Any) -> str:
    if type(key) is not str:
        raise _NotPlain  # JSON would make it a string, and sort it as one
    return key


def _plain(value: Any) -> Any:
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict:
        out = {}
        for k in sorted(value, key=_key):
            v = value[k]
            out[k] = v if type(v) in _SCALARS else _plain(v)
        return out
    if kind is list or kind is tuple:
        return [_plain(v) for v in value]
    if kind is float and math.isfinite(value):
        return value
    raise _NotPlain
