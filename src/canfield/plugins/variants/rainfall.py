"""``rainfall``: Rainfall — classic Canfield with the stock turned one card at a time, three times.

PySolFC's own game: the deal, the columns and the foundations are classic's; only the stock
differs, one card at a time with two redeals.
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="rainfall",
    name="Rainfall",
    spec=CLASSIC.evolve(draw=1, redeals=2),
    description="Classic, but the stock turns one card at a time, with 2 redeals (3 passes).",
)
