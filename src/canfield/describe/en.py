"""English wording, built parallel to the app's Italian, Polish and French lines.

``Stock: 34 cards; waste empty; reserve: 13 cards, top: queen of clubs. Foundations, starting
rank 7: hearts up to the 7 of hearts (1), spades empty, diamonds empty, clubs empty. Column 1: 6 of
clubs; column 2: …`` — every sentence starts with a capital letter (the app's other languages keep
"colonna 1" in lower case there). Ranks 2–10 are digits, the others words (ace, jack, queen, king),
also for the starting rank.
"""

from __future__ import annotations

from .wording import Wording

_RANKS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")

WORDING = Wording(
    code="en",
    ranks=_RANKS,
    suits=("spades", "hearts", "diamonds", "clubs"),
    card_pattern="{rank} of {suit}",
    up_to_ranks=_RANKS,
    up_to_pattern="up to the {rank} of {suit}",
    card_forms=("card", "cards"),
    stock="Stock",
    waste="waste",
    reserve="reserve",
    top="top",
    below="below",
    foundations="Foundations, starting rank {rank}",
    foundations_open="Foundations, starting rank still to choose (the first reserve card put up sets it)",
    column="column",
    stock_empty="empty",
    waste_empty="empty",
    reserve_empty="empty",
    column_empty="empty",
    foundation_empty=("empty",) * 4,
    foundation_complete=("complete",) * 4,
    face_down_card="face-down card",
    piles_heading="Foundations",
    pile_up="up",
    pile_down="down",
    pile_any_suit="any suit",
    pile_sets="sets of four of a kind",
    pile_empty="empty",
)
