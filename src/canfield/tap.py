"""Tap-to-move, the app's gesture: which legal move a tap on a place or a card stands for.

`tap_move` reads a position and its legal moves and says which move a tap plays (or None); it
plays nothing. `Game.tap` plays that move.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import parse_card
from .errors import CanfieldError, InvalidMoveError
from .moves import COL, RESERVE, STOCK, WASTE, column_number, decode, reserve_place
from .notation import Move
from .position import Position
from .text import read_int


def tap_source(position: Position, place: str) -> tuple[int | None, int]:
    """The place a tap on ``place`` moves cards from and how many, or ``(None, 0)`` for a card that cannot move.

    A place that is none of ``s``, ``w``, ``r``, a column number or a card raises `InvalidMoveError`.
    """
    if not isinstance(place, str):
        raise InvalidMoveError(
            f"a tap is on a place's text ('s', 'w', 'r', a column, a card), not {type(place).__name__}"
        )
    pos = position
    t = place.strip()
    if t.lower() == "s":
        return STOCK, 0
    if t.lower() == "w":
        return WASTE, 1
    if t.lower() == "r":
        return RESERVE, 1
    if len(t) == 2 and t[0] in "rR" and t[1].isdigit():
        k = int(t[1]) - 1
        if not 0 <= k < len(pos.reserves):
            raise InvalidMoveError(f"tap on reserve pile {t}: these rules have {len(pos.reserves)} reserve piles")
        return reserve_place(k), 1
    name = column_number(t)  # a column's one-character name: 1-9, or T, J, Q for 10-12
    number = read_int(t) if name is None else name + 1
    if number is not None:
        if not 1 <= number <= len(pos.columns):
            raise InvalidMoveError(f"tap on column {t}: these rules have {len(pos.columns)} columns")
        return (COL + number - 1, 1) if pos.columns[number - 1] else (None, 0)
    try:
        c = parse_card(t)
    except CanfieldError as e:
        raise InvalidMoveError(f"tap on {place!r}: expected 's', 'w', 'r', a column number or a card ({e})") from None
    if pos.waste and pos.waste[-1] == c:
        return WASTE, 1
    for k, pile in enumerate(pos.reserves):
        if pile and pile[-1] == c:
            return reserve_place(k), 1
    for i, col in enumerate(pos.columns):
        if c in col:
            return COL + i, len(col) - col.index(c)
    return None, 0


def tap_move(position: Position, legal: Sequence[Move], place: str, *, double_tap: bool = True) -> Move | None:
    """The move a tap on ``place`` plays at ``position`` (whose legal moves are ``legal``), or None.

    ``place`` is ``'s'`` (the stock), ``'w'``, ``'r'``, a column ``'1'``–``'9'``, ``'T'``, ``'J'``, ``'Q'`` (its top card),
    or a card's text (``'QC'``, ``'7♥'``) on top of the waste or reserve or anywhere in a column,
    where a card below the top means the run from it. The card goes to its foundation when it
    fits; otherwise, with ``double_tap``, to the longest column that accepts it (leftmost on a
    tie), then to an empty column; otherwise nothing happens.
    """
    src, count = tap_source(position, place)
    if src is None:
        return None
    moves = [m for m in legal if decode(m.code)[0] == src and m.count == count]
    up = next((m for m in moves if m.is_stock or m.to_foundation), None)
    if up is not None or not double_tap:
        return up
    cols = position.columns

    def preference(m: Move) -> tuple[bool, int, int]:
        i = decode(m.code)[1] - COL
        return len(cols[i]) > 0, len(cols[i]), -i

    onto = [m for m in moves if m.to_column]
    return max(onto, key=preference) if onto else None
