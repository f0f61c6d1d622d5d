"""``no-redeal`` (alias ``strict-no-redeal``): the strict original casino game — one pass."""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="no-redeal",
    name="Strict Canfield (no redeal)",
    spec=CLASSIC.evolve(redeals=0),
    aliases=("strict-no-redeal", "strict"),
    description="Classic with a single pass through the stock.",
)
