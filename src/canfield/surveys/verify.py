"""Check a survey file: solve a sample of its finished deals again and compare the verdicts.

A won verdict comes with a winning line and a lost one with a complete search, so both are proofs
and any solver build must give them again; a won deal found lost now (or the reverse) means one of
the two builds is wrong: a *contradiction*. An unknown verdict only says that the cap ran out, so
a deal may move between unknown and won or lost with another solver build, or with a time cap on
another machine: a *change*, expected across builds. `verify` reports both, with the builds.
"""

from __future__ import annotations

import os
from typing import Any

import attrs

from ..errors import SurveyError
from ..plugins.registry import get_variant
from .report import build_text
from .run import Job, _ensure_variant, _plugin_file, _runner, build
from .store import load

#: The verdicts that are proofs: a survey never records one another build may overturn.
PROOFS = ("won", "lost")


@attrs.frozen
class Recheck:
    """One deal solved again: its recorded verdict and positions, and today's."""

    deal: str
    was: str
    now: str
    positions_was: int
    positions_now: int

    @property
    def contradiction(self) -> bool:
        """A proof overturned: won now lost, or lost now won."""
        return self.was in PROOFS and self.now in PROOFS and self.was != self.now


@attrs.frozen
class Verification:
    """What `verify` found: every deal solved again, and the builds that made and checked them."""

    path: str
    finished: int
    checks: tuple[Recheck, ...]
    recorded_build: dict[str, str]
    build_now: dict[str, str]

    @property
    def same(self) -> int:
        """How many deals got the recorded verdict again."""
        return sum(c.was == c.now for c in self.checks)

    @property
    def changes(self) -> list[Recheck]:
        """Deals whose verdict moved between unknown and won or lost (expected across builds or machines)."""
        return [c for c in self.checks if c.was != c.now and not c.contradiction]

    @property
    def contradictions(self) -> list[Recheck]:
        """Deals won in the file and lost now, or the reverse: one of the two builds is wrong."""
        return [c for c in self.checks if c.contradiction]

    def to_text(self) -> str:
        """The verification for a person to read: counts, then every deal that differs."""
        n = len(self.checks)
        lines = [
            f"verify {self.path}: {n:,} of {self.finished:,} finished deals solved again with the same cap",
            f"  same verdict: {self.same:,}; unknown ↔ won or lost: {len(self.changes):,}; "
            f"won ↔ lost (a contradiction): {len(self.contradictions):,}",
            f"  recorded with {build_text(self.recorded_build)}",
            f"  solved now with {build_text(self.build_now)}",
        ]
        lines += [
            f"  {'CONTRADICTION' if c.contradiction else 'changed'} {c.deal}: {c.was} in the file "
            f"({c.positions_was:,} positions), {c.now} now ({c.positions_now:,} positions)"
            for c in self.checks
            if c.was != c.now
        ]
        return "\n".join(lines)


def spread(count: int, n: int) -> list[int]:
    """``n`` places among ``count`` (all of them if ``n >= count``), spread evenly from the first."""
    if n >= count:
        return list(range(count))
    return [i * count // n for i in range(n)]


def verify(db: str | os.PathLike[str], n: int, *, workers: int | None = None, scheduler: Any = None) -> Verification:
    """Solve ``n`` finished deals of the survey file ``db`` again, with its rules and cap, and compare.

    The deals are spread evenly over the finished ones, so the same call checks the same deals.
    ``workers`` and ``scheduler`` are as for `canfield.survey`. The file is not changed.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise SurveyError(f"the number of deals to verify is a whole number >= 1, not {n!r}")
    meta, rows, _ = load(db)
    if not rows:
        raise SurveyError(f"survey file {str(db)!r} has no finished deal to verify")
    variant, options, cap = meta["variant"], meta["options"], meta["cap"]
    _ensure_variant(variant, None)
    v = get_variant(variant)
    plugin_file = _plugin_file(v.id, v.source)
    picked = [rows[i] for i in spread(len(rows), n)]
    jobs = [
        Job(
            row["idx"],
            row["deal"],
            variant,
            options,
            plugin_file,
            cap["max_states"],
            cap["timeout"],
            cap["memory"],
            meta.get("player"),
        )
        for row in picked
    ]
    runner = _runner(workers, scheduler)
    results: dict[int, Any] = {}
    cancel = True
    try:
        pending = {runner.submit(job) for job in jobs}
        while pending:
            finished, pending = runner.wait(pending)
            for future in finished:
                row = future.result()
                results[row[0]] = row
        cancel = False
    finally:
        runner.close(cancel=cancel)
    checks = tuple(
        Recheck(row["deal"], row["verdict"], results[row["idx"]][4], row["positions"], results[row["idx"]][7])
        for row in picked
    )
    recorded = {k: meta.get(k) or "" for k in ("version", "commit", "native")}
    return Verification(str(db), len(rows), checks, recorded, build())
