"""Saved matches: an SQLite event store in `data_dir()/bazaar.sqlite3`.

A match is attached once; from then on every accepted command and the events it caused are
written in one transaction, so a crash or kill keeps whole commands only. Resuming folds the
stored log (`Match.from_json`). A damaged or foreign database is moved aside untouched and a
fresh one is started; `Store.problem` then says where the old file was kept.

An attached match saves as it changes, on the thread that changes it (a tool's, a test's). The
app and the server take the saving into their own hands (`Store.saving`): a ledger marks where
the match stands after each change, on the thread that plays it, and the store's one thread
writes up to that mark (game/core/ledger.py, game/core/writer.py), so neither a frame nor an
event loop waits on the file; the writes of matches that wait together share one transaction
(`save_all`), whole commands still.
"""

from __future__ import annotations

import sqlite3
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.core import codec, paths, storedb
from game.core.codec import FormatError
from game.core.files import keep_aside, write_atomic
from game.core.i18n import msg, said
from game.core.match import FORMAT, VERSION, Entry, Match, Seat, read_header
from game.core.records import MatchInfo, StatRow
from game.core.ruleset import Event, Outcome, only_time


@dataclass(frozen=True)
class Mark:
    """Where a match stood after a change: what a write stores, up to. Taken between changes on
    the thread that plays the match; the log's lists only grow and what they hold is never
    changed, so another thread may then read them up to the mark."""

    events: int
    commands: int
    seats: tuple[Seat, ...]
    outcome: Outcome | None

    @classmethod
    def of(cls, match: Match) -> Mark:
        return cls(len(match.events), len(match.commands), tuple(match.seats), match.outcome)


class _Saver:
    """The listener a stored match carries: it writes whatever the store does not hold yet."""

    def __init__(self, store: Store, match_id: int, match: Match):
        self.store, self.match_id = store, match_id
        # what this match has stored so far
        self.events, self.commands = len(match.events), len(match.commands)
        self.seats = tuple(match.seats)
        self.active = True

    def __call__(self, match: Match, entry: Entry | None, events: list[Event]) -> None:
        if self.active:
            self.store._save(self, match, Mark.of(match))


class Saving:
    """A stored match that its owner saves when it chooses (`Store.saving`), not as it changes:
    `mark()` on the thread that plays it, after a change; `save(mark)` on any one thread."""

    def __init__(self, store: Store, saver: _Saver, match: Match):
        self._store, self._saver, self._match = store, saver, match

    @property
    def match_id(self) -> int:
        return self._saver.match_id

    def mark(self) -> Mark:
        return Mark.of(self._match)

    def save(self, mark: Mark) -> bool:
        """Store the match up to `mark`, in one transaction. False when the write failed (the
        file busy past the timeout, the disk full): nothing of it is stored, and the next save
        writes it too. True when it is stored, or never will be (the match was deleted or
        continued elsewhere, or the store closed: said in `Store.problem`)."""
        return self._store._save(self._saver, self._match, mark)

    def append(self, mark: Mark) -> Append | None:
        """What a write up to `mark` adds, for a writer of its own (a server's scribe, which
        then says what came of it through `applied`); None when there is nothing to write."""
        return _append_of(self._saver, self._match, mark)

    def applied(self, mark: Mark, result: Applied) -> bool:
        """What the append up to `mark` came to (as `save`'s answer)."""
        return self._store.applied(self._saver, mark, *result)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


CHECKS = 3  # looks at a file whose check a writing window interrupted, before giving up on it


