"""``no-redeal`` (alias ``strict-no-redeal``): the strict original casino game — one pass."""

from __future__ import annotations

from typing import Any

import canfield
from canfield_variants.classic import CLASSIC


@canfield.hookimpl
def canfield_register_variants(register: Any) -> None:
    register(
        canfield.Variant(
            id="no-redeal",
            name="Strict Canfield (no redeal)",
            spec=CLASSIC.evolve(redeals=0),
            aliases=("strict-no-redeal", "strict"),
            description="Classic with a single pass through the stock.",
        )
    )
