"""perft: the number of move sequences of exactly ``depth`` legal moves, as chess engines count them.

Two implementations that agree on perft for many positions and depths agree move for move.
"""

from __future__ import annotations

from .errors import CanfieldError

TYPE_CHECKING = False  # not typing's: `import canfield` loads this module, and typing would be most of its cost
if TYPE_CHECKING:
    from ._native import Engine as NativeEngine
    from .engine import Engine
    from .game import Game


def perft(game: Game | Engine | NativeEngine, depth: int) -> int:
    """Count the legal move sequences of length ``depth`` from ``game`` (which is left unchanged).

    A `Game` counts on its native engine; a `canfield.engine.Engine` (the reference) counts in Python.
    Any depth is walked without recursion; Ctrl-C stops the count with `KeyboardInterrupt`, the
    position left as it was (a native walk whose path outgrows 2**24 moves is a `CanfieldError`).
    """
    from .engine import Engine

    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise CanfieldError(f"perft depth is an int >= 0, not {depth!r}")
    if isinstance(game, Engine):  # the reference engine, which runs without the native module
        return _perft(game, depth)
    from ._native import Engine as NativeEngine
    from .game import Game

    if isinstance(game, Game):
        return game.engine.perft(depth)
    if isinstance(game, NativeEngine):
        return game.perft(depth)
    raise CanfieldError(f"perft counts from a Game or an engine, not {type(game).__name__}")


def _perft(e: Engine, depth: int) -> int:
    """perft on the reference engine, with a stack of its own (no recursion, whatever the depth)."""
    moves = e.moves()
    if depth <= 1:
        return len(moves) if depth else 1
    total = 0
    make, unmake, legal = e.make, e.unmake, e.moves
    path = [iter(moves)]  # the moves left to try at each position on the path
    start = len(e.hist)
    try:
        while path:
            m = next(path[-1], None)
            if m is None:
                path.pop()
                if path:
                    unmake()
                continue
            make(m)
            if len(path) + 1 == depth:
                total += len(legal())
                unmake()
            else:
                path.append(iter(legal()))
    finally:  # Ctrl-C included: back to where it started
        while len(e.hist) > start:
            unmake()
    return total


def divide(game: Game, depth: int) -> dict[str, int]:
    """perft split by first move (move text → count), for finding where two programs differ."""
    from .notation import format_move

    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise CanfieldError(f"divide depth is an int >= 1, not {depth!r}")
    e = game.engine
    out = {}
    for m in e.moves():
        e.make(m)
        out[format_move(m)] = e.perft(depth - 1)
        e.unmake()
    return out
