"""``canfield-rush``: Canfield Rush — three passes, turning 3 cards, then 2, then 1.

Classic with two redeals; the draw count falls by one each pass, which data cannot say, so the
variant decides it with the ``canfield_draw_count`` hook: ``draw - pass``, never below 1 (a
``draw=1`` game turns one card on every pass). The example plugin ``canfield-rush`` (variant
``rush``) plays the same rules as a third-party distribution.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC


class Hooks:
    """The decision this variant makes itself: the draw count of each pass."""

    @canfield.hookimpl
    def canfield_draw_count(self, spec: canfield.RuleSpec, pass_index: int) -> int:
        return max(1, spec.draw - pass_index)


VARIANT = canfield.Variant(
    id="canfield-rush",
    name="Canfield Rush",
    spec=CLASSIC.evolve(draw=3, redeals=2),
    hooks=Hooks(),
    description="Classic with three passes through the stock: it turns 3 cards at a time on the "
    "first pass, 2 on the second and 1 on the third.",
)
