"""Solver speed and reach: a fixed list of deals, a cap per deal, one process.

Run from the repository: ``.venv/bin/python bench/solver.py [--deals 500] [--cap 30] [--baseline COMMIT]``.

The deals are a fixed list of deal codes (``random.Random(2026)`` over the code space, draw 3),
never used while the solver was written. Each is solved four ways, one after the other:

- ``literature``: ``canfield`` with ``foundation_takeback=False`` (any-run moves, no take-back,
  draw 3, unlimited passes), the rules the issue names; our columns also build a base−1 card on a
  base card, which the published solvers do not, so this can only add wins;
- ``literature-base``: the same with ``build_past_base=False``, the published solvers' exact rules
  (71.245 % ± 0.031 % winnable over 10⁷ deals, Blake & Gent);
- ``canfield``: the app's game (foundation take-back on);
- ``classic``: top card or whole column, no take-back.

For each: resolved % (won or lost within the cap), won %, lost %, the won % with its 95 % Wilson
interval made conservative over the unresolved deals (all lost / all won), and CPU seconds per
deal (median, mean, p90, p99), and positions searched per CPU second over all deals.

``--baseline COMMIT`` builds the package at that commit (cached under ``~/.cache/canfield-bench``)
and solves every deal with it too, in its own process, deal by deal in alternating order with
today's solver, under the same cap: both rows come from the same run. Configurations the baseline
cannot express are left out for it.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import time
from pathlib import Path
from typing import Any

from worker import Worker

import canfield
from canfield.deals import CODE_SPACE
from canfield.surveys.report import conservative_interval, percentile

ROOT = Path(__file__).resolve().parent.parent

CONFIGS: dict[str, tuple[str, dict[str, object]]] = {
    "literature": ("canfield", {"foundation_takeback": False}),
    "literature-base": ("canfield", {"foundation_takeback": False, "build_past_base": False}),
    "canfield": ("canfield", {}),
    "classic": ("classic", {}),
}

#: One solve: verdict, positions searched, CPU seconds.
Result = tuple[str, int, float]


def deal_codes(count: int) -> list[str]:
    rng = random.Random(2026)
    return [canfield.make_code(rng.randrange(CODE_SPACE), 3) for _ in range(count)]


def solve_one(variant: str, options: dict[str, Any], code: str, cap: float, memory: int) -> Result:
    game = canfield.Game.from_code(code, variant, **options)
    start = time.process_time()  # the search's native thread counts in the process's CPU time
    found = canfield.solve(game, timeout=cap, memory=memory)
    return found.verdict, found.states, time.process_time() - start


def worker() -> None:
    """The baseline's side: say where ``canfield`` came from, then answer JSON requests with a `Result`."""
    print(Path(canfield.__file__).resolve(), flush=True)
    for line in sys.stdin:
        variant, options, code, cap, memory = json.loads(line)
        print(json.dumps(solve_one(variant, options, code, cap, memory)), flush=True)


class Baseline:
    """The package at ``commit``, built once and run in its own Python process."""

    def __init__(self, commit: str) -> None:
        sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", commit], capture_output=True, text=True, check=True)
        self.commit = sha.stdout.strip()[:12]
        cache = Path.home() / ".cache" / "canfield-bench" / self.commit
        site = cache / "site"
        if not site.exists():
            print(f"building the baseline {self.commit} in {cache} ...", flush=True)
            tree = cache / "tree"
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", self.commit], capture_output=True, check=True)
            with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
                tar.extractall(tree, filter="data")
            pip = [sys.executable, "-m", "pip", "-q"]
            subprocess.run([*pip, "wheel", "--no-deps", "-w", str(cache / "dist"), str(tree)], check=True)
            wheel = next((cache / "dist").glob("*.whl"))
            subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True)
        self.worker = Worker(__file__, site)
        env = dict(os.environ, PYTHONPATH=str(site), CANFIELD_DISABLE_PLUGIN_AUTOLOAD="1")
        self.fields = json.loads(
            subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "import attrs, canfield; print([f.name for f in attrs.fields(canfield.RuleSpec)])",
                ],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            ).stdout.replace("'", '"')
        )

    def can_run(self, options: dict[str, object]) -> bool:
        return all(name in self.fields for name in options)

    def solve(self, variant: str, options: dict[str, Any], code: str, cap: float, memory: int) -> Result:
        verdict, states, seconds = json.loads(self.worker.ask(json.dumps([variant, options, code, cap, memory])))
        return verdict, states, seconds


