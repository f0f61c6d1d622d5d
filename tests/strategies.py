"""Hypothesis strategies shared by the property tests: games over variants and option combinations."""

from __future__ import annotations

from hypothesis import strategies as st

import canfield
from canfield.deals import CODE_SPACE

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "redeals": st.sampled_from([None, 0, 1, 2]),
        "tableau_moves": st.sampled_from(["any", "top-or-whole", "whole", "single"]),
        "reserve_play": st.sampled_from(["any", "last", "foundations"]),
        "foundation_takeback": st.booleans(),
        "empty_column": st.sampled_from(["reserve", "reserve-then-waste", "any", "reserve-by-choice", "waste"]),
    },
)


def variant_ids() -> list[str]:
    return [v.id for v in canfield.variants()]


@st.composite
def games(draw: st.DrawFn, variants: list[str] | None = None) -> canfield.Game:
    """A new game: any registered variant, draw 1 or 3, a mix of options, any deal code."""
    variant = draw(st.sampled_from(variants or variant_ids()))
    options = draw(OPTIONS)
    seed = draw(st.integers(0, CODE_SPACE - 1))
    d = draw(st.sampled_from([1, 3]))
    return canfield.Game.from_code(canfield.make_code(seed, d), variant, **options)


def play_random(game: canfield.Game, data: st.DataObject, steps: int) -> None:
    """Play up to ``steps`` random legal moves (prefering non-stock moves half of the time)."""
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            return
        game.play(data.draw(st.sampled_from(moves)))
