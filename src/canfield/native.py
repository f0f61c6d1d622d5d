"""The native engine as the library uses it: made from compiled rules and a `Position`, read back.

``canfield._native`` (the Rust crate) takes plain ints and lists; these functions speak the
library's types to it, so `Game`, the policy and the solver set it up and read it one way.
`finish` is the rules' automatic finish (``auto_finish``), played on an engine: the game plays it
after each move, and the solver's line leaves out what it plays.
"""

from __future__ import annotations

from ._native import Engine as NativeEngine
from .moves import decode, is_up
from .position import Position
from .rules import Rules


def native_engine(rules: Rules, position: Position) -> NativeEngine:
    """A native engine at ``position`` under ``rules``."""
    p = position
    return NativeEngine(
        rules.native,
        p.reserve,
        p.start,
        p.foundations,
        p.columns,
        p.stock,
        p.waste,
        p.recycles,
        p.face_down or None,
        p.more_reserves or None,
        p.foundation_piles or None,
        p.base_open,
    )


def native_position(engine: NativeEngine) -> Position:
    """The position a native engine is at."""
    reserve, start, foundations, columns, stock, waste, recycles = engine.position()
    return Position(
        reserve=reserve,
        start=start,
        foundations=foundations,
        columns=columns,
        stock=stock,
        waste=waste,
        recycles=recycles,
        face_down=engine.face_down(),
        more_reserves=engine.more_reserves(),
        foundation_piles=engine.piles(),
        base_open=engine.base_open(),
    )


def finish(engine: NativeEngine) -> tuple[int, ...]:
    """Send cards up while stock, waste and reserve are empty, first legal move first; the moves made.

    What rules with ``auto_finish`` do after every move of the player.
    """
    done: list[int] = []
    while True:
        reserve, _, _, _, stock, waste, _ = engine.position()
        if stock or waste or reserve or any(engine.more_reserves()) or engine.is_won():
            break
        up = next((m for m in engine.moves() if is_up(decode(m)[1])), None)
        if up is None:
            break
        engine.make(up)
        done.append(up)
    return tuple(done)
