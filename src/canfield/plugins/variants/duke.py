"""``duke``: Duke — four face-up reserve piles of three, four columns, any card on an empty one.

The deal: 3 cards to each of four reserve piles, all face up, each pile's top card playable
(``reserve_piles=4``, ``reserve_size=3``, ``reserve_visible="all"``); one card to each of 4
columns; 36 to the stock. The foundations start empty and each takes its suit's ace first
(``base_cards_up=False``). Columns build down in alternate colours with no king on an ace, and any
run at a column's end moves together. An empty column is never filled by itself: any card, or any
run, may go there at any time (``empty_column="any"``). The stock turns one card at a time, with
two redeals. A foundation's top card may come back to a column. As PySolFC plays it.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

ACE = 0  # rank index of the ace

VARIANT = canfield.Variant(
    id="duke",
    name="Duke",
    spec=CLASSIC.evolve(
        reserve_size=3,
        reserve_piles=4,
        reserve_visible="all",
        foundation_base=ACE,
        base_cards_up=False,
        build_wraps=False,
        tableau_moves="any",
        empty_column="any",
        draw=1,
        redeals=2,
        foundation_takeback=True,
    ),
    description="Four face-up reserve piles of 3 cards, 4 columns of 1 and empty foundations that "
    "start with the aces; columns build down in alternate colours with no king on an ace, any run "
    "moves, any card or run goes on an empty column, never automatically; the stock turns one card "
    "at a time with 2 redeals (3 passes); foundation cards may come back. As PySolFC plays it.",
)
