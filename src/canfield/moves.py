"""The move vocabulary: places, move ints, tableau move modes.

A move is a small int, ``src | dst << 5 | count << 10``: where the cards come from, where they
go and how many move (0 is the stock move). The reference engine, the native engine, notation,
scoring and the solver all speak it; this module is the one place it is defined.

Places (5 bits each):

- ``STOCK`` (0): the stock; the only move from it is the stock move, int 0.
- ``WASTE`` (1), ``RESERVE`` (2): their top card.
- ``FOUNDATION`` (3), as a target only: the foundation the card fits.
- ``FSUIT + s`` (4..7), as a source only: the top card of a foundation of suit ``s`` (♠♥♦♣),
  a foundation take-back.
- ``COL + i`` (8..16): column ``i + 1``.
"""

from __future__ import annotations

STOCK = 0
WASTE = 1
RESERVE = 2
FOUNDATION = 3
FSUIT = 4
COL = 8

#: The most columns a rule set may have (the notation names columns 1-9).
MAX_COLUMNS = 9
#: The most cards one move may carry (a run in a column; 7 bits).
MAX_COUNT = 127

#: Tableau move modes: any run at a column's end; its top card or the whole column; whole columns.
MODE_ANY, MODE_TOP_OR_WHOLE, MODE_WHOLE = 0, 1, 2
MODES = {"any": MODE_ANY, "top-or-whole": MODE_TOP_OR_WHOLE, "whole": MODE_WHOLE}


def encode(src: int, dst: int, count: int = 1) -> int:
    """The int of a move: ``src | dst << 5 | count << 10``; the stock move is 0."""
    return src | dst << 5 | count << 10


def decode(m: int) -> tuple[int, int, int]:
    """``(src, dst, count)`` of a move int."""
    return m & 31, (m >> 5) & 31, m >> 10


def is_move_int(m: object, columns: int = MAX_COLUMNS) -> bool:
    """Whether ``m`` is an int that names a well-formed move for ``columns`` columns.

    Well-formed, not legal: it has a real source and target, the two differ, only a column moves
    more than one card, one card at a time goes to a foundation, and a foundation card goes to a
    column.
    """
    if isinstance(m, bool) or not isinstance(m, int):
        return False
    if m == 0:
        return True
    if m < 0 or m >= 1 << 17:
        return False
    src, dst, n = decode(m)
    last = COL + columns - 1
    if not (WASTE <= src <= last and src != FOUNDATION):
        return False
    if not (dst == FOUNDATION or COL <= dst <= last) or src == dst:
        return False
    if not 1 <= n <= MAX_COUNT or (n > 1 and (src < COL or dst == FOUNDATION)):
        return False
    return not (FSUIT <= src < COL and dst == FOUNDATION)
