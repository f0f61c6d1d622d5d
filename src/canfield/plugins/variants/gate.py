"""``gate``: Gate — two reserve piles of five, face up, on either side of eight columns.

The deal: 5 cards to each of the two reserve piles (the gate posts), all face up, each pile's top
card playable (``reserve_piles=2``, ``reserve_size=5``, ``reserve_visible="all"``); one card to each
of 8 columns; 34 to the stock. The foundations start empty and each takes its suit's ace first
(``base_cards_up=False``). Columns build down in alternate colours with no king on an ace, and any
run at a column's end moves together. An emptied column fills at once from the reserve pile with
more cards (the left one on a tie), and once both piles are empty from the waste's top card
(``empty_column="reserve-then-waste"``); a column that stays empty takes any card. The stock turns
one card at a time, once through. A foundation's top card may come back to a column. As PySolFC
plays it.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

ACE = 0  # rank index of the ace

#: Gate's rules; Little Gate has the same with four columns.
GATE = CLASSIC.evolve(
    reserve_size=5,
    reserve_piles=2,
    reserve_visible="all",
    columns=8,
    foundation_base=ACE,
    base_cards_up=False,
    build_wraps=False,
    tableau_moves="any",
    empty_column="reserve-then-waste",
    draw=1,
    redeals=0,
    foundation_takeback=True,
)

VARIANT = canfield.Variant(
    id="gate",
    name="Gate",
    spec=GATE,
    description="Two face-up reserve piles of 5 cards, 8 columns of 1 and empty foundations that "
    "start with the aces; columns build down in alternate colours with no king on an ace, any run "
    "moves, an emptied column fills at once from the fuller reserve pile (the left one on a tie), "
    "then from the waste once both piles are empty; the stock turns one card at a time, once "
    "through; foundation cards may come back. As PySolFC plays it.",
)
