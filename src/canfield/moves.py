"""The move vocabulary: places, move ints, tableau move modes.

A move is a small int, ``src | dst << 6 | count << 12``: where the cards come from, where they
go and how many move (0 is the stock move). The reference engine, the native engine, notation,
scoring and the solver all speak it. Its layout is defined once, in the native core
(``rust/src/moves.rs``), which exports it as constants of ``canfield._native``; this module
takes its constants from there, so the two languages cannot disagree.

Places (6 bits each):

- ``STOCK`` (0): the stock; the only move from it is the stock move, int 0.
- ``WASTE`` (1), ``RESERVE`` (2): their top card.
- ``FOUNDATION`` (3), as a target only: the foundation the card fits.
- ``FSUIT + s`` (4..7), as a source only: the top card of a foundation of suit ``s`` (♠♥♦♣),
  a foundation take-back.
- ``COL + i`` (8..16): column ``i + 1``.
- ``RESERVES + k - 1`` (48..54): reserve pile ``k + 1`` where the rules have several piles
  (``reserve_piles``); pile 1 is ``RESERVE``, so one-pile move ints are what they always were.
- ``FPILE + f`` (32..47): pile ``f`` (from 0) of a rule set's own foundation layout
  (``RuleSpec.foundations``): as a source its top card (a take-back, to a column or another pile),
  as a target the pile itself, named only where more than one pile would take the card
  (``FOUNDATION`` stays the target where one would). The usual layout never uses them.

A move up is one card, or four of one rank from a column's end to a pile that takes sets.
"""

from __future__ import annotations

from . import _native

STOCK = _native.STOCK
WASTE = _native.WASTE
RESERVE = _native.RESERVE
FOUNDATION = _native.FOUNDATION
FSUIT = _native.FSUIT
COL = _native.COL
#: The place of reserve pile 2; pile ``k`` (from 0) past the first is at ``RESERVES + k - 1``.
RESERVES = _native.RESERVES
#: The most reserve piles a rule set may have.
MAX_RESERVES = _native.MAX_RESERVES

#: The place of foundation pile 0 of a foundation layout; pile ``f`` is at ``FPILE + f``.
FPILE = _native.FPILE
#: The most piles a foundation layout may have.
MAX_FOUNDATIONS = _native.MAX_FOUNDATIONS
#: The cards a set pile takes at once: four of a kind.
SET_CARDS = _native.SET_CARDS

#: The most columns a rule set may have (the notation names them `COLUMN_NAMES`).
MAX_COLUMNS = _native.MAX_COLUMNS
#: Each column's one-character name in the move notation and on every board: ``1``–``9``, then
#: ``T``, ``J``, ``Q`` for columns 10–12 (written as those ranks are; no other place of the
#: notation uses these letters), as the native engine writes them.
COLUMN_NAMES = "123456789TJQ"
assert len(COLUMN_NAMES) == MAX_COLUMNS, "a name for every column the native engine allows"


def column_name(i: int) -> str:
    """The name of column ``i`` (from 0): ``'1'``–``'9'``, ``'T'``, ``'J'``, ``'Q'``."""
    return COLUMN_NAMES[i]


def column_number(name: str) -> int | None:
    """The column (from 0) a one-character name stands for (``'3'``, ``'t'`` or ``'T'``), or None."""
    i = COLUMN_NAMES.find(name.upper()) if len(name) == 1 else -1
    return None if i < 0 else i


#: The most decks a rule set may have, and so the most cards in play.
MAX_DECKS = _native.MAX_DECKS
MAX_CARDS = _native.MAX_CARDS
#: The most cards one move may carry: a run of every card in play (`COUNT_BITS` bits hold it).
MAX_COUNT = _native.MAX_COUNT

#: A place's bits (the source's, from bit 0) and the mask of one place.
PLACE_BITS = _native.PLACE_BITS
PLACE_MASK = _native.PLACE_MASK
#: Where the target and the number of cards start, and that number's bits.
DST_SHIFT = _native.DST_SHIFT
COUNT_SHIFT = _native.COUNT_SHIFT
COUNT_BITS = _native.COUNT_BITS
#: Every move int is below ``1 << MOVE_BITS``.
MOVE_BITS = _native.MOVE_BITS
#: The layout in words, for messages that refuse a move int.
LAYOUT_TEXT = f"src | dst << {DST_SHIFT} | count << {COUNT_SHIFT}"

