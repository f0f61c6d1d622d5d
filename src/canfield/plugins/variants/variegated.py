"""``variegated-canfield``: Variegated Canfield — two decks, the eight aces up from the start.

The deal: the eight aces are taken out of the 104 cards (keeping the others' order) and start the
foundations in the order ♠ ♥ ♦ ♣ ♠ ♥ ♦ ♣; the rest is dealt without a base card: 13 to the
reserve, all face up but only the top one playable, one card to each of the 5 columns, 78 to the
stock. Columns build down in alternate colours with no king on an ace; the top card or the whole
column moves; the stock turns three cards at a time, with two redeals.

PySolFC's help page leaves out the aces and the missing wrap; its code, followed here, has both.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

ACE = 0  # rank index of the ace

VARIANT = canfield.Variant(
    id="variegated-canfield",
    name="Variegated Canfield",
    spec=CLASSIC.evolve(
        decks=2,
        reserve_size=13,
        reserve_visible="all",
        columns=5,
        foundation_base=ACE,
        build_wraps=False,
        draw=3,
        redeals=2,
    ),
    description="Classic with 2 decks shuffled together: the eight aces start the foundations, the "
    "reserve of 13 cards is face up (only its top card plays), 5 columns build down in alternate "
    "colours with no king on an ace, and the stock turns three cards at a time with 2 redeals "
    "(3 passes). As PySolFC's code plays it (its help page leaves out the aces and the no-wrap rule).",
)
