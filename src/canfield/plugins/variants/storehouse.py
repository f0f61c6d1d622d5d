"""``storehouse``: Storehouse Canfield — the twos start the foundations; build in suit; 3 passes.

The deal: the four twos are taken out of the 52 cards (keeping the others' order) and start the
foundations in the order ♠ ♥ ♦ ♣; the remaining 48 are dealt as usual without a base card: 13 to
the reserve, one to each column, 31 to the stock.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

TWO = 1  # rank index of the two (ace = 0)

VARIANT = canfield.Variant(
    id="storehouse",
    name="Storehouse Canfield",
    spec=CLASSIC.evolve(foundation_base=TWO, build="same-suit", draw=1, redeals=2),
    aliases=("storehouse-canfield",),
    description="Classic, but the four twos start the foundations, columns build down in "
    "suit, and the stock turns one card at a time with 2 redeals (3 passes).",
)
