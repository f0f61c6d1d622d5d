"""``rainbow``: Rainbow Canfield — columns build down regardless of suit; draw 1, one pass."""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="rainbow",
    name="Rainbow Canfield",
    spec=CLASSIC.evolve(build="any-suit", draw=1, redeals=0),
    description="Classic, but columns build down regardless of suit and colour; the stock "
    "turns one card at a time, with no redeal.",
)
