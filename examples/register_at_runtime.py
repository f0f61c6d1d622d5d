"""Register a variant at run time, without packaging: Canfield with two redeals and draw 1."""

from __future__ import annotations

import canfield

canfield.register(
    canfield.Variant(
        id="gentle",
        name="Gentle Canfield",
        spec=canfield.CANFIELD.evolve(draw=1, redeals=2),
        description="The app's rules, one card at a time, three passes.",
    )
)

game = canfield.Game.from_code("CF1-D1-AAAAACL", "gentle")
print(game.variant, game.spec.draw, game.spec.redeals)
print(game)
print("legal moves:", " ".join(m.text for m in game.legal_moves()))
