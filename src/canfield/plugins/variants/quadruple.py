"""``quadruple-canfield``: Quadruple Canfield — classic with 4 decks, 16 foundations and 8 columns.

The deal: 39 cards to the reserve, the base card (it sets the rank of all 16 foundations, 4 of
each suit), one card to each of the 8 columns, 160 to the stock. Draw 3 with
unlimited passes, the top card or the whole column moves, as in classic.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="quadruple-canfield",
    name="Quadruple Canfield",
    spec=CLASSIC.evolve(decks=4, reserve_size=39, columns=8),
    description="Classic with 4 decks shuffled together: a reserve of 39 cards, 8 columns and 16 "
    "foundations, 4 of each suit, all starting at the base card's rank.",
)
