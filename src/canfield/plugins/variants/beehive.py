"""``beehive``: Beehive — columns build by rank, and four of a kind go up at once.

The deal: 13 cards to the reserve, face down but its top card (the default); one card to each of
6 columns; 33 to the stock. There is no base card: the one foundation starts empty and takes four
cards of one rank at a time, the top four cards of a column, together (a ``foundations`` layout of
one `canfield.FoundationPile` with ``takes="set"``); a single card never goes up. The game is
won when all 13 sets are up. Columns build by rank in any suit (``build="same-rank"``: a 7 on a
7), and any run at a column's end moves together. An emptied column fills at once from the
reserve, then takes any card once the reserve is empty. The stock turns three cards at a time,
with unlimited passes. No card comes back from the foundation. As PySolFC plays it.
"""

from __future__ import annotations

import canfield

VARIANT = canfield.Variant(
    id="beehive",
    name="Beehive",
    spec=canfield.CANFIELD.evolve(
        columns=6,
        build="same-rank",
        tableau_moves="any",
        foundations=(canfield.FoundationPile(takes="set"),),
        draw=3,
        redeals=None,
        foundation_takeback=False,
    ),
    description="A reserve of 13 cards, its top card face up, 6 columns of 1 and one empty "
    "foundation that takes four cards of a rank at once, the top four of a column; columns build "
    "by rank in any suit, any run moves, an emptied column fills at once from the reserve, then "
    "takes any card; the stock turns three cards at a time, unlimited passes; no card comes back "
    "from the foundation. As PySolFC plays it.",
)
