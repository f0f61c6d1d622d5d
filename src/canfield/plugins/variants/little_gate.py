"""``little-gate``: Little Gate — Gate with four columns.

The deal: 5 cards to each of two face-up reserve piles, one card to each of 4 columns, 38 to the
stock; every rule else is Gate's (`canfield.plugins.variants.gate`): empty foundations that take
the aces, building down in alternate colours without wrapping, any run moving, an emptied column
filled at once from the fuller reserve pile (the left one on a tie), then from the waste; the
stock once through, one card at a time; foundation take-back. As PySolFC plays it.
"""

from __future__ import annotations

import canfield

from .gate import GATE

VARIANT = canfield.Variant(
    id="little-gate",
    name="Little Gate",
    spec=GATE.evolve(columns=4),
    description="Gate with 4 columns: two face-up reserve piles of 5, empty foundations that start "
    "with the aces, building down in alternate colours, any run moves, an emptied column fills at "
    "once from the fuller reserve pile, then from the waste; the stock turns one card at a time, "
    "once through; foundation cards may come back. As PySolFC plays it.",
)
