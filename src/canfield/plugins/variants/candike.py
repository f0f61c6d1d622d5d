"""``candike``: Candike — Canfield with seven columns of two, the bottom card face down.

The deal: 13 cards to the reserve (its top card face up), the base card (it sets the rank of all
four foundations), then 7 columns of 2 cards, dealt a row at a time, the first row face down
(``column_deal="du"``), and 24 cards to the stock. Columns build down in alternate colours and any
run at a column's end moves; the foundations wrap from king to ace, the columns do not
(``build_wraps=False``); a face-down card turns up by itself as part of the move that uncovers
it; an emptied column fills at once from the reserve. The stock turns three cards at a time, with
no limit on passes. As PySolFC plays it (a game it added in 2026).
"""

from __future__ import annotations

import canfield

VARIANT = canfield.Variant(
    id="candike",
    name="Candike",
    spec=canfield.CANFIELD.evolve(
        columns=7,
        column_deal="du",
        build_wraps=False,
        tableau_moves="any",
        foundation_takeback=False,
        draw=3,
        redeals=None,
    ),
    description="Canfield with 7 columns of 2 cards, the bottom one face down until uncovered; "
    "columns build down in alternate colours with no king on an ace (the foundations still wrap "
    "from king to ace), any run moves, an emptied column fills from the reserve, and the stock "
    "turns three cards at a time with unlimited passes.",
)
