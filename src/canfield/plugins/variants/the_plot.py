"""``the-plot``: The Plot — two decks, twelve columns, and eight any-suit foundations that wait for the first.

The deal: 13 cards to the reserve (its top card face up), the base card to the first of eight
foundations (it sets the rank every foundation starts at), one card to each of 12 columns, 78 to
the stock. The foundations build up by rank in any suit, wrapping from the king to the ace; the
other seven stay closed until the first holds 13 cards (a ``foundations`` layout of eight
`canfield.FoundationPile`, the last seven opening ``after`` the first). The reserve's top card goes
only to the foundations (``reserve_play="foundations"``). Columns build down in any suit, a king
on an ace, one card at a time (``tableau_moves="single"``). An empty column is never filled by
itself: the player may put the waste's top card there, and nothing else (``empty_column="waste"``),
and until the first foundation is complete only a card of the base rank
(``empty_column_base_until_first``). The stock turns one card at a time, in one pass; no card
comes back from a foundation. As PySolFC plays it (its help page and its code agree).

Once the first foundation is complete, a card of the base rank may start any of the seven empty
piles: such a move names its pile (``wf2``…``wf8``), as with any layout where several piles
take a card.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

#: The first pile is dealt the base card; the other seven open once it is complete.
THE_PLOT_FOUNDATIONS = (canfield.FoundationPile(dealt=True), *(canfield.FoundationPile(after=0) for _ in range(7)))

VARIANT = canfield.Variant(
    id="the-plot",
    name="The Plot",
    spec=CLASSIC.evolve(
        decks=2,
        reserve_size=13,
        columns=12,
        reserve_play="foundations",
        build="any-suit",
        tableau_moves="single",
        foundations=THE_PLOT_FOUNDATIONS,
        empty_column="waste",
        empty_column_base_until_first=True,
        draw=1,
        redeals=0,
    ),
    description="Two decks: a reserve of 13 whose cards go only to the foundations, 12 columns of "
    "1 and eight foundations of any suit from the base rank up, wrapping; the base card starts the "
    "first, and the other seven open once it holds 13 cards. Columns build down in any suit, one "
    "card at a time; an empty column takes only the waste's top card, by choice, and only a card of "
    "the base rank until the first foundation is complete; the stock turns one card at a time, one "
    "pass, no take-back. As PySolFC plays it.",
)
