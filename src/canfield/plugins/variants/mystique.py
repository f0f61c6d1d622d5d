"""``mystique``: Mystique — Minerva with a reserve of 9, one pass and any card on an empty column.

The deal: 9 cards to the reserve (its top card face up); then 7 columns of 4 cards, dealt a row at
a time, the first and third row face down (``column_deal="dudu"``); 15 cards to the stock. The
foundations start empty and each takes its suit's ace first (``base_cards_up=False``). Columns
build down in alternate colours with no king on an ace, and any run at a column's end moves
together; a face-down card turns up by itself as part of the move that uncovers it. An empty column
is never filled by itself; any card, or any run, may go there. The stock turns one card at a time,
in one pass. As PySolFC plays it.
"""

from __future__ import annotations

import canfield

from .minerva import VARIANT as MINERVA

VARIANT = canfield.Variant(
    id="mystique",
    name="Mystique",
    spec=MINERVA.spec.evolve(reserve_size=9, redeals=0, empty_column_rank=None),
    description="A reserve of 9 (its top card plays), 7 columns of 4 cards dealt face down, up, down, up, and"
    " empty foundations that start with the aces; columns build down in alternate colours with no"
    " king on an ace, any run moves, a face-down card turns up when uncovered, any card goes on "
    "an empty column, and the stock turns one card at a time with no redeal.",
)
