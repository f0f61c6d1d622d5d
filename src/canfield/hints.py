"""Hints: the fair player's move, or the solver's winning line when it finds one in time.

`hint` is behind `Game.hint`. A fair hint (``fair=True``) comes from `canfield.fair`, which
decides from what the player has seen. The solver's hint knows every card; a line it found is
remembered for its game, by the position before each of its moves, so while the player follows
it the next hints come without a search.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from .fair import Settings, choose
from .native import finish, native_engine, native_position
from .notation import Move
from .policy import Hint, preferred_move
from .position import Position
from .solver import solve_position

if TYPE_CHECKING:
    from .game import Game

#: Each game's winning line, by the position before each of its moves (dropped with the game).
_PLANS: weakref.WeakKeyDictionary[Game, dict[Position, Move]] = weakref.WeakKeyDictionary()


def hint(game: Game, *, timeout: float = 0.5, fair: bool = False, settings: Settings | None = None) -> Hint:
    """A suggested move for ``game`` here and where it came from.

    With ``fair``, the fair player's move (`canfield.fair.choose` with ``settings``, its defaults
    when None): source ``"fair"``, with the share of its samples won. Otherwise the solver looks for a win from here for up to ``timeout`` seconds: when it finds one, the
    hint is the first move of that line (source ``"solver"``, verdict ``"won"``), and while the
    player follows the line, the next hints come from it without searching again. When the
    position is lost, or the search runs out of time, the hint is the move the simple policy of
    `canfield.policy` prefers, with the solver's verdict (``"lost"`` or ``"unknown"``).
    """
    rules, here = game.rules, game.position
    if fair:
        choice = choose(rules, here, settings)
        return Hint(choice.move, "fair", share=choice.share, samples=choice.samples)
    plan = _PLANS.get(game, {})
    if here in plan:
        return Hint(plan[here], "solver", "won")
    found = solve_position(rules, here, timeout=timeout)
    if found.verdict == "won" and found.line:
        _PLANS[game] = _plan(game, found.line)
        return Hint(found.line[0], "solver", "won")
    return Hint(preferred_move(rules, here), "policy", found.verdict)


def _plan(game: Game, line: tuple[Move, ...]) -> dict[Position, Move]:
    """Each move of ``line`` by the position before it, played from ``game``'s position as the game plays."""
    engine = native_engine(game.rules, game.position)
    auto = game.rules.auto_finish
    plan: dict[Position, Move] = {}
    for move in line:
        plan[native_position(engine)] = move
        engine.make(move.code)
        if auto:
            finish(engine)
    return plan
