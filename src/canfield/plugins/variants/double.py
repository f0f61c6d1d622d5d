"""``double-canfield``: Double Canfield — classic with 2 decks, 8 foundations and 5 columns.

The deal: 13 cards to the reserve, the base card (it sets the rank of all 8 foundations, 2 of
each suit), one card to each of the 5 columns, 85 to the stock. Draw 3 with
unlimited passes, the top card or the whole column moves, as in classic.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="double-canfield",
    name="Double Canfield",
    spec=CLASSIC.evolve(decks=2, reserve_size=13, columns=5),
    description="Classic with 2 decks shuffled together: a reserve of 13 cards, 5 columns and 8 "
    "foundations, 2 of each suit, all starting at the base card's rank.",
)
