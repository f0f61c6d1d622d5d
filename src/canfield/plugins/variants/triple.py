"""``triple-canfield``: Triple Canfield — classic with 3 decks, 12 foundations and 7 columns.

The deal: 26 cards to the reserve, the base card (it sets the rank of all 12 foundations, 3 of
each suit), one card to each of the 7 columns, 122 to the stock. Draw 3 with
unlimited passes, the top card or the whole column moves, as in classic.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="triple-canfield",
    name="Triple Canfield",
    spec=CLASSIC.evolve(decks=3, reserve_size=26, columns=7),
    description="Classic with 3 decks shuffled together: a reserve of 26 cards, 7 columns and 12 "
    "foundations, 3 of each suit, all starting at the base card's rank.",
)
