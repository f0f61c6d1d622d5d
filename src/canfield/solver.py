"""Can this position be won? An exact solver, run natively on the game's own rules.

`solve` searches every position reachable from the game's current one, on the native engine and
under the game's compiled rules, so every registered variant is solved with no code of its own.
The solver knows every card: the stock's order and the reserve's face-down cards included, as
a player who has seen the whole deal would. Its answer:

- ``won``, with a winning line of moves from here that `Game.play` replays to a win;
- ``lost``: proved, no sequence of legal moves from here wins;
- ``unknown``: the budget (time, positions or memory) ran out first; `Solution.cut` says which.

The search is an exhaustive depth-first search with a set of visited positions; it prunes
nothing else, so a "lost" is a proof under any rules. Positions are remembered as 128-bit
fingerprints: the chance that two of n positions collide, the one way a win could be missed, is
below n² / 2¹²⁹. The set of visited positions is the search's memory; ``memory`` bounds it, and
reaching the bound gives ``unknown``, never a crash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from . import _native
from .errors import CanfieldError
from .notation import Move

if TYPE_CHECKING:
    from .game import Game

#: The default bound of the visited set, in bytes (1 GiB: about 50 million positions).
DEFAULT_MEMORY = 1 << 30

VERDICTS = ("won", "lost", "unknown")
#: How many moves of a winning line `repr` shows.
REPR_MOVES = 8


@attrs.frozen
class Solution:
    """What `solve` found.

    ``verdict``: ``"won"``, ``"lost"`` or ``"unknown"``. ``line``: the moves from the position
    solved to a win (empty unless won). ``states``: positions searched. ``seconds``: wall time.
    ``cut``: why an ``unknown`` search stopped (``"timeout"``, ``"max_states"``, ``"memory"``).
    """

    verdict: str = attrs.field(validator=attrs.validators.in_(VERDICTS))
    line: tuple[Move, ...] = ()
    states: int = 0
    seconds: float = 0.0
    cut: str | None = None

    def __bool__(self) -> bool:
        """True when won."""
        return self.verdict == "won"

    def __repr__(self) -> str:
        """The verdict, the line's length and its first few moves (not all of a 200-move line)."""
        shown = " ".join(m.text for m in self.line[:REPR_MOVES])
        more = " …" if len(self.line) > REPR_MOVES else ""
        line = f", line=<{len(self.line)} moves: {shown}{more}>" if self.line else ""
        cut = f", cut={self.cut!r}" if self.cut else ""
        return f"Solution(verdict={self.verdict!r}{line}, states={self.states}, seconds={self.seconds:.3g}{cut})"


def solve(
    game: Game,
    *,
    timeout: float | None = None,
    max_states: int | None = None,
    memory: int = DEFAULT_MEMORY,
) -> Solution:
    """Solve ``game`` from its current position (the game is not changed).

    Under rules that put cards up by themselves at the end (``auto_finish``), the solver plays
    those moves as the game does, and the line holds only the player's moves.

    ``timeout`` in seconds and ``max_states`` positions bound the search (None: no bound);
    ``memory`` bounds the visited set in bytes. The search runs without the GIL; Ctrl-C stops it
    with KeyboardInterrupt.
    """
    from .game import Game

    if not isinstance(game, Game):
        raise CanfieldError(f"solve takes a Game, not {type(game).__name__}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0):
        raise CanfieldError(f"timeout is a number of seconds >= 0 or None, not {timeout!r}")
    for name, value in (("max_states", max_states), ("memory", memory)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise CanfieldError(f"{name} is an int >= 1, not {value!r}")
    auto = game.spec.auto_finish
    verdict, line, states, seconds, cut = _native.solve(
        game.engine,
        timeout=None if timeout is None else float(timeout),
        max_states=max_states,
        memory=memory,
        auto_finish=auto,
    )
    moves = tuple(Move.from_int(m) for m in line)
    if auto and moves:
        moves = _player_line(game, moves)
    return Solution(verdict, moves, states, seconds, cut)


def _player_line(game: Game, line: tuple[Move, ...]) -> tuple[Move, ...]:
    """The player's moves of an engine line under rules that finish by themselves: the moves the
    game then makes on its own (the solver made them the same way) are left out."""
    g = game.copy()
    out: list[Move] = []
    i = 0
    depth = g.engine.depth  # moves made on the engine, the game's own ones included
    while i < len(line):
        before = depth()
        g.play(line[i])
        out.append(line[i])
        i += depth() - before
    return tuple(out)
