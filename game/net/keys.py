"""Join codes and seat tokens, kept in SQLite beside the matches (`network.sqlite3`).

A join code is handed out once per online seat, in an invite; using it gives a seat token,
and the code is spent. The token reconnects that seat and nothing else. The host's token
plays the seats at the host's screen and may hand a seat to a bot. Only hashes are stored:
a stolen database file reconnects nobody.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from game.net.invite import CODE_LENGTH, CODE_LETTERS, normal_code

FILENAME = "network.sqlite3"

SCHEMA = """
CREATE TABLE IF NOT EXISTS codes (
    hash TEXT PRIMARY KEY, match_id INTEGER NOT NULL, seat INTEGER NOT NULL, used INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY, match_id INTEGER NOT NULL, seats TEXT NOT NULL, host INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS hosted (match_id INTEGER PRIMARY KEY, finished INTEGER NOT NULL DEFAULT 0);
"""


@dataclass(frozen=True)
class Pass:
    """What a token lets its holder do: play `seats` of match `match_id`, and host it or not."""

    match_id: int
    seats: tuple[int, ...]
    host: bool


def new_code() -> str:
    letters = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
    return "-".join(letters[i : i + 4] for i in range(0, CODE_LENGTH, 4))


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Keys:
    """The codes and tokens of every match a server hosts. Thread-safe (one lock)."""

    def __init__(self, path: Path | str):
        self._conn = sqlite3.connect(str(path), check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.executescript(SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def host(self, match_id: int, online: list[int], at_screen: list[int]) -> tuple[dict[int, str], str]:
        """Register a hosted match: a join code for each online seat, and the host's token for
        the seats at its screen. Returns ({seat: code}, token)."""
        codes = {seat: new_code() for seat in online}
        token = secrets.token_urlsafe(32)
        with self._lock, self._conn:
            self._conn.execute("INSERT OR REPLACE INTO hosted (match_id) VALUES (?)", (match_id,))
            for seat, code in codes.items():
                self._conn.execute(
                    "INSERT INTO codes VALUES (?, ?, ?, 0)", (_hash(normal_code(code)), match_id, seat)
                )
            self._conn.execute(
                "INSERT INTO tokens VALUES (?, ?, ?, 1)", (_hash(token), match_id, json.dumps(at_screen))
            )
        return codes, token

    def host_again(self, match_id: int, at_screen: list[int]) -> str:
        """A fresh host token for a hosted match (the host's app started again); the old one
        stops working."""
        token = secrets.token_urlsafe(32)
        with self._lock, self._conn:
            self._conn.execute("DELETE FROM tokens WHERE match_id = ? AND host = 1", (match_id,))
            self._conn.execute(
                "INSERT INTO tokens VALUES (?, ?, ?, 1)", (_hash(token), match_id, json.dumps(at_screen))
            )
        return token

    def new_codes(self, match_id: int, seats: list[int]) -> dict[int, str]:
        """Fresh invites for seats: their old codes stop working, and so does the token of a
        player who took the seat before (the host invites someone else, or the same person
        whose app lost its seat)."""
        codes = {seat: new_code() for seat in seats}
        with self._lock, self._conn:
            for seat, code in codes.items():
                self._conn.execute("DELETE FROM codes WHERE match_id = ? AND seat = ?", (match_id, seat))
                self._conn.execute(
                    "DELETE FROM tokens WHERE match_id = ? AND host = 0 AND seats = ?",
                    (match_id, json.dumps([seat])),
                )
                self._conn.execute(
                    "INSERT INTO codes VALUES (?, ?, ?, 0)", (_hash(normal_code(code)), match_id, seat)
                )
        return codes

    def revoke(self, match_id: int, seat: int) -> None:
        """The seat's player is gone for good (a bot plays it now): their token opens nothing,
        and an invite for the seat lets nobody in."""
        with self._lock, self._conn:
            self._conn.execute(
                "DELETE FROM tokens WHERE match_id = ? AND host = 0 AND seats = ?",
                (match_id, json.dumps([seat])),
            )
            self._conn.execute("UPDATE codes SET used = 1 WHERE match_id = ? AND seat = ?", (match_id, seat))

    def claim(self, code: str, spend: bool = True) -> tuple[Pass, str] | str:
        """Spend a join code: its seat's pass and a new token, or why not ("bad-code",
        "code-used"). Not `spend`: only its seat's pass (the token ""), the code left unused."""
        key = _hash(normal_code(code))
        with self._lock, self._conn:
            row = self._conn.execute(
                "SELECT match_id, seat, used FROM codes WHERE hash = ?", (key,)
            ).fetchone()
            if row is None:
                return "bad-code"
            match_id, seat, used = row
            if used:
                return "code-used"
            if not spend:
                return Pass(match_id, (seat,), False), ""
            token = secrets.token_urlsafe(32)
            self._conn.execute("UPDATE codes SET used = 1 WHERE hash = ?", (key,))
            self._conn.execute(
                "INSERT INTO tokens VALUES (?, ?, ?, 0)", (_hash(token), match_id, json.dumps([seat]))
            )
        return Pass(match_id, (seat,), False), token

    def token(self, match_id: int, seats: tuple[int, ...]) -> str:
        """A new token for a guest's seats (a rematch carries them on without an invite)."""
        token = secrets.token_urlsafe(32)
        with self._lock, self._conn:
            self._conn.execute(
                "INSERT INTO tokens VALUES (?, ?, ?, 0)", (_hash(token), match_id, json.dumps(list(seats)))
            )
        return token

    def check(self, token: str) -> Pass | None:
        with self._lock:
            row = self._conn.execute(
                "SELECT match_id, seats, host FROM tokens WHERE hash = ?", (_hash(token),)
            ).fetchone()
        if row is None:
            return None
        return Pass(row[0], tuple(json.loads(row[1])), bool(row[2]))

    def hosted(self) -> list[int]:
        """The matches this server hosts and has not seen finish."""
        with self._lock:
            rows = self._conn.execute("SELECT match_id FROM hosted WHERE finished = 0").fetchall()
        return [r[0] for r in rows]

    def is_hosted(self, match_id: int) -> bool:
        with self._lock:
            row = self._conn.execute("SELECT 1 FROM hosted WHERE match_id = ?", (match_id,)).fetchone()
        return row is not None

    def finished(self, match_id: int) -> None:
        with self._lock, self._conn:
            self._conn.execute("UPDATE hosted SET finished = 1 WHERE match_id = ?", (match_id,))

    def open_codes(self, match_id: int) -> list[int]:
        """The seats whose invite has not been used yet."""
        with self._lock:
            rows = self._conn.execute(
                "SELECT seat FROM codes WHERE match_id = ? AND used = 0", (match_id,)
            ).fetchall()
        return sorted(r[0] for r in rows)