class Store:
    def __init__(self, conn: sqlite3.Connection, path: Path | None, problem: str | None = None):
        self._conn: sqlite3.Connection | None = conn
        self._lock = threading.RLock()  # one connection: its calls one at a time
        self._told = threading.Lock()  # the problem waiting to be said
        self.path = path  # None when saving is off (the folder could not be used)
        self.problem = problem  # a message for the player; the app shows it and may clear it

    # -- opening -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        """Open (or create) the database. Never raises for a bad file: see `problem`."""
        if path is None:
            try:
                path = paths.data_dir() / storedb.FILENAME
            except OSError as exc:  # no usable user folder (read-only home, odd permissions)
                return cls._unsaved(
                    Path(storedb.FILENAME), msg("its folder cannot be made: {why}", why=str(exc))
                )
        path = Path(path)
        problem = None
        for attempt in range(CHECKS):
            try:
                reason = storedb.diagnose(path)
                break
            except storedb.Interrupted as exc:  # another window was writing: look again
                if attempt == CHECKS - 1:
                    return cls._unsaved(path, said(exc))
            except storedb.Unavailable as exc:
                return cls._unsaved(path, said(exc))
        if reason:
            try:
                kept = keep_aside(path, storedb.COMPANIONS)
                problem = msg(
                    "The saved-games file {path} could not be used: {why}. It was kept unchanged "
                    "as {kept}; a new, empty one was started.",
                    path=str(path),
                    why=reason,
                    kept=str(kept),
                )
            except OSError as exc:
                return cls._unsaved(
                    path,
                    msg("{why}, and it could not be moved aside ({error})", why=reason, error=exc.strerror),
                )
        conn = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            conn = storedb.connect(path)
            storedb.prepare(conn)
        except (sqlite3.Error, OSError) as exc:
            if conn is not None:
                conn.close()
            return cls._unsaved(path, str(exc))
        if problem:
            print(f"bazaar: {problem}", file=sys.stderr)
        return cls(conn, path, problem)

    @classmethod
    def _unsaved(cls, path: Path, why: str) -> Store:
        """A store in memory, so the app keeps working when the file cannot be used at all."""
        problem = msg(
            "The saved-games file {path} could not be opened ({why}). Matches will not be saved.",
            path=str(path),
            why=why,
        )
        print(f"bazaar: {problem}", file=sys.stderr)
        conn = storedb.connect(":memory:")
        storedb.prepare(conn)
        return cls(conn, None, problem)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise RuntimeError("the store is closed")
        return self._conn

    def _transaction(self, write: bool = True) -> _Transaction:
        return _Transaction(self.conn, write)

    # -- writing -------------------------------------------------------------------------
    def attach(self, match: Match, imported: bool = False) -> int:
        """Store the match as it is now and keep saving every command it takes. Returns its id."""
        for listener in match.listeners:
            if isinstance(listener, _Saver) and listener.store is self and listener.active:
                return listener.match_id
        match_id = self._insert(match, imported)
        match.listeners.append(_Saver(self, match_id, match))
        return match_id

    def saving(self, match: Match) -> Saving:
        """Take a match this store saves (attached or loaded, and not changed since) into the
        caller's hands: it is no longer saved as it changes, only by `Saving.save`."""
        for listener in match.listeners:
            if isinstance(listener, _Saver) and listener.store is self and listener.active:
                match.listeners.remove(listener)
                return Saving(self, listener, match)
        raise ValueError("this store does not save that match")

    def _insert(self, match: Match, imported: bool) -> int:
        now = _now()
        with self._lock, self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO matches (game, seed, options, setup, imported, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    match.ruleset.name,
                    match.seed,
                    codec.dumps(match.options),
                    None if match.setup is None else codec.dumps(match.setup),
                    int(imported),
                    now,
                    now,
                ),
            )
            match_id = int(cursor.lastrowid or 0)
            db.executemany(
                "INSERT INTO seats (match_id, seat, name, kind, level) VALUES (?, ?, ?, ?, ?)",
                [(match_id, i, s.name, s.kind, s.level) for i, s in enumerate(match.seats)],
            )
            _write(db, _rows(match_id, match, (0, 0), Mark.of(match), seats=False))
        return match_id

    def save_all(self, saves: Sequence[tuple[Saving, Mark]]) -> list[bool]:
        """Store several matches, each up to its mark, in one transaction: the disk is synced
        once for them all (a server's writes that waited together). Per match, as
        `Saving.save`: False where its write failed (nothing of it is stored); when the
        transaction itself fails, every one of them."""
        return self._save_all([(saving._saver, saving._match, mark) for saving, mark in saves])

    def _save(self, saver: _Saver, match: Match, mark: Mark) -> bool:
        """Append what the match holds up to `mark` beyond what is stored, in one transaction.
        False when the write failed (it is retried with the next)."""
        return self._save_all([(saver, match, mark)])[0]

    def _save_all(self, saves: list[tuple[_Saver, Match, Mark]]) -> list[bool]:
        with self._lock:
            if self._conn is None:
                for saver, _, _ in saves:
                    saver.active = False
                return [True] * len(saves)
            appends = {
                i: append
                for i, (saver, match, mark) in enumerate(saves)
                if (append := _append_of(saver, match, mark)) is not None
            }
            results = dict(zip(appends, self.apply_all(list(appends.values())), strict=True))
            return [
                i not in results or self.applied(saves[i][0], saves[i][2], *results[i])
                for i in range(len(saves))
            ]

    def apply_all(self, appends: Sequence[Append]) -> list[Applied]:
        """Write the appends in one transaction (each match's alone rolled back when its own
        write fails): per append, what came of it. Says nothing to the player: `applied` does,
        on the side that owns the matches (a server's scribe applies them in its own process)."""
        with self._lock:
            if not appends:
                return []
            results: list[Applied] = [("failed", "")] * len(appends)
            alone = len(appends) == 1  # one match: no savepoint needed to keep the others' writes
            try:
                with self._transaction() as db:
                    for i, append in enumerate(appends):
                        if alone:
                            results[i] = (_put(db, append), "")
                            continue
                        db.execute("SAVEPOINT one")
                        try:
                            results[i] = (_put(db, append), "")
                        except sqlite3.Error as exc:  # this match's own trouble: the others go on
                            db.execute("ROLLBACK TO one")
                            results[i] = ("failed", str(exc))
                        db.execute("RELEASE one")
            except sqlite3.Error as exc:
                return [("failed", str(exc))] * len(appends)
            return results

    def applied(self, saver: _Saver, mark: Mark, result: str, why: str) -> bool:
        """What an append up to `mark` came to, taken into the match's saver (on one thread at
        a time, as its writes): False when it failed (nothing of it is stored)."""
        if result == "failed":
            self._unsaved_move(why)
            return False
        if result == "stored":
            saver.events, saver.commands, saver.seats = mark.events, mark.commands, mark.seats
            return True
        saver.active = False
        if result == "elsewhere":
            self._report(
                msg(
                    "Match {id} was continued elsewhere (another window?); this copy is no longer saved.",
                    id=saver.match_id,
                )
            )
        return True

    def _unsaved_move(self, why: str) -> None:
        self._report(
            msg("The last move could not be saved ({why}); it will be retried after the next one.", why=why)
        )

    def take_problem(self) -> str | None:
        """The message waiting for the player (opening or saving trouble), cleared once taken.
        Never waits on the file: the frame asks, while the store's thread may wait on a lock."""
        with self._told:
            problem, self.problem = self.problem, None
        return problem

    def _report(self, message: str) -> None:
        with self._told:
            self.problem = message
        print(f"bazaar: {message}", file=sys.stderr)

    def delete(self, match_id: int) -> bool:
        with self._lock, self._transaction() as db:
            return db.execute("DELETE FROM matches WHERE id = ?", (match_id,)).rowcount > 0

    def note_branch(self, match_id: int, parent: int, at: int, moves: int) -> None:
        """Remember that match `match_id` was played on from match `parent` after its first
        `at` events (`moves` commands): the History and the export say where it branched."""
        with self._lock, self._transaction() as db:
            db.execute(
                "INSERT OR REPLACE INTO branches (match_id, parent, at, moves) VALUES (?, ?, ?, ?)",
                (match_id, parent, at, moves),
            )

    def abandon(self, match_id: int) -> bool:
        """Take an unfinished match off the resume list (kept, but never counted in statistics)."""
        with self._lock, self._transaction() as db:
            cursor = db.execute(
                "UPDATE matches SET status = 'abandoned', updated = ? WHERE id = ? AND status = 'playing'",
                (_now(), match_id),
            )
            return cursor.rowcount > 0

    def held(self, match_id: int) -> tuple[int, int] | None:
        """How many events and commands of the match the store holds (None: no such match)."""
        with self._lock, self._transaction(write=False) as db:
            row = db.execute("SELECT n_events, n_commands FROM matches WHERE id = ?", (match_id,)).fetchone()
        return None if row is None else (row[0], row[1])

    # -- reading -------------------------------------------------------------------------
    @contextmanager
    def reading(self) -> Iterator[sqlite3.Connection]:
        """One consistent read of the database, for queries kept beside the store
        (game.core.history); nothing may be written through it."""
        with self._lock, self._transaction(write=False) as db:
            yield db

    def unfinished(self, game: str | None = None) -> list[MatchInfo]:
        """Matches that can be resumed, the most recently played first."""
        return self._infos("status = 'playing'" + (" AND game = ?" if game else ""), (game,) if game else ())

    def info(self, match_id: int) -> MatchInfo | None:
        found = self._infos("id = ?", (match_id,))
        return found[0] if found else None

    def _infos(self, where: str, params: tuple[Any, ...]) -> list[MatchInfo]:
        with self._lock, self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT id, game, status, created, updated, n_events,"
                " n_commands - COALESCE((SELECT entries FROM clock c WHERE c.match_id = id), 0)"
                f" FROM matches WHERE {where} ORDER BY updated DESC, id DESC",
                params,
            ).fetchall()
            seats: dict[int, list[Seat]] = {row[0]: [] for row in rows}
            for match_id, name, kind, level in db.execute(
                "SELECT s.match_id, s.name, s.kind, s.level FROM seats s"
                f" WHERE s.match_id IN (SELECT id FROM matches WHERE {where}) ORDER BY s.match_id, s.seat",
                params,
            ):
                seats[match_id].append(Seat(name, kind, level))
        return [
            MatchInfo(
                mid,
                game,
                tuple(seats[mid]),
                status,
                datetime.fromisoformat(c),
                datetime.fromisoformat(u),
                ne,
                nc,
            )
            for mid, game, status, c, u, ne, nc in rows
        ]

    def data(self, match_id: int) -> dict[str, Any]:
        """The stored match in the export format (`Match.to_json()`), read in one snapshot."""
        with self._lock, self._transaction(write=False) as db:
            row = db.execute(
                "SELECT game, seed, options, setup, n_events, n_commands FROM matches WHERE id = ?",
                (match_id,),
            ).fetchone()
            if row is None:
                raise FormatError(f"there is no saved match {match_id}")
            game, seed, options, setup, n_events, n_commands = row
            seats = db.execute(
                "SELECT name, kind, level FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
            ).fetchall()
            events = [
                body
                for (body,) in db.execute(
                    "SELECT body FROM events WHERE match_id = ? ORDER BY seq", (match_id,)
                )
            ]
            commands = db.execute(
                "SELECT seat, body, at FROM commands WHERE match_id = ? ORDER BY seq", (match_id,)
            ).fetchall()
            branch = db.execute(
                "SELECT parent, at, moves FROM branches WHERE match_id = ?", (match_id,)
            ).fetchone()
        if (len(events), len(commands)) != (n_events, n_commands):
            raise FormatError(f"saved match {match_id} is inconsistent (its log has gaps)")
        what = f"saved match {match_id}"
        extra = (
            {} if branch is None else {"branch": dict(zip(("match", "event", "move"), branch, strict=True))}
        )
        return {
            **extra,
            "format": FORMAT,
            "version": VERSION,
            "game": game,
            "seed": seed,
            "seats": [Seat(*s).to_json() for s in seats],
            "options": codec.loads(options, what),
            "setup": None if setup is None else codec.loads(setup, what),
            "commands": [
                {"seat": seat, "command": codec.loads(body, what), "at": at} for seat, body, at in commands
            ],
            "events": [codec.loads(body, what) for body in events],
        }

    def load(self, match_id: int) -> Match:
        """Rebuild a saved match by folding its log; it goes on saving as it is played.

        Raises FormatError with a readable message when it cannot be rebuilt.
        """
        match = fold(self.data(match_id), f"Saved match {match_id}")
        match.listeners.append(_Saver(self, match_id, match))
        return match

    def statistics(self, include_imported: bool = False) -> list[StatRow]:
        """Per game and kind of seat, over finished matches (imported ones left out by default)."""
        with self._lock, self._transaction(write=False) as db:
            rows = db.execute(
                "SELECT m.game, s.kind, CASE WHEN s.kind = 'human' THEN '' ELSE s.level END AS lvl,"
                " COUNT(*), SUM(s.result = 'win'), SUM(s.result = 'draw'), AVG(s.score)"
                " FROM seats s JOIN matches m ON m.id = s.match_id"
                " WHERE m.status = 'finished' AND (? OR m.imported = 0)"
                " GROUP BY m.game, s.kind, lvl ORDER BY m.game, s.kind, lvl",
                (int(include_imported),),
            ).fetchall()
        return [
            StatRow(g, k, lv, n, int(w or 0), int(d or 0), float(a or 0.0)) for g, k, lv, n, w, d, a in rows
        ]

    # -- files ---------------------------------------------------------------------------
    def export(self, match_id: int, path: Path) -> None:
        """Write the match as a JSON file (Match.to_json()), atomically. The log is written as
        stored, without folding, so even a match that no longer loads can be sent to a developer.
        Raises OSError when the file cannot be written, FormatError for an unknown id."""
        write_atomic(Path(path), codec.dumps(self.data(match_id)) + "\n")

    def import_file(self, path: Path) -> int:
        """Store an exported match file as a new match. Raises FormatError (changing nothing)
        when the file is not a complete, valid Bazaar match."""
        match = read_match(path)
        return self._insert(match, imported=True)


