"""The engine: a position in plain lists and ints, move generation, make and unmake.

No hooks, no attrs instances in here: a solver calls `Engine.moves`, `Engine.make` and
`Engine.unmake` millions of times. A move is a small int (see `encode`); `make` pushes one int on
an undo stack and `unmake` restores the exact position, the automatic fill included.
`Engine.moves` lists each legal move once; `make` trusts its caller (use `canfield.Game.play`
for the checked path).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .position import Position

if TYPE_CHECKING:
    from .rules import Rules

from .moves import COL, FOUNDATION, FSUIT, MODE_ANY, MODE_TOP_OR_WHOLE, MODE_WHOLE, RESERVE, WASTE


class Engine:
    """A mutable position under compiled `Rules`, with a stack of undo records."""

    __slots__ = (
        "auto_fill",
        "builds",
        "children",
        "cols",
        "draws",
        "empty_ok",
        "fcount",
        "fnext",
        "fof",
        "fsuit",
        "hist",
        "loc",
        "mode",
        "ncols",
        "recycles",
        "redeals",
        "res",
        "rules",
        "start",
        "stock",
        "takeback",
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
        self.mode = rules.mode
        self.takeback = rules.takeback
        self.draws = rules.draws
        self.redeals = rules.redeals
        self.total = 52 * rules.decks
        self.children = rules.children
        # With one deck every card is unique: loc[card] is its column's index, or -1.
        self.loc: list[int] | None = None
        self.res = list(pos.reserve)
        self.cols = [list(c) for c in pos.columns]
        self.stock = list(reversed(pos.stock))  # next card to turn at the end
        self.waste = list(pos.waste)
        self.fsuit = tuple(s for s, _ in pos.foundations)
        self.fcount = [n for _, n in pos.foundations]
        self.start = pos.start
        self.recycles = pos.recycles
        self.fnext = [0] * len(self.fsuit)
        self.wants = [-1] * 52
        for f in range(len(self.fsuit)):
            self._set_next(f)
        for suit in set(self.fsuit):
            self._rewant(suit)
        self.hist: list[int] = []
        if rules.decks == 1:
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

    # -- moves --------------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """Every legal move, each once: to the foundations, onto columns, the stock last."""
        out: list[int] = []
        add = out.append
        cols = self.cols
        wants = self.wants
        ncols = self.ncols
        tops = [c[-1] if c else -1 for c in cols]
        wtop = self.waste[-1] if self.waste else -1
        rtop = self.res[-1] if self.res else -1
        if wtop >= 0 and wants[wtop] >= 0:
            add(WASTE | 96 | 1024)
        if rtop >= 0 and wants[rtop] >= 0:
            add(RESERVE | 96 | 1024)
        for i in range(ncols):
            t = tops[i]
            if t >= 0 and wants[t] >= 0:
                add(COL + i | 96 | 1024)
        loc = self.loc
        if loc is not None:
            # One deck: each card is unique, so look up where the cards that build on a top are.
            builds = self.builds
            children = self.children
            mode = self.mode
            for j in range(ncols):
                t = tops[j]
                if t < 0:
                    continue
                dst = (COL + j) << 5
                for c in children[t]:
                    i = loc[c]
                    if i >= 0:
                        if i == j:
                            continue
                        col = cols[i]
                        size = len(col)
                        p = col.index(c)
                        if mode != MODE_ANY and p and (mode == MODE_WHOLE or p != size - 1):
                            continue
                        q = p + 1
                        while q < size and builds[col[q] * 52 + col[q - 1]]:
                            q += 1
                        if q == size:
                            add(COL + i | dst | (size - p) << 10)
                    elif c == wtop:
                        add(WASTE | dst | 1024)
                    elif c == rtop:
                        add(RESERVE | dst | 1024)
                    elif self.takeback:
                        s = c // 13
                        n = self.fcount[self.fof[s]]
                        if n and (self.start + n - 1) % 13 == c % 13:
                            add(FSUIT + s | dst | 1024)
        else:
            builds = self.builds
            scards, scodes = self._sources()
            for j in range(ncols):
                t = tops[j]
                if t >= 0:
                    dst = COL + j
                    for c, code in zip(scards, scodes, strict=True):
                        if code & 31 != dst and builds[c * 52 + t]:
                            add(code | dst << 5)
        if -1 in tops and (not self.auto_fill or not self.res):
            empty_ok = self.empty_ok
            scards, scodes = self._sources()
            for j in range(ncols):
                if tops[j] < 0:
                    dst = (COL + j) << 5
                    for c, code in zip(scards, scodes, strict=True):
                        src = code & 31
                        if empty_ok[c] and (src < COL or code >> 10 != len(cols[src - COL])):
                            add(code | dst)
        if self.stock or (self.waste and (self.redeals < 0 or self.recycles < self.redeals)):
            add(0)
        return out

    def _sources(self) -> tuple[list[int], list[int]]:
        """Every card that may move to a column, with its move's source and count bits."""
        scards: list[int] = []
        scodes: list[int] = []
        if self.waste:
            scards.append(self.waste[-1])
            scodes.append(WASTE | 1024)
        if self.res:
            scards.append(self.res[-1])
            scodes.append(RESERVE | 1024)
        builds = self.builds
        mode = self.mode
        for i, col in enumerate(self.cols):
            size = len(col)
            if not size:
                continue
            src = COL + i
            k = 1
            while k < size and builds[col[-k] * 52 + col[-k - 1]]:
                k += 1
            if mode == MODE_ANY:
                for n in range(1, k + 1):
                    scards.append(col[-n])
                    scodes.append(src | n << 10)
            else:
                if mode == MODE_TOP_OR_WHOLE:
                    scards.append(col[-1])
                    scodes.append(src | 1024)
                if k == size and (size > 1 or mode == MODE_WHOLE):
                    scards.append(col[0])
                    scodes.append(src | size << 10)
        if self.takeback:
            seen = 0
            start = self.start - 1
            for s, n in zip(self.fsuit, self.fcount, strict=True):
                if n and not seen & (1 << s):
                    seen |= 1 << s
                    scards.append(s * 13 + (start + n) % 13)
                    scodes.append(FSUIT + s | 1024)
        return scards, scodes

    def draw_count(self) -> int:
        """How many cards the next turn of the stock takes (before the end of the stock)."""
        d = self.draws
        return d[self.recycles] if self.recycles < len(d) else d[-1]

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
                self.hist.append(k << 17)
            else:
                self.waste.reverse()
                self.stock = self.waste
                self.waste = []
                self.recycles += 1
                self.hist.append(0)
            return
        src = m & 31
        dst = (m >> 5) & 31
        rec = m
        if src == WASTE:
            cards = [self.waste.pop()]
        elif src == RESERVE:
            cards = [self.res.pop()]
        elif src >= COL:
            col = self.cols[src - COL]
            n = m >> 10
            cards = col[-n:]
            del col[-n:]
            if not col and self.auto_fill and self.res:
                col.append(self.res.pop())
                rec |= 1 << 23
        else:  # take-back from the foundation of suit src - FSUIT
            s = src - FSUIT
            f = self.fsuit.index(s)
            for g, gs in enumerate(self.fsuit):
                if gs == s and self.fcount[g]:
                    f = g
                    break
            cards = [self.ftop(f)]
            self._fpop(f)
            rec |= f << 24
        loc = self.loc
        if dst == FOUNDATION:
            f = self.wants[cards[0]]
            self._fpush(f)
            rec |= f << 24
            if loc is not None:
                loc[cards[0]] = -1
        else:
            self.cols[dst - COL].extend(cards)
            if loc is not None:
                for c in cards:
                    loc[c] = dst - COL
        if rec & (1 << 23) and loc is not None:
            loc[self.cols[src - COL][0]] = src - COL
        self.hist.append(rec)

    def unmake(self) -> int:
        """Take back the last move made; returns its move int."""
        rec = self.hist.pop()
        m = rec & 0x1FFFF
        if m == 0:
            k = (rec >> 17) & 0x3F
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
        src = m & 31
        dst = (m >> 5) & 31
        f = rec >> 24
        if dst == FOUNDATION:
            c = self.ftop(f)
            self._fpop(f)
            cards = [c]
        else:
            col = self.cols[dst - COL]
            n = (m >> 10) if src >= COL else 1
            cards = col[-n:]
            del col[-n:]
        loc = self.loc
        if src == WASTE:
            self.waste.append(cards[0])
        elif src == RESERVE:
            self.res.append(cards[0])
        elif src >= COL:
            col = self.cols[src - COL]
            if rec & (1 << 23):
                c = col.pop()
                self.res.append(c)
                if loc is not None:
                    loc[c] = -1
            col.extend(cards)
            if loc is not None:
                for c in cards:
                    loc[c] = src - COL
            return m
        else:
            self._fpush(f)
        if loc is not None:
            loc[cards[0]] = -1
        return m

    # -- queries ------------------------------------------------------------------------------

    def made(self) -> list[int]:
        """The move ints made so far, oldest first (forced fills are part of their move)."""
        return [rec & 0x1FFFF for rec in self.hist]

    def is_won(self) -> bool:
        """All foundations complete."""
        return sum(self.fcount) == self.total

    def position(self) -> Position:
        """An immutable snapshot of the position."""
        return Position(
            reserve=self.res,
            start=self.start,
            foundations=tuple(zip(self.fsuit, self.fcount, strict=True)),
            columns=self.cols,
            stock=list(reversed(self.stock)),
            waste=self.waste,
            recycles=self.recycles,
        )

    def key(self) -> tuple:  # type: ignore[type-arg]
        """A hashable key of the position (for transposition tables and equality tests)."""
        return (
            tuple(self.res),
            tuple(self.fcount),
            tuple(tuple(c) for c in self.cols),
            tuple(self.stock),
            tuple(self.waste),
            self.recycles,
        )

    def is_lost(self) -> bool:
        """No move but turning the stock can ever be made again (SPEC §1's definition of lost).

        Plays stock turns alone from here, on this engine, and restores it: every position so
        reached, within the pass limit, must have no other legal move. With unlimited passes the
        turns stop once every pass pattern has come round (the cycle repeats after that).
        """
        if self.is_won():
            return False
        made = 0
        lost = True
        d = self.draws
        steady = len(d) - 1
        while steady > 0 and d[steady - 1] == d[-1]:
            steady -= 1
        limit = steady + 1  # recycles after which every pass repeats one already seen
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
