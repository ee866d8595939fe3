"""An invite: where the host is and the join code of one seat, as one line a person can copy.

    bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC?pin=PIN&via=198.51.100.7:8765&relay=relay.example.org:443
    bazaars://play.example.org/7KQ2-M9XD-4RTW-8HJC   (TLS checked against the system's authorities)

With a pin (`pin=`, game/net/identity.py) the host is reached over wss:// and must show that key:
no authority is asked. The first address is the host's at home; `via=` adds others (the
router's public address, a global IPv6 one), tried after it; `relay=` a relay that holds the
host (its id there is the pin). Without a pin, `bazaar://` is plain ws:// (an invite of an older
Bazaar, or a `serve` behind a proxy on a trusted network). A bare "HOST:PORT CODE" (or
"HOST:PORT/CODE") is read too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs

from game.core.i18n import msg
from game.net.protocol import DEFAULT_PORT

SCHEME = "bazaar://"
TLS_SCHEME = "bazaars://"  # the same over TLS (wss://), port 443 unless said
CODE_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 16  # 16 letters of 5 bits: 80 bits, guessed at 1000 tries a second in 10^13 years
_AFTER = ".,;:!?)]>\"'」』。、"  # what a sentence puts after an invite (never its own last letter)
_INSIDE = re.compile(r"bazaars?://[!-~]+", re.IGNORECASE)  # an invite within other words (ASCII)
PIN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # base64url of a SHA-256, unpadded (identity.PIN_LENGTH)
_ADDRESS = re.compile(r"^(?:\[(?P<v6>[0-9a-fA-F:.]+)\]|(?P<host>[A-Za-z0-9.-]+))(?::(?P<port>\d{1,5}))?$")


def normal_code(code: str) -> str:
    """A code as typed, read as printed: case, spaces and dashes do not matter, and the
    letters people confuse (O for 0, I and L for 1) are read as the digits."""
    text = code.upper().replace("-", "").replace(" ", "")
    return text.translate(str.maketrans("OIL", "011"))


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    code: str
    tls: bool = False  # wss://, the host's certificate checked against the system's
    pin: str | None = None  # wss://, the host's key checked against this pin (no authority)
    via: tuple[tuple[str, int], ...] = ()  # more addresses of the host, tried after the first
    relay: tuple[str, int] | None = None  # a relay holding the host (its id there: the pin)

    @property
    def address(self) -> str:
        return address(self.host, self.port)

    @property
    def secure(self) -> bool:
        return self.tls or self.pin is not None

    @property
    def url(self) -> str:
        return f"{'wss' if self.secure else 'ws'}://{self.address}/"

    @property
    def candidates(self) -> tuple[tuple[str, int], ...]:
        """The host's addresses in the order a guest tries them: home first."""
        return ((self.host, self.port), *self.via)

    def __str__(self) -> str:
        extra = [f"pin={self.pin}"] if self.pin else []
        extra += [f"via={address(h, p)}" for h, p in self.via]
        if self.relay is not None:
            extra.append(f"relay={address(*self.relay)}")
        query = "?" + "&".join(extra) if extra else ""
        return f"{TLS_SCHEME if self.tls else SCHEME}{self.address}/{self.code}{query}"


def address(host: str, port: int) -> str:
    """HOST:PORT, an IPv6 host in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _host_port(text: str, default_port: int) -> tuple[str, int]:
    found = _ADDRESS.match(text.strip())
    if found is None:
        raise ValueError(msg("{address} is not a computer's address", address=text.strip()[:60]))
    port = int(found["port"] or default_port)
    if not 0 < port < 65536:
        raise ValueError(msg("{port} is not a port number", port=port))
    return found["v6"] or found["host"], port


def parse(text: str) -> Invite:
    """The invite in `text`, or ValueError saying in words what is wrong with it. A whole line
    of a chat pasted ("Join my game: bazaar://…, see you!") gives the invite inside it."""
    text = text.strip()
    inside = _INSIDE.search(text)
    if inside is not None and inside.start() > 0:  # (one pasted alone may have spaces in its code)
        text = inside.group(0)
    text = text.rstrip(_AFTER)
    tls = text.lower().startswith(TLS_SCHEME)
    for scheme in (SCHEME, TLS_SCHEME):
        if text.lower().startswith(scheme):
            text = text[len(scheme) :]
    text, _, query = text.partition("?")
    # the address ends at the first slash or space (the code may be typed with spaces in it)
    end = re.search(r"[/\s]", text)
    where, code = (text[: end.start()], text[end.end() :]) if end else (text, "")
    if not code.strip(" /"):
        raise ValueError(msg("An invite looks like bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC"))
    host, port = _host_port(where, 443 if tls else DEFAULT_PORT)
    fields = parse_qs(query.strip(), keep_blank_values=True)
    pins = fields.get("pin", [])
    if len(pins) > 1 or any(not PIN.match(p) for p in pins):
        raise ValueError(msg("The invite's key (pin=) is damaged: copy the whole invite again"))
    via = tuple(_host_port(v, DEFAULT_PORT) for v in fields.get("via", []))
    relays = fields.get("relay", [])
    if len(relays) > 1 or (relays and not pins):
        raise ValueError(msg("The invite's relay is damaged: copy the whole invite again"))
    relay = _host_port(relays[0], 443) if relays else None
    letters = normal_code(code.strip(" /"))
    if len(letters) != CODE_LENGTH or any(c not in CODE_LETTERS for c in letters):
        raise ValueError(
            msg("The join code has {n} letters and digits, as 7KQ2-M9XD-4RTW-8HJC", n=CODE_LENGTH)
        )
    pretty = "-".join(letters[i : i + 4] for i in range(0, CODE_LENGTH, 4))
    return Invite(host, port, pretty, tls, pins[0] if pins else None, via, relay)
