"""Canfield Rush: three passes through the stock, drawing 3, then 2, then 1 card at a time.

A complete third-party variant: data for what the spec can say (three passes, classic moves), a
hook for what it cannot (a draw count that changes with each pass).
"""

from __future__ import annotations

from typing import Any

import canfield


class RushHooks:
    """The decision Rush makes itself: the draw count of each pass."""

    @canfield.hookimpl
    def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return max(1, spec.draw - pass_index)


@canfield.hookimpl
def canfield_register_variants(register: Any) -> None:
    register(
        canfield.Variant(
            id="rush",
            name="Canfield Rush",
            spec=canfield.CANFIELD.evolve(draw=3, redeals=2, tableau_moves="top-or-whole", foundation_takeback=False),
            hooks=RushHooks(),
            description="Three passes through the stock: 3 cards at a time, then 2, then 1.",
        )
    )
