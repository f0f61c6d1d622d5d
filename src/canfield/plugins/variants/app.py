"""``canfield``: the rules of the Canfield app, the reference every other variant is compared with.

Draw 3 with unlimited passes, any run moves, a foundation's top card may come back to a column,
an emptied column fills at once from the reserve, +5 for each card put up, undo of 100 actions.
"""

from __future__ import annotations

import canfield

VARIANT = canfield.Variant(
    id="canfield",
    name="Canfield",
    spec=canfield.CANFIELD,
    description="The rules of the Canfield app: draw 3, unlimited passes, any run moves, "
    "foundation take-back, automatic fill from the reserve, undo of 100 actions.",
)
