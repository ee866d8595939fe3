"""JSON out: orjson's text where it writes what the standard module would, the standard
module's where it would not (game/core/codec.py). Both ways give the same JSON, key-sorted or
in the value's own order, or the same refusal."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import codec

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text() | st.integers(-5, 5) | st.booleans(), inner, max_size=4)
    ),
    max_leaves=20,
)


def standard(value: object, sort: bool) -> str:
    """What codec wrote before orjson: the standard module's compact text."""
    return codec.finite_json(value, sort_keys=sort, separators=(",", ":"), ensure_ascii=False)


@settings(max_examples=500, deadline=None)
@given(VALUES, st.booleans())
def test_the_same_json_as_the_standard_module_writes_or_the_same_refusal(value, sort):
    """Big integers, NaN, lone surrogates, keys that are no strings (sorted by value where the
    keys are sorted): the same text but a small float's exponent (1e-7 for 1e-07)."""
    ours = codec.dumps if sort else codec.compact
    try:
        theirs = standard(value, sort)
    except (TypeError, ValueError) as refused:
        with pytest.raises(type(refused)):
            ours(value)
        return
    text = ours(value)
    assert json.loads(text) == json.loads(theirs)
    if "e-" not in theirs:
        assert text == theirs


def test_what_orjson_will_not_write_is_written_or_refused_the_standard_way():
    value = {"n": 2**70, "nan": float("nan"), "keys": {10: "ten", 2: "two"}}
    assert codec.dumps(value) == '{"keys":{"2":"two","10":"ten"},"n":1180591620717411303424,"nan":null}'
    assert codec.compact(value) == '{"n":1180591620717411303424,"nan":null,"keys":{"10":"ten","2":"two"}}'

    @dataclass
    class Shape:
        cells: int

    for write in (codec.dumps, codec.compact):
        with pytest.raises(TypeError):  # refused as before, not written as an object
            write({"shape": Shape(3)})
