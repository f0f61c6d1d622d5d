"""A survey's report: how many deals were won, lost or left unknown, with a 95 % interval.

The interval is Wilson's score interval made conservative over the unknown deals: its lower bound
counts every unknown deal as lost, its upper bound counts every unknown deal as won, so the
true win rate of the deal space lies inside it with 95 % confidence whatever the unknown deals
turn out to be. Times are per deal, as percentiles. A report reads the file without writing, so
it can be made while the survey runs.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..text import format_option
from .store import load

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: The time percentiles a report gives.
PERCENTILES = (50, 90, 99, 100)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``successes`` out of ``n`` trials (``(0, 1)`` when ``n`` is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    scale = 1 + z2 / n
    return max(0.0, (centre - half) / scale), min(1.0, (centre + half) / scale)


def conservative_interval(won: int, unknown: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The win rate's interval with the unknown deals undecided: Wilson's lower bound with them all
    lost, Wilson's upper bound with them all won."""
    return wilson(won, n, z)[0], wilson(won + unknown, n, z)[1]


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile (0 < q <= 100) of values sorted ascending."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


@attrs.frozen
class Report:
    """What a survey file holds so far: counts, the conservative 95 % interval, times per deal.

    ``planned`` is the size of the deal set, ``done`` the deals finished; ``low``/``high`` bound
    the win rate (fractions); ``seconds`` maps a percentile (50, 90, 99, 100) to seconds per
    deal; ``runs`` gives each run's workers, deals, seconds, deals per second, native solver and commit.
    """

    variant: str
    options: dict[str, Any]
    planned: int
    done: int
    won: int
    lost: int
    unknown: int
    low: float
    high: float
    seconds: dict[int, float]
    mean_seconds: float
    cap: dict[str, Any]
    version: str
    command: str
    runs: list[dict[str, Any]]
    #: The native solver's fingerprint when the file was made (empty if not recorded).
    native: str = ""
    #: The source's git commit when the file was made (empty if not known or not recorded).
    commit: str = ""
    #: A player's survey: the player's name and settings (see `canfield.fair`); None: the solver's.
    player: dict[str, Any] | None = None
    #: The earlier rounds of a survey whose unknown deals were solved again, oldest first: each
    #: ``{"cap": ..., "unknown": n}``, the ``n`` deals that cap left unknown having been solved again
    #: under the next (a raise), or ``{"cap": ..., "unknown": n, "again": True}``, under the same cap
    #: by a later run (``again``).
    raised: list[dict[str, Any]] = attrs.field(factory=list)
    #: Of the ``unknown`` deals, those of an earlier cap still to be solved again under the raised one.
    pending: int = 0

    @property
    def player_text(self) -> str:
        """Who decided the verdicts, in words: the solver, the simple policy, or the fair player and its settings."""
        p = self.player
        if p is None:
            return "the solver"
        if p["name"] == "policy":
            return "the simple policy"
        seed = f", seed {p['seed']}" if p.get("seed") else ""
        return f"the fair player ({p['samples']} samples of {p['max_states']:,} positions{seed})"

    @property
    def build_text(self) -> str:
        """The solver build that made the file (see `build_text`)."""
        return build_text({"version": self.version, "commit": self.commit, "native": self.native})

    def share(self, verdict: str) -> float:
        """The fraction of finished deals with ``verdict`` (won, lost or unknown)."""
        return getattr(self, verdict) / self.done if self.done else 0.0

    @property
    def rules(self) -> str:
        """The variant and its options as text: ``canfield (foundation_takeback=false)``."""
        if not self.options:
            return self.variant
        return f"{self.variant} ({', '.join(f'{k}={format_option(v)}' for k, v in self.options.items())})"

    @property
    def cap_text(self) -> str:
        """The cap per deal in words (a player's survey: the player, who plays each deal to its end)."""
        if self.player is not None:
            return self.player_text
        return cap_words(self.cap)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data, shares and interval as fractions."""
        out = attrs.asdict(self)
        out["seconds"] = {str(k): v for k, v in self.seconds.items()}
        out.update({f"{v}_share": self.share(v) for v in ("won", "lost", "unknown")})
        return out

    def to_json(self) -> str:
        """The report as JSON (see `to_dict`)."""
        return json.dumps(self.to_dict(), indent=2)

    def to_text(self) -> str:
        """The report for a person to read."""
        how = f"played by {self.player_text}" if self.player is not None else f"cap {self.cap_text} per deal"
        lines = [
            f"survey of {self.rules}: {self.done:,} of {self.planned:,} deals, {how}",
            *(f"  {v:<8} {getattr(self, v):>9,}  {100 * self.share(v):6.2f} %" for v in ("won", "lost", "unknown")),
            f"  won, 95 % interval (unknown as lost .. as won): {100 * self.low:.2f} % .. {100 * self.high:.2f} %",
            "  seconds per deal: "
            + ", ".join(f"{_pct_name(q)} {self.seconds[q]:.3g}" for q in PERCENTILES)
            + f" (mean {self.mean_seconds:.3g})",
        ]
        lines += [
            f"  its {r['unknown']:,} unknown deals then solved again under the same cap"
            if r.get("again")
            else f"  cap raised from {cap_words(r['cap'])}: its {r['unknown']:,} unknown deals solved again"
            for r in self.raised
        ]
        if self.pending:
            lines.append(f"  {self.pending:,} of them still to be solved again (counted unknown until then)")
        lines += [
            f"  run {i}: {r['deals']:,} deals in {r['seconds']:.0f} s with {r['workers']} "
            f"{r['executor']} worker{'s' if r['workers'] != 1 else ''}: {r['rate']:.2f} deals/s"
            + (f" (native solver {r['native']})" if r["native"] and r["native"] != self.native else "")
            for i, r in enumerate(self.runs, 1)
            if r["deals"]
        ]
        lines.append(f"  {self.build_text}; made by: {self.command}")
        return "\n".join(lines)

    def to_markdown(self) -> str:
        """The report as a markdown table of one row (see `markdown_table`)."""
        return markdown_table([self])


def cap_words(cap: Mapping[str, Any]) -> str:
    """A cap per deal in words: ``3,000,000 positions``, ``5 s``, or both joined by "or"."""
    parts = []
    if cap.get("max_states") is not None:
        parts.append(f"{cap['max_states']:,} positions")
    if cap.get("timeout") is not None:
        parts.append(f"{cap['timeout']:g} s")
    return " or ".join(parts) or "memory only"


def build_text(build: Mapping[str, str]) -> str:
    """A solver build in words: ``canfield 0.1.0, commit 1a2b3c4d5e6f, native solver 9f86d081884c7d65``
    (what is not known is left out)."""
    parts = [f"canfield {build.get('version') or '(version not recorded)'}"]
    if build.get("commit"):
        parts.append(f"commit {build['commit']}")
    if build.get("native"):
        parts.append(f"native solver {build['native']}")
    return ", ".join(parts)


def _pct_name(q: int) -> str:
    return {50: "median", 100: "max"}.get(q, f"{q} %")


def markdown_table(reports: Sequence[Report], labels: Sequence[str] | None = None) -> str:
    """One markdown table row per report (labelled by ``labels``, default each one's rules): deals,
    shares, the interval, the cap and the median and 99th percentile seconds per deal."""
    names = list(labels) if labels is not None else [r.rules for r in reports]
    head = [
        "| rules | deals | won | lost | unknown | won, 95 % interval | cap per deal | seconds (median, 99 %) |",
        "| --- | ---: | ---: | ---: | ---: | :---: | ---: | ---: |",
    ]
    rows = [
        f"| {name} | {r.done:,} | {100 * r.share('won'):.2f} % | {100 * r.share('lost'):.2f} % | "
        f"{100 * r.share('unknown'):.2f} % | {100 * r.low:.2f}–{100 * r.high:.2f} % | {_cap_cell(r)} | "
        f"{r.seconds[50]:.2g}, {r.seconds[99]:.2g} |"
        for r, name in zip(reports, names, strict=True)
    ]
    return "\n".join(head + rows)


def _cap_cell(r: Report) -> str:
    """The cap per deal, and how many unknown deals a raise (or a round under the same cap) under
    way has still to solve again."""
    if not r.pending:
        return r.cap_text
    if r.raised and r.raised[-1].get("again"):
        return f"{r.cap_text} ({r.pending:,} unknown deals still to be solved again)"
    return f"{r.cap_text} ({r.pending:,} unknown deals still at the earlier cap)"


def report(db: str | os.PathLike[str]) -> Report:
    """The report of a survey file, finished or still running."""
    meta, rows, runs = load(db)
    counts = dict.fromkeys(("won", "lost", "unknown"), 0)
    times = []
    pending = 0
    for row in rows:
        counts[row["verdict"]] += 1
        times.append(row["seconds"])
        pending += row["pending"]
    times.sort()
    n = len(rows)
    low, high = conservative_interval(counts["won"], counts["unknown"], n)
    return Report(
        variant=meta["variant"],
        options=meta["options"],
        planned=meta["deals"]["count"],
        done=n,
        low=low,
        high=high,
        seconds={q: percentile(times, q) for q in PERCENTILES},
        mean_seconds=sum(times) / n if n else 0.0,
        cap=meta["cap"],
        version=meta["version"],
        command=meta.get("command", ""),
        runs=[_run(r) for r in runs],
        native=meta.get("native", ""),
        commit=meta.get("commit", ""),
        player=meta.get("player"),
        raised=meta.get("raised", []),
        pending=pending,
        **counts,
    )


def _run(row: Any) -> dict[str, Any]:
    seconds = row["finished"] - row["started"]
    return {
        "workers": row["workers"],
        "executor": row["executor"],
        "deals": row["deals"],
        "seconds": seconds,
        "rate": row["deals"] / seconds if seconds > 0 else 0.0,
        "native": row["native"] if "native" in row.keys() else None,
        "commit": row["commit"] if "commit" in row.keys() else None,
    }
