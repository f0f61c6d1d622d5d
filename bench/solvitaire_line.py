"""Where the solver's effort goes on a deal Solvitaire wins: its winning line, as our moves, and
the positions our solver needs from points along it.

Run from the repository: ``.venv/bin/python bench/solvitaire_line.py RULES CODE --solvitaire PATH
[--solvitaire-tow PATH] [--cap 20] [--budget 3000000] [--every 1]``, where RULES is one of
``bench/solver.py``'s rule sets that Solvitaire plays (``superior-base``, ``rainbow-base``, ...).

Solvitaire prints a won deal's states one after the other. Each step of it is one move of ours,
after the stock turns that bring its card to the waste (Solvitaire's stock moves are "deal k
cards, then play the waste's card"), and after it a turn of the emptied stock back over when the
next state shows one; a state with an empty column beside a reserve that fills it by itself is
the moment before the fill, which our game makes with the move, so it is skipped. The line is
checked to replay to a win under our rules. Then our solver is run, with ``--budget`` positions,
from the position after every ``--every`` of the line's moves (stock turns aside), from the start
on, until one is won within a fiftieth of the budget: where the positions needed fall, our search
order takes the wrong turn the line does not. Read those positions' moves (``Game.legal_moves``)
and the line's next move to see which.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import solver as bench

import canfield
from canfield.cards import parse_card

#: One state as Solvitaire prints it: foundations' top ranks by suit, the columns (bottom card
#: first), the reserve (top last), the stock (next card last), the waste (top last).
State = tuple[dict[int, int], list[list[int]], list[int], list[int], list[int]]


def states(printed: str) -> list[State]:
    """The states of a won deal in Solvitaire's output, first to last."""
    found: list[State] = []
    for block in printed.split("Solution Type")[0].split("=" * 35):
        if "--- Foundations" not in block:
            continue
        lines = block.strip("\n").split("\n")
        parts: list[list[list[str]]] = []
        for line in lines[lines.index("--- Foundations ---------") :]:
            if line.startswith("---"):
                parts.append([])
            else:
                parts[-1].append(line.split("\t"))
        rows = [[[None if t in ("", "[]") else parse_card(t) for t in row] for row in part] for part in parts]
        ups = {c // 13: c % 13 for c in rows[0][0] if c is not None}
        width = max((len(row) for row in rows[1]), default=0)
        columns = [[c for row in rows[1] if j < len(row) and (c := row[j]) is not None] for j in range(width)]
        reserve = [c for row in rows[2] if row and (c := row[0]) is not None]
        stock = [c for row in rows[3] if row and (c := row[0]) is not None]
        waste = [c for row in rows[3] if len(row) > 1 and (c := row[1]) is not None]
        found.append((ups, columns, reserve, stock, waste))
    return found


def state(game: canfield.Game) -> State:
    """Our position as Solvitaire prints one."""
    p = game.position
    ups = {suit: p.foundation_cards(i)[-1] % 13 for i, (suit, count) in enumerate(p.foundations) if count}
    return ups, [list(c) for c in p.columns], list(p.reserve), list(reversed(p.stock)), list(p.waste)


def line(game: canfield.Game, steps: list[State]) -> list[str]:
    """Our moves that go from each of `steps` to the next, from `game`'s position (which must be the
    first); raises SystemExit naming the step where none does."""
    if state(game) != steps[0]:
        raise SystemExit("Solvitaire's first state is not this deal")
    moves: list[str] = []
    for k, target in enumerate(steps[1:], 1):
        found = _step(game, target)
        if found is None:
            raise SystemExit(f"no move of ours makes Solvitaire's step {k}: {target}")
        for text in found:
            game.play(text)
        moves += found
    return moves


def _step(game: canfield.Game, target: State) -> list[str] | None:
    """Stock turns, one other move, and a turn of the empty stock back over if the target shows it."""
    turned = game.copy()
    turns: list[str] = []
    for _ in range(2 * (len(turned.position.stock) + len(turned.position.waste)) + 2):
        for move in turned.legal_moves():
            if move.is_stock:
                continue
            after = turned.copy()
            after.play(move)
            if state(after) == target:
                return [*turns, move.text]
            stock = [m for m in after.legal_moves() if m.is_stock]
            if stock and not after.position.stock:
                after.play(stock[0])
                if state(after) == target:
                    return [*turns, move.text, stock[0].text]
        stock = [m for m in turned.legal_moves() if m.is_stock]
        if not stock:
            return None
        turned.play(stock[0])
        turns.append(stock[0].text)
    return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rules", choices=sorted(bench.SOLVITAIRE), help="a rule set Solvitaire plays")
    ap.add_argument("code", help="the deal's code")
    ap.add_argument("--solvitaire", metavar="PATH", help="Solvitaire")
    ap.add_argument(
        "--solvitaire-tow", metavar="PATH", help="a Solvitaire whose whole-pile moves take the top card too"
    )
    ap.add_argument("--cap", type=float, default=20.0, help="Solvitaire's seconds (default 20)")
    ap.add_argument("--budget", type=int, default=3_000_000, help="our positions from each point (default 3 million)")
    ap.add_argument("--every", type=int, default=1, help="solve after every N of the line's moves (default 1)")
    args = ap.parse_args()
    outside = bench.Solvitaire(args.solvitaire, args.solvitaire_tow, Path(tempfile.mkdtemp(prefix="canfield-line-")))
    if outside.binary(args.rules) is None:
        raise SystemExit(f"{args.rules} needs --solvitaire-tow" if args.solvitaire else "give --solvitaire")
    (verdict, positions, seconds), printed = outside.output(args.rules, args.code, args.cap)
    print(f"Solvitaire: {verdict} in {positions:,} positions, {seconds:.2f} CPU s")
    if verdict != "won":
        return
    variant, options = bench.CONFIGS[args.rules]
    game = canfield.Game.from_code(args.code, variant, **options)
    steps = states(printed)
    if game.rules.auto_fill:
        steps = [s for s in steps if not (any(not c for c in s[1]) and s[2])]
    replayed = game.copy()
    moves = line(replayed, steps)
    print(f"its line as ours: {len(moves)} moves, won: {replayed.is_won()}")
    print(" ".join(moves))
    # One walk along the line, solving from the position after every `--every`-th move of it.
    played = 0
    for text in moves:
        game.play(text)
        if text == "s":
            continue
        played += 1
        if (played - 1) % args.every == 0:
            found = canfield.solve(game, max_states=args.budget)
            print(f"after {played} moves ({text}): {found.verdict} in {found.states:,} positions", flush=True)
            if found.verdict == "won" and found.states < args.budget / 50:
                break


if __name__ == "__main__":
    sys.exit(main())
