"""A simple move policy and the `Hint` that `Game.hint` returns.

`preferred_move` is what a careful beginner would do, in a fixed order: put a card up on a
foundation, play the reserve, move a column when that frees something, play the waste, turn the
stock. It never takes a card back from a foundation and never shuffles cards between columns
without a gain, so following it always makes progress or turns the stock; it does not look ahead,
so it loses games that can be won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .notation import Move

if TYPE_CHECKING:
    from .game import Game

#: Where a hint may come from.
HINT_SOURCES = ("policy", "solver")


@attrs.frozen
class Hint:
    """A suggested move and where it came from.

    ``move`` is None when the source sees nothing to do. ``source`` is ``"policy"`` (the simple
    policy of `preferred_move`) or ``"solver"``; ``verdict`` is what the source knows of the game
    from here (a solver's result, such as ``"won"``), or None when it does not say.
    """

    move: Move | None
    source: str = attrs.field(validator=attrs.validators.in_(HINT_SOURCES))
    verdict: str | None = None


def _frees_a_card(game: Game, move: Move) -> bool:
    """Whether a column move empties its column or uncovers a card that can go up at once."""
    column = game.observation().columns[int(move.source) - 1]
    if move.count == len(column):
        return True
    after = game.copy()
    after.play(move)
    return any(m.source == move.source and m.target == "f" for m in after.legal_moves())


def preferred_move(game: Game) -> Move | None:
    """The policy's move here, or None when it sees nothing to do; the same position gives the same move.

    In order: a card to a foundation (reserve first, then waste, then columns); the reserve's top
    card onto a column (a card before an empty column); a column move that empties its column or
    uncovers a card that then goes up; the waste onto a column; the stock.
    """
    moves = [m for m in game.legal_moves() if m.source not in "SHDC"]  # no take-backs
    columns = game.observation().columns

    def onto_card(m: Move) -> bool:
        return m.target != "f" and bool(columns[int(m.target) - 1])

    up = [m for m in moves if m.target == "f"]
    for source in ("r", "w"):
        for m in up:
            if m.source == source:
                return m
    if up:
        return up[0]
    reserve = sorted((m for m in moves if m.source == "r"), key=lambda m: not onto_card(m))
    if reserve:
        return reserve[0]
    freeing = [m for m in moves if m.source.isdigit() and onto_card(m) and _frees_a_card(game, m)]
    if freeing:
        return freeing[0]
    waste = sorted((m for m in moves if m.source == "w"), key=lambda m: not onto_card(m))
    if waste:
        return waste[0]
    return next((m for m in moves if m.text == "s"), None)
