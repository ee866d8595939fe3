"""The messages' shapes, invites, join codes and seat tokens, without a socket.

Rules checked: decode refuses anything that is not a JSON object of a known type with its
fields and our version, each with its error code (issue 35, "Bad input"); an invite is read as
a person types it and a bad one is said in words; a join code is single-use and carries at
least 64 bits; a token reconnects its seat and nothing else; only hashes are stored.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.net import protocol as p
from game.net.invite import CODE_LENGTH, CODE_LETTERS, SCHEME, Invite, normal_code, parse
from game.net.keys import FILENAME, Keys, Pass, new_code

# -- decode ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("{", p.BAD_JSON),
        ("hello", p.BAD_JSON),
        ("", p.BAD_JSON),
        ("[" * 50_000, p.BAD_JSON),  # too deep to read: refused, not a crash
        ('{"type": "ping", "id": ' + "9" * 5000 + "}", p.BAD_JSON),  # a number too long to read
        ('{"type": "ping", "id": 1, "x": NaN}', p.BAD_JSON),  # not JSON, though Python reads it
        ('{"type": "ping", "id": 1, "x": -Infinity}', p.BAD_JSON),
        ('{"type": "hello", "v": 1, "token": "\\ud800"}', p.BAD_JSON),  # a lone surrogate
        ("[1, 2]", p.BAD_MESSAGE),
        ('"ping"', p.BAD_MESSAGE),
        ("42", p.BAD_MESSAGE),
        ("null", p.BAD_MESSAGE),
        ("{}", p.UNKNOWN_TYPE),
        ('{"type": "dance"}', p.UNKNOWN_TYPE),
        ('{"type": 7}', p.UNKNOWN_TYPE),
        ('{"type": ["ping"]}', p.UNKNOWN_TYPE),
        ('{"type": "welcome"}', p.UNKNOWN_TYPE),  # the server's message, not a request
        ('{"type": "submit", "id": 1, "seat": 0}', p.BAD_MESSAGE),
        ('{"type": "hello", "v": 1}', p.BAD_MESSAGE),
        ('{"type": "join", "code": "X"}', p.BAD_MESSAGE),
        ('{"type": "ping"}', p.BAD_MESSAGE),
        ('{"type": "ping", "id": "1"}', p.BAD_MESSAGE),
        ('{"type": "ping", "id": true}', p.BAD_MESSAGE),
        ('{"type": "ping", "id": 1.5}', p.BAD_MESSAGE),
        ('{"type": "hello", "v": 1, "token": "x"}', p.VERSION_MISMATCH),  # the version before
        ('{"type": "join", "v": "1", "code": "x"}', p.VERSION_MISMATCH),
        ('{"type": "create", "v": 0, "game": "jaipur", "seats": []}', p.VERSION_MISMATCH),
    ],
)
def test_decode_refuses_what_is_not_a_request_with_its_code(text, code):
    with pytest.raises(p.ProtocolError) as refused:
        p.decode(text)
    assert refused.value.code == code
    assert refused.value.message  # in words, for the person at the other end
    assert len(refused.value.message) < 200  # an echo of what was sent is cut short


def standard(text: str) -> tuple[str, object]:
    """What decode made of `text` by the standard path alone (its quick reader turned off)."""
    quick, p._quick = p._quick, lambda _text: None
    try:
        return "message", p.decode(text)
    except p.ProtocolError as refused:
        return refused.code, refused.message
    finally:
        p._quick = quick


def decoded(text: str) -> tuple[str, object]:
    try:
        return "message", p.decode(text)
    except p.ProtocolError as refused:
        return refused.code, refused.message


# a request's worth of JSON values, and texts that are almost JSON (the readers must agree on
# what they refuse as on what they take, and on the type of every number)
_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
_odd = st.sampled_from(
    [
        "NaN",
        "Infinity",
        "-Infinity",
        "1e999",
        "-1e400",
        "1E308",
        "00",
        "1.",
        ".5",
        "-0",
        "1e5",
        '"\\ud800"',
        '"\\ud83d\\ude00"',
        '"\t"',
        "[1,]",
        '{"a":1,"a":2}',
        "9" * 19,
        "-" + "9" * 18,
        " ",
        "true",
        "nul",
    ]
)


@settings(max_examples=300, deadline=None)
@given(
    fields=st.dictionaries(st.text(max_size=8), _json, max_size=4),
    odd=st.one_of(st.none(), _odd),
    kind=st.sampled_from(["submit", "ping", "dance"]),
)
def test_the_quick_reader_and_the_standard_one_decode_alike(fields, odd, kind):
    """decode reads most messages with orjson; whatever it reads, and whatever it refuses, the
    standard reader would have read or refused alike (a 64-bit overflow, NaN, a lone surrogate)."""
    message = {"type": kind, "id": 1, "seat": 0, "command": fields}
    text = json.dumps(message, ensure_ascii=False)
    if odd is not None:  # a value written by hand, where a field's would be
        text = text[:-1] + ', "x": ' + odd + "}"
    quick, slow = decoded(text), standard(text)
    assert quick == slow
    if quick[0] == "message":
        assert [type(v) for v in _leaves(quick[1])] == [type(v) for v in _leaves(slow[1])]


def _leaves(value: object) -> list[object]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value]


@pytest.mark.parametrize("frame", [b"{}", b'{"type": "ping", "id": 1}', b"\x00\xff"])
def test_decode_refuses_binary_frames(frame):
    with pytest.raises(p.ProtocolError) as refused:
        p.decode(frame)
    assert refused.value.code == p.BAD_MESSAGE
    assert "binary" in refused.value.message


def test_decode_takes_each_request_with_its_fields():
    samples = {
        "hello": {"v": p.VERSION, "token": "t"},
        "join": {"v": p.VERSION, "code": "c"},
        "create": {"v": p.VERSION, "game": "jaipur", "seats": []},
        "submit": {"id": 1, "seat": 0, "command": {}},
        "check": {"id": 2, "seat": 0, "command": {}},
        "legal": {"id": 3, "seat": 0},
        "view_at": {"id": 4, "count": 0},
        "ping": {"id": 5},
        "ready": {},
        "leave": {},
        "hand_to_bot": {"id": 6, "seat": 1, "level": "easy"},
        "advise": {"id": 7, "seat": 0},
        "rematch": {"id": 8},
        "reinvite": {"id": 9, "seat": 1},
    }
    assert set(samples) == set(p.REQUESTS)
    for kind, fields in samples.items():
        message = {"type": kind, **fields}
        assert p.decode(p.encode(message)) == message
    # text beyond ASCII, escaped or not, is text
    assert p.decode('{"type": "hello", "v": 5, "token": "\\ud83d\\ude00 तारा"}')["token"] == "😀 तारा"


def test_errors_answer_their_request_or_stand_alone():
    assert p.error(p.REFUSED, "no", 7) == {
        "type": "reply",
        "id": 7,
        "ok": False,
        "error": {"code": p.REFUSED, "message": "no"},
    }
    assert p.error(p.BAD_JSON, "what?") == {
        "type": "error",
        "error": {"code": p.BAD_JSON, "message": "what?"},
    }
    assert p.reply(3, view={}) == {"type": "reply", "id": 3, "ok": True, "view": {}}


# -- invites -----------------------------------------------------------------------------------

CODE = "7KQ2-M9XD-4RTW-8HJC"


@pytest.mark.parametrize(
    ("text", "host", "port"),
    [
        (f"bazaar://192.168.1.20:8765/{CODE}", "192.168.1.20", 8765),
        (f"BAZAAR://192.168.1.20:8765/{CODE}", "192.168.1.20", 8765),
        (f"  bazaar://192.168.1.20:8765/{CODE}/  ", "192.168.1.20", 8765),
        (f"192.168.1.20:8765/{CODE}", "192.168.1.20", 8765),
        (f"192.168.1.20:9000 {CODE}", "192.168.1.20", 9000),
        (f"bazaar://[::1]:8765/{CODE}", "::1", 8765),
        (f"bazaar://[fe80::1ff:fe23:4567:890a]/{CODE}", "fe80::1ff:fe23:4567:890a", p.DEFAULT_PORT),
        (f"bazaar://table.example.org/{CODE}", "table.example.org", p.DEFAULT_PORT),
        (f"localhost/{CODE}", "localhost", p.DEFAULT_PORT),
        (f"bazaar://127.0.0.1:1/{CODE}", "127.0.0.1", 1),
        (f"bazaar://127.0.0.1:65535/{CODE}", "127.0.0.1", 65535),
    ],
)
def test_good_invites_are_read(text, host, port):
    invite = parse(text)
    assert (invite.host, invite.port, invite.code) == (host, port, CODE)
    assert parse(str(invite)) == invite  # what is shown can be pasted again
    assert str(invite).startswith(SCHEME)
    assert invite.url == (f"ws://[{host}]:{port}/" if ":" in host else f"ws://{host}:{port}/")


@pytest.mark.parametrize(
    "typed",
    [
        "7kq2-m9xd-4rtw-8hjc",  # lower case
        "7KQ2M9XD4RTW8HJC",  # no dashes
        "7KQ2 M9XD 4RTW 8HJC",  # spaces
        "7kq2m9xd4rtw8hjc",
    ],
)
def test_a_code_is_read_however_it_is_typed(typed):
    assert parse(f"bazaar://10.0.0.2:8765/{typed}").code == CODE


def test_letters_people_confuse_are_read_as_the_digits():
    assert normal_code("O0-Il-1L") == "001111"
    assert parse("bazaar://10.0.0.2/OIL2-M9XD-4RTW-8HJC").code == "011" + "2-M9XD-4RTW-8HJC"
    assert parse("bazaar://10.0.0.2/oil2-m9xd-4rtw-8hjc").code == "0112-M9XD-4RTW-8HJC"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "An invite looks like"),
        ("bazaar://", "An invite looks like"),
        ("bazaar://192.168.1.20:8765", "An invite looks like"),
        ("bazaar://192.168.1.20:8765/", "An invite looks like"),
        (f"bazaar://::1:8765/{CODE}", "is not a computer's address"),
        (f"bazaar://host_name:8765/{CODE}", "is not a computer's address"),
        (f"bazaar://192.168.1.20:port/{CODE}", "is not a computer's address"),
        (f"bazaar://192.168.1.20:123456/{CODE}", "is not a computer's address"),
        (f"bazaar://192.168.1.20:0/{CODE}", "0 is not a port number"),
        (f"bazaar://192.168.1.20:70000/{CODE}", "70000 is not a port number"),
        ("bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW", "The join code has 16 letters"),
        ("bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC-2", "The join code has 16 letters"),
        ("bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJU", "The join code has 16 letters"),  # no U
        ("bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJ!", "The join code has 16 letters"),
    ],
)
def test_bad_invites_say_what_is_wrong(text, says):
    with pytest.raises(ValueError) as bad:
        parse(text)
    assert says in str(bad.value)


def test_an_invite_names_an_ipv6_host_in_brackets():
    invite = Invite("::1", 8765, CODE)
    assert invite.address == "[::1]:8765"
    assert str(invite) == f"bazaar://[::1]:8765/{CODE}"


# -- join codes and seat tokens ------------------------------------------------------------------


def test_a_code_carries_at_least_64_bits():
    assert len(set(CODE_LETTERS)) == len(CODE_LETTERS) == 32
    assert not set("ILOU") & set(CODE_LETTERS)  # none of the letters people misread
    assert CODE_LENGTH * math.log2(len(CODE_LETTERS)) >= 64
    codes = [new_code() for _ in range(2000)]
    for code in codes[:50]:
        assert normal_code(code) == code.replace("-", "")
        assert len(normal_code(code)) == CODE_LENGTH
        assert set(normal_code(code)) <= set(CODE_LETTERS)
        assert parse(f"h/{code}").code == code
    assert len(set(codes)) == len(codes)
    # every letter of the alphabet is drawn (32 letters, 32000 draws: each about 1000 times)
    seen = Counter("".join(normal_code(c) for c in codes))
    assert set(seen) == set(CODE_LETTERS)
    assert min(seen.values()) > 700


@pytest.fixture
def keys(tmp_path):
    keys = Keys(tmp_path / FILENAME)
    yield keys
    keys.close()


def test_a_code_is_single_use(keys):
    codes, host_token = keys.host(5, online=[1, 2], at_screen=[0])
    assert set(codes) == {1, 2}
    first = keys.claim(codes[1])
    assert not isinstance(first, str)
    grant, token = first
    assert grant == Pass(5, (1,), False)
    assert keys.claim(codes[1]) == "code-used"
    assert keys.claim(codes[1].lower().replace("-", " ")) == "code-used"  # however it is typed
    assert keys.claim(new_code()) == "bad-code"
    assert keys.claim("") == "bad-code"
    assert keys.open_codes(5) == [2]
    assert keys.check(token) == Pass(5, (1,), False)


def test_a_token_reconnects_its_seat_and_nothing_else(keys):
    codes, host_token = keys.host(5, online=[1, 2], at_screen=[0])
    other_codes, other_host = keys.host(6, online=[0], at_screen=[1])
    claimed = keys.claim(codes[2])
    assert not isinstance(claimed, str)
    _, token = claimed
    assert keys.check(token) == Pass(5, (2,), False)
    assert keys.check(host_token) == Pass(5, (0,), True)
    assert keys.check(other_host) == Pass(6, (1,), True)
    for wrong in ("", token[:-1], token + "A", token.upper(), codes[1], host_token[1:]):
        assert keys.check(wrong) is None
    # the host's app started again: a fresh host token, the old one reconnects nothing
    fresh = keys.host_again(5, [0])
    assert keys.check(host_token) is None
    assert keys.check(fresh) == Pass(5, (0,), True)
    assert keys.check(token) == Pass(5, (2,), False)
    # fresh invites for a seat nobody took: the old code stops working
    again = keys.new_codes(5, [1])
    assert keys.claim(codes[1]) == "bad-code"
    assert not isinstance(keys.claim(again[1]), str)


def test_only_hashes_are_stored(tmp_path):
    path = tmp_path / FILENAME
    keys = Keys(path)
    codes, host_token = keys.host(9, online=[0, 1], at_screen=[])
    claimed = keys.claim(codes[0])
    assert not isinstance(claimed, str)
    _, token = claimed
    fresh = keys.host_again(9, [])
    more = keys.new_codes(9, [1])
    secrets = [host_token, token, fresh, *codes.values(), *more.values()]
    secrets += [normal_code(c) for c in [*codes.values(), *more.values()]]
    stored = b"".join(f.read_bytes() for f in tmp_path.iterdir() if f.name.startswith(FILENAME))
    keys.close()
    stored += b"".join(f.read_bytes() for f in tmp_path.iterdir() if f.name.startswith(FILENAME))
    assert len(stored) > 4096  # the database (and its write-ahead log) was read
    for secret in secrets:
        for form in (secret, secret.lower(), secret.replace("-", "")):
            assert form.encode() not in stored, f"{form} is stored as it is"
            assert form.encode("utf-16-le") not in stored


PIN = "q" * 43


def test_an_invite_carries_its_pin_addresses_and_relay():
    invite = Invite(
        "192.168.1.20",
        8765,
        CODE,
        pin=PIN,
        via=(("198.51.100.7", 8765), ("2001:db8::5", 8765)),
        relay=("relay.example.org", 443),
    )
    text = str(invite)
    assert text == (
        f"bazaar://192.168.1.20:8765/{CODE}?pin={PIN}&via=198.51.100.7:8765&via=[2001:db8::5]:8765"
        "&relay=relay.example.org:443"
    )
    assert parse(text) == invite
    assert invite.url == "wss://192.168.1.20:8765/"  # a pinned host is reached over TLS
    assert invite.candidates[0] == ("192.168.1.20", 8765)  # home first
    assert parse(f"bazaar://10.0.0.2:8765/{CODE}").pin is None  # an older invite: plain ws://


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ("pin=short", "key (pin=) is damaged"),
        (f"pin={PIN}&pin={PIN}", "key (pin=) is damaged"),
        (f"pin={PIN}&via=no%20such", "is not a computer's address"),
        ("relay=relay.example.org", "relay is damaged"),  # a relay without the key it holds
    ],
)
def test_a_damaged_invite_query_says_what_is_wrong(query, says):
    with pytest.raises(ValueError, match=re.escape(says)):
        parse(f"bazaar://10.0.0.2:8765/{CODE}?{query}")


@pytest.mark.parametrize(
    "line",
    [
        "Join my Bazaar game: {invite}",
        "Join my Bazaar game: {invite} see you at 8!",
        "{invite}.",
        "(invite: <{invite}>)",
        "招待です：{invite}。よろしく",
    ],
)
def test_an_invite_is_found_inside_a_pasted_chat_line(line):
    """Issue 55, item 18: a whole chat line pasted into Join gives the invite inside it."""
    invite = Invite("192.168.1.20", 8765, CODE, pin=PIN, via=(("198.51.100.7", 8765),))
    assert parse(line.format(invite=invite)) == invite
