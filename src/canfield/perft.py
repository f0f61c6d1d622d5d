"""perft: the number of move sequences of exactly ``depth`` legal moves, as chess engines count them.

Two implementations that agree on perft for many positions and depths agree move for move.
"""

from __future__ import annotations

from .engine import Engine
from .game import Game
from .notation import format_move


def perft(game: Game | Engine, depth: int) -> int:
    """Count the legal move sequences of length ``depth`` from ``game`` (which is left unchanged)."""
    engine = game.engine if isinstance(game, Game) else game
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    return _perft(engine, depth)


def _perft(e: Engine, depth: int) -> int:
    moves = e.moves()
    if depth <= 1:
        return len(moves) if depth else 1
    total = 0
    make, unmake = e.make, e.unmake
    for m in moves:
        make(m)
        total += _perft(e, depth - 1)
        unmake()
    return total


def divide(game: Game, depth: int) -> dict[str, int]:
    """perft split by first move (move text → count), for finding where two programs differ."""
    e = game.engine
    out = {}
    for m in e.moves():
        e.make(m)
        out[format_move(m)] = _perft(e, depth - 1)
        e.unmake()
    return out
