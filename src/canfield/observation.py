"""What a player sees: the `Observation` every view (words, pictures, the text board) is drawn from.

An observation is plain data: the piles with the face-down cards hidden, and the facts every view
shows around them (the variant's name, the draw, which pass this is, the score, the moves, won or
lost). `observe` makes one from compiled rules and a position; `Game.observation` is the usual
way. A view takes an `Observation`, or anything with an ``observation()`` method (a `Game`).
"""

from __future__ import annotations

from typing import Protocol

import attrs

from .cards import RANKS, SUIT_SYMBOLS
from .position import Position
from .rules import PileRule, Rules, pile_complete


@attrs.frozen
class Observation:
    """A player's view: what a player sees, face-down cards hidden (``None``), and the game's facts.

    ``reserve`` bottom to top (``None`` for a face-down card), ``start`` (the foundations' starting
    rank), ``foundations`` as ``(suit, count)``, ``columns`` bottom to top, ``stock_count`` (the
    stock is face down: only counted), ``waste`` bottom to top, ``recycles``; then ``name`` (the
    variant's name), ``draw`` (cards the next turn of the stock takes), ``passes`` (``pass 1 of
    3``), ``pass_limit`` (None: unlimited), ``score``, ``moves`` (the move counter), ``won`` and
    ``lost``; ``more_reserves``, reserve piles 2 to N where the rules have several (`reserves`
    lists them all); ``base_open``, the foundations' base still to be chosen by the first card put
    up (``choose_base``; ``start`` means nothing until then); with a foundation layout of the
    rules' own, ``foundation_piles`` (each pile's cards, bottom to top; ``foundations`` is then
    empty) and ``piles`` (each pile's rule, for the views to say what it takes: `pile_mark`).
    """

    reserve: tuple[int | None, ...]
    start: int
    foundations: tuple[tuple[int, int], ...]
    columns: tuple[tuple[int | None, ...], ...]
    stock_count: int
    waste: tuple[int, ...]
    recycles: int
    name: str = ""
    draw: int = 0
    passes: str = ""
    pass_limit: int | None = None
    score: int = 0
    moves: int = 0
    won: bool = False
    lost: bool = False
    more_reserves: tuple[tuple[int | None, ...], ...] = ()
    base_open: bool = False
    foundation_piles: tuple[tuple[int, ...], ...] = ()
    piles: tuple[PileRule, ...] = ()

    @property
    def reserves(self) -> tuple[tuple[int | None, ...], ...]:
        """Every reserve pile, bottom to top, the first one ``reserve``."""
        return (self.reserve, *self.more_reserves)

    @property
    def pass_number(self) -> int:
        """Which pass through the stock this is, from 1."""
        return self.recycles + 1

    @property
    def can_redeal(self) -> bool:
        """Whether another pass through the stock is allowed after this one."""
        return self.pass_limit is None or self.pass_number < self.pass_limit


def pile_start(pile: PileRule, start: int) -> int:
    """The rank a foundation pile starts with: its own, or the dealt base card's ``start``."""
    return start if pile.start < 0 else pile.start


def pile_mark(pile: PileRule, start: int) -> str:
    """A foundation pile in a few characters, as the board and the picture label it: its first
    card (a rank alone for any suit) and an arrow up or down (``A♠↑``, ``K♠↓``, ``7↑``), or ``4×``
    for a pile that takes four of a kind at once."""
    if pile.set:
        return "4×"
    suit = SUIT_SYMBOLS[pile.suit] if pile.suit >= 0 else ""
    return f"{RANKS[pile_start(pile, start)]}{suit}{'↓' if pile.down else '↑'}"


def closed_piles(obs: Observation) -> dict[int, int]:
    """The foundation piles of a layout that take nothing yet, each with the pile it opens after
    (``{1: 0, 2: 0, …}`` while The Plot's first pile is incomplete), for the views to say so."""
    return {
        f: rule.after
        for f, rule in enumerate(obs.piles)
        if rule.after >= 0 and not pile_complete(obs.piles[rule.after], obs.foundation_piles[rule.after], obs.start)
    }


class Observable(Protocol):
    """Anything a view can draw: a `Game`, or any object whose ``observation()`` says what a player sees."""

    def observation(self) -> Observation: ...


def observation_of(view: Observation | Observable) -> Observation:
    """``view`` itself when it is an `Observation`, else its ``observation()`` (a `Game`'s)."""
    return view if isinstance(view, Observation) else view.observation()


def observe(
    rules: Rules, position: Position, *, score: int = 0, moves: int = 0, won: bool = False, lost: bool = False
) -> Observation:
    """What a player of ``rules`` sees at ``position``: face-down reserve and column cards are ``None``."""

    def seen(pile: tuple[int, ...]) -> tuple[int | None, ...]:
        hidden = len(pile) - rules.reserve_visible
        return tuple(c if i >= hidden else None for i, c in enumerate(pile))

    recycles = position.recycles
    return Observation(
        reserve=seen(position.reserve),
        more_reserves=tuple(seen(p) for p in position.more_reserves),
        start=position.start,
        foundations=position.foundations,
        columns=tuple(
            tuple(None if position.is_face_down(i, p) else c for p, c in enumerate(col))
            for i, col in enumerate(position.columns)
        ),
        stock_count=len(position.stock),
        waste=position.waste,
        recycles=recycles,
        name=rules.variant.name,
        draw=rules.draw_count(recycles),
        passes=rules.passes_text(recycles),
        pass_limit=rules.pass_limit,
        score=score,
        moves=moves,
        won=won,
        lost=lost,
        base_open=position.base_open,
        foundation_piles=position.foundation_piles,
        piles=rules.piles or (),
    )
