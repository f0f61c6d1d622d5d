"""``american-toad``: American Toad — two decks, a face-up reserve of 20, columns building in suit.

The deal: 20 cards to the reserve, all face up but only the top one playable; the base card (it
sets the rank of all 8 foundations, two of each suit); one card to each of the 8 columns; 75 to the
stock. Columns build down in suit, the top card or the whole column moves, an emptied column fills
at once from the reserve; the stock turns one card at a time, with one redeal.

The rules are PySolFC's. Other sources differ in two places: Solitaire Forever deals the reserve
face down with its top card up (option ``reserve_visible="top"``), and Wikipedia fills an empty
column, once the reserve is empty, only from the pack (the waste), never from another column (no
option: here any card may fill it).
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="american-toad",
    name="American Toad",
    spec=CLASSIC.evolve(
        decks=2, reserve_size=20, reserve_visible="all", columns=8, build="same-suit", draw=1, redeals=1
    ),
    description="Classic with 2 decks shuffled together, a face-up reserve of 20 cards (only its "
    "top card plays), 8 columns building down in suit, and the stock turned one card at a time "
    "with 1 redeal (2 passes). As PySolFC plays it. Solitaire Forever's reserve is face down but "
    "for its top card (option reserve_visible='top'); Wikipedia fills an empty column, once the "
    "reserve is empty, from the pack (the waste) and never from another column; here any card may.",
)
