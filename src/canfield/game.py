"""`Game`: the friendly, checked API over the engine (history, undo limit, score, notation, views)."""

from __future__ import annotations

import itertools
import random as _random
from typing import Any

import attrs

from .cards import RANKS, SUIT_SYMBOLS, card_symbol, parse_card
from .deals import CODE_SPACE, format_deal, make_code, parse_code, parse_deal, shuffled_deck
from .engine import Engine
from .errors import CanfieldError, IllegalMoveError, InvalidCodeError, InvalidMoveError, InvalidPositionError, UndoError
from .moves import COL, FOUNDATION, FSUIT, RESERVE, WASTE, decode
from .notation import Move, format_piles, parse_move, parse_piles
from .plugins.registry import rules_for
from .position import Position
from .rules import Rules, check_position
from .spec import FIELDS, RuleSpec

SUIT_WORDS = ("spade", "heart", "diamond", "club")


@attrs.frozen
class Observation:
    """A player's view: what a player sees, face-down cards hidden (``None``)."""

    reserve: tuple[int | None, ...]
    start: int
    foundations: tuple[tuple[int, int], ...]
    columns: tuple[tuple[int, ...], ...]
    stock_count: int
    waste: tuple[int, ...]
    recycles: int


@attrs.define
class _Step:
    moves: tuple[int, ...]
    score: int
    move_count: int


