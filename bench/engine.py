"""Engine speed: random-playout moves per second and perft nodes per second (one core).

Run: ``python bench/engine.py [--seconds N]``. Fixed seeds; figures vary with the machine, so
compare ratios measured in one run. Target: >= 150,000 playout moves/s.
"""

from __future__ import annotations

import argparse
import random
import time

import canfield
from canfield.perft import perft


def playouts(seconds: float, variant: str = "canfield", length: int = 200) -> tuple[int, float]:
    """Random playouts of ``length`` moves (legal-move generation + make) until ``seconds`` pass."""
    rng = random.Random(12345)
    moves = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        game = canfield.Game.from_code(canfield.make_code(seed, 3), variant)
        seed += 1
        e = game.engine
        gen, make, choice = e.moves, e.make, rng.choice
        for _ in range(length):
            ms = gen()
            if not ms:
                break
            make(choice(ms))
            moves += 1
    return moves, time.perf_counter() - start


def perft_rate(depth: int = 12, deals: int = 5) -> tuple[int, float]:
    nodes = 0
    start = time.perf_counter()
    for seed in range(deals):
        nodes += perft(canfield.Game.from_code(canfield.make_code(seed, 3)), depth)
    return nodes, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--depth", type=int, default=12)
    args = ap.parse_args()
    for variant in ("canfield", "classic", "superior"):
        n, t = playouts(args.seconds, variant)
        print(f"playout {variant:10s} {n:>9,} moves in {t:5.2f}s = {n / t:>10,.0f} moves/s")
    n, t = perft_rate(args.depth)
    print(f"perft depth {args.depth}, 5 deals: {n:,} nodes in {t:.2f}s = {n / t:,.0f} nodes/s")


if __name__ == "__main__":
    main()
