"""The survey file: SQLite, one row per finished deal, written as each deal finishes.

Each deal's row is committed on its own in WAL mode, so a hard kill loses nothing finished: a run
on the same file resumes, skipping the deals it has. The ``meta`` table records what the survey
is (variant, options, deal set, cap per deal, library version, and the solver build: the source's
git commit when known and the native module's fingerprint); a run that asks for another survey is
refused before anything is written, except a longer run of the same consecutive codes from the
same start, which grows the survey, and a run with a larger cap per deal, which raises it: the
deals left unknown are solved again under the new cap (the won and lost ones keep their verdicts,
which are exact at any cap). Each keeps its row, as unknown, until it is solved again (``pending``
lists them), so a raise stopped part way leaves a file in which every deal has a verdict, and a run
resumes it with the deals still to come. ``runs`` records each run (workers, deals done, wall time, the
solver build it ran with), which gives deals per second, and each deal's row its run.

A round of solving the unknown deals again under the same cap (``again``) leaves out the deals that
this same solver build (its native module's fingerprint) left unknown under a cap in positions and
memory alone: the search is deterministic there, and would leave them unknown again.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from ..errors import SurveyError

#: The layout of the file; another number is refused.
FORMAT = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deals (
    idx INTEGER PRIMARY KEY,      -- the deal's place in the deal set, from 0
    deal TEXT NOT NULL UNIQUE,    -- its code, or its cards in dealing order
    variant TEXT NOT NULL,
    options TEXT NOT NULL,        -- JSON: the game's options that differ from the variant
    verdict TEXT NOT NULL,        -- won, lost or unknown
    cut TEXT,                     -- why unknown: timeout, max_states or memory
    seconds REAL NOT NULL,
    positions INTEGER NOT NULL,   -- positions searched (a player's survey: moves played)
    line INTEGER NOT NULL,        -- moves in the winning line (0 unless won)
    version TEXT NOT NULL,
    run INTEGER                   -- the run that solved it (its build in `runs`); NULL in older files
);
CREATE TABLE IF NOT EXISTS pending (
    idx INTEGER PRIMARY KEY       -- an unknown deal of an earlier cap, to solve again under the raised one
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    finished REAL NOT NULL,
    workers INTEGER NOT NULL,
    executor TEXT NOT NULL,
    deals INTEGER NOT NULL,
    native TEXT,                  -- the native solver's fingerprint in this run
    "commit" TEXT                 -- the source's git commit in this run, if known
);
"""

#: The meta keys a resume must match, and the command-line name of each.
COMPARED = {
    "variant": "variant",
    "options": "options",
    "deals": "deal set",
    "cap": "cap per deal",
    "player": "player",
    "version": "library version",
}

Row = tuple[int, str, str, str, str, str | None, float, int, int, str]

#: The places of the deals solved already under the cap now (not those still to be solved again).
_SOLVED = "SELECT idx FROM deals WHERE idx NOT IN (SELECT idx FROM pending)"


def dumps(value: object) -> str:
    """Canonical JSON (sorted keys, no spaces), so equal settings compare equal as text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _connect(path: str | os.PathLike[str], *, readonly: bool = False) -> sqlite3.Connection:
    p = Path(path)
    try:
        if readonly:
            if not p.is_file():
                raise SurveyError(f"survey file {str(p)!r} does not exist")
            conn = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True)
        else:
            conn = sqlite3.connect(p)
            tables = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if tables and "meta" not in tables:
                conn.close()
                raise SurveyError(f"{str(p)!r} is not a survey file: it is a database of other tables")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.executescript(_SCHEMA)
        conn.execute("PRAGMA busy_timeout=10000")
        return conn
    except sqlite3.DatabaseError as e:
        raise SurveyError(f"{str(p)!r} is not a survey file: {e}") from e


def read_meta(conn: sqlite3.Connection, path: str | os.PathLike[str]) -> dict[str, Any]:
    """The survey's meta table as values (empty for a new file)."""
    try:
        rows = conn.execute("SELECT key, value FROM meta").fetchall()
    except sqlite3.DatabaseError as e:
        raise SurveyError(f"{str(path)!r} is not a survey file: {e}") from e
    meta = {k: json.loads(v) for k, v in rows}
    if meta and meta.get("format") != FORMAT:
        raise SurveyError(f"{str(path)!r} is not a survey file of format {FORMAT} (it says {meta.get('format')!r})")
    return meta


def _bound(value: Any) -> float:
    """A cap's bound as a number, None (no bound) as infinity."""
    return float("inf") if value is None else float(value)


