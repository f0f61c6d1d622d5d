"""``acme``: Acme — the aces up from the start, columns building in suit, one card at a time.

The deal: the four aces are taken out of the 52 cards (keeping the others' order) and start the
foundations in the order ♠ ♥ ♦ ♣; the rest is dealt without a base card: 13 to the reserve (its
top card face up), one card to each of the 4 columns, 31 to the stock. Columns build down in suit
with no king on an ace, and only a column's top card moves (``tableau_moves="single"``); an
emptied column fills at once from the reserve; the stock turns one card at a time, with one
redeal. As PySolFC plays it.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

ACE = 0  # rank index of the ace

VARIANT = canfield.Variant(
    id="acme",
    name="Acme",
    spec=CLASSIC.evolve(
        foundation_base=ACE,
        build="same-suit",
        build_wraps=False,
        tableau_moves="single",
        draw=1,
        redeals=1,
    ),
    description="Classic, but the four aces start the foundations, columns build down in suit "
    "with no king on an ace, only one card moves at a time, and the stock turns one card at a "
    "time with 1 redeal (2 passes).",
)
