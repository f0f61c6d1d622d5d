"""Engine speed: the public Game API against today's, the native engine against engine.py.

Run from the repository: ``.venv/bin/python bench/engine.py [--rounds 7] [--deals 500] [--seconds 2]``
(about 45 s of CPU with the defaults; longer on a busy machine). Everything is CPU time (``time.process_time``, measured inside the
process doing the work), one core, and a figure is the median over the rounds; ratios are the
median of each round's ratio, since the contenders of a round ran side by side. Deal setup
(``from_code``) is outside the timed part.

Random playouts (``canfield`` rules, draw 3): round r plays deals ``r*deals`` to ``r*deals+deals-1``;
every contender plays each deal in turn, in an order that rotates from deal to deal: up to 200 moves,
or until there is none, choosing with ``random.Random(deal).choice`` so the Python contenders play the
same moves (checked: a checksum of each playout's moves, printed as "same moves as ..."). Moves per
CPU second of:

- today's Game API: ``legal_moves()`` + ``play()`` on commit f398e64 (``--today``), the pure-Python
  package before the native core, taken with ``git archive`` into a temporary directory and run in
  its own Python process, which plays the deals it is told to and reports moves and CPU seconds;
  for a commit after the native core, whose archive has no built native module, ``--today-src DIR``
  names that commit's ``src`` folder with its module built (e.g. by ``maturin build`` in a
  ``git archive`` of it);
- new Game API: the same loop on this working tree (``Game`` on the native engine);
- Game on engine.py: ``moves()`` + ``make()`` of ``game.reference_engine()``, the Python engine layer;
- native from Python: ``moves()`` + ``make()`` of ``game.engine``, the native engine driven by Python;
- native playout(): ``game.engine.playout(200, seed)``, the whole loop in native code with its own
  random generator (played 20 times per deal, to keep the timer's cost out of the figure).

The issue's target is new Game API / today's Game API >= 6x.

perft: each round counts from one deal (0, 1, 2, ...; deals whose tree ends or stays narrow to
depth 60 are skipped) on the native engine (``perft(game, depth)``) and on engine.py
(``perft(game.reference_engine(), depth)``), in turn, each at the deepest depth whose count is
expected to take ``--seconds`` of CPU (engine.py: a quarter of that), found by counting at increasing
depths. The figure is the number of move sequences counted (the leaves, not the interior nodes) per
CPU second of that deepest count. The issue's target is >= 3 M nodes/s for the native engine on one
core.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from worker import Worker

import canfield  # in today's worker process: the package at --today
from canfield.notation import format_move
from canfield.perft import perft

LENGTH = 200  # moves per playout at most
DRAW = 3
NATIVE_REPEATS = 20
MAX_DEPTH = 60  # perft: deals whose tree is still narrow there are skipped
ROOT = Path(__file__).resolve().parent.parent

Result = tuple[int, float, int]  # moves played, CPU seconds, checksum of the moves played (0: none)
Perft = tuple[int, int, float]  # depth, leaves, CPU seconds


def new_game(deal: int) -> Any:
    return canfield.Game.from_code(canfield.make_code(deal, DRAW))


def checksum(moves: Any) -> int:
    """A checksum of the moves played, in order, to check that two contenders played the same moves."""
    return zlib.crc32(" ".join(map(str, moves)).encode())


def game_playout(deal: int) -> Result:
    """Random ``legal_moves()`` + ``play()`` on ``deal`` through the public Game API."""
    game = new_game(deal)
    choice = random.Random(deal).choice
    moves = 0
    start = time.process_time()
    for _ in range(LENGTH):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(choice(legal))
        moves += 1
    seconds = time.process_time() - start
    return moves, seconds, checksum(game.line)


def engine_playout(engine: Any, deal: int) -> Result:
    """Random ``moves()`` + ``make()`` on an engine (native or engine.py) set up at ``deal``."""
    choice = random.Random(deal).choice
    moves = 0
    start = time.process_time()
    for _ in range(LENGTH):
        legal = engine.moves()
        if not legal:
            break
        engine.make(choice(legal))
        moves += 1
    seconds = time.process_time() - start
    return moves, seconds, checksum(map(format_move, engine.made()))


def native_playout(engine: Any, deal: int) -> Result:
    """The native engine's own ``playout``, NATIVE_REPEATS times from ``deal`` (it takes its moves back)."""
    start = time.process_time()
    moves = sum(engine.playout(LENGTH, deal * NATIVE_REPEATS + i) for i in range(NATIVE_REPEATS))
    return moves, time.process_time() - start, 0


def worker() -> None:
    """Today's side: say where ``canfield`` came from, then answer ``run DEAL`` with ``MOVES SECONDS CHECKSUM``."""
    print(Path(canfield.__file__).resolve(), flush=True)
    for line in sys.stdin:
        print(*game_playout(int(line.split()[1])), flush=True)


class Today:
    """Today's Game API: the package at ``commit`` in its own Python process, playing deals on command."""

    def __init__(self, commit: str, workdir: Path, src: Path | None = None) -> None:
        if src is None:
            archive = subprocess.run(
                ["git", "-C", str(ROOT), "archive", commit, "src"], capture_output=True, check=True
            )
            with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
                tar.extractall(workdir, filter="data")
            src = workdir / "src"
        self.worker = Worker(__file__, src.resolve())

    def playout(self, deal: int) -> Result:
        moves, seconds, played = self.worker.ask(f"run {deal}").split()
        return int(moves), float(seconds), int(played)

    def close(self) -> None:
        self.worker.close()


