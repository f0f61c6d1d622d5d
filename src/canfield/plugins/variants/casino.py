"""``casino``: Acey Canfield — draw 3, one pass, and the casino's score.

The player buys the deck for 52 and gets 5 for every card on the foundations, the base card
included: a win nets 208 and the score may be negative.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="casino",
    name="Casino Canfield (Acey)",
    spec=CLASSIC.evolve(draw=3, redeals=0, scoring="casino"),
    aliases=("acey",),
    description="Draw 3 with a single pass, scored as in Canfield's casino: -52 for the "
    "deck, +5 for each card on the foundations.",
)
