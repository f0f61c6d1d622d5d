"""``classic``: Canfield as the card-game books give it.

Draw 3 with unlimited passes; only a column's top card or the whole column moves; no card comes
back from a foundation. The other traditional variants state themselves as changes to this one.
"""

from __future__ import annotations

import canfield

#: The classic rules; the other traditional variants evolve this spec.
CLASSIC = canfield.CANFIELD.evolve(tableau_moves="top-or-whole", foundation_takeback=False)

VARIANT = canfield.Variant(
    id="classic",
    name="Classic Canfield",
    spec=CLASSIC,
    aliases=("demon",),
    description="The traditional rules: draw 3, unlimited passes, only the top card or the "
    "whole column moves, no take-back from the foundations.",
)
