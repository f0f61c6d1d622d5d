"""``minerva``: Minerva — seven columns of four, half face down, kings to empty columns.

The deal: 11 cards to the reserve (its top card face up); then 7 columns of 4 cards, dealt a row at
a time, the first and third row face down (``column_deal="dudu"``); 13 cards to the stock. The
foundations start empty and each takes its suit's ace first (``base_cards_up=False``). Columns
build down in alternate colours with no king on an ace, and any run at a column's end moves
together; a face-down card turns up by itself as part of the move that uncovers it. An empty column
is never filled by itself; only a king, or a run headed by one, may go there
(``empty_column_rank=12``). The stock turns one card at a time, with one redeal. As PySolFC plays
it.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

ACE = 0  # rank index of the ace
KING = 12

VARIANT = canfield.Variant(
    id="minerva",
    name="Minerva",
    spec=CLASSIC.evolve(
        reserve_size=11,
        columns=7,
        column_deal="dudu",
        foundation_base=ACE,
        base_cards_up=False,
        build_wraps=False,
        tableau_moves="any",
        empty_column="any",
        empty_column_rank=KING,
        draw=1,
        redeals=1,
    ),
    description="A reserve of 11 (its top card plays), 7 columns of 4 cards dealt face down, up, down, up, "
    "and empty foundations that start with the aces; columns build down in alternate colours with"
    " no king on an ace, any run moves, a face-down card turns up when uncovered, only a king (or"
    " a run headed by one) goes on an empty column, and the stock turns one card at a time with 1"
    " redeal (2 passes).",
)
