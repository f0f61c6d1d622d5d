"""The core's defaults: ordinary ``trylast`` decision hooks that read the `RuleSpec`.

Registered first in every variant's plugin manager, so a variant's own hooks win. The built-in
variants themselves are registered by `canfield.plugins.variants`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import attrs

from ..position import Position, default_deal
from ..rules import FillRule
from ..scoring import SCHEMES, Scorer
from ..spec import MAX_DRAW, RuleSpec
from .hookspecs import hookimpl


def build_predicate(build: str, wraps: bool) -> Callable[[int, int], bool]:
    """The predicate ``builds(card, onto)`` of a column rule: one rank down, wrapping or not, or by rank.

    ``build`` is a `RuleSpec.build` value, or ``"same-colour"`` (no spec value, but a rule the
    docs recognise in a hook's table). With ``wraps`` a king goes on an ace; ``"same-rank"`` puts a
    card on any card of its own rank (Beehive), and ``wraps`` does not apply.
    """

    def builds(card: int, onto: int) -> bool:
        if build == "same-rank":
            return card % 13 == onto % 13
        if wraps:
            if (onto - card) % 13 != 1:
                return False
        elif onto % 13 - card % 13 != 1:
            return False
        if build == "alternate-colour":
            return (card // 13 in (1, 2)) != (onto // 13 in (1, 2))
        if build == "same-suit":
            return card // 13 == onto // 13
        if build == "same-colour":
            return (card // 13 in (1, 2)) == (onto // 13 in (1, 2))
        return True

    return builds


@hookimpl(trylast=True)
def canfield_build_rule(spec: RuleSpec) -> Callable[[int, int], bool]:
    return build_predicate(spec.build, spec.build_wraps)


@hookimpl(trylast=True)
def canfield_reserve_visible(spec: RuleSpec) -> int:
    return spec.reserve_size if spec.reserve_visible == "all" else min(1, spec.reserve_size)


@hookimpl(trylast=True)
def canfield_pass_limit(spec: RuleSpec) -> int | float:
    return math.inf if spec.redeals is None else spec.redeals + 1


@hookimpl(trylast=True)
def canfield_draw_count(spec: RuleSpec, pass_index: int) -> int:
    return spec.draw


@hookimpl(trylast=True)
def canfield_fill_rule(spec: RuleSpec) -> FillRule:
    rank = spec.empty_column_rank
    fill = FillRule(
        auto=spec.empty_column in ("reserve", "reserve-then-waste"),
        waste=spec.empty_column == "reserve-then-waste",
        by_choice=spec.empty_column == "reserve-by-choice",
        waste_only=spec.empty_column == "waste",
        base_until_first=spec.empty_column_base_until_first,
    )
    return fill if rank is None else attrs.evolve(fill, accepts=lambda card: card % 13 == rank)


@hookimpl(trylast=True)
def canfield_deal(spec: RuleSpec, cards: list[int]) -> Position:
    return default_deal(
        cards,
        reserve_size=spec.reserve_size,
        columns=spec.columns,
        decks=spec.decks,
        fixed_base=spec.foundation_base,
        column_deal=spec.column_deal,
        base_cards_up=spec.base_cards_up,
        reserve_piles=spec.reserve_piles,
        choose_base=spec.choose_base,
        layout=None if spec.foundations is None else tuple(p.dealt for p in spec.foundations),
    )


@hookimpl(trylast=True)
def canfield_scoring(spec: RuleSpec) -> Scorer:
    return SCHEMES[spec.scoring]()  # type: ignore[no-any-return]


@hookimpl(trylast=True)
def canfield_validate_spec(spec: RuleSpec) -> str | None:
    if spec.draw > MAX_DRAW:
        return f"draw={spec.draw} is more than {MAX_DRAW}"
    return None
