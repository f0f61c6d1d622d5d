"""Hints: the fair player's move, or the solver's winning line when it finds one in time.

`hint` is behind `Game.hint`. A fair hint (``fair=True``) comes from `canfield.fair`, which
decides from what the player has seen. The solver's hint knows every card; a line it found is
remembered for its game, by the position before each of its moves, so while the player follows
it the next hints come without a search.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from .fair import MAX_STATES, SAMPLES, Settings, choose, seen_text
from .native import finish, native_engine, native_position
from .notation import Move
from .policy import Hint, preferred_move
from .position import Position
from .solver import solve_position

if TYPE_CHECKING:
    from .game import Game

#: Each game's winning line, by the position before each of its moves (dropped with the game).
_PLANS: weakref.WeakKeyDictionary[Game, dict[Position, Move]] = weakref.WeakKeyDictionary()


def hint(
    game: Game,
    *,
    timeout: float = 0.5,
    fair: bool = False,
    samples: int | None = None,
    max_states: int | None = None,
    seed: int = 0,
) -> Hint:
    """A suggested move for ``game`` here and where it came from.

    With ``fair``, the fair player's move (`canfield.fair.choose` with ``samples`` of
    ``max_states`` positions each, its defaults when None, and ``seed``): source ``"fair"``, with
    the share of its samples won; as in `canfield.fair.play_out`, it does not lead back to a
    position the game has been at. Otherwise the solver looks for a win from here for up to ``timeout`` seconds: when it finds one, the
    hint is the first move of that line (source ``"solver"``, verdict ``"won"``), and while the
    player follows the line, the next hints come from it without searching again. When the
    position is lost, or the search runs out of time, the hint is the move the simple policy of
    `canfield.policy` prefers, with the solver's verdict (``"lost"`` or ``"unknown"``).
    """
    rules, here = game.rules, game.position
    if fair:
        settings = Settings(
            SAMPLES if samples is None else samples, MAX_STATES if max_states is None else max_states, seed
        )
        previous = next((m for m in reversed(game.line) if not m.is_stock), None)  # as in fair.play_out
        choice = choose(rules, here, settings, avoid=_earlier(game), previous=previous)
        return Hint(choice.move, "fair", share=choice.share, samples=choice.samples)
    plan = _PLANS.get(game, {})
    if here in plan:
        return Hint(plan[here], "solver", "won")
    found = solve_position(rules, here, timeout=timeout)
    if found.verdict == "won" and found.line:
        _PLANS[game] = _plan(game, found.line)
        return Hint(found.line[0], "solver", "won")
    return Hint(preferred_move(rules, here), "policy", found.verdict)


def _earlier(game: Game) -> set[str]:
    """What the player saw at each earlier position of ``game`` (`canfield.fair.seen_text`), from
    where the game started through its moves: the fair player does not go back to them."""
    start = game._origin[0]
    engine = native_engine(game.rules, start)
    seen = {seen_text(game.rules, start)}
    made = game.engine.made()
    for m in made[:-1]:
        engine.make(m)
        seen.add(seen_text(game.rules, native_position(engine)))
    seen.discard(seen_text(game.rules, game.position))
    return seen


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
