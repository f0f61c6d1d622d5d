"""``reno``: Reno — the casino's game turning one card at a time, once through the stock.

PySolFC calls it Casino Canfield (with Reno as its other name): classic with draw 1, one pass and
the casino's score — the deck bought for 52, 5 back for every card on the foundations, the base
card included. The built-in ``casino`` (Acey) is the draw-3 form.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="reno",
    name="Reno",
    spec=CLASSIC.evolve(draw=1, redeals=0, scoring="casino"),
    description="Classic, but the stock turns one card at a time with a single pass, scored as "
    "in the casino: -52 for the deck, +5 for each card on the foundations (the base card "
    "included). PySolFC's Casino Canfield.",
)
