"""Can this position be won? An exact solver, run natively on the game's own rules.

`solve` searches every position reachable from the game's current one, on the native engine and
under the game's compiled rules, so every registered variant is solved with no code of its own.
The solver knows every card: the stock's order and the face-down reserve and column cards included, as
a player who has seen the whole deal would. Its answer:

- ``won``, with a winning line of moves from here that `Game.play` replays to a win;
- ``lost``: proved, no sequence of legal moves from here wins;
- ``unknown``: the budget (time, positions or memory) ran out first; `Solution.cut` says which.

The search is a depth-first search with a set of visited positions, so a "lost" is a proof under
any rules. It also prunes, each time only where a stated argument about the rules makes it exact
and off where the rules break that argument: stock turns folded into the move that follows them,
safe moves to the foundations played at once, positions one stock cycle apart stored as one, runs
moved onto a twin card only to use the card it uncovers; a shortcut search takes turns with the
complete one, and where no one move order suits every deal, so does a second complete search in
another order. ``docs/solver.md`` gives each argument. Positions are remembered as 128-bit
fingerprints: the chance that two of n positions collide, the one way a win could be missed, is
below n² / 2¹²⁹. The set of visited positions is the search's memory; ``memory`` bounds it, and
reaching the bound gives ``unknown``, never a crash.

`solve` takes a game; `solve_position` takes plain data (compiled rules and a position), and
`winnable_deal` deals until the solver proves a deal winnable (``Game.random(winnable=True)``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from ._native import solve as native_solve
from .deals import CODE_SPACE, shuffled_deck
from .errors import CanfieldError
from .native import finish, native_engine
from .notation import Move
from .position import Position
from .rules import Rules

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
    ``memory`` bounds the visited set in bytes. A bound past what a search can reach (an infinite
    timeout, ``max_states=2**80``) is no bound; a negative, NaN or non-number one is refused with
    `CanfieldError`. The search runs without the GIL; Ctrl-C stops it
    with KeyboardInterrupt.
    """
    from .game import Game

    if not isinstance(game, Game):
        raise CanfieldError(f"solve takes a Game, not {type(game).__name__}")
    return solve_position(game.rules, game.position, timeout=timeout, max_states=max_states, memory=memory)


def solve_position(
    rules: Rules,
    position: Position,
    *,
    timeout: float | None = None,
    max_states: int | None = None,
    memory: int = DEFAULT_MEMORY,
) -> Solution:
    """Solve ``position`` under compiled ``rules``: `solve` without a game (the same bounds)."""
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0):
        raise CanfieldError(f"timeout is a number of seconds >= 0 or None, not {timeout!r}")
    for name, value, optional in (("max_states", max_states, True), ("memory", memory, False)):
        if (value is not None or not optional) and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise CanfieldError(f"{name} is an int >= 1{' or None' if optional else ''}, not {value!r}")
    auto = rules.auto_finish
    # A bound past what a search can reach is no bound (the native core's rule): an infinite or
    # huge timeout, more positions or bytes than a machine can count.
    verdict, line, states, seconds, cut = native_solve(
        native_engine(rules, position),
        timeout=timeout,
        max_states=max_states,
        memory=memory,
        auto_finish=auto,
    )
    if auto and line:
        line = _player_line(rules, position, line)
    return Solution(verdict, tuple(Move.from_int(m) for m in line), states, seconds, cut)


def _player_line(rules: Rules, position: Position, line: list[int]) -> list[int]:
    """The player's moves of an engine line under rules that finish by themselves: the moves the
    game then makes on its own (the solver made them the same way) are left out."""
    engine = native_engine(rules, position)
    out: list[int] = []
    i = 0
    while i < len(line):
        engine.make(line[i])
        out.append(line[i])
        i += 1 + len(finish(engine))
    return out


#: How many deals `winnable_deal` tries before it gives up.
WINNABLE_TRIES = 1000


def winnable_deal(rules: Rules, rng: random.Random | None = None, *, timeout: float = 2.0) -> int:
    """The number of a random deal that the solver proves winnable under ``rules`` within ``timeout`` s.

    Deals are drawn with ``rng`` (the ``random`` module's own when None) until one is proved won,
    as the apps' "winnable deals only" do; deals it cannot settle in time are passed over. Raises
    `CanfieldError` after `WINNABLE_TRIES` deals.
    """
    draw = rng.randrange if rng is not None else random.randrange
    for _ in range(WINNABLE_TRIES):
        number = draw(CODE_SPACE)
        if solve_position(rules, rules.deal(shuffled_deck(number, rules.decks)), timeout=timeout).verdict == "won":
            return number
    raise CanfieldError(f"no deal of {rules.variant.id!r} proved winnable in {WINNABLE_TRIES} tries")
