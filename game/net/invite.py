"""An invite: where the host is and the join code of one seat, as one line a person can copy.

    bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC
    bazaars://play.example.org/7KQ2-M9XD-4RTW-8HJC   (over TLS: wss://, port 443 unless said)

A bare "HOST:PORT CODE" (or "HOST:PORT/CODE") is read too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.i18n import msg
from game.net.protocol import DEFAULT_PORT

SCHEME = "bazaar://"
TLS_SCHEME = "bazaars://"  # the same over TLS (wss://), port 443 unless said
CODE_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base 32: no I, L, O, U
CODE_LENGTH = 16  # 16 letters of 5 bits: 80 bits, guessed at 1000 tries a second in 10^13 years
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

    @property
    def address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"

    @property
    def url(self) -> str:
        return f"{'wss' if self.tls else 'ws'}://{self.address}/"

    def __str__(self) -> str:
        return f"{TLS_SCHEME if self.tls else SCHEME}{self.address}/{self.code}"


def parse(text: str) -> Invite:
    """The invite in `text`, or ValueError saying in words what is wrong with it."""
    text = text.strip()
    tls = text.lower().startswith(TLS_SCHEME)
    for scheme in (SCHEME, TLS_SCHEME):
        if text.lower().startswith(scheme):
            text = text[len(scheme) :]
    # the address ends at the first slash or space (the code may be typed with spaces in it)
    end = re.search(r"[/\s]", text)
    address, code = (text[: end.start()], text[end.end() :]) if end else (text, "")
    if not code.strip(" /"):
        raise ValueError(msg("An invite looks like bazaar://192.168.1.20:8765/7KQ2-M9XD-4RTW-8HJC"))
    found = _ADDRESS.match(address.strip())
    if found is None:
        raise ValueError(msg("{address} is not a computer's address", address=address.strip()[:60]))
    port = int(found["port"] or (443 if tls else DEFAULT_PORT))
    if not 0 < port < 65536:
        raise ValueError(msg("{port} is not a port number", port=port))
    letters = normal_code(code.strip(" /"))
    if len(letters) != CODE_LENGTH or any(c not in CODE_LETTERS for c in letters):
        raise ValueError(
            msg("The join code has {n} letters and digits, as 7KQ2-M9XD-4RTW-8HJC", n=CODE_LENGTH)
        )
    pretty = "-".join(letters[i : i + 4] for i in range(0, CODE_LENGTH, 4))
    return Invite(found["v6"] or found["host"], port, pretty, tls)