def _raises(old: Any, new: Any) -> bool:
    """Whether cap ``new`` is ``old`` with no bound lower and at least one higher (a survey's cap may rise)."""
    if not (isinstance(old, dict) and isinstance(new, dict)) or old.keys() != new.keys():
        return False
    pairs = [(_bound(old[k]), _bound(new[k])) for k in old]
    return all(b >= a for a, b in pairs) and any(b > a for a, b in pairs)


def _grows(old: Any, new: Any) -> bool:
    """Whether deal set ``new`` is ``old`` with more consecutive codes after it (a survey may grow)."""
    if not (isinstance(old, dict) and isinstance(new, dict)):
        return False
    same = {k: v for k, v in old.items() if k != "count"} == {k: v for k, v in new.items() if k != "count"}
    return same and old.get("kind") == "count" and int(new.get("count", 0)) > int(old.get("count", 0))


class Store:
    """An open survey file for a run: checks or writes the meta, adds finished deals one by one."""

    def __init__(
        self, path: str | os.PathLike[str], meta: dict[str, Any], *, workers: int, executor: str, again: bool = False
    ) -> None:
        self.path = str(path)
        self.conn = _connect(path)
        try:
            self._begin(meta, workers, executor, again)
        except BaseException:
            self.close()  # back in rollback-journal mode: a refused run leaves the file as it was
            raise

    def _begin(self, meta: dict[str, Any], workers: int, executor: str, again: bool) -> None:
        old = read_meta(self.conn, self.path)
        if again and not old:
            raise SurveyError(
                f"again solves a survey file's unknown deals again, and {self.path!r} holds no survey yet"
            )
        if old:
            wrong = [f"{label}: the file has {dumps(old.get(k))}, this run asks for {dumps(meta.get(k))}"
                     for k, label in COMPARED.items() if dumps(old.get(k)) != dumps(meta.get(k))]  # fmt: skip
            grows = _grows(old.get("deals"), meta.get("deals"))  # the same codes from the same start, more of them
            raises = old.get("player") is None and _raises(old.get("cap"), meta.get("cap"))
            allowed = {COMPARED["deals"]} if grows else set()
            allowed |= {COMPARED["cap"]} if raises else set()
            if wrong and all(w.split(":", 1)[0] in allowed for w in wrong):
                with self.conn:
                    if raises:  # the unknown deals are solved again under the new cap, each in turn
                        meta = {**meta, "raised": self._pend_unknown(old, self._unknown_deals(), again=False)}
                    for key in ("deals", "cap", "raised", "command"):
                        if key in meta:
                            self.conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, dumps(meta[key])))
            elif wrong:
                raise SurveyError(
                    f"survey file {self.path!r} holds another survey ("
                    + "; ".join(wrong)
                    + "): give the same settings to resume it, or another file for a new survey"
                )
            if again and self._unknown() and not self._pending():
                # The unknown deals solved again under the same cap, by this build: a round of its
                # own in the history, as a raise is (a raise, or a round stopped part way, is
                # finished first); without the deals this build left unknown, where it would again.
                stale = self._stale_unknown(old, meta.get("native"))
                if not stale:
                    raise SurveyError(
                        f"again: each of the {self._unknown():,} unknown deals of {self.path!r} was left unknown by "
                        f"this solver build (native {meta.get('native')}) under this cap, and would be again "
                        "(its search is the same on every run): solve them again with another build, or raise the cap"
                    )
                with self.conn:
                    history = self._pend_unknown(old, stale, again=True)
                    self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('raised', ?)", (dumps(history),))
        else:
            with self.conn:
                self.conn.executemany(
                    "INSERT INTO meta VALUES (?, ?)", [(k, dumps(v)) for k, v in {**meta, "format": FORMAT}.items()]
                )
        now = time.time()
        with self.conn:
            columns = {row[1] for row in self.conn.execute("PRAGMA table_info(runs)")}
            for column in ("native", "commit"):  # a file from before they were kept
                if column not in columns:
                    self.conn.execute(f'ALTER TABLE runs ADD COLUMN "{column}" TEXT')
            if not self._knows_runs():
                self.conn.execute("ALTER TABLE deals ADD COLUMN run INTEGER")
            cur = self.conn.execute(
                'INSERT INTO runs (started, finished, workers, executor, deals, native, "commit") '
                "VALUES (?, ?, ?, ?, 0, ?, ?)",
                (now, now, workers, executor, meta.get("native"), meta.get("commit") or None),
            )
        self.run_id = cur.lastrowid

    def _pend_unknown(self, old: dict[str, Any], deals: list[int], *, again: bool) -> list[dict[str, Any]]:
        """Mark the unknown ``deals`` to be solved again (in the caller's transaction); the file's
        history of such rounds with this one added (``again``: under the same cap)."""
        self.conn.executemany("INSERT OR IGNORE INTO pending VALUES (?)", [(idx,) for idx in deals])
        entry = {"cap": old["cap"], "unknown": len(deals), **({"again": True} if again else {})}
        return [*old.get("raised", []), entry]

    def _unknown_deals(self) -> list[int]:
        """The places of the file's unknown deals."""
        return [idx for (idx,) in self.conn.execute("SELECT idx FROM deals WHERE verdict = 'unknown' ORDER BY idx")]

    def _knows_runs(self) -> bool:
        """Whether the file's deal rows say which run solved them (files from before do not)."""
        return any(row[1] == "run" for row in self.conn.execute("PRAGMA table_info(deals)"))

    def _stale_unknown(self, old: dict[str, Any], native: str | None) -> list[int]:
        """The unknown deals that a round of ``again`` solves: all of them, but those that the
        solver build ``native`` left unknown under the file's cap where that cap bounds only
        positions and memory (then the search is deterministic, and would leave them so again)."""
        deterministic = (old.get("cap") or {}).get("timeout") is None
        if not (deterministic and native and self._knows_runs()):
            return self._unknown_deals()
        query = (
            "SELECT d.idx FROM deals d LEFT JOIN runs r ON r.id = d.run "
            "WHERE d.verdict = 'unknown' AND r.native IS NOT ? ORDER BY d.idx"
        )
        return [idx for (idx,) in self.conn.execute(query, (native,))]

    def _pending(self) -> int:
        """How many of the file's deals are still to be solved again."""
        return int(self.conn.execute("SELECT count(*) FROM pending").fetchone()[0])

    def _unknown(self) -> int:
        """How many of the file's deals are unknown."""
        return int(self.conn.execute("SELECT count(*) FROM deals WHERE verdict = 'unknown'").fetchone()[0])

    def done(self, count: int) -> bytearray:
        """Which of the ``count`` deals of the deal set are solved already (under the cap now: not
        those still to be solved again): 1 at each one's place."""
        done = bytearray(count)
        for (idx,) in self.conn.execute(_SOLVED):
            done[idx] = 1
        return done

    def counts(self) -> dict[str, int]:
        """How many of the deals solved already (as `done` counts them) have each verdict."""
        counts = dict.fromkeys(("won", "lost", "unknown"), 0)
        query = f"SELECT verdict, count(*) FROM deals WHERE idx IN ({_SOLVED}) GROUP BY verdict"
        for verdict, n in self.conn.execute(query):
            counts[verdict] = n
        return counts

    def add(self, row: Row) -> None:
        """Record one finished deal, committed at once (with the run's count and end time); a deal
        solved again under a raised cap takes the place of its earlier row."""
        with self.conn:
            self.conn.execute("DELETE FROM deals WHERE idx = ? AND idx IN (SELECT idx FROM pending)", (row[0],))
            self.conn.execute("DELETE FROM pending WHERE idx = ?", (row[0],))
            self.conn.execute(
                "INSERT INTO deals (idx, deal, variant, options, verdict, cut, seconds, positions, line, version, run) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*row, self.run_id),
            )
            self.conn.execute(
                "UPDATE runs SET deals = deals + 1, finished = ? WHERE id = ?", (time.time(), self.run_id)
            )

    def close(self) -> None:
        """Close the file, back in rollback-journal mode: one self-contained file to keep or share
        (a reader needs no ``-wal`` or ``-shm`` file beside it). If another process is reading it,
        it stays in WAL mode, which is as safe."""
        try:
            self.conn.execute("PRAGMA busy_timeout=1000")
            self.conn.execute("PRAGMA journal_mode=DELETE")
        except sqlite3.OperationalError:
            pass
        self.conn.close()


def load(path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[sqlite3.Row], list[sqlite3.Row]]:
    """A survey file's meta, deal rows (in deal-set order) and runs, read without writing."""
    conn = _connect(path, readonly=True)
    try:
        meta = read_meta(conn, path)
        if not meta:
            raise SurveyError(f"{str(path)!r} is not a survey file: it records no survey")
        conn.row_factory = sqlite3.Row
        # Each row with whether it is still to be solved again (a file from before `pending`: none).
        has_pending = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pending'").fetchone()
        flag = "idx IN (SELECT idx FROM pending)" if has_pending else "0"
        deals = conn.execute(f"SELECT *, {flag} AS pending FROM deals ORDER BY idx").fetchall()
        runs = conn.execute("SELECT * FROM runs ORDER BY id").fetchall()
    except sqlite3.DatabaseError as e:
        raise SurveyError(f"{str(path)!r} is not a survey file: {e}") from e
    finally:
        conn.close()
    return meta, deals, runs
