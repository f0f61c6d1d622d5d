"""Scoring schemes: how many points a position starts with and what each move is worth.

A scheme is any object with ``initial(position) -> int``, ``points(move) -> int`` and ``floor``
(the lowest score, or None). `Game` keeps the score before each move, so undo takes back exactly
the points of the undone move.
"""

from __future__ import annotations

from typing import Protocol

from .notation import Move
from .position import Position


class Scorer(Protocol):
    """What the scoring hook returns: a game's starting score, each move's points, the lowest score."""

    floor: int | None
    """The lowest score a game can have (a move that would go below leaves it here), or None."""

    def initial(self, position: Position) -> int:
        """The score of a new game from ``position``."""
        ...

    def points(self, move: Move) -> int:
        """The points for playing ``move``, a `canfield.Move` that has just been played.

        Read what the move does from its flags: ``move.to_foundation`` (a card goes up),
        ``move.from_foundation`` (a take-back), ``move.is_stock`` (a stock turn or a redeal),
        ``move.from_waste``, ``move.from_reserve``, ``move.from_column``, ``move.to_column``, and
        ``move.count`` for the number of cards.
        """
        ...


class AppScoring:
    """+5 for each card put on a foundation, a take-back free, never below 0 (the app's score)."""

    floor: int | None = 0

    def initial(self, position: Position) -> int:
        return 0

    def points(self, move: Move) -> int:
        # A card moved from one foundation pile to another is not put up (a foundation layout).
        return 5 * move.count if move.to_foundation and not move.from_foundation else 0


class CasinoScoring:
    """−52 to buy the deck, +5 for each card on the foundations, the base card included."""

    floor: int | None = None

    def initial(self, position: Position) -> int:
        return -52 + 5 * position.cards_up

    def points(self, move: Move) -> int:
        if move.to_foundation:
            return 0 if move.from_foundation else 5 * move.count  # four at once for a set
        return -5 if move.from_foundation else 0


class NoScoring:
    """No score: always 0."""

    floor: int | None = 0

    def initial(self, position: Position) -> int:
        return 0

    def points(self, move: Move) -> int:
        return 0


#: The scorers whose points depend on the move alone (`Game` remembers them per move int).
BUILT_IN_SCORERS: tuple[type, ...] = (AppScoring, CasinoScoring, NoScoring)

SCHEMES: dict[str, type] = {"app": AppScoring, "casino": CasinoScoring, "none": NoScoring}
