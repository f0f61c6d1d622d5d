"""Build test positions from just the piles that matter; every other card goes to the stock."""

from __future__ import annotations

from collections import Counter

import canfield
from canfield.notation import parse_piles


def position(
    rules: str = "canfield",
    *,
    reserve: str = "",
    foundations: str = "7:H1.S0.D0.C0",
    columns: str = "",
    waste: str = "",
    stock: str | None = None,
    recycles: int = 0,
    score: int = 0,
    moves: int = 0,
    decks: int = 1,
) -> str:
    """A position string; cards are space-separated, columns (and reserve piles) separated by '/'.

    Unless ``stock`` is given, the cards not placed elsewhere (of ``decks`` decks) form the stock
    in ♠♥♦♣ A…K order, a card's copies together.
    """

    def run(text: str) -> str:
        return "".join(canfield.card_name(canfield.parse_card(c)) for c in text.split()) or "-"

    cols = "/".join(
        "".join(canfield.card_name(canfield.parse_card(c)) for c in col.split()) for col in columns.split("/")
    )
    res = "/".join(run(pile) for pile in reserve.split("/"))  # several reserve piles: '/' between them
    probe = parse_piles([res, foundations, cols, "-", run(waste), str(recycles)])
    used = Counter(probe.all_cards())
    rest = (
        stock
        if stock is not None
        else " ".join(canfield.card_name(c) for c in range(52) for _ in range(decks - used[c]))
    )
    return f"{rules} {res} {foundations} {cols} {run(rest)} {run(waste)} {recycles} {score} {moves}"


def game(rules: str = "canfield", **piles: object) -> canfield.Game:
    return canfield.Game.from_position(position(rules, **piles))  # type: ignore[arg-type]
