"""``superior``: Superior Canfield — the whole reserve face up, empty columns filled by choice."""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="superior",
    name="Superior Canfield",
    spec=CLASSIC.evolve(reserve_visible="all", empty_column="any"),
    description="Classic, but the whole reserve is face up from the start, and an empty "
    "column is never filled automatically: any card may fill it at any time.",
)
