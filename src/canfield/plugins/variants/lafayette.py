"""``lafayette``: Lafayette — two foundations per suit, one up from the ace, one down from the king.

The deal: 13 cards to the reserve, all face up, its top card playable (``reserve_visible="all"``);
one card to each of 4 columns; 35 to the stock. Eight foundations start empty: for each suit one
builds up from its ace to its king, one down from its king to its ace, neither wrapping (a
``foundations`` layout of eight `canfield.FoundationPile`, the four piles running up first, then
the four running down, each in the order ♠ ♥ ♦ ♣). A suit is done when its 13 cards lie on its
two piles together; the game is won when all 52 are up. Columns build down in alternate colours
with no king on an ace, and any run at a column's end moves together. An emptied column fills at
once from the reserve; once the reserve is empty, only a 7, or a run headed by a 7, goes on an
empty column (``empty_column_rank=6``). The stock turns three cards at a time, with unlimited
passes. A foundation's top card may come back to a column, or go to the other foundation of its
suit when that one takes it. As PySolFC plays it (its help page also lets waste cards go to the
reserve; its code, followed here, does not).
"""

from __future__ import annotations

import canfield

ACE, SEVEN, KING = 0, 6, 12  # rank indexes

#: Per suit, the pile up from the ace; then per suit, the pile down from the king.
LAFAYETTE_FOUNDATIONS = tuple(canfield.FoundationPile(suit=s, start=ACE, wraps=False) for s in range(4)) + tuple(
    canfield.FoundationPile(suit=s, start=KING, direction="down", wraps=False) for s in range(4)
)

VARIANT = canfield.Variant(
    id="lafayette",
    name="Lafayette",
    spec=canfield.CANFIELD.evolve(
        reserve_visible="all",
        foundations=LAFAYETTE_FOUNDATIONS,
        build_wraps=False,
        tableau_moves="any",
        empty_column_rank=SEVEN,
        draw=3,
        redeals=None,
        foundation_takeback=True,
    ),
    description="A face-up reserve of 13 cards, 4 columns of 1 and eight empty foundations: for "
    "each suit one built up from the ace and one built down from the king, neither wrapping; columns "
    "build down in alternate colours with no king on an ace, any run moves, an emptied column fills "
    "at once from the reserve, then takes only a 7 (or a run headed by a 7); the stock turns three "
    "cards at a time, unlimited passes; a foundation's top card may come back to a column or go to "
    "the other foundation of its suit. As PySolFC's code plays it (its help page also lets waste "
    "cards go to the reserve; the code does not).",
)
