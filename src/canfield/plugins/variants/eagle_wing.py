"""``eagle-wing`` (``thirteen-down``): Eagle Wing — a trunk of 13 that plays only as its last card.

The deal: 13 cards to the reserve (the trunk), the base card (it sets the rank of all four
foundations), one card to each of the 8 columns (the wings), 30 to the stock. Columns build down
in suit, one card at a time, and hold at most 3 cards (``column_limit=3``); an emptied column
fills at once from the trunk, whose top card is otherwise played only once it is the last one
left (``reserve_play="last"``); the stock turns one card at a time, with two redeals.

The rules are PySolFC's (Aisleriot plays them too). Wikibooks and Solitaire Forever allow no
building on the wings at all (option ``column_limit=1``).
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="eagle-wing",
    name="Eagle Wing",
    spec=CLASSIC.evolve(
        columns=8,
        build="same-suit",
        tableau_moves="single",
        column_limit=3,
        reserve_play="last",
        draw=1,
        redeals=2,
    ),
    aliases=("thirteen-down",),
    description="Classic with 8 columns that build down in suit, one card at a time, at most 3 "
    "cards each; an emptied column fills from the reserve of 13, whose card is otherwise played "
    "only when it is the last one left; the stock turns one card at a time with 2 redeals "
    "(3 passes). As PySolFC and Aisleriot play it. Wikibooks and Solitaire Forever allow no "
    "building on the columns (option column_limit=1).",
)
