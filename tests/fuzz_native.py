"""Random calls into every native entry point, and games under random rule tables a plugin could
produce; run by `tests/test_robust.py` in a process of its own, so that a crash is a failed test.

``python -m tests.fuzz_native SEED COUNT`` makes COUNT rounds from SEED; every error must be a
`CanfieldError` (an `InternalError` is a bug too: it is reported), and the process must exit 0.
It prints one line: the rounds made and the calls that were refused.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from typing import Any

import canfield
from canfield import _native, moves
from canfield.deals import shuffled_deck
from canfield.errors import CanfieldError, InternalError
from canfield.plugins.registry import rules_for, variants
from canfield.rules import Variant
from canfield.spec import MAX_DECKS, MAX_DRAW, MAX_PASS_LIMIT, MAX_RECYCLES, RuleSpec

#: Values that broke native code before, or could: bounds, their neighbours, the wrong types.
ODD: tuple[object, ...] = (
    -1, 0, 1, 2, 7, 8, 9, 12, 13, 51, 52, 63, 64, 127, 128, 208, 209, 255, 256, 1000, 1001, 1002,
    MAX_RECYCLES, MAX_RECYCLES + 1, 2**31, 2**32 - 1, 2**32, 2**63, 2**64, 2**64 + 1, 10**400,
    -(2**63), 0.5, 1e20, math.inf, -math.inf, math.nan, True, None, "", "3", b"x", [], [1], (1, 2), {},
)  # fmt: skip


def odd(rng: random.Random) -> object:
    return rng.choice(ODD)


def maybe(rng: random.Random, good: object) -> object:
    """Usually ``good``, now and then an odd value instead."""
    return odd(rng) if rng.random() < 0.08 else good


def random_tables(rng: random.Random) -> dict[str, Any]:
    """The arguments of `_native.Tables`: any build relation, any draws and pass limit."""
    decks = rng.randint(1, MAX_DECKS)
    density = rng.choice([0.0, 0.02, 0.1, 0.5, 1.0])
    builds = [rng.random() < density for _ in range(52 * 52)]
    passes = rng.choice([None, 1, 2, 3, rng.randint(1, MAX_PASS_LIMIT), MAX_PASS_LIMIT])
    n_draws = rng.choice([1, 2, 16, passes or 16])
    return {
        "columns": maybe(rng, rng.randint(1, moves.MAX_COLUMNS)),
        "decks": maybe(rng, decks),
        "builds": maybe(rng, builds),
        "empty_ok": maybe(rng, [rng.random() < 0.7 for _ in range(52)]),
        "auto_fill": maybe(rng, rng.random() < 0.5),
        "mode": maybe(rng, rng.randint(0, 2)),
        "takeback": maybe(rng, rng.random() < 0.5),
        "draws": maybe(rng, [rng.randint(1, MAX_DRAW) for _ in range(n_draws)]),
        "pass_limit": maybe(rng, passes),
        "past_base": maybe(rng, rng.random() < 0.5),
    }


def random_position(rng: random.Random, columns: int, decks: int) -> list[object]:
    """Engine arguments after the tables: a position holding every card once per deck, spread
    over the piles at random (runs of any length), now and then broken."""
    cards = [c for c in range(52) for _ in range(decks)]
    start = rng.randrange(13)
    foundations: list[tuple[int, int]] = []
    for _ in range(decks):
        for s in range(4):
            n = rng.choice([0, 0, 1, rng.randint(0, 13), 13])
            for k in range(n):
                cards.remove(s * 13 + (start + k) % 13)
            foundations.append((s, n))
    rng.shuffle(cards)
    piles: list[list[int]] = [[] for _ in range(columns + 3)]
    for c in cards:
        piles[min(rng.randrange(columns + 6), columns + 2)].append(c)
    reserve, stock, waste, *cols = piles
    recycles = rng.choice([0, 0, 1, rng.randint(0, 5), MAX_RECYCLES])
    pos: list[object] = [reserve, start, foundations, cols, stock, waste, recycles]
    if rng.random() < 0.1:
        pos[rng.randrange(len(pos))] = odd(rng)
    return pos


def engine_calls(rng: random.Random, e: _native.Engine) -> list[Callable[[], object]]:
    """One random call of each kind on engine ``e``."""
    legal = e.moves()
    some_move = rng.choice(legal) if legal and rng.random() < 0.8 else odd(rng)
    # A bounded search: the values past every bound (no bound at all) are the budget tests' to try.
    refused = [-1, -0.5, math.nan, True, "1", [1]]
    budget = {
        "max_states": rng.choice([1, 100, 2000, 2000, *refused]),
        "memory": rng.choice([0, 1 << 12, 1 << 20, 1 << 20, None, *refused]),
        "timeout": rng.choice([None, 0, 0.2, 0.2, *refused]),
    }
    return [
        e.moves,
        lambda: e.make(some_move),
        lambda: e.make(rng.randrange(1 << moves.MOVE_BITS)),
        e.unmake,
        e.position,
        e.key,
        e.is_won,
        e.is_lost,
        e.draw_count,
        e.made,
        e.depth,
        e.copy,
        # Depths and lengths that run for long (3 deep may be 10^8 lines under 4 decks, a playout
        # round the stock goes on to 2**24 moves) are the walk tests' to try; here, refused ones.
        lambda: e.perft(rng.choice([0, 1, 2, -1, 2**32, 2**64, None, "3", 1.5])),
        lambda: e.playout(rng.choice([0, 1, 300, -1, 2**64, 10**400, None]), maybe(rng, rng.randrange(2**64))),
        lambda: e.moves_from(maybe(rng, [None] * rng.choice([0, 10, 1 << 14]))),
        lambda: _native.solve(e, **budget),
        lambda: _native._decode_move(odd(rng), maybe(rng, 4)),
        lambda: _native._encode_move(maybe(rng, 8), maybe(rng, 9), odd(rng)),
    ]


class RandomRules:
    """A plugin whose hooks give random but valid answers: any build relation, a pass limit up to
    the largest, per-pass draws."""

    def __init__(self, rng: random.Random) -> None:
        density = rng.choice([0.0, 0.03, 0.1, 0.5])
        self.table = [rng.random() < density for _ in range(52 * 52)]
        self.passes = rng.choice([math.inf, 1, 2, rng.randint(1, MAX_PASS_LIMIT), MAX_PASS_LIMIT])
        self.draws = [rng.randint(1, MAX_DRAW) for _ in range(3)]

    @canfield.hookimpl
    def canfield_build_rule(self, spec: RuleSpec) -> object:
        return lambda s, t: self.table[s * 52 + t]

    @canfield.hookimpl
    def canfield_pass_limit(self, spec: RuleSpec) -> object:
        return self.passes

    @canfield.hookimpl
    def canfield_draw_count(self, spec: RuleSpec, pass_index: int) -> int:
        return self.draws[pass_index % len(self.draws)]


def plugin_game(rng: random.Random, round_: int) -> int:
    """A game under random plugin rules on a registered variant's spec (its reserve piles, fill
    and foundations), some of its options changed: random moves, undo, a bounded solve. Returns
    refusals (options that do not go together)."""
    options = {
        "decks": rng.randint(1, MAX_DECKS),
        "columns": rng.randint(1, moves.MAX_COLUMNS),
        "tableau_moves": rng.choice(["any", "top-or-whole", "whole"]),
        "foundation_takeback": rng.random() < 0.5,
        "empty_column": rng.choice(["reserve", "reserve-then-waste", "any", "reserve-by-choice", "waste"]),
        "reserve_visible": rng.choice(["top", "all"]),
        "reserve_play": rng.choice(["any", "last", "foundations"]),
    }
    base = rng.choice(variants()).spec
    try:
        spec = base.evolve(**dict(rng.sample(sorted(options.items()), rng.randint(0, len(options)))))
        rules = rules_for(Variant(f"fuzz-{round_}", "Fuzz", spec, hooks=RandomRules(rng)))
    except CanfieldError as err:
        assert not isinstance(err, InternalError), err
        return 1
    game = canfield.Game(rules, rules.deal(shuffled_deck(rng.randrange(2**40), rules.decks)))
    for _ in range(rng.randint(0, 60)):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        if rng.random() < 0.1:
            game.undo()
    found = canfield.solve(game, max_states=rng.choice([100, 5000, 30_000]), memory=1 << 22)
    if found.verdict == "won":
        for m in found.line:
            game.play(m)
        assert game.is_won(), "a won line that does not win"
    return 0


def main(seed: int, count: int) -> None:
    rng = random.Random(seed)
    refused = 0
    for round_ in range(count):
        args = random_tables(rng)
        try:
            tables = _native.Tables(**args)
            columns, decks = int(args["columns"]), int(args["decks"])  # accepted: ints
        except CanfieldError as err:
            assert not isinstance(err, InternalError), err
            refused += 1
            tables, columns, decks = rules_for("canfield").native, 4, 1
        try:
            e = _native.Engine(tables, *random_position(rng, columns, decks))
        except CanfieldError as err:
            assert not isinstance(err, InternalError), err
            refused += 1
            continue
        for _ in range(rng.randint(1, 25)):
            call = rng.choice(engine_calls(rng, e))
            try:
                call()
            except CanfieldError as err:
                assert not isinstance(err, InternalError), err
                refused += 1
        if round_ % 10 == 0:
            refused += plugin_game(rng, round_)
    print(count, refused)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
