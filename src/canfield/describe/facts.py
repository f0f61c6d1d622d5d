"""The facts a description states, read from what a player sees (an `Observation`).

Only face-up information goes in: the stock is counted, never named, and the reserve's cards are
those the variant shows (``rules.reserve_visible`` from the top), so no wording built on these
facts can reveal a face-down card.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import takewhile

from ..observation import Observable, Observation, observation_of, pile_start
from ..position import foundation_top


@dataclass(frozen=True)
class FoundationFacts:
    """One foundation: its suit (0–3, ``SHDC``), its card count and its top card (None if empty)."""

    suit: int
    count: int
    top: int | None


@dataclass(frozen=True)
class PileFacts:
    """One pile of a foundation layout: what it takes (a suit 0–3 or None for any, its first rank,
    whether it runs down, whether it takes sets of four), its card count and its top card."""

    suit: int | None
    start: int
    down: bool
    sets: bool
    count: int
    top: int | None


@dataclass(frozen=True)
class Facts:
    """Everything a description says, in the order it says it."""

    stock: int
    """How many cards the stock holds."""
    waste: int
    """How many cards the waste holds."""
    waste_top: int | None
    """The waste's top card (None when empty)."""
    reserve: int
    """How many cards the reserve holds."""
    reserve_shown: tuple[int, ...]
    """The reserve's face-up cards, top first (empty when the top card is hidden too)."""
    start: int
    """The foundations' starting rank, 0 (ace) to 12 (king)."""
    foundations: tuple[FoundationFacts, ...]
    """In foundation order: the base suit first, then the others in the order ♠♥♦♣."""
    columns: tuple[tuple[int | None, ...], ...]
    """Each column bottom to top (None for a face-down card)."""
    more_reserves: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """Reserve piles 2 to N where the rules have several: each pile's card count and face-up
    cards, top first (``reserve`` and ``reserve_shown`` are pile 1's)."""
    base_open: bool = False
    """The foundations' base is still to be chosen: the first card put up, a reserve card, sets it."""
    piles: tuple[PileFacts, ...] = ()
    """With a foundation layout of the rules' own, its piles in order (``foundations`` is then
    empty)."""


def _shown(pile: tuple[int | None, ...]) -> tuple[int, ...]:
    """A reserve pile's face-up cards, top first, down to its first face-down card."""
    return tuple(c for c in takewhile(lambda c: c is not None, reversed(pile)) if c is not None)


def facts_of(view: Observation | Observable) -> Facts:
    """The facts of a position as its player sees it: ``view`` is an `Observation` or a `Game`."""
    obs = observation_of(view)
    shown = _shown(obs.reserve)
    foundations = tuple(
        FoundationFacts(suit, count, foundation_top(obs.start, suit, count)) for suit, count in obs.foundations
    )
    return Facts(
        stock=obs.stock_count,
        waste=len(obs.waste),
        waste_top=obs.waste[-1] if obs.waste else None,
        reserve=len(obs.reserve),
        reserve_shown=shown,
        start=obs.start,
        foundations=foundations,
        columns=obs.columns,
        more_reserves=tuple((len(p), _shown(p)) for p in obs.more_reserves),
        base_open=obs.base_open,
        piles=tuple(
            PileFacts(
                suit=None if rule.suit < 0 else rule.suit,
                start=pile_start(rule, obs.start),
                down=rule.down,
                sets=rule.set,
                count=len(cards),
                top=cards[-1] if cards else None,
            )
            for rule, cards in zip(obs.piles, obs.foundation_piles, strict=True)
        ),
    )