def report(label: str, results: list[Result], cap: float) -> None:
    n = len(results)
    count = {v: sum(1 for r in results if r[0] == v) for v in ("won", "lost", "unknown")}
    seconds = sorted(r[2] for r in results)
    states = sum(r[1] for r in results)
    lo, hi = conservative_interval(count["won"], count["unknown"], n)
    print(
        f"  {label:<22} resolved {100 * (n - count['unknown']) / n:5.1f} %  won {100 * count['won'] / n:5.1f} %"
        f"  lost {100 * count['lost'] / n:5.1f} %  unknown {count['unknown']:3d}"
        f"  won 95 % interval {100 * lo:.2f}..{100 * hi:.2f} %"
    )
    print(
        f"  {'':<22} CPU s per deal: median {statistics.median(seconds):.4f}  mean {statistics.fmean(seconds):.3f}"
        f"  p90 {percentile(seconds, 90):.3f}  p99 {percentile(seconds, 99):.3f}  max {seconds[-1]:.2f}"
        f"   positions {states:,} ({states / max(sum(seconds), 1e-9):,.0f} per CPU s)"
    )


def run(name: str, codes: list[str], cap: float, memory: int, baseline: Baseline | None) -> None:
    variant, options = CONFIGS[name]
    base = baseline if baseline is not None and baseline.can_run(options) else None
    ours: list[Result] = []
    theirs: list[Result] = []
    start = time.perf_counter()
    for i, code in enumerate(codes):
        if base is not None and i % 2:
            theirs.append(base.solve(variant, options, code, cap, memory))
        ours.append(solve_one(variant, options, code, cap, memory))
        if base is not None and not i % 2:
            theirs.append(base.solve(variant, options, code, cap, memory))
    wall = time.perf_counter() - start
    print(f"\n{name}: {variant} {options or ''} — {len(codes)} deals, cap {cap:g} s, {wall:.0f} s in all")
    report("today", ours, cap)
    if base is not None:
        report(f"baseline {base.commit}", theirs, cap)
        only_ours = sum(1 for a, b in zip(ours, theirs, strict=True) if a[0] != "unknown" and b[0] == "unknown")
        only_theirs = sum(1 for a, b in zip(ours, theirs, strict=True) if a[0] == "unknown" and b[0] != "unknown")
        clashes = [
            (c, a[0], b[0]) for c, a, b in zip(codes, ours, theirs, strict=True) if {a[0], b[0]} == {"won", "lost"}
        ]
        clash = len(clashes)
        both = [(a[2], b[2]) for a, b in zip(ours, theirs, strict=True) if "unknown" not in (a[0], b[0])]
        ratio = statistics.median(b / max(a, 1e-6) for a, b in both) if both else float("nan")
        print(
            f"  settled only today {only_ours}, only by the baseline {only_theirs}, verdicts that disagree {clash};"
            f" median CPU time ratio baseline/today on deals both settle: {ratio:.2f}x"
        )
        for code, today, then in clashes:
            print(f"  DISAGREE {code}: today {today}, baseline {then}")
    elif baseline is not None:
        print("  (the baseline has no such options)")


def main() -> None:
    if sys.argv[1:] == ["--worker"]:
        worker()
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500, help="how many deals (default 500)")
    ap.add_argument("--cap", type=float, default=30.0, help="seconds per deal (default 30)")
    ap.add_argument("--memory", type=int, default=2048, help="MiB for the solver's visited sets (default 2048)")
    ap.add_argument("--only", choices=sorted(CONFIGS), action="append", help="run only these (default all)")
    ap.add_argument("--baseline", metavar="COMMIT", help="also solve every deal with the package at COMMIT")
    args = ap.parse_args()
    codes = deal_codes(args.deals)
    baseline = Baseline(args.baseline) if args.baseline else None
    for name in args.only or list(CONFIGS):
        run(name, codes, args.cap, args.memory << 20, baseline)
    print("\nBlake & Gent (JAIR 2026), the published solvers' rules, 10^7 deals: 71.245 % ± 0.031 % winnable.")


if __name__ == "__main__":
    main()