def _format_option(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse_option(text: str) -> object:
    if text == "none":
        return None
    if text in ("true", "false"):
        return text == "true"
    if text.lstrip("-").isdigit():
        return int(text)
    return text


class Game:
    """A game of Canfield (or a variant): play checked moves, undo them, read the position.

    Create one with `from_code`, `from_deal`, `from_position` or `random`. `play` refuses an
    illegal move with `IllegalMoveError` saying why, and leaves the game unchanged.
    """

    def __init__(
        self,
        rules: Rules,
        position: Position,
        *,
        deal: list[int] | None = None,
        code: str | None = None,
        score: int | None = None,
        move_count: int = 0,
    ) -> None:
        check_position(position, rules.spec)
        if rules.auto_fill and position.reserve and any(not c for c in position.columns):
            raise InvalidPositionError("a column is empty while the reserve has cards (these rules fill it at once)")
        self.rules = rules
        self._engine = Engine(rules, position)
        self._steps: list[_Step] = []
        self.score: int = rules.scorer.initial(position) if score is None else score
        self.move_count = move_count
        self._line: list[int] = []
        self._origin = (position, self.score, move_count)
        self._dealt = False
        self.deal = deal
        self.code = code
        #: The app's double-tap setting: a tap may send a card to a column (see `tap`).
        self.double_tap = True

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_deal(cls, deal: str | list[str] | list[int], variant: str = "canfield", **options: Any) -> Game:
        """A new game from a deal: the cards in dealing order (SPEC §3), as text or card ints."""
        rules = rules_for(variant, **options)
        cards = parse_deal(deal, rules.decks)
        game = cls(rules, rules.deal(cards), deal=cards)
        game._dealt = True
        return game

    @classmethod
    def from_code(cls, code: str, variant: str = "canfield", **options: Any) -> Game:
        """A new game from a deal code such as ``CF1-D3-AAAAACL``; the code sets the draw count."""
        draw, seed = parse_code(code)
        if "draw" in options and options["draw"] != draw:
            raise InvalidCodeError(f"deal code {code!r} says draw {draw}, but draw={options['draw']!r} was given")
        options["draw"] = draw
        rules = rules_for(variant, **options)
        cards = shuffled_deck(seed, rules.decks)
        game = cls(rules, rules.deal(cards), deal=cards, code=make_code(seed, draw))
        game._dealt = True
        return game

    @classmethod
    def random(cls, variant: str = "canfield", rng: _random.Random | None = None, **options: Any) -> Game:
        """A new game from a random deal code (``rng`` for repeatable choices)."""
        seed = (rng or _random).randrange(CODE_SPACE)
        draw = options.pop("draw", rules_for(variant).spec.draw)
        return cls.from_code(make_code(seed, draw), variant, **options)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """Recreate a game from `position_string` (variant, options, piles, score, move count)."""
        fields = text.split()
        if len(fields) != 9:
            raise InvalidPositionError(
                f"a position string has 9 space-separated fields (rules, reserve, foundations, columns, "
                f"stock, waste, recycles, score, moves); got {len(fields)}"
            )
        variant, *opts = fields[0].split(",")
        options: dict[str, Any] = {}
        for opt in opts:
            name, sep, value = opt.partition("=")
            if not sep:
                raise InvalidPositionError(f"rule option {opt!r}: expected name=value")
            options[name] = _parse_option(value)
        try:
            rules = rules_for(variant, **options)
        except CanfieldError as e:
            raise InvalidPositionError(f"position rules {fields[0]!r}: {e}") from None
        pos = parse_piles(fields[1:7])
        for name, value in (("score", fields[7]), ("moves", fields[8])):
            if not value.lstrip("-").isdigit():
                raise InvalidPositionError(f"{name} {value!r} is not a number")
        return cls(rules, pos, score=int(fields[7]), move_count=int(fields[8]))

    def copy(self) -> Game:
        """An independent game at the same position (without the undo history)."""
        g = Game(
            self.rules, self.position, deal=self.deal, code=self.code, score=self.score, move_count=self.move_count
        )
        return g

    # -- what the game is -------------------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The variant id."""
        return self.rules.variant.id

    @property
    def spec(self) -> RuleSpec:
        """The rule spec in force (the variant's, with this game's options)."""
        return self.rules.spec

    @property
    def engine(self) -> Engine:
        """The underlying engine (unchecked; for solvers and perft)."""
        return self._engine

    @property
    def position(self) -> Position:
        """An immutable snapshot of every pile."""
        return self._engine.position()

    def options(self) -> dict[str, Any]:
        """The options that differ from the variant's own spec."""
        base = self.rules.variant.spec
        return {f: getattr(self.spec, f) for f in FIELDS if getattr(self.spec, f) != getattr(base, f)}

    def position_string(self) -> str:
        """One line that recreates this game exactly with `from_position` (like chess's FEN).

        ``<variant>[,option=value…] <reserve> <foundations> <columns> <stock> <waste> <recycles>
        <score> <moves>``; see `canfield.notation.format_piles` for the pile fields.
        """
        return self._position_string(self.position, self.score, self.move_count)

    def _position_string(self, position: Position, score: int, move_count: int) -> str:
        rules = ",".join([self.variant] + [f"{k}={_format_option(v)}" for k, v in self.options().items()])
        return f"{rules} {format_piles(position)} {score} {move_count}"

    def start_position_string(self) -> str:
        """The position string of where `line` starts (the deal, or the position the game was made from)."""
        return self._position_string(*self._origin)

    @property
    def started_from_deal(self) -> bool:
        """Whether `line` starts from `deal` (a game made by `from_deal` or `from_code`)."""
        return self._dealt

    # -- moves ---------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move here, each once."""
        return [Move(m) for m in self._engine.moves()]

    def _parse(self, move: Move | str | int) -> int:
        if isinstance(move, Move):
            return move.code
        if isinstance(move, str):
            return parse_move(move)
        if isinstance(move, int) and not isinstance(move, bool):
            return move
        raise InvalidMoveError(f"a move is a Move or text like '24:2', not {type(move).__name__}")

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be played here (False for malformed text too)."""
        try:
            return self._parse(move) in self._engine.moves()
        except CanfieldError:
            return False

    def play(self, move: Move | str) -> Move:
        """Play a move (a `Move` or its text) and return it; an illegal move raises and changes nothing."""
        m = self._parse(move)
        if m not in self._engine.moves():
            raise IllegalMoveError(f"illegal move {Move(m).text!r}: {self.explain(m)}")
        step = _Step((m,), self.score, self.move_count)
        self._line.append(m)
        self._make(m)
        self.move_count += 1
        if self.spec.auto_finish:
            step.moves += self._auto_finish()
        self._steps.append(step)
        limit = self.spec.undo_limit
        if limit is not None and len(self._steps) > limit:
            del self._steps[: len(self._steps) - limit]
        return Move(m)

    def _make(self, m: int) -> None:
        self._engine.make(m)
        score = self.score + self.rules.scorer.points(m)
        floor = self.rules.scorer.floor
        self.score = score if floor is None or score >= floor else floor

    def _auto_finish(self) -> tuple[int, ...]:
        e = self._engine
        done: list[int] = []
        while not e.stock and not e.waste and not e.res and not e.is_won():
            up = [m for m in e.moves() if decode(m)[1] == FOUNDATION]
            if not up:
                break
            self._make(up[0])
            done.append(up[0])
        return tuple(done)

    def undo(self) -> Move:
        """Take back the last action and its points; raises `UndoError` when none can be undone."""
        if not self._steps:
            if self._engine.hist:
                raise UndoError(f"undo limit reached: these rules undo only the last {self.spec.undo_limit} actions")
            raise UndoError("nothing to undo")
        step = self._steps.pop()
        self._line.pop()
        for _ in step.moves:
            self._engine.unmake()
        self.score = step.score
        self.move_count = self.move_count + 1 if self.spec.undo_is_move else step.move_count
        return Move(step.moves[0])

    @property
    def line(self) -> list[Move]:
        """The moves the player chose, in order, from the start to here (undone and automatic ones left out)."""
        return [Move(m) for m in self._line]

    @property
    def history(self) -> list[Move]:
        """The moves played, oldest first (forced and automatic moves are part of their move)."""
        return [Move(m) for m in self._engine.made()]

    # -- help the app gives ---------------------------------------------------------------------

    def tap(self, place: str, *, double_tap: bool | None = None) -> Move | None:
        """Play what a tap on ``place`` does in the app (SPEC §1) and return it, or None.

        ``place`` is ``'s'`` (the stock), ``'w'``, ``'r'``, a column ``'1'``–``'9'`` (its top card),
        or a card's text (``'QC'``, ``'7♥'``) on top of the waste or reserve or anywhere in a
        column, where a card below the top means the run from it. The card goes to its foundation
        when it fits; otherwise, with double tap on (`double_tap`, default True), to the longest
        column that accepts it (leftmost on a tie), then to an empty column; otherwise nothing
        happens.
        """
        src, count = self._tap_source(place)
        if src is None:
            return None
        legal = self._engine.moves()
        if src == 0:
            return self.play(Move(0)) if 0 in legal else None
        up = src | FOUNDATION << 5 | 1 << 10
        if count == 1 and up in legal:
            return self.play(Move(up))
        if not (self.double_tap if double_tap is None else double_tap):
            return None
        cols = self._engine.cols
        targets = [d for s, d, n in map(decode, legal) if s == src and n == count and d >= COL]
        if not targets:
            return None
        best = max(targets, key=lambda d: (len(cols[d - COL]) > 0, len(cols[d - COL]), -d))
        return self.play(Move(src | best << 5 | count << 10))

    def _tap_source(self, place: str) -> tuple[int | None, int]:
        e = self._engine
        t = place.strip()
        if t.lower() == "s":
            return 0, 0
        if t.lower() == "w":
            return WASTE, 1
        if t.lower() == "r":
            return RESERVE, 1
        if t.isdigit():
            i = int(t) - 1
            if not 0 <= i < e.ncols:
                raise InvalidMoveError(f"tap on column {t}: these rules have {e.ncols} columns")
            return (COL + i, 1) if e.cols[i] else (None, 0)
        c = parse_card(t)
        if e.waste and e.waste[-1] == c:
            return WASTE, 1
        if e.res and e.res[-1] == c:
            return RESERVE, 1
        for i, col in enumerate(e.cols):
            if c in col:
                return COL + i, len(col) - col.index(c)
        return None, 0

    # -- end -----------------------------------------------------------------------------------

    def is_won(self) -> bool:
        """Every foundation holds its 13 cards."""
        return self._engine.is_won()

    def is_lost(self) -> bool:
        """No move but turning the stock can ever be made again (SPEC §1)."""
        return self._engine.is_lost()

    # -- explanations and views --------------------------------------------------------------------

    def explain(self, move: Move | str | int) -> str:
        """Why ``move`` is illegal here, in a sentence (or ``'legal'``)."""
        m = self._parse(move)
        e = self._engine
        if m in e.moves():
            return "legal"
        if m == 0:
            if not e.waste:
                return "the stock and the waste are empty"
            return f"the stock is empty and no redeal is left ({self._passes_text()})"
        src, dst, n = decode(m)
        if (src >= COL and src - COL >= e.ncols) or (dst >= COL and dst - COL >= e.ncols):
            return f"these rules have {e.ncols} columns"
        if src == WASTE:
            if not e.waste:
                return "the waste is empty"
            cards = [e.waste[-1]]
        elif src == RESERVE:
            if not e.res:
                return "the reserve is empty"
            cards = [e.res[-1]]
        elif src >= COL:
            col = e.cols[src - COL]
            if not col:
                return f"column {src - COL + 1} is empty"
            if n > len(col):
                return f"column {src - COL + 1} has only {len(col)} card{'s' if len(col) > 1 else ''}"
            cards = col[-n:]
            for a, b in itertools.pairwise(cards):
                if not e.builds[b * 52 + a]:
                    return f"{card_symbol(b)} on {card_symbol(a)} is not a run that moves together"
            if e.mode == 1 and 1 < n < len(col):
                return "these rules move only a column's top card or the whole column"
            if e.mode == 2 and n < len(col):
                return "these rules move only whole columns"
        else:
            if not self.spec.foundation_takeback:
                return "these rules do not allow a card back from a foundation"
            s = src - FSUIT
            fs = [f for f, fsuit in enumerate(e.fsuit) if fsuit == s and e.fcount[f]]
            if not fs:
                return f"the {SUIT_WORDS[s]} foundation is empty"
            cards = [e.ftop(fs[0])]
        c = cards[0]
        if dst == FOUNDATION:
            s = c // 13
            fs = [f for f, fsuit in enumerate(e.fsuit) if fsuit == s]
            if all(e.fcount[f] == 13 for f in fs):
                return f"the {SUIT_WORDS[s]} foundation is complete"
            f = next(f for f in fs if e.fcount[f] < 13)
            want = card_symbol(e.fnext[f])
            if e.fcount[f] == 0:
                return f"{card_symbol(c)} cannot start the {SUIT_WORDS[s]} foundation (only {want} can)"
            return f"{card_symbol(c)} does not go on the {SUIT_WORDS[s]} foundation (it needs {want})"
        target = e.cols[dst - COL]
        j = dst - COL + 1
        if target:
            return f"{card_symbol(c)} does not build on {card_symbol(target[-1])} in column {j}"
        if e.auto_fill and e.res:
            return f"column {j} is empty and the reserve fills it"
        if src >= COL and n == len(e.cols[src - COL]):
            return "moving a whole column onto an empty column changes nothing"
        return f"{card_symbol(c)} may not go on an empty column"

    def _passes_text(self) -> str:
        p = self.rules.passes
        return f"pass {self._engine.recycles + 1} of {'unlimited' if p == float('inf') else int(p)}"

    def observation(self) -> Observation:
        """What a player sees: the reserve's face-down cards are ``None``, the stock only counted."""
        e = self._engine
        vis = self.rules.reserve_visible
        size = len(e.res)
        reserve = tuple(c if i >= size - vis else None for i, c in enumerate(e.res))
        return Observation(
            reserve=reserve,
            start=e.start,
            foundations=tuple(zip(e.fsuit, e.fcount, strict=True)),
            columns=tuple(tuple(c) for c in e.cols),
            stock_count=len(e.stock),
            waste=tuple(e.waste),
            recycles=e.recycles,
        )

    def __str__(self) -> str:
        e = self._engine
        obs = self.observation()
        head = f"{self.rules.variant.name} · draw {e.draw_count()} · {self._passes_text()} · score {self.score} · moves {self.move_count}"
        waste = " ".join(card_symbol(c) for c in e.waste[-3:]) or "—"
        reserve = " ".join(card_symbol(c) if c is not None else "▒" for c in obs.reserve) or "—"
        found = "  ".join(
            f"{SUIT_SYMBOLS[s]} {card_symbol(e.ftop(f)) if n else '—'}" + (f" ({n})" if n else "")
            for f, (s, n) in enumerate(zip(e.fsuit, e.fcount, strict=True))
        )
        lines = [
            head,
            f"stock {len(e.stock):>2}   waste {len(e.waste):>2}: {waste}",
            f"reserve {len(e.res):>2}: {reserve}",
            f"foundations from {RANKS[e.start]}: {found}",
        ]
        lines += [f"  {i + 1}: " + (" ".join(card_symbol(c) for c in col) or "—") for i, col in enumerate(e.cols)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Game.from_position({self.position_string()!r})"

    def describe(self, lang: str = "en") -> str:
        """The position in words, in ``en``, ``it``, ``fr`` or ``pl`` (see `canfield.describe`)."""
        from .describe import describe

        return describe(self, lang)

    def to_json(self) -> str:
        """The game as a saved-game JSON record (see `canfield.records`)."""
        from .records import dumps

        return dumps(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a saved-game JSON record, checking everything (see `canfield.records`)."""
        from .records import loads

        return loads(text)

    def deal_string(self) -> str | None:
        """The deal this game started from, as card texts (None for a game from a position)."""
        return format_deal(self.deal) if self.deal is not None else None
