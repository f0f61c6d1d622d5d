"""``cardgames-io``: the online version of seed 003.

Draw 1 or 3 (3 by default), take-back allowed, any run moves, the forced fill is not a move,
unlimited undo with each undo counted as a move, and the game finishes itself once stock, waste
and reserve are empty. It counts moves and cards on the foundations: the score is that count.
"""

from __future__ import annotations

from typing import Any

import canfield


class CardsUp:
    """Score = the number of cards on the foundations (what the site shows)."""

    floor = 0

    def initial(self, position: canfield.Position) -> int:
        return sum(n for _, n in position.foundations)

    def points(self, move: int) -> int:
        m = canfield.Move(move)
        if m.target == "f":
            return 1
        return -1 if m.source in ("S", "H", "D", "C") else 0


class Hooks:
    """The decisions this variant makes itself."""

    @canfield.hookimpl
    def canfield_scoring(self, spec: canfield.RuleSpec) -> CardsUp:
        return CardsUp()


@canfield.hookimpl
def canfield_register_variants(register: Any) -> None:
    register(
        canfield.Variant(
            id="cardgames-io",
            name="Canfield (cardgames.io)",
            spec=canfield.CANFIELD.evolve(undo_limit=None, undo_is_move=True, auto_finish=True, scoring="none"),
            hooks=Hooks(),
            aliases=("online",),
            description="The online version of seed 003: any run moves, take-back allowed, "
            "unlimited undo counted as moves, automatic finish; scores cards on the foundations.",
        )
    )
