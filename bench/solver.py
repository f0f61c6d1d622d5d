"""Solver speed and reach: a fixed list of deals, a cap per deal, one process.

Run from the repository: ``.venv/bin/python bench/solver.py [--deals 500] [--cap 30]``.

The deals are a fixed list of deal codes (``random.Random(2026)`` over the code space, draw 3),
never used while the solver was written. Each is solved three ways, one after the other:

- ``literature``: ``canfield`` with ``foundation_takeback=False`` (any-run moves, no take-back,
  draw 3, unlimited passes: the rules of the published figure, 71.245 % ± 0.031 % winnable over
  10⁷ deals; our columns also build a base−1 card on a base card, which can only add wins);
- ``canfield``: the app's game (foundation take-back on);
- ``classic``: top card or whole column, no take-back.

For each: resolved % (won or lost within the cap), won %, lost %, the won % with its 95 % Wilson
interval made conservative over the unresolved deals (all lost / all won), and seconds per deal
(median, mean, p90, p99; wall time of the native search, which runs on one core), and positions
searched per second over all deals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import canfield
from canfield.deals import CODE_SPACE
from canfield.surveys.report import conservative_interval, percentile

CONFIGS: dict[str, tuple[str, dict[str, object]]] = {
    "literature": ("canfield", {"foundation_takeback": False}),
    "canfield": ("canfield", {}),
    "classic": ("classic", {}),
}


def deal_codes(count: int) -> list[str]:
    rng = random.Random(2026)
    return [canfield.make_code(rng.randrange(CODE_SPACE), 3) for _ in range(count)]


def run(name: str, codes: list[str], cap: float, memory: int) -> None:
    variant, options = CONFIGS[name]
    verdicts = {"won": 0, "lost": 0, "unknown": 0}
    seconds: list[float] = []
    states = 0
    start = time.perf_counter()
    for code in codes:
        found = canfield.solve(canfield.Game.from_code(code, variant, **options), timeout=cap, memory=memory)
        verdicts[found.verdict] += 1
        seconds.append(found.seconds)
        states += found.states
    wall = time.perf_counter() - start
    n = len(codes)
    seconds.sort()
    lo, hi = conservative_interval(verdicts["won"], verdicts["unknown"], n)
    print(f"\n{name}: {variant} {options or ''} — {n} deals, cap {cap:g} s, {wall:.0f} s in all")
    print(
        f"  resolved {100 * (n - verdicts['unknown']) / n:.1f} %   won {100 * verdicts['won'] / n:.1f} %   "
        f"lost {100 * verdicts['lost'] / n:.1f} %   unknown {verdicts['unknown']}"
    )
    print(f"  won % 95 % interval (unknown as lost .. as won): {100 * lo:.2f} .. {100 * hi:.2f} %")
    print(
        f"  seconds per deal: median {statistics.median(seconds):.4f}  mean {statistics.fmean(seconds):.3f}  "
        f"p90 {percentile(seconds, 90):.3f}  p99 {percentile(seconds, 99):.3f}  max {seconds[-1]:.2f}"
    )
    print(f"  positions: {states:,} in all, {states / sum(seconds):,.0f} per second")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500, help="how many deals (default 500)")
    ap.add_argument("--cap", type=float, default=30.0, help="seconds per deal (default 30)")
    ap.add_argument("--memory", type=int, default=2048, help="MiB for the solver's visited set (default 2048)")
    ap.add_argument("--only", choices=sorted(CONFIGS), action="append", help="run only these (default all)")
    args = ap.parse_args()
    codes = deal_codes(args.deals)
    for name in args.only or list(CONFIGS):
        run(name, codes, args.cap, args.memory << 20)
    print("\nBlake & Gent (JAIR 2026), literature rules, 10^7 deals: 71.245 % ± 0.031 % winnable.")


if __name__ == "__main__":
    main()
