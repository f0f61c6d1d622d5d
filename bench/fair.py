"""The fair player: win rates and seconds per move, the solver's and the simple policy's beside it.

Run from the repository: ``.venv/bin/python bench/fair.py [--deals 40] [--start 0] [--rounds 3]
[--variant canfield] [--option NAME=VALUE ...] [--samples N --sample-states N ...] [--untidy]``. Each
round plays deals ``start + r*deals`` to ``start + r*deals + deals - 1`` with every contender in turn
(the fair player at each of the settings given, with ``--untidy`` each also by the method before,
voting on the first moves of the solver's lines as found, then the simple policy), and solves each deal with
the solver (``--solver-states`` positions; the solver knows every card: the rate of perfect play
with full knowledge). A figure is the median over the rounds: the win rate, CPU seconds per move
(``time.process_time``) and the slowest move of the round. A hint must stay within a second: the
slowest move of the fair player at the defaults is the figure to watch. The literature's rules are
``--option foundation_takeback=false --option build_past_base=false``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import canfield
from canfield import fair
from canfield.cli import rule_flags
from canfield.plugins.registry import rules_for
from canfield.policy import preferred_move
from canfield.solver import solve_position


def timed_playout(
    rules: canfield.rules.Rules, number: int, settings: fair.Settings | None
) -> tuple[bool, int, float, float]:
    """Play deal ``number`` with the fair player (``settings``) or, when None, the policy: won,
    moves, CPU seconds and the slowest move's CPU seconds."""
    position = rules.deal(canfield.shuffled_deck(number, rules.decks))
    game = canfield.Game(rules, position)
    played = fair.play_out(rules, position, settings, player="fair" if settings else "policy")
    # The moves again, each one timed on its own (the playout's own time is the sum).
    slowest = total = 0.0
    for move in played.moves:
        start = time.process_time()
        if settings is not None:
            fair.choose(rules, game.position, settings)
        else:
            preferred_move(rules, game.position)
        spent = time.process_time() - start
        total += spent
        slowest = max(slowest, spent)
        game.play(move)
    return played.won, len(played.moves), total, slowest


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], parents=[rule_flags()])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--samples", type=int, action="append", help="samples per move (one per setting)")
    ap.add_argument("--sample-states", type=int, action="append", help="positions per sample (one per setting)")
    ap.add_argument("--solver-states", type=int, default=200_000)
    ap.add_argument("--untidy", action="store_true", help="each setting also voting on the lines' first moves as found")
    args = ap.parse_args()
    rules = rules_for(args.variant or "canfield", **args.options)
    samples = args.samples or [fair.SAMPLES]
    states = args.sample_states or [fair.MAX_STATES] * len(samples)
    contenders: list[tuple[str, fair.Settings | None]] = []
    for n, m in zip(samples, states, strict=True):
        contenders.append((f"fair {n}x{m}", fair.Settings(n, m)))
        if args.untidy:
            contenders.append((f"fair {n}x{m} untidy", fair.Settings(n, m, tidy=False)))
    contenders.append(("policy", None))
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name, _ in contenders}
    solver: list[float] = []
    print(f"{rules!r}: {args.rounds} rounds of {args.deals} deals from {args.start}")
    for r in range(args.rounds):
        deals = range(args.start + r * args.deals, args.start + (r + 1) * args.deals)
        for name, settings in contenders:
            won = moves = 0
            cpu = slowest = 0.0
            for number in deals:
                w, n, spent, worst = timed_playout(rules, number, settings)
                won += w
                moves += n
                cpu += spent
                slowest = max(slowest, worst)
            figures[name].append((won / len(deals), cpu / max(moves, 1), slowest))
            print(
                f"  round {r + 1} {name}: won {won}/{len(deals)}, {1000 * cpu / max(moves, 1):.2f} ms/move, slowest {slowest:.3f} s"
            )
        won = sum(
            solve_position(
                rules, rules.deal(canfield.shuffled_deck(d, rules.decks)), max_states=args.solver_states
            ).verdict
            == "won"
            for d in deals
        )
        solver.append(won / len(deals))
        print(f"  round {r + 1} solver ({args.solver_states:,} positions): won {won}/{len(deals)}")
    print("medians over the rounds:")
    for name, rows in figures.items():
        rate, per_move, worst = (statistics.median(x) for x in zip(*rows, strict=True))
        print(f"  {name:<24} won {100 * rate:5.1f} %   {1000 * per_move:7.2f} ms/move   slowest move {worst:.3f} s")
    print(f"  {'solver':<24} won {100 * statistics.median(solver):5.1f} % (knows every card)")


if __name__ == "__main__":
    main()
