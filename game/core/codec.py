"""JSON in and out. Saves are data: nothing read here is ever executed."""

from __future__ import annotations

import json
from typing import Any

from game.core.i18n import msg


class FormatError(ValueError):
    """A file or text that is not what Bazaar expected, with a message a person can read."""


def dumps(value: Any) -> str:
    """Compact, key-sorted JSON so equal values give equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


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
    """What a value becomes after a trip through JSON (tuples become lists, and so on)."""
    return json.loads(dumps(value))