Applied = tuple[str, str]  # "stored", "gone" (deleted), "elsewhere" (continued by another), "failed"; why


@dataclass(frozen=True)
class Append:
    """What one write adds to a stored match, its rows already encoded (plain values: a
    server's scribe sends it to its own process). `held` is what the store must hold of the
    match before it: anything else means another program continued or deleted it."""

    match_id: int
    held: tuple[int, int]  # events, commands
    events: tuple[str, ...]  # their bodies, numbered from held[0]
    commands: tuple[tuple[int, str, int], ...]  # seat, body, at: numbered from held[1]
    mark: tuple[int, int]  # events, commands: what the match holds after it
    seats: tuple[tuple[str, str, str | None], ...] | None  # name, kind, level: when one changed hands
    timed: int  # time entries among its events
    finish: tuple[str, str, tuple[tuple[Any, str], ...]] | None  # winners, summary, (score, result) a seat


def _append_of(saver: _Saver, match: Match, mark: Mark) -> Append | None:
    """What the match holds up to `mark` beyond what its saver stored (None: nothing, or it is
    no longer saved). Reads the match's log only up to the mark (another thread may play on)."""
    held = (saver.events, saver.commands)
    if not saver.active or ((mark.events, mark.commands), mark.seats) == (held, saver.seats):
        return None
    return _rows(saver.match_id, match, held, mark, mark.seats != saver.seats)


