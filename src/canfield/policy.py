"""A simple move policy, and the `Hint` that `Game.hint` returns (see `canfield.hints`).

`preferred_move` is what a careful beginner would do, in a fixed order: put a card up on a
foundation, play the reserve, move a column when that frees something, play the waste, turn the
stock. It never takes a card back from a foundation and never shuffles cards between columns
without a gain, so following it always makes progress or turns the stock; it does not look ahead,
so it loses games that can be won. It decides from what a player sees: a face-down card is only
known to be face down.
"""

from __future__ import annotations

import attrs

from ._native import Engine as NativeEngine
from .moves import column_number
from .native import finish, native_engine
from .notation import Move
from .position import Position
from .rules import Rules

#: Where a hint may come from: the simple policy, the solver (it knows every card), or the fair
#: player of `canfield.fair` (it knows what the player has seen).
HINT_SOURCES = ("policy", "solver", "fair")


@attrs.frozen
class Hint:
    """A suggested move and where it came from.

    ``move`` is None when the source sees nothing to do. ``source`` is ``"policy"`` (the simple
    policy of `preferred_move`), ``"solver"`` or ``"fair"`` (the fair player); ``verdict`` is what
    the source knows of the game from here (a solver's result, such as ``"won"``), or None when it
    does not say. A fair hint says how sure it is: ``share`` of its ``samples`` of the unseen cards
    were won (None when it searched none: the move was the only one).
    """

    move: Move | None
    source: str = attrs.field(validator=attrs.validators.in_(HINT_SOURCES))
    verdict: str | None = None
    share: float | None = None
    samples: int = 0


def _frees_a_card(engine: NativeEngine, rules: Rules, move: Move, position: Position, column: int) -> bool:
    """Whether a column move empties its column, turns up a face-down card, or uncovers a face-up
    card that can go up at once. A face-down card counts for what it is, not for the card it hides:
    the policy decides from what a player sees, like the fair player that falls back on it."""
    left = len(position.columns[column]) - move.count
    if left == 0 or position.is_face_down(column, left - 1):
        return True
    engine.make(move.code)
    made = 1 + (len(finish(engine)) if rules.auto_finish else 0)  # what the game would do after it
    try:
        return any(m.source == move.source and m.to_foundation for m in map(Move.from_int, engine.moves()))
    finally:
        for _ in range(made):
            engine.unmake()


def _column(name: str) -> int:
    """The column (from 0) of a move's source or target that is a column's name."""
    i = column_number(name)
    assert i is not None, f"{name!r} names no column"
    return i


def preferred_move(rules: Rules, position: Position) -> Move | None:
    """The policy's move at ``position`` under ``rules``, or None when it sees nothing to do.

    The same position gives the same move. In order: a card to a foundation (reserve first, then
    waste, then columns); the reserve's top card onto a column (a card before an empty column); a
    column move that empties its column or uncovers a card that then goes up; the waste onto a
    column; the stock. ``canfield.policy.preferred_move(game.rules, game.position)`` asks it
    about a game.
    """
    return next(iter(policy_moves(rules, position)), None)


def policy_moves(rules: Rules, position: Position) -> list[Move]:
    """Every move the policy would play at ``position``, best first: its first is `preferred_move`.

    The order of `preferred_move`; the moves it never plays (a take-back from a foundation, a
    column move that frees nothing) are left out. The fair player breaks ties with it.
    """
    engine = native_engine(rules, position)
    moves = [m for m in map(Move.from_int, engine.moves()) if not m.from_foundation]  # no take-backs
    columns = position.columns

    def onto_card(m: Move) -> bool:
        return m.to_column and bool(columns[_column(m.target)])

    up = [m for m in moves if m.to_foundation]
    up = (
        [m for m in up if m.source == "r"]
        + [m for m in up if m.source == "w"]
        + [m for m in up if m.source not in "rw"]
    )
    reserve = sorted((m for m in moves if m.source == "r"), key=lambda m: not onto_card(m))
    reserve = [m for m in reserve if not m.to_foundation]
    freeing = [
        m
        for m in moves
        if m.from_column and onto_card(m) and _frees_a_card(engine, rules, m, position, _column(m.source))
    ]
    waste = sorted((m for m in moves if m.source == "w" and not m.to_foundation), key=lambda m: not onto_card(m))
    stock = [m for m in moves if m.text == "s"]
    return [*up, *reserve, *freeing, *waste, *stock]
