"""``dutchess``: Dutchess (also Duchess, Glenwood) — four face-up reserve piles, and a base the player chooses.

The deal: 3 cards to each of four reserve piles, all face up, each pile's top card playable
(``reserve_piles=4``, ``reserve_size=3``, ``reserve_visible="all"``); one card to each of 4
columns; 36 to the stock. No base card is dealt (``choose_base=True``): the first card put on a
foundation must be a reserve pile's top card, and its rank is the base of every foundation.
Until then the stock stays shut and column cards stay put; a reserve card may still go onto a
column. Foundations build up in suit and columns down in alternate colours, both wrapping (a
king on an ace); between columns only a whole column moves. An empty column is never filled by
itself: the player may put a reserve pile's top card there, and the waste's only once every
pile is empty (``empty_column="reserve-by-choice"``). The stock turns one card at a time, with
one redeal (two passes): PySolFC's help page says one pass, but its code allows two, and this
follows the code (``redeals=0`` plays the help page's single pass). No card comes back from a
foundation.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="dutchess",
    name="Dutchess",
    spec=CLASSIC.evolve(
        reserve_size=3,
        reserve_piles=4,
        reserve_visible="all",
        choose_base=True,
        tableau_moves="whole",
        empty_column="reserve-by-choice",
        draw=1,
        redeals=1,
    ),
    aliases=("duchess", "glenwood"),
    description="Four face-up reserve piles of 3 cards and 4 columns of 1; no base card: the first "
    "card put up, a reserve pile's top card, sets the base, and until then the stock is shut and "
    "column cards stay put; columns build down in alternate colours, wrapping, and only whole "
    "columns move; an empty column takes a reserve card when you choose, the waste's only once "
    "the reserve piles are empty; draw 1, two passes (PySolFC's code; its help page says one).",
)
