"""``chameleon`` (alias ``kansas``): Chameleon — a reserve of 12, three columns building in any suit.

Classic with three columns and a reserve of 12 cards: 12 to the reserve, the base card, one card to
each column, 36 to the stock. Columns build down regardless of suit; the stock turns one card at a
time, once through. The rules are PySolFC's (where Kansas is another name for the same game);
GNOME Aisleriot's Kansas differs in letting any run at a column's end move (option
``tableau_moves="any"``).
"""

from __future__ import annotations

import canfield

from .classic import CLASSIC

VARIANT = canfield.Variant(
    id="chameleon",
    name="Chameleon",
    spec=CLASSIC.evolve(reserve_size=12, columns=3, build="any-suit", draw=1, redeals=0),
    aliases=("kansas",),
    description="Classic with a reserve of 12 cards and three columns: columns build down "
    "regardless of suit, the top card or the whole column moves, an emptied column fills at once "
    "from the reserve, and the stock turns one card at a time, once through. (Aisleriot's Kansas "
    "also moves runs: option tableau_moves='any'.)",
)
