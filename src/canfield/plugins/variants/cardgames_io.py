"""``cardgames-io``: Canfield as the cardgames.io website plays it.

Draw 1 or 3 (3 by default), take-back allowed, any run moves, the forced fill is not a move,
unlimited undo with each undo counted as a move, and the game finishes itself once stock, waste
and reserve are empty. It counts moves and cards on the foundations: the score is that count.
"""

from __future__ import annotations

import canfield


class CardsUp:
    """Score = the number of cards on the foundations (what the site shows)."""

    floor = 0

    def initial(self, position: canfield.Position) -> int:
        return sum(n for _, n in position.foundations)

    def points(self, move: canfield.Move) -> int:
        if move.to_foundation:
            return 1
        return -1 if move.from_foundation else 0


class Hooks:
    """The decisions this variant makes itself."""

    @canfield.hookimpl
    def canfield_scoring(self, spec: canfield.RuleSpec) -> CardsUp:
        return CardsUp()


VARIANT = canfield.Variant(
    id="cardgames-io",
    name="Canfield (cardgames.io)",
    spec=canfield.CANFIELD.evolve(undo_limit=None, undo_is_move=True, auto_finish=True, scoring="none"),
    hooks=Hooks(),
    aliases=("online",),
    description="Canfield as the cardgames.io website plays it: any run moves, take-back allowed, "
    "unlimited undo counted as moves, automatic finish; scores cards on the foundations.",
)
