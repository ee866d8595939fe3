"""The SQLite file behind the store: its schema, identity, and the check made before use.

A file is used only when it is ours (PRAGMA application_id), of a schema version we know
(PRAGMA user_version) and passes SQLite's integrity check. The check reads the raw header first
and then opens the file read-only, so a foreign or damaged file is never written to.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from game.core.i18n import msg

FILENAME = "bazaar.sqlite3"
APPLICATION_ID = 0x42415A52  # "BAZR"
SCHEMA_VERSION = 1
BUSY_MS = 10_000  # a second instance waits this long for the write lock instead of failing
COMPANIONS = ("-wal", "-shm", "-journal")  # files SQLite keeps beside the database
MAGIC = b"SQLite format 3\x00"

SCHEMA = (
    """CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        seed INTEGER NOT NULL,
        options TEXT NOT NULL,
        setup TEXT,
        status TEXT NOT NULL DEFAULT 'playing'
            CHECK (status IN ('playing', 'finished', 'abandoned')),
        imported INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL,
        updated TEXT NOT NULL,
        n_events INTEGER NOT NULL DEFAULT 0,
        n_commands INTEGER NOT NULL DEFAULT 0,
        winners TEXT,
        summary TEXT
    )""",
    """CREATE TABLE seats (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        level TEXT NOT NULL,
        score REAL,
        result TEXT CHECK (result IN ('win', 'draw', 'loss')),
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID""",
    """CREATE TABLE events (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE commands (
        match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat INTEGER,
        body TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID""",
    "CREATE INDEX matches_by_status ON matches (status, updated)",
)
TABLES = frozenset({"matches", "seats", "events", "commands"})

# Tables added after schema 1, made on every open when missing: a file of an older Bazaar gains
# them, and an older Bazaar reading a newer file simply does not look at them.
ADDED = (
    # where a match played on from a replay of another began: the other match (its id, kept
    # even when that match is deleted later), the event count and the move count taken over
    """CREATE TABLE IF NOT EXISTS branches (
        match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        parent INTEGER NOT NULL,
        at INTEGER NOT NULL,
        moves INTEGER NOT NULL
    )""",
    # how many of a match's commands are time in the log (a timed game's clock), not moves:
    # the lists count moves (a match saved before these were kept has none)
    """CREATE TABLE IF NOT EXISTS clock (
        match_id INTEGER PRIMARY KEY REFERENCES matches(id) ON DELETE CASCADE,
        entries INTEGER NOT NULL
    )""",
)
ADDED_TABLES = frozenset({"branches", "clock"})


# SQLite result codes (low byte) that say the file is bad, as opposed to busy or unreachable now.
DAMAGE_CODES = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB
BUSY = 5  # SQLITE_BUSY


class Unavailable(Exception):
    """The file may be fine but cannot be checked now (locked, unreadable): never move it aside."""


class Interrupted(Unavailable):
    """A read failed while the file was being checked (another window writing): try again."""


def diagnose(path: Path) -> str | None:
    """Why the file at `path` cannot be used as our database, or None when it can (or is absent).

    Raises Unavailable when the file cannot be checked right now.
    """
    try:
        with open(path, "rb") as handle:
            head = handle.read(100)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Unavailable(msg("it cannot be read ({why})", why=exc.strerror)) from None
    if not head:
        return None  # an empty file is what sqlite3.connect leaves: nothing to keep
    if len(head) < 100 or not head.startswith(MAGIC):
        return msg("it is not an SQLite database")
    app_id = int.from_bytes(head[68:72], "big")
    if app_id not in (0, APPLICATION_ID):
        return msg("it belongs to another program (application id {id})", id=f"0x{app_id:08X}")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_MS / 1000)
    except sqlite3.Error as exc:
        raise Unavailable(msg("SQLite cannot open it ({why})", why=str(exc))) from None
    try:
        return _check_contents(conn, app_id)
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorcode", 0) & 0xFF in DAMAGE_CODES:
            return msg("SQLite cannot read it ({why})", why=str(exc))
        raise Unavailable(msg("SQLite cannot check it now ({why})", why=str(exc))) from None
    finally:
        conn.close()


def _check_contents(conn: sqlite3.Connection, app_id: int) -> str | None:
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app_id == 0:
        # Ours always carry the id (it is written before anything else); an empty one is harmless.
        if not tables:
            return None
        return msg("it belongs to another program (tables: {tables})", tables=", ".join(sorted(tables)))
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        return msg(
            "it was written by a newer Bazaar (schema {version}; this one reads {ours})",
            version=version,
            ours=SCHEMA_VERSION,
        )
    if version < 1:
        return msg("its schema version {version} is unknown", version=version)
    problems = [row[0] for row in conn.execute("PRAGMA integrity_check(3)")]
    if any("error code=" in p for p in problems):
        # "unable to get the page. error code=522": a read that failed (another process was
        # writing), not a damaged page; the file must not be moved aside for it
        raise Interrupted(msg("SQLite could not read all of it just now ({why})", why=problems[0]))
    if problems != ["ok"]:
        lines = [line for p in problems for line in p.splitlines() if not line.startswith("***")]
        return msg("SQLite's integrity check failed ({why})", why="; ".join(lines[:2]))
    missing = TABLES - tables
    if missing:
        return msg("it lacks the table(s) {tables}", tables=", ".join(sorted(missing)))
    return None


def connect(target: str | Path) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are explicit), safe to share across threads
    when the caller serialises its use."""
    conn = sqlite3.connect(str(target), timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False)
    conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def prepare(conn: sqlite3.Connection) -> None:
    """Create the schema on a new file, then switch to WAL.

    The identity is written while still in rollback-journal mode, so it lands in the main file
    itself and a later check of the raw header always finds it.
    """
    if conn.execute("PRAGMA user_version").fetchone()[0] == 0:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if conn.execute("PRAGMA user_version").fetchone()[0] == 0:  # another instance may have won
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                for statement in SCHEMA:
                    conn.execute(statement)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables >= ADDED_TABLES:  # a file of an older Bazaar: the tables added since
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in ADDED:
                conn.execute(statement)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    _use_wal(conn)
    conn.execute("PRAGMA synchronous = FULL")  # a committed move survives a power cut too


def _use_wal(conn: sqlite3.Connection) -> None:
    """Switch a new file to WAL (the mode is stored in the file: later opens find it set).

    Switching needs the file to itself for a moment, and SQLite answers BUSY at once, without
    waiting, while another connection holds a write lock: two first launches at the same moment
    meet exactly there, one still inside its schema transaction. So wait here instead.
    """
    deadline = time.monotonic() + BUSY_MS / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if getattr(exc, "sqlite_errorcode", 0) & 0xFF != BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
