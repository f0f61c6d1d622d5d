"""The reference engine: the rules of play stated as plain Python, move by move.

This module is the readable statement of the rules: which moves are legal (`Engine.moves`), what
each does (`Engine.make`, `Engine.unmake`) and why a move is refused (`explain`). `canfield.Game`
plays on the native engine (``canfield._native``, in Rust), which must agree with this one move
for move: the same move ints (`canfield.moves`), in the same order, with the same undo records;
the test suite plays both side by side to prove it.

No hooks and no attrs instances in here: the engine reads compiled `Rules` only. `make` pushes
one int, an undo record, on a stack, and `unmake` restores the exact position, the automatic fill
included. An undo record is the move int in its low `MOVE_BITS` bits (`REC_MOVE`), plus:

- for a stock turn, the number of cards turned at `REC_TURNED_SHIFT` (6 bits; 0 means the waste
  was turned back over as the stock);
- `REC_FILL` when a column move emptied its column and the reserve's top card filled it, with
  the pile's index at `REC_FILL_PILE_SHIFT` (several reserve piles: the one with the most cards,
  the leftmost on a tie), or `REC_WASTE_FILL` when, every pile being empty, the waste's top card
  filled it (``fill_waste``);
- the index of the foundation the card went to, or came back from, at `REC_FOUNDATION_SHIFT`
  (`REC_FOUNDATION_MASK`);
- `REC_FLIP` when a column move uncovered a face-down card, which turned up as part of the move;
- `REC_BASE` when a reserve card went up while the base was still to be chosen (``choose_base``)
  and set it: its undo opens the base again.

With a foundation layout of the rules' own (``RuleSpec.foundations``, compiled as `PileRule`s),
each pile keeps its cards (`Engine.fp`); after every change the engine works out which piles take
each card now (`Engine.takers`, bit ``f`` for pile ``f``; `Engine.wants` the first of them) and
which set piles are open. A pile takes nothing while the pile it opens after is incomplete. A card
that one pile takes goes up by the move to ``FOUNDATION``; one that several take has a move per
pile naming it (``FPILE + f``), in pile order. A set pile takes a column's top four cards at once
when they are face up and of one rank, and gives no card back. The record of a move up keeps the
pile the cards went to; a take-back names its pile in the move.

Face-down column cards (``column_deal``) are kept as one bitmask per column (`Engine.down`, bit
``p`` for the card ``p`` places from the bottom). Cards only come and go at a column's top, so a
face-down card keeps its place until it turns up; no move takes it, builds on it or carries it
in a run, and it turns up the moment the card above it leaves.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from .position import Position

if TYPE_CHECKING:
    from .rules import PileRule, Rules

from . import _native
from .cards import RANKS, card_symbol
from .moves import (
    COL,
    COUNT_SHIFT,
    DST_SHIFT,
    FOUNDATION,
    FSUIT,
    MODE_ANY,
    MODE_SINGLE,
    MODE_TOP_OR_WHOLE,
    MODE_WHOLE,
    PLACE_MASK,
    RESERVE_ANY,
    RESERVE_FOUNDATIONS,
    RESERVE_LAST,
    SET_CARDS,
    WASTE,
    column_name,
    decode,
    encode,
    is_column,
    is_up,
    pile_index,
    pile_place,
    reserve_index,
    reserve_place,
)
from .rules import pile_complete, pile_next

# The undo-record layout, like the move layout, is the native core's (``canfield._native``).
#: The move int inside an undo record.
REC_MOVE = _native.REC_MOVE
#: Where a stock turn's record keeps how many cards it turned (0: a recycle), and their mask.
REC_TURNED_SHIFT = _native.REC_TURNED_SHIFT
REC_TURNED_MASK = _native.REC_TURNED_MASK
#: Set in a column move's record when the reserve's top card filled the emptied column.
REC_FILL = _native.REC_FILL
#: Where a record keeps the foundation a card went to or came back from.
REC_FOUNDATION_SHIFT = _native.REC_FOUNDATION_SHIFT
REC_FOUNDATION_MASK = _native.REC_FOUNDATION_MASK
#: With unlimited passes, the waste turns back over until this many recycles.
MAX_RECYCLES = _native.MAX_RECYCLES
#: Set in a column move's record when the move uncovered a face-down card and turned it up.
REC_FLIP = _native.REC_FLIP
#: With `REC_FILL`: which reserve pile filled the emptied column, and its mask.
REC_FILL_PILE_SHIFT = _native.REC_FILL_PILE_SHIFT
REC_FILL_PILE_MASK = _native.REC_FILL_PILE_MASK
#: Set in a column move's record when the waste's top card filled the emptied column.
REC_WASTE_FILL = _native.REC_WASTE_FILL
#: Set in a foundation move's record when its card chose the foundations' base (``choose_base``).
REC_BASE = _native.REC_BASE

_TO_FOUNDATION = encode(0, FOUNDATION)
#: The count bits of a one-card move.
_ONE = 1 << COUNT_SHIFT
#: Foundation suits in words, for explanations.
SUIT_WORDS = ("spade", "heart", "diamond", "club")
#: Ranks in words, ace to king, for explanations.
RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")


def _bits(mask: int) -> list[int]:
    """The piles of a pile set (bit ``f`` for pile ``f``), in pile order."""
    return [f for f in range(mask.bit_length()) if mask >> f & 1]


@functools.cache
def _from_base(rules: Rules, start: int) -> tuple[tuple[bool, ...], tuple[tuple[int, ...], ...]]:
    """``rules``' build tables with a base-rank card taking no base−1 card (``build_past_base=False``).

    The base rank comes with the deal, so these tables belong to a game, not to the rules.
    """
    below = (start + 12) % 13
    builds = tuple(b and not (i % 52 % 13 == start and i // 52 % 13 == below) for i, b in enumerate(rules.builds))
    children = tuple(
        tuple(s for s in kids if not (t % 13 == start and s % 13 == below)) for t, kids in enumerate(rules.children)
    )
    return builds, children


class Engine:
    """A mutable position under compiled `Rules`, with a stack of undo records."""

    __slots__ = (
        "auto_fill",
        "base_open",
        "base_until_first",
        "builds",
        "children",
        "cols",
        "down",
        "empty_ok",
        "fcount",
        "fill_by_choice",
        "fill_waste",
        "fill_waste_only",
        "first",
        "fnext",
        "fof",
        "fp",
        "fsuit",
        "hist",
        "layout",
        "limit",
        "loc",
        "mode",
        "ncols",
        "piles",
        "recycles",
        "redeals",
        "res",
        "reserve_play",
        "rules",
        "set_open",
        "start",
        "stock",
        "takeback",
        "takers",
        "total",
        "wants",
        "waste",
    )

    def __init__(self, rules: Rules, pos: Position) -> None:
        self.rules = rules
        self.ncols = rules.columns
        self.builds = rules.builds
        self.empty_ok = rules.empty_ok
        self.auto_fill = rules.auto_fill
        self.fill_waste = rules.fill_waste
        self.fill_by_choice = rules.fill_by_choice
        self.fill_waste_only = rules.fill_waste_only
        self.base_until_first = rules.base_until_first
        self.mode = rules.mode
        self.takeback = rules.takeback
        self.limit = 10**9 if rules.column_limit is None else rules.column_limit
        self.reserve_play = rules.reserve_play
        self.redeals = -1 if rules.pass_limit is None else rules.pass_limit - 1
        self.total = 52 * rules.decks
        self.children = rules.children
        # With one deck every card is unique: loc[card] is its column's index, or -1.
        self.loc: list[int] | None = None
        # Every reserve pile, bottom to top; `res` is pile 1 (the same list).
        self.piles = [list(p) for p in pos.reserves]
        self.res = self.piles[0]
        self.cols = [list(c) for c in pos.columns]
        self.down = [sum(1 << p for p in d) for d in pos.face_down] if pos.face_down else [0] * len(self.cols)
        self.stock = list(reversed(pos.stock))  # next card to turn at the end
        self.waste = list(pos.waste)
        self.fsuit = tuple(s for s, _ in pos.foundations)
        self.fcount = [n for _, n in pos.foundations]
        self.start = pos.start
        if not rules.spec.build_past_base:
            self.builds, self.children = _from_base(rules, pos.start)
        self.recycles = pos.recycles
        self.fnext = [0] * len(self.fsuit)
        self.wants = [-1] * 52
        for f in range(len(self.fsuit)):
            self._set_next(f)
        for suit in set(self.fsuit):
            self._rewant(suit)
        #: The base is still to be chosen (``choose_base``): no foundation wants a card yet.
        self.base_open = pos.base_open
        if self.base_open:
            self.wants = [-1] * 52
        self.hist: list[int] = []
        # A foundation layout of the rules' own: each pile's cards (see the module docs).
        self.layout: tuple[PileRule, ...] | None = rules.piles
        self.fp = [list(p) for p in pos.foundation_piles]
        #: The foundation dealt the base card: the layout's pile with ``dealt``, else the first.
        self.first = next((f for f, p in enumerate(self.layout or ()) if p.dealt), 0)
        self.takers = [0] * 52
        self.set_open = 0
        if self.layout is not None:
            self._retake()
        self.fof: tuple[int, ...] = ()
        if rules.decks == 1:
            if self.layout is None:
                self.fof = tuple(self.fsuit.index(suit) for suit in range(4))
            self.loc = [-1] * 52
            for i, col in enumerate(self.cols):
                for c in col:
                    self.loc[c] = i

    # -- foundations -------------------------------------------------------------------------

    def _set_next(self, f: int) -> None:
        n = self.fcount[f]
        self.fnext[f] = -1 if n >= 13 else self.fsuit[f] * 13 + (self.start + n) % 13

    def _rewant(self, suit: int) -> None:
        wants = self.wants
        for r in range(13):
            wants[suit * 13 + r] = -1
        for f, s in enumerate(self.fsuit):
            if s == suit:
                c = self.fnext[f]
                if c >= 0 and wants[c] < 0:
                    wants[c] = f

    def _choose_base(self, rank: int) -> None:
        """Set the foundations' base to ``rank`` (the first card put up, ``choose_base``)."""
        self.base_open = False
        self.start = rank
        for f in range(len(self.fsuit)):
            self._set_next(f)
        for suit in set(self.fsuit):
            self._rewant(suit)

    def _open_base(self) -> None:
        """Open the base again (the undo of the move that chose it): no foundation wants a card."""
        self.base_open = True
        self.start = 0
        for f in range(len(self.fsuit)):
            self._set_next(f)
        self.wants = [-1] * 52

    def ftop(self, f: int) -> int:
        """The top card of foundation ``f``, or -1 when it is empty."""
        n = self.fcount[f]
        return self.fsuit[f] * 13 + (self.start + n - 1) % 13 if n else -1

    def _fpush(self, f: int) -> None:
        if self.loc is not None:  # one foundation per suit
            self.wants[self.fnext[f]] = -1
            self.fcount[f] += 1
            self._set_next(f)
            if self.fnext[f] >= 0:
                self.wants[self.fnext[f]] = f
        else:
            self.fcount[f] += 1
            self._set_next(f)
            self._rewant(self.fsuit[f])

    def _fpop(self, f: int) -> None:
        if self.loc is not None:
            if self.fnext[f] >= 0:
                self.wants[self.fnext[f]] = -1
            self.fcount[f] -= 1
            self._set_next(f)
            self.wants[self.fnext[f]] = f
        else:
            self.fcount[f] -= 1
            self._set_next(f)
            self._rewant(self.fsuit[f])

    # -- a foundation layout -----------------------------------------------------------------

    def _retake(self) -> None:
        """Work out which piles take each card now, and which set piles are open."""
        assert self.layout is not None
        takers = [0] * 52
        wants = [-1] * 52
        set_open = 0
        for f, p in enumerate(self.layout):
            if p.after >= 0 and not pile_complete(self.layout[p.after], self.fp[p.after], self.start):
                continue  # closed until the pile it opens after is complete
            if p.set:
                if not pile_complete(p, self.fp[f], self.start):
                    set_open |= 1 << f
                continue
            rank = pile_next(p, self.fp[f], self.start)
            if rank is not None:
                for s in range(4):
                    if p.suit < 0 or p.suit == s:
                        c = s * 13 + rank
                        takers[c] |= 1 << f
                        if wants[c] < 0:
                            wants[c] = f
        self.takers, self.wants, self.set_open = takers, wants, set_open

    def _ups(self, src: int, c: int, add: Callable[[int], None]) -> None:
        """Add the moves of ``c`` from ``src`` to the piles that take it: to ``FOUNDATION`` when
        one does, one move naming each pile when several do."""
        t = self.takers[c]
        if t & (t - 1) == 0:
            add(src | _TO_FOUNDATION)
        else:
            for f in _bits(t):
                add(src | pile_place(f) << DST_SHIFT | _ONE)

    def _up(self, src: int, c: int, add: Callable[[int], None]) -> None:
        """Add the moves of ``c``, which a foundation takes, from ``src`` up."""
        if self.layout is None:
            add(src | _TO_FOUNDATION)
        else:
            self._ups(src, c, add)

    def _set_ups(self, i: int, add: Callable[[int], None]) -> None:
        """Add column ``i``'s set moves: its top four cards, face up and of one rank, to the open
        set piles."""
        col = self.cols[i]
        if not self.set_open or len(col) < SET_CARDS or len(col) - SET_CARDS < self.down[i].bit_length():
            return
        if len({c % 13 for c in col[-SET_CARDS:]}) > 1:
            return
        four = SET_CARDS << COUNT_SHIFT
        if self.set_open & (self.set_open - 1) == 0:
            add(COL + i | FOUNDATION << DST_SHIFT | four)
        else:
            for f in _bits(self.set_open):
                add(COL + i | pile_place(f) << DST_SHIFT | four)

    def _gives_back(self, f: int) -> bool:
        """Whether pile ``f``'s top card may come back from it (it has one; not a set pile)."""
        assert self.layout is not None
        return bool(self.fp[f]) and not self.layout[f].set

    def _moving(self, m: int) -> int:
        """The bottom card of what move ``m`` (not the stock move) takes from its source."""
        src = m & PLACE_MASK
        if src == WASTE:
            return self.waste[-1]
        k = reserve_index(src)
        if k is not None:
            return self.piles[k][-1]
        if is_column(src):
            return self.cols[src - COL][-(m >> COUNT_SHIFT)]
        f = pile_index(src)
        assert f is not None, "a layout's moves take back from its piles"
        return self.fp[f][-1]

    def _target(self, m: int, c: int) -> int:
        """The pile a move up, whose bottom card is ``c``, goes to: the one it names, or the one
        pile that takes it."""
        g = pile_index((m >> DST_SHIFT) & PLACE_MASK)
        if g is not None:
            return g
        if m >> COUNT_SHIFT > 1:
            return (self.set_open & -self.set_open).bit_length() - 1
        return self.wants[c]

    # -- moves --------------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """Every legal move, each once: to the foundations, onto columns, the stock last."""
        if self.base_open:
            return self._base_moves()
        out: list[int] = []
        add = out.append
        cols = self.cols
        wants = self.wants
        ncols = self.ncols
        tops = [c[-1] if c else -1 for c in cols]
        wtop = self.waste[-1] if self.waste else -1
        if wtop >= 0 and wants[wtop] >= 0:
            self._up(WASTE, wtop, add)
        rtops = []  # each reserve pile's top card that may go to a column, or -1
        for k, pile in enumerate(self.piles):
            rtop = pile[-1] if pile else -1
            if rtop >= 0 and wants[rtop] >= 0 and (self.reserve_play != RESERVE_LAST or len(pile) == 1):
                self._up(reserve_place(k), rtop, add)
            rtops.append(rtop if self._reserve_to_column(k) else -1)
        layout = self.layout is not None
        for i in range(ncols):
            t = tops[i]
            if t >= 0 and wants[t] >= 0:
                self._up(COL + i, t, add)
            if layout and t >= 0:
                self._set_ups(i, add)
        if layout and self.takeback:
            # A pile's top card to another pile that takes it.
            for f, pile in enumerate(self.fp):
                if self._gives_back(f) and wants[pile[-1]] >= 0:
                    self._ups(pile_place(f), pile[-1], add)
        loc = self.loc
        if loc is not None:
            # One deck: each card is unique, so look up where the cards that build on a top are.
            builds = self.builds
            children = self.children
            mode = self.mode
            down = self.down
            for j in range(ncols):
                t = tops[j]
                room = self.limit - len(cols[j])
                if t < 0 or room <= 0:
                    continue
                dst = (COL + j) << DST_SHIFT
                for c in children[t]:
                    i = loc[c]
                    if i >= 0:
                        if i == j:
                            continue
                        col = cols[i]
                        size = len(col)
                        p = col.index(c)
                        if mode == MODE_SINGLE:
                            if p != size - 1:
                                continue
                        elif mode != MODE_ANY and p and (mode == MODE_WHOLE or p != size - 1):
                            continue
                        if p < down[i].bit_length() or size - p > room:
                            continue  # a face-down card at or above c, or too many cards for column j
                        q = p + 1
                        while q < size and builds[col[q] * 52 + col[q - 1]]:
                            q += 1
                        if q == size:
                            add(COL + i | dst | (size - p) << COUNT_SHIFT)
                    elif c == wtop:
                        add(WASTE | dst | _ONE)
                    elif c in rtops:
                        add(reserve_place(rtops.index(c)) | dst | _ONE)
                    elif layout:
                        if self.takeback:
                            f = next((f for f, p in enumerate(self.fp) if p and p[-1] == c and self._gives_back(f)), -1)
                            if f >= 0:
                                add(pile_place(f) | dst | _ONE)
                    elif self.takeback:
                        s = c // 13
                        n = self.fcount[self.fof[s]]
                        if n and (self.start + n - 1) % 13 == c % 13:
                            add(FSUIT + s | dst | _ONE)
        else:
            builds = self.builds
            scards, scodes = self._sources()
            for j in range(ncols):
                t = tops[j]
                if t >= 0:
                    dst = COL + j
                    room = self.limit - len(cols[j])
                    for c, code in zip(scards, scodes, strict=True):
                        if code & PLACE_MASK != dst and builds[c * 52 + t] and code >> COUNT_SHIFT <= room:
                            add(code | dst << DST_SHIFT)
        if -1 in tops and (not self.auto_fill or self.reserve_empty()):
            empty_ok = self.empty_ok
            base = self.start if self._base_only() else -1
            scards, scodes = self._sources()
            for j in range(ncols):
                if tops[j] < 0:
                    dst = (COL + j) << DST_SHIFT
                    for c, code in zip(scards, scodes, strict=True):
                        src = code & PLACE_MASK
                        n = code >> COUNT_SHIFT
                        if self.fill_by_choice and not self._fills_by_choice(src):
                            continue
                        if (self.fill_waste_only and src != WASTE) or (base >= 0 and c % 13 != base):
                            continue
                        if empty_ok[c] and (not is_column(src) or n != len(cols[src - COL])) and n <= self.limit:
                            add(code | dst)
        if self.stock or (self.waste and self.may_recycle()):
            add(0)
        return out

    def _base_moves(self) -> list[int]:
        """The legal moves while the base is still to be chosen (``choose_base``): only reserve
        top cards move, each pile's to its foundation (which sets the base), then onto each column
        in turn, a column that builds on it or an empty one that takes it. The stock stays shut
        and column cards stay put."""
        out = [
            reserve_place(k) | _TO_FOUNDATION
            for k, pile in enumerate(self.piles)
            if pile and (self.reserve_play != RESERVE_LAST or len(pile) == 1)
        ]
        tops = [(k, pile[-1]) for k, pile in enumerate(self.piles) if pile and self._reserve_to_column(k)]
        may_fill = not self.auto_fill or self.reserve_empty()
        for j, col in enumerate(self.cols):
            dst = (COL + j) << DST_SHIFT
            if len(col) >= self.limit:
                continue
            for k, c in tops:
                if self.builds[c * 52 + col[-1]] if col else may_fill and not self.fill_waste_only and self.empty_ok[c]:
                    out.append(reserve_place(k) | dst | _ONE)
        return out

    def may_recycle(self) -> bool:
        """Whether the waste may be turned back over now: within the pass limit, or with unlimited
        passes, below `MAX_RECYCLES`."""
        return self.recycles < (MAX_RECYCLES if self.redeals < 0 else self.redeals)

    def _reserve_to_column(self, k: int = 0) -> bool:
        """Whether reserve pile ``k``'s top card may go to a column (under ``reserve_play``)."""
        play = self.reserve_play
        return play == RESERVE_ANY or (play == RESERVE_LAST and len(self.piles[k]) == 1)

    def _fills_by_choice(self, src: int) -> bool:
        """With ``fill_by_choice``: whether a card from ``src`` may go on an empty column, being a
        reserve pile's top card, or the waste's once every pile is empty."""
        return reserve_index(src) is not None or (src == WASTE and self.reserve_empty())

    def _base_only(self) -> bool:
        """Whether an empty column takes only a card of the base rank now (``base_until_first``:
        the foundation dealt the base card is not complete yet)."""
        if not self.base_until_first:
            return False
        if self.layout is not None:
            return not pile_complete(self.layout[self.first], self.fp[self.first], self.start)
        return self.fcount[0] < 13

    def reserve_empty(self) -> bool:
        """Whether every reserve pile is empty."""
        return not any(self.piles)

    def fill_pile(self) -> int | None:
        """The reserve pile that fills an emptied column: the one with the most cards, the
        leftmost on a tie; None when every pile is empty."""
        sizes = [len(p) for p in self.piles]
        most = max(sizes)
        return sizes.index(most) if most else None

    def _sources(self) -> tuple[list[int], list[int]]:
        """Every card that may move to a column, with its move's source and count bits."""
        scards: list[int] = []
        scodes: list[int] = []
        if self.waste:
            scards.append(self.waste[-1])
            scodes.append(WASTE | _ONE)
        for k, pile in enumerate(self.piles):
            if pile and self._reserve_to_column(k):
                scards.append(pile[-1])
                scodes.append(reserve_place(k) | _ONE)
        builds = self.builds
        mode = self.mode
        for i, col in enumerate(self.cols):
            size = len(col)
            if not size:
                continue
            src = COL + i
            if mode == MODE_SINGLE:
                scards.append(col[-1])
                scodes.append(src | _ONE)
                continue
            low = self.down[i].bit_length()  # the cards from here up are face up
            k = 1
            while k < size - low and builds[col[-k] * 52 + col[-k - 1]]:
                k += 1
            if mode == MODE_ANY:
                for n in range(1, k + 1):
                    scards.append(col[-n])
                    scodes.append(src | n << COUNT_SHIFT)
            else:
                if mode == MODE_TOP_OR_WHOLE:
                    scards.append(col[-1])
                    scodes.append(src | _ONE)
                if k == size and (size > 1 or mode == MODE_WHOLE):
                    scards.append(col[0])
                    scodes.append(src | size << COUNT_SHIFT)
        if self.takeback and self.layout is not None:
            for f, pile in enumerate(self.fp):
                if self._gives_back(f):
                    scards.append(pile[-1])
                    scodes.append(pile_place(f) | _ONE)
        elif self.takeback:
            seen = 0
            start = self.start - 1
            for s, n in zip(self.fsuit, self.fcount, strict=True):
                if n and not seen & (1 << s):
                    seen |= 1 << s
                    scards.append(s * 13 + (start + n) % 13)
                    scodes.append(FSUIT + s | _ONE)
        return scards, scodes

    def draw_count(self) -> int:
        """How many cards the next turn of the stock takes (before the end of the stock)."""
        return self.rules.draw_count(self.recycles)

    def make(self, m: int) -> None:
        """Play move ``m``, which must be legal here, and push its undo record."""
        if m == 0:
            stock = self.stock
            if stock:
                waste = self.waste
                k = self.draw_count()
                if k > len(stock):
                    k = len(stock)
                for _ in range(k):
                    waste.append(stock.pop())
                self.hist.append(k << REC_TURNED_SHIFT)
            else:
                self.waste.reverse()
                self.stock = self.waste
                self.waste = []
                self.recycles += 1
                self.hist.append(0)
            return
        src = m & PLACE_MASK
        dst = (m >> DST_SHIFT) & PLACE_MASK
        rec = m
        pile = reserve_index(src)
        # With a foundation layout, the pile a card goes up to, worked out before anything moves.
        up = self._target(m, self._moving(m)) if self.layout is not None and is_up(dst) else None
        if src == WASTE:
            cards = [self.waste.pop()]
        elif pile is not None:
            cards = [self.piles[pile].pop()]
        elif is_column(src):
            col = self.cols[src - COL]
            n = m >> COUNT_SHIFT
            cards = col[-n:]
            del col[-n:]
            if not col and self.auto_fill and (fill := self.fill_pile()) is not None:
                col.append(self.piles[fill].pop())
                rec |= REC_FILL | fill << REC_FILL_PILE_SHIFT
            elif not col and self.fill_waste and self.waste:
                col.append(self.waste.pop())
                rec |= REC_WASTE_FILL
            elif col and self.down[src - COL] >> (len(col) - 1) & 1:
                self.down[src - COL] ^= 1 << (len(col) - 1)  # the uncovered card turns up
                rec |= REC_FLIP
        elif (g := pile_index(src)) is not None:  # take-back from a layout's pile
            cards = [self.fp[g].pop()]
            self._retake()
            if up is None:
                rec |= g << REC_FOUNDATION_SHIFT
        else:  # take-back from the foundation of suit src - FSUIT
            s = src - FSUIT
            f = self.fsuit.index(s)
            for g, gs in enumerate(self.fsuit):
                if gs == s and self.fcount[g]:
                    f = g
                    break
            cards = [self.ftop(f)]
            self._fpop(f)
            rec |= f << REC_FOUNDATION_SHIFT
        loc = self.loc
        if dst == FOUNDATION and self.base_open:
            self._choose_base(cards[0] % 13)
            rec |= REC_BASE
        if up is not None:
            self.fp[up].extend(cards)
            self._retake()
            rec |= up << REC_FOUNDATION_SHIFT
            if loc is not None:
                for c in cards:
                    loc[c] = -1
        elif dst == FOUNDATION:
            f = self.wants[cards[0]]
            self._fpush(f)
            rec |= f << REC_FOUNDATION_SHIFT
            if loc is not None:
                loc[cards[0]] = -1
        else:
            self.cols[dst - COL].extend(cards)
            if loc is not None:
                for c in cards:
                    loc[c] = dst - COL
        if rec & (REC_FILL | REC_WASTE_FILL) and loc is not None:
            loc[self.cols[src - COL][0]] = src - COL
        self.hist.append(rec)

    def unmake(self) -> int:
        """Take back the last move made; returns its move int."""
        rec = self.hist.pop()
        m = rec & REC_MOVE
        if m == 0:
            k = (rec >> REC_TURNED_SHIFT) & REC_TURNED_MASK
            if k:
                waste = self.waste
                stock = self.stock
                for _ in range(k):
                    stock.append(waste.pop())
            else:
                self.stock.reverse()
                self.waste = self.stock
                self.stock = []
                self.recycles -= 1
            return 0
        src = m & PLACE_MASK
        dst = (m >> DST_SHIFT) & PLACE_MASK
        f = rec >> REC_FOUNDATION_SHIFT & REC_FOUNDATION_MASK
        if self.layout is not None and is_up(dst):
            n = m >> COUNT_SHIFT
            cards = self.fp[f][-n:]
            del self.fp[f][-n:]
            self._retake()
        elif dst == FOUNDATION:
            c = self.ftop(f)
            self._fpop(f)
            cards = [c]
            if rec & REC_BASE:
                self._open_base()
        else:
            col = self.cols[dst - COL]
            n = (m >> COUNT_SHIFT) if is_column(src) else 1
            cards = col[-n:]
            del col[-n:]
        loc = self.loc
        pile = reserve_index(src)
        if src == WASTE:
            self.waste.append(cards[0])
        elif pile is not None:
            self.piles[pile].append(cards[0])
        elif is_column(src):
            col = self.cols[src - COL]
            if rec & (REC_FILL | REC_WASTE_FILL):
                c = col.pop()
                if rec & REC_FILL:
                    self.piles[rec >> REC_FILL_PILE_SHIFT & REC_FILL_PILE_MASK].append(c)
                else:
                    self.waste.append(c)
                if loc is not None:
                    loc[c] = -1
            if rec & REC_FLIP:
                self.down[src - COL] |= 1 << (len(col) - 1)
            col.extend(cards)
            if loc is not None:
                for c in cards:
                    loc[c] = src - COL
            return m
        elif (g := pile_index(src)) is not None:
            self.fp[g].append(cards[0])
            self._retake()
        else:
            self._fpush(f)
        if loc is not None:
            loc[cards[0]] = -1
        return m

    # -- why not --------------------------------------------------------------------------------

    def explain(self, m: int) -> str:
        """Why move ``m`` (a well-formed move int) is illegal here, in a sentence, or ``'legal'``.

        The same rules as `moves`, read the other way round: the first rule the move breaks.
        """
        if m in self.moves():
            return "legal"
        if self.base_open and (m == 0 or m & PLACE_MASK == WASTE or is_column(m & PLACE_MASK)):
            what = "the stock stays shut" if m == 0 else "only reserve cards move"
            return f"{what} until the first foundation card, a reserve pile's top card, chooses the base"
        if m == 0:
            if not self.waste:
                return "the stock and the waste are empty"
            return f"the stock is empty and no redeal is left ({self.passes_text()})"
        src, dst, n = decode(m)
        if (is_column(src) and src - COL >= self.ncols) or (is_column(dst) and dst - COL >= self.ncols):
            return f"these rules have {self.ncols} columns"
        k = reserve_index(src)
        if k is not None and k >= len(self.piles):
            return f"these rules have {len(self.piles)} reserve pile{'s' if len(self.piles) > 1 else ''}"
        for place in (src, dst):
            g = pile_index(place)
            if g is not None and g >= len(self.fp):
                if not self.fp:
                    return "these rules have no numbered foundation piles (a card goes up to 'f')"
                return f"these rules have {len(self.fp)} foundation piles"
        if self.layout is not None and FSUIT <= src < COL:
            return f"these rules number their foundation piles: a card comes back from f1-f{len(self.fp)}"
        if src == WASTE:
            if not self.waste:
                return "the waste is empty"
            c = self.waste[-1]
        elif k is not None:
            pile = self.piles[k]
            name = f"reserve pile {k + 1}" if len(self.piles) > 1 else "the reserve"
            if not pile:
                return f"{name} is empty"
            c = pile[-1]
            if self.reserve_play == RESERVE_LAST and len(pile) > 1:
                return f"{name}'s card plays only when it is the last one left ({len(pile)} are)"
            if self.reserve_play == RESERVE_FOUNDATIONS and dst != FOUNDATION:
                return f"{name}'s cards go only to the foundations"
        elif is_column(src):
            col = self.cols[src - COL]
            if not col:
                return f"column {column_name(src - COL)} is empty"
            if n > len(col):
                return f"column {column_name(src - COL)} has only {len(col)} card{'s' if len(col) > 1 else ''}"
            cards = col[-n:]
            if self.down[src - COL] >> (len(col) - n):  # a face-down card among the cards moved
                return f"a face-down card is among the {n} cards of column {column_name(src - COL)}"
            if self.mode == MODE_SINGLE and n > 1:
                return "these rules move one card at a time"
            for a, b in itertools.pairwise(cards):
                if not self.builds[b * 52 + a]:
                    return f"{card_symbol(b)} on {card_symbol(a)} is not a run that moves together"
            if self.mode == MODE_TOP_OR_WHOLE and 1 < n < len(col):
                return "these rules move only a column's top card or the whole column"
            if self.mode == MODE_WHOLE and n < len(col):
                return "these rules move only whole columns"
            c = cards[0]
        elif (g := pile_index(src)) is not None:
            if not self.takeback:
                return "these rules do not allow a card back from a foundation"
            if not self.fp[g]:
                return f"foundation pile {g + 1} is empty"
            if not self._gives_back(g):
                return f"foundation pile {g + 1} takes sets and gives no card back"
            c = self.fp[g][-1]
        else:
            if not self.takeback:
                return "these rules do not allow a card back from a foundation"
            s = src - FSUIT
            fs = [f for f, fsuit in enumerate(self.fsuit) if fsuit == s and self.fcount[f]]
            if not fs:
                return f"the {SUIT_WORDS[s]} foundation is empty"
            c = self.ftop(fs[0])
        if self.layout is not None and is_up(dst):
            return self._explain_up(m, c)
        if is_up(dst):
            s = c // 13
            fs = [f for f, fsuit in enumerate(self.fsuit) if fsuit == s]
            if all(self.fcount[f] == 13 for f in fs):
                return f"the {SUIT_WORDS[s]} foundation is complete"
            f = next(f for f in fs if self.fcount[f] < 13)
            want = card_symbol(self.fnext[f])
            if self.fcount[f] == 0:
                return f"{card_symbol(c)} cannot start the {SUIT_WORDS[s]} foundation (only {want} can)"
            return f"{card_symbol(c)} does not go on the {SUIT_WORDS[s]} foundation (it needs {want})"
        target = self.cols[dst - COL]
        j = column_name(dst - COL)
        if len(target) + n > self.limit:
            return f"column {j} may hold at most {self.limit} cards"
        if target:
            t = target[-1]
            why = f"{card_symbol(c)} does not build on {card_symbol(t)} in column {j}"
            if self.rules.builds[c * 52 + t]:  # only the base keeps it off
                why += f": columns rank from the base, {RANKS[self.start]}, as the foundations do"
            return why
        if self.auto_fill and not self.reserve_empty():
            return f"column {j} is empty and the reserve fills it"
        if self.fill_by_choice and not self._fills_by_choice(src):
            if src == WASTE:
                return f"column {j} is empty and takes the waste's card only once every reserve pile is empty"
            return f"column {j} is empty and takes only a reserve card (the waste's once the reserve is empty)"
        if self.fill_waste_only and src != WASTE:
            return f"column {j} is empty and takes only the waste's top card"
        if is_column(src) and n == len(self.cols[src - COL]):
            return "moving a whole column onto an empty column changes nothing"
        if self._base_only() and c % 13 != self.start:
            first = "the base card's foundation" if self.layout is None else f"foundation pile {self.first + 1}"
            return (
                f"{card_symbol(c)} may not go on an empty column yet: until {first} is complete, only a "
                f"{RANK_WORDS[self.start]} (the base rank) may"
            )
        rank = self.rules.spec.empty_column_rank
        if rank is not None and not self.rules.empty_ok[c]:
            return f"{card_symbol(c)} may not go on an empty column (only a {RANK_WORDS[rank]} may)"
        return f"{card_symbol(c)} may not go on an empty column"

    def _explain_up(self, m: int, c: int) -> str:
        """Why move ``m`` up, whose bottom card is ``c``, is illegal under a foundation layout."""
        src, dst, n = decode(m)
        g = pile_index(dst)
        if n > 1:
            if n != SET_CARDS or not is_column(src):
                return f"a foundation takes one card at a time, or {SET_CARDS} of a kind from a column"
            cards = self.cols[src - COL][-n:]
            if len({x % 13 for x in cards}) > 1:
                return f"the top {n} cards of column {column_name(src - COL)} are not of one rank"
            if not self.set_open:
                return "no foundation takes a set of four now"
            if g is not None and not self.set_open >> g & 1:
                return f"foundation pile {g + 1} does not take a set now"
            return "only one foundation takes the set: the move names no pile ('f')"
        takers = self.takers[c]
        if not takers and self.set_open and not any(not p.set for p in self.layout or ()):
            return f"no foundation takes {card_symbol(c)} alone: four of a kind go up at once from a column (':4')"
        if g is not None and not takers >> g & 1 and (after := self._closed(g)) is not None:
            return f"foundation pile {g + 1} is closed: it opens only once pile {after + 1} is complete"
        if not takers:
            closed = [f for f in range(len(self.fp)) if self._closed(f) is not None and self._would_take(f, c)]
            if closed:
                after = self._closed(closed[0])
                assert after is not None
                return (
                    f"no open foundation takes {card_symbol(c)}: pile {closed[0] + 1} would, but it opens only once "
                    f"pile {after + 1} is complete"
                )
            return f"no foundation takes {card_symbol(c)} now"
        if g is None:
            names = ", ".join(f"f{f + 1}" for f in _bits(takers))
            return f"{card_symbol(c)} goes up to more than one foundation: name the pile ({names})"
        if not takers >> g & 1:
            return f"foundation pile {g + 1} does not take {card_symbol(c)}"
        return f"only one foundation takes {card_symbol(c)}: the move names no pile ('f')"

    def _closed(self, f: int) -> int | None:
        """The pile that layout pile ``f`` opens after, while that pile is incomplete; else None."""
        assert self.layout is not None
        after = self.layout[f].after
        if after < 0 or pile_complete(self.layout[after], self.fp[after], self.start):
            return None
        return after

    def _would_take(self, f: int, c: int) -> bool:
        """Whether layout pile ``f`` would take card ``c`` alone, were it open."""
        assert self.layout is not None
        p = self.layout[f]
        return not p.set and (p.suit < 0 or p.suit == c // 13) and pile_next(p, self.fp[f], self.start) == c % 13

    def passes_text(self) -> str:
        """Which pass through the stock this is, e.g. ``pass 2 of 3`` or ``pass 1 of unlimited``."""
        return self.rules.passes_text(self.recycles)

    # -- queries ------------------------------------------------------------------------------

    def made(self) -> list[int]:
        """The move ints made so far, oldest first (forced fills are part of their move)."""
        return [rec & REC_MOVE for rec in self.hist]

    def is_won(self) -> bool:
        """Every card on the foundations."""
        if self.layout is not None:
            return sum(map(len, self.fp)) == self.total
        return sum(self.fcount) == self.total

    def position(self) -> Position:
        """An immutable snapshot of the position."""
        return Position(
            reserve=self.res,
            more_reserves=self.piles[1:],
            start=self.start,
            foundations=tuple(zip(self.fsuit, self.fcount, strict=True)),
            columns=self.cols,
            stock=list(reversed(self.stock)),
            waste=self.waste,
            recycles=self.recycles,
            face_down=[[p for p in range(len(c)) if d >> p & 1] for c, d in zip(self.cols, self.down, strict=True)],
            base_open=self.base_open,
            foundation_piles=self.fp,
        )

    def key(self) -> tuple:  # type: ignore[type-arg]
        """A hashable key of the position (for transposition tables and equality tests)."""
        return (
            tuple(self.res),
            tuple(self.fcount),
            tuple(tuple(c) for c in self.cols),
            tuple(self.stock),
            tuple(self.waste),
            tuple(self.down),
            tuple(tuple(p) for p in self.piles[1:]),
            -1 if self.base_open else self.start,
            *((tuple(tuple(p) for p in self.fp),) if self.layout is not None else ()),
            self.recycles,  # last: searches that ignore the recycle count drop it
        )

    def is_lost(self) -> bool:
        """No move but turning the stock can ever be made again: the game is lost.

        Plays stock turns alone from here, on this engine, and restores it: every position so
        reached, within the pass limit, must have no other legal move. With unlimited passes the
        turns stop once every pass pattern has come round (the cycle repeats after that).
        """
        if self.is_won():
            return False
        made = 0
        lost = True
        limit = self.rules.steady_pass + 1  # recycles after which every pass repeats one already seen
        start_recycles = self.recycles
        try:
            while True:
                ms = self.moves()
                if len(ms) > 1 or (ms and ms[0] != 0):
                    lost = False
                    break
                if not ms:
                    break
                if not self.stock and self.redeals < 0 and self.recycles - start_recycles >= limit:
                    break
                self.make(0)
                made += 1
        finally:
            for _ in range(made):
                self.unmake()
        return lost