#: Tableau move modes: any run at a column's end; its top card or the whole column; whole columns;
#: the top card alone.
MODE_ANY, MODE_TOP_OR_WHOLE, MODE_WHOLE = _native.MODE_ANY, _native.MODE_TOP_OR_WHOLE, _native.MODE_WHOLE
MODE_SINGLE = _native.MODE_SINGLE
MODES = {"any": MODE_ANY, "top-or-whole": MODE_TOP_OR_WHOLE, "whole": MODE_WHOLE, "single": MODE_SINGLE}
#: When the reserve's top card plays: at any time; only as the last card; only to the foundations.
RESERVE_ANY, RESERVE_LAST, RESERVE_FOUNDATIONS = (
    _native.RESERVE_ANY,
    _native.RESERVE_LAST,
    _native.RESERVE_FOUNDATIONS,
)
RESERVE_PLAYS = {"any": RESERVE_ANY, "last": RESERVE_LAST, "foundations": RESERVE_FOUNDATIONS}


def reserve_place(k: int) -> int:
    """The place of reserve pile ``k`` (from 0): `RESERVE` for the first, ``RESERVES + k - 1`` after it."""
    return RESERVE if k == 0 else RESERVES + k - 1


def reserve_index(p: int) -> int | None:
    """The reserve pile (from 0) of place ``p``, or None when ``p`` is not a reserve pile's."""
    if p == RESERVE:
        return 0
    if RESERVES <= p < RESERVES + MAX_RESERVES - 1:
        return p - RESERVES + 1
    return None


def pile_place(f: int) -> int:
    """The place of foundation pile ``f`` (from 0) of a foundation layout."""
    return FPILE + f


def pile_index(p: int) -> int | None:
    """The foundation pile (from 0) of place ``p``, or None when ``p`` is not a layout pile's."""
    return p - FPILE if FPILE <= p < FPILE + MAX_FOUNDATIONS else None


def is_up(p: int) -> bool:
    """Whether target ``p`` is a foundation: ``FOUNDATION`` or a layout's named pile."""
    return p == FOUNDATION or pile_index(p) is not None


def is_column(p: int) -> bool:
    """Whether place ``p`` is a column's."""
    return COL <= p < COL + MAX_COLUMNS


def encode(src: int, dst: int, count: int = 1) -> int:
    """The int of a move: ``src | dst << DST_SHIFT | count << COUNT_SHIFT``; the stock move is 0."""
    return src | dst << DST_SHIFT | count << COUNT_SHIFT


def decode(m: int) -> tuple[int, int, int]:
    """``(src, dst, count)`` of a move int."""
    return m & PLACE_MASK, (m >> DST_SHIFT) & PLACE_MASK, m >> COUNT_SHIFT


def is_move_int(m: object, columns: int = MAX_COLUMNS) -> bool:
    """Whether ``m`` is an int that names a well-formed move for ``columns`` columns.

    Well-formed, not legal: it has a real source and target, the two differ, only a column moves
    more than one card, a foundation takes one card at a time or four from a column (a set), and
    a suit foundation's card goes to a column (a layout pile's card may go to another pile).
    """
    if isinstance(m, bool) or not isinstance(m, int):
        return False
    if m == 0:
        return True
    if m < 0 or m >= 1 << MOVE_BITS:
        return False
    src, dst, n = decode(m)
    last = COL + columns - 1
    pile = reserve_index(src) is not None
    if not (pile or pile_index(src) is not None or (WASTE <= src <= last and src != FOUNDATION)):
        return False
    up = is_up(dst)
    if not (up or COL <= dst <= last) or src == dst:
        return False
    column = COL <= src <= last
    if not 1 <= n <= MAX_COUNT or (n > 1 and (not column or (up and n != SET_CARDS))):
        return False
    return not (FSUIT <= src < COL and up)