def perft_within(target: Any, seconds: float) -> Perft | None:
    """Count at depths 1, 2, ... until the next count would take over ``seconds``: the last count.

    None when the tree ends or stays too narrow to fill ``seconds`` by depth MAX_DEPTH.
    """
    previous = 1
    for depth in range(1, MAX_DEPTH + 1):
        start = time.process_time()
        leaves = perft(target, depth)
        spent = time.process_time() - start
        if leaves == 0:
            return None
        if spent * leaves / previous > seconds:
            return depth, leaves, spent
        previous = leaves
    return None


def rotated(items: list[str], by: int) -> list[str]:
    by %= len(items)
    return items[by:] + items[:by]


def median_ratio(a: list[float], b: list[float]) -> float:
    """The median of the per-round ratios a/b (the contenders of a round ran side by side)."""
    return statistics.median(x / y for x, y in zip(a, b, strict=True))


def run_playouts(contenders: dict[str, Callable[[int], Result]], rounds: int, deals: int) -> dict[str, list[float]]:
    """Moves per CPU second of each contender in each round; checks the Python contenders played alike."""
    names = list(contenders)
    for name in names:  # warm-up, not counted
        contenders[name](0)
    rates: dict[str, list[float]] = {name: [] for name in names}
    played: dict[str, list[int]] = {name: [] for name in names}
    for r in range(rounds):
        moves, seconds = dict.fromkeys(names, 0), dict.fromkeys(names, 0.0)
        for deal in range(r * deals, (r + 1) * deals):
            for name in rotated(names, deal):
                m, s, check = contenders[name](deal)
                moves[name] += m
                seconds[name] += s
                played[name].append(check)
        for name in names:
            rates[name].append(moves[name] / seconds[name])
        print(f"round {r + 1}/{rounds}: playouts of deals {r * deals}-{(r + 1) * deals - 1} done", flush=True)
    alike = [name for name in names[1:] if played[name] == played[names[0]]]
    print(f"same moves as {names[0]} on every deal: {', '.join(alike) or 'none'}")
    return rates


def run_perft(rounds: int, seconds: float) -> dict[str, list[Perft]]:
    """Native and engine.py perft, in turn, from one deal a round: the next one wide enough to count."""
    runs: dict[str, list[Perft]] = {"native": [], "engine.py": []}
    deal = -1
    for r in range(rounds):
        counts: dict[str, Perft | None] = {}
        while not counts or None in counts.values():
            deal += 1
            game = new_game(deal)
            targets = {"native": (game, seconds), "engine.py": (game.reference_engine(), seconds / 4)}
            counts = {name: perft_within(*targets[name]) for name in rotated(list(targets), deal)}
        for name, count in counts.items():
            assert count is not None
            runs[name].append(count)
        depth, leaves, spent = runs["native"][-1]
        print(
            f"round {r + 1}/{rounds}: native perft({depth}) of deal {deal}: {leaves / spent:,.0f} nodes/s", flush=True
        )
    return runs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=7, help="rounds; figures are medians over them (default 7)")
    ap.add_argument("--deals", type=int, default=500, help="playout deals per round (default 500)")
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds of a native perft count (default 2)")
    ap.add_argument("--today", default="f398e64", help="commit of today's Game API (default f398e64)")
    ap.add_argument(
        "--today-src", type=Path, metavar="DIR", help="the --today commit's src folder, its native module built"
    )
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker()

    with tempfile.TemporaryDirectory(prefix="canfield-today-") as workdir:
        today = Today(args.today, Path(workdir), args.today_src)
        try:
            rates = run_playouts(
                {
                    f"today's Game API ({args.today})": today.playout,
                    "new Game API": game_playout,
                    "Game on engine.py": lambda deal: engine_playout(new_game(deal).reference_engine(), deal),
                    "native from Python": lambda deal: engine_playout(new_game(deal).engine, deal),
                    "native playout()": lambda deal: native_playout(new_game(deal).engine, deal),
                },
                args.rounds,
                args.deals,
            )
        finally:
            today.close()
    runs = run_perft(args.rounds, args.seconds)

    names = list(rates)
    today_rates, new_rates, reference_rates = rates[names[0]], rates[names[1]], rates[names[2]]
    print(
        f"\nrandom playouts, {LENGTH} moves or until none, draw {DRAW}: median of {args.rounds} rounds of {args.deals} deals"
    )
    print(f"  {'':34s} {'moves/CPU s':>12s} {'x today':>9s} {'x engine.py':>12s}")
    for name, rate in rates.items():
        print(
            f"  {name:34s} {statistics.median(rate):>12,.0f} {median_ratio(rate, today_rates):>8.2f}x"
            f" {median_ratio(rate, reference_rates):>11.2f}x"
        )
    gain = median_ratio(new_rates, today_rates)
    print(f"  new Game API / today's Game API: {gain:.2f}x (target >= 6x: {'met' if gain >= 6 else 'NOT met'})")

    print(f"\nperft, leaves counted per CPU second (one core): median of {args.rounds} rounds, one deal each")
    perft_rates = {name: [leaves / spent for _, leaves, spent in r] for name, r in runs.items()}
    for name, r in runs.items():
        depths = sorted({depth for depth, _, _ in r})
        print(f"  {name:34s} {statistics.median(perft_rates[name]):>12,.0f} nodes/s (depth {depths[0]}-{depths[-1]})")
    native = statistics.median(perft_rates["native"])
    ratio = median_ratio(perft_rates["native"], perft_rates["engine.py"])
    print(f"  native / engine.py: {ratio:.1f}x; native >= 3,000,000 nodes/s: {'met' if native >= 3e6 else 'NOT met'}")


if __name__ == "__main__":
    main()
