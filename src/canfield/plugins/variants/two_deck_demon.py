"""``two-deck-demon``: PySolFC's Demon — two decks, a reserve of 40 and eight columns.

Not the British "Demon", which is Canfield itself (the alias ``demon`` of ``classic``). The deal:
40 cards to the reserve, the base card (it sets the rank of all 8 foundations, two of each suit),
one card to each of the 8 columns, 55 to the stock. Draw 3 with unlimited passes; any run at a
column's end moves; no card comes back from a foundation.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="two-deck-demon",
    name="Demon (two decks)",
    spec=CLASSIC.evolve(decks=2, reserve_size=40, columns=8, tableau_moves="any"),
    description="Classic with 2 decks shuffled together, a reserve of 40 cards, 8 columns and 8 "
    "foundations (2 of each suit), where any run at a column's end moves. PySolFC's Demon; "
    "the British Demon is Canfield itself (alias demon of classic).",
)
