"""``classic``: Canfield as the card-game books give it (seed 004).

Draw 3 with unlimited passes; only a column's top card or the whole column moves; no card comes
back from a foundation. The other built-in variants state themselves as changes to this one.
"""

from __future__ import annotations

from typing import Any

import canfield

#: The classic rules; the other seed-004 variants evolve this spec.
CLASSIC = canfield.CANFIELD.evolve(tableau_moves="top-or-whole", foundation_takeback=False)


@canfield.hookimpl
def canfield_register_variants(register: Any) -> None:
    register(
        canfield.Variant(
            id="classic",
            name="Classic Canfield",
            spec=CLASSIC,
            aliases=("demon",),
            description="The traditional rules: draw 3, unlimited passes, only the top card or the "
            "whole column moves, no take-back from the foundations.",
        )
    )
