"""A position as plain data (`Position`), the result of a deal and the content of a position string.

The engine keeps a position in mutable lists; `Position` is its immutable snapshot, what the deal
hook returns and what the one-line position string (see `canfield.notation`) holds.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs


def _tuple(x: Iterable[int]) -> tuple[int, ...]:
    return tuple(x)


def _tuples(x: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c) for c in x)


def _face_down(x: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    """Face-down places per column, sorted; ``()`` when no column has any (one value for "none")."""
    down = tuple(tuple(sorted(c)) for c in x)
    return down if any(down) else ()


@attrs.frozen(kw_only=True)
class Position:
    """Every pile of a position. Piles list cards bottom to top, except ``stock``.

    - ``reserve``: bottom to top (the last card is the playable one).
    - ``start``: the foundations' starting rank (0 = ace … 12 = king).
    - ``foundations``: ``(suit, count)`` per foundation, in foundation order (base suit first).
    - ``columns``: each column bottom to top.
    - ``stock``: in turning order (the first card is the next one turned).
    - ``waste``: bottom to top.
    - ``recycles``: how many times the waste has been turned back into the stock.
    - ``face_down``: for each column, the places (0 = its bottom card) of its face-down cards;
      ``()`` when every column card is face up. A face-down card is never a column's top card: it
      turns up as part of the move that uncovers it.
    - ``more_reserves``: reserve piles 2 to N, each bottom to top, where the rules have several
      (``reserve_piles``); ``reserve`` is pile 1. ``()`` with one pile. `reserves` lists them all.
    - ``base_open``: the foundations' base is still to be chosen (``choose_base``): every
      foundation and the waste are empty, and ``start`` is 0 until the first foundation card sets it.
    - ``foundation_piles``: with a foundation layout of the rules' own (``RuleSpec.foundations``),
      each pile's cards, bottom to top, in the layout's order, and ``foundations`` is ``()``;
      ``()`` with the usual layout. ``start`` is then the dealt base card's rank (0 when the
      layout deals none).
    """

    reserve: tuple[int, ...] = attrs.field(converter=_tuple)
    start: int
    foundations: tuple[tuple[int, int], ...] = attrs.field(converter=_tuples)
    columns: tuple[tuple[int, ...], ...] = attrs.field(converter=_tuples)
    stock: tuple[int, ...] = attrs.field(converter=_tuple)
    waste: tuple[int, ...] = attrs.field(default=(), converter=_tuple)
    recycles: int = 0
    face_down: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_face_down)
    more_reserves: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_tuples)
    base_open: bool = False
    foundation_piles: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_tuples)

    @property
    def reserves(self) -> tuple[tuple[int, ...], ...]:
        """Every reserve pile, bottom to top, the first one ``reserve``."""
        return (self.reserve, *self.more_reserves)

    def is_face_down(self, column: int, place: int) -> bool:
        """Whether card ``place`` (0 = the bottom one) of column ``column`` is face down."""
        return bool(self.face_down) and place in self.face_down[column]

    def foundation_cards(self, i: int) -> list[int]:
        """The cards on foundation ``i`` (a layout's pile ``i``, with a layout), bottom to top."""
        if self.foundation_piles:
            return list(self.foundation_piles[i])
        suit, count = self.foundations[i]
        return [suit * 13 + (self.start + k) % 13 for k in range(count)]

    @property
    def foundation_count(self) -> int:
        """How many foundations there are: the layout's piles, or the usual suit foundations."""
        return len(self.foundation_piles) or len(self.foundations)

    @property
    def cards_up(self) -> int:
        """How many cards are on the foundations."""
        if self.foundation_piles:
            return sum(map(len, self.foundation_piles))
        return sum(n for _, n in self.foundations)

    def all_cards(self) -> list[int]:
        """Every card of the position, each pile in turn (for checks that nothing is lost)."""
        out = [c for pile in self.reserves for c in pile]
        for i in range(self.foundation_count):
            out += self.foundation_cards(i)
        for col in self.columns:
            out += col
        return out + list(self.stock) + list(self.waste)


def foundation_top(start: int, suit: int, count: int) -> int | None:
    """The top card of a foundation of ``suit`` holding ``count`` cards from rank ``start`` (None if empty)."""
    return None if count == 0 else suit * 13 + (start + count - 1) % 13


def foundation_suits(base_suit: int | None, decks: int) -> tuple[int, ...]:
    """Foundation order: the base card's suit first, then the other suits in the order ♠♥♦♣."""
    order = list(range(4))
    if base_suit is not None:
        order.remove(base_suit)
        order.insert(0, base_suit)
    return tuple(order) * decks


def default_deal(
    cards: list[int],
    *,
    reserve_size: int,
    columns: int,
    decks: int,
    fixed_base: int | None,
    column_deal: str = "u",
    base_cards_up: bool = True,
    reserve_piles: int = 1,
    layout: tuple[bool, ...] | None = None,
    choose_base: bool = False,
) -> Position:
    """The standard reading of a deal: reserve, base card, the columns row by row, then the stock.

    With a fixed foundation rank (``fixed_base``, e.g. 2 in Storehouse) the cards of that rank are
    first taken out of the deal, in order, to start the foundations; the rest is read as above
    without a base card. With ``base_cards_up=False`` they stay in the deal and the foundations
    start empty. ``column_deal`` gives each column's cards from the bottom, ``d`` face down and
    ``u`` face up; they are dealt a row across all columns at a time, the bottom row first.
    With several ``reserve_piles`` each is dealt ``reserve_size`` cards, pile 1 first.
    With a foundation ``layout`` (for each pile, whether it is dealt the base card), the base card
    is dealt onto its pile where one is, and the other piles start empty. With ``choose_base`` no
    base card is dealt: the foundations start empty, their base still open.
    """
    reserve_size *= reserve_piles
    piles: tuple[tuple[int, ...], ...] = ()
    found: tuple[tuple[int, int], ...]
    if choose_base:
        rest = list(cards)
        found = tuple((s, 0) for s in foundation_suits(None, decks))
        start = 0
    elif layout is not None:
        rest = list(cards)
        found = ()
        start = 0
        piles = tuple(() for _ in layout)
        if any(layout):
            base = rest.pop(reserve_size)
            start = base % 13
            piles = tuple((base,) if dealt else () for dealt in layout)
    elif fixed_base is not None and not base_cards_up:
        rest = list(cards)
        suits = foundation_suits(None, decks)
        found = tuple((s, 0) for s in suits)
        start = fixed_base
    elif fixed_base is not None:
        rest = [c for c in cards if c % 13 != fixed_base]
        suits = foundation_suits(None, decks)
        found = tuple((s, 1) for s in suits)
        start = fixed_base
    else:
        rest = list(cards)
        base = rest[reserve_size]
        suits = foundation_suits(base // 13, decks)
        found = tuple((s, 1 if i == 0 else 0) for i, s in enumerate(suits))
        start = base % 13
        del rest[reserve_size]
    each = reserve_size // reserve_piles
    reserves = [rest[k * each : (k + 1) * each] for k in range(reserve_piles)]
    rows = len(column_deal)
    dealt = rest[reserve_size : reserve_size + columns * rows]
    cols = tuple(tuple(dealt[r * columns + i] for r in range(rows)) for i in range(columns))
    stock = rest[reserve_size + columns * rows :]
    down = tuple(i for i, letter in enumerate(column_deal) if letter == "d")
    return Position(
        reserve=reserves[0],
        start=start,
        foundations=found,
        columns=cols,
        stock=stock,
        face_down=(down,) * columns,
        more_reserves=reserves[1:],
        foundation_piles=piles,
        base_open=choose_base,
    )