def _rows(match_id: int, match: Match, held: tuple[int, int], mark: Mark, seats: bool) -> Append:
    events, commands = held
    entries = match.commands[commands : mark.commands]
    # each command's events end where the next command's start (the last's, at the mark)
    ends = [*(c.at for c in entries[1:]), mark.events] if entries else []
    timed = match.ruleset.timed and sum(
        only_time(match.events[c.at : end]) for c, end in zip(entries, ends, strict=True)
    )
    finish = None
    if (outcome := mark.outcome) is not None:
        shared = len(outcome.winners) > 1
        finish = (
            codec.dumps(list(outcome.winners)),
            outcome.summary,
            tuple(
                (
                    outcome.scores[seat] if seat < len(outcome.scores) else None,
                    ("draw" if shared else "win") if seat in outcome.winners else "loss",
                )
                for seat in range(len(mark.seats))
            ),
        )
    return Append(
        match_id,
        held,
        tuple(codec.dumps(e) for e in match.events[events : mark.events]),
        tuple((c.seat, codec.dumps(c.command), c.at) for c in entries),
        (mark.events, mark.commands),
        tuple((s.name, s.kind, s.level) for s in mark.seats) if seats else None,
        int(timed),
        finish,
    )


def _put(db: sqlite3.Connection, append: Append) -> str:
    """Inside a transaction: the append, if the store still holds what it follows."""
    match_id = append.match_id
    row = db.execute("SELECT n_events, n_commands FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:  # deleted meanwhile: the player asked for it to go
        return "gone"
    if tuple(row) != append.held:
        return "elsewhere"
    _write(db, append)
    return "stored"


def _write(db: sqlite3.Connection, append: Append) -> None:
    """Inside a transaction: the append's rows, its seats and its finish."""
    match_id = append.match_id
    events, commands = append.held
    db.executemany(
        "INSERT INTO events (match_id, seq, body) VALUES (?, ?, ?)",
        [(match_id, i, body) for i, body in enumerate(append.events, events)],
    )
    db.executemany(
        "INSERT INTO commands (match_id, seq, seat, body, at) VALUES (?, ?, ?, ?, ?)",
        [(match_id, i, seat, body, at) for i, (seat, body, at) in enumerate(append.commands, commands)],
    )
    db.execute(
        "UPDATE matches SET n_events = ?, n_commands = ?, updated = ? WHERE id = ?",
        (*append.mark, _now(), match_id),
    )
    if append.seats is not None:
        db.executemany(
            "UPDATE seats SET name = ?, kind = ?, level = ? WHERE match_id = ? AND seat = ?",
            [(*seat, match_id, i) for i, seat in enumerate(append.seats)],
        )
    if append.timed:
        db.execute(
            "INSERT INTO clock (match_id, entries) VALUES (?, ?)"
            " ON CONFLICT (match_id) DO UPDATE SET entries = entries + excluded.entries",
            (match_id, append.timed),
        )
    if append.finish is None:
        return
    winners, summary, seats = append.finish
    db.execute(
        "UPDATE matches SET status = 'finished', winners = ?, summary = ? WHERE id = ?",
        (winners, summary, match_id),
    )
    for seat, (score, result) in enumerate(seats):
        db.execute(
            "UPDATE seats SET score = ?, result = ? WHERE match_id = ? AND seat = ?",
            (score, result, match_id, seat),
        )


class _Transaction:
    """BEGIN IMMEDIATE (waits for other writers up to the busy timeout) ... COMMIT or ROLLBACK."""

    def __init__(self, conn: sqlite3.Connection, write: bool = True):
        self.conn, self.write = conn, write

    def __enter__(self) -> sqlite3.Connection:
        self.conn.execute("BEGIN IMMEDIATE" if self.write else "BEGIN")
        return self.conn

    def __exit__(self, kind, exc, tb) -> None:
        if kind is None:
            try:
                self.conn.execute("COMMIT")
                return
            except sqlite3.Error:
                if self.conn.in_transaction:  # a failed COMMIT leaves it open: never let it linger
                    self.conn.execute("ROLLBACK")
                raise
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")


def fold(data: Any, what: str) -> Match:
    """Match.from_json with every failure turned into a FormatError that names `what`."""
    try:
        return Match.from_json(data)
    except FormatError as exc:
        raise FormatError(msg("{what} cannot be opened: {why}", what=what, why=said(exc))) from None
    except Exception as exc:  # a ruleset that cannot be imported, a log of the wrong shape
        why = f"{type(exc).__name__}: {exc}"
        raise FormatError(msg("{what} cannot be opened: {why}", what=what, why=why)) from None


def read_match(path: Path) -> Match:
    """An exported match file, checked and folded. FormatError for anything else."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise FormatError(msg("{path} cannot be read ({why})", path=str(path), why=exc.strerror)) from None
    except UnicodeDecodeError:
        raise FormatError(msg("{path} is not a Bazaar match file (it is not text)", path=str(path))) from None
    try:
        data = codec.loads(text, str(path))
    except FormatError as exc:
        raise FormatError(msg("{why}; the file may be cut short or damaged", why=said(exc))) from None
    try:
        read_header(data)
    except FormatError as exc:
        raise FormatError(msg("{path}: {why}", path=str(path), why=said(exc))) from None
    return fold(data, str(path))


def write_match(match: Match, path: Path) -> None:
    """Export a live match (attached or not) as JSON, atomically."""
    write_atomic(Path(path), codec.dumps(match.to_json()) + "\n")
