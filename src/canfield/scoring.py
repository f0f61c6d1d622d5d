"""Scoring schemes: how many points a position starts with and what each move is worth.

A scheme is any object with ``initial(position) -> int``, ``points(move) -> int`` and ``floor``
(the lowest score, or None). `Game` keeps the score before each move, so undo takes back exactly
the points of the undone move.
"""

from __future__ import annotations

from typing import Protocol

from .moves import COL, FOUNDATION, FSUIT
from .position import Position


class Scorer(Protocol):
    """What the scoring hook returns."""

    floor: int | None

    def initial(self, position: Position) -> int:
        """The score of a new game."""
        ...

    def points(self, move: int) -> int:
        """Points for playing engine move ``move`` (an int, see `canfield.engine.encode`)."""
        ...


class AppScoring:
    """+5 for each card put on a foundation, a take-back free, never below 0 (SPEC §1)."""

    floor: int | None = 0

    def initial(self, position: Position) -> int:
        return 0

    def points(self, move: int) -> int:
        return 5 if (move >> 5) & 31 == FOUNDATION else 0


class CasinoScoring:
    """−52 to buy the deck, +5 for each card on the foundations, the base card included."""

    floor: int | None = None

    def initial(self, position: Position) -> int:
        return -52 + 5 * sum(n for _, n in position.foundations)

    def points(self, move: int) -> int:
        if (move >> 5) & 31 == FOUNDATION:
            return 5
        return -5 if FSUIT <= move & 31 < COL else 0


class NoScoring:
    """No score: always 0."""

    floor: int | None = 0

    def initial(self, position: Position) -> int:
        return 0

    def points(self, move: int) -> int:
        return 0


SCHEMES: dict[str, type] = {"app": AppScoring, "casino": CasinoScoring, "none": NoScoring}
