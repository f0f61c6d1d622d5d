"""Difficulty against results: deals rated easy, medium and hard, and how often each is won.

Run from the repository: ``.venv/bin/python bench/difficulty.py [--deals 60] [--start 0]
[--variant canfield] [--option NAME=VALUE ...]``. Each deal is rated (`canfield.fair.rate`:
the fair player at its rating settings, three seeds) and then played by the fair player at its
default settings with a seed the rating never uses (``--seed``, default 1000), and by the simple
policy. The table gives, per level, the deals, the share the fair player won (a Wilson 95 %
interval), the share the policy won, and the CPU seconds a rating took (median). A rating is
worth its name if the easy deals are won more often than the medium ones, and those than the hard.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import attrs

import canfield
from canfield import fair
from canfield.cli import rule_flags
from canfield.plugins.registry import rules_for
from canfield.surveys import wilson


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], parents=[rule_flags()])
    ap.add_argument("--deals", type=int, default=60)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    rules = rules_for(args.variant or "canfield", **args.options)
    check = attrs.evolve(fair.Settings(), seed=args.seed)
    rows: dict[str | None, list[tuple[bool, bool, float]]] = defaultdict(list)
    for number in range(args.start, args.start + args.deals):
        start = time.process_time()
        level = fair.rate_deal(rules, number).level
        spent = time.process_time() - start
        position = rules.deal(canfield.shuffled_deck(number, rules.decks))
        won = fair.play_out(rules, position, check).won
        policy = fair.play_out(rules, position, player="policy").won
        rows[level].append((won, policy, spent))
    print(f"{rules!r}: deals {args.start}..{args.start + args.deals - 1}; fair player {check.text()}")
    print("| level | deals | fair player won (95 %) | policy won | rating CPU s (median) |")
    print("| --- | ---: | :---: | ---: | ---: |")
    for level in (*fair.LEVELS, None):
        got = rows.get(level, [])
        if not got:
            continue
        n = len(got)
        won = sum(w for w, _, _ in got)
        low, high = wilson(won, n)
        policy = sum(p for _, p, _ in got)
        seconds = statistics.median(s for _, _, s in got)
        print(
            f"| {level or 'unrated (not won)'} | {n} | {100 * won / n:.0f} % ({100 * low:.0f}–{100 * high:.0f} %) | "
            f"{100 * policy / n:.0f} % | {seconds:.2f} |"
        )


if __name__ == "__main__":
    main()
