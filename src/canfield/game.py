"""`Game`: a game being played: legal moves, play, undo, score, history, records.

`Game` is the friendly, checked API over the native engine. What a game is asked for beyond
that lives in the module that owns it, reached through a one-line method that imports it on
first use: hints (`canfield.hints`), the app's tap (`canfield.tap`), winnable deals
(`canfield.solver`), the board as text (`canfield.board`), words (`canfield.describe`), pictures
(`canfield.svg`), saved games (`canfield.records`). Those views read plain data (an
`Observation`, a position and its rules), never the game itself.
"""

from __future__ import annotations

import random as _random
from collections import deque
from typing import TYPE_CHECKING, Any

from .deals import CODE_SPACE, format_deal, make_code, parse_code, parse_deal, shuffled_deck
from .errors import CanfieldError, IllegalMoveError, InvalidCodeError, InvalidMoveError, InvalidPositionError, UndoError
from .native import finish, native_engine, native_position
from .notation import _CACHE as _MOVE_CACHE
from .notation import _TABLE as _MOVE_LIST
from .notation import Move, format_position_string, parse_move, parse_position_string
from .observation import Observation, observe
from .plugins.registry import rules_for
from .position import Position
from .rules import Rules, Variant, check_position
from .scoring import BUILT_IN_SCORERS
from .spec import RuleSpec, check_options, read_option

if TYPE_CHECKING:
    from ._native import Engine as NativeEngine
    from .engine import Engine
    from .policy import Hint

__all__ = ["Game", "Observation"]


def _rules_for_code(code: str, variant: str | Variant, options: dict[str, Any]) -> tuple[Rules, int]:
    """The rules a deal code is played with, and its deal number (the draw rule of `Game.from_code`)."""
    draw, seed = parse_code(code)
    rules = rules_for(variant, **options)
    if rules.first_draw == draw:
        return rules, seed
    if "draw" in options:
        if options["draw"] != draw:
            raise InvalidCodeError(
                f"deal code {code!r} says draw {draw}, but draw={options['draw']!r} was given: "
                "give one of them, or both the same"
            )
    else:
        rules = rules_for(variant, **options, draw=draw)
        if rules.first_draw == draw:
            return rules, seed
    raise InvalidCodeError(
        f"deal code {code!r} says draw {draw}, but variant {rules.variant.id!r} with these options "
        f"turns {rules.first_draw} at a time in its first pass"
    )


_move_of = Move.from_int
_MOVES = _MOVE_CACHE  # move int -> Move, for the moves made so far (Move.from_int fills it)
_MOVE_TABLE = _MOVE_LIST  # the same as a list indexed by move int


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
        if not isinstance(rules, Rules):
            raise CanfieldError(f"a Game's rules are compiled Rules (see rules_for), not {type(rules).__name__}")
        check_position(position, rules.spec, pass_limit=rules.pass_limit)
        if rules.auto_fill and any(position.reserves) and any(not c for c in position.columns):
            raise InvalidPositionError("a column is empty while the reserve has cards (these rules fill it at once)")
        floor = rules.scorer.floor
        if score is not None and (isinstance(score, bool) or not isinstance(score, int)):
            raise InvalidPositionError(f"the score is an int, not {type(score).__name__}")
        if score is not None and floor is not None and score < floor:
            raise InvalidPositionError(f"score {score} is below these rules' lowest score, {floor}")
        if isinstance(move_count, bool) or not isinstance(move_count, int) or move_count < 0:
            raise InvalidPositionError(f"the move count is an int 0 or more, not {move_count!r}")
        self.rules = rules
        self._engine = native_engine(rules, position)
        # The moves `legal_moves` listed last, until play or undo: `play` knows them at once (the
        # engine's own check still refuses one that moves made on it directly made illegal).
        self._legal_moves: list[Move] | None = None
        self._auto_finish = rules.auto_finish
        # The built-in scorers' points depend on the move alone: remember them by move int.
        self._points = rules.points if type(rules.scorer) in BUILT_IN_SCORERS else None
        # One tuple per undoable action, the last `undo_limit` kept: (move ints made, score before,
        # move count before).
        self._steps: deque[tuple[tuple[int, ...], int, int]] = deque(maxlen=rules.spec.undo_limit)
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
    def from_deal(
        cls, deal: str | list[str] | list[int], /, variant: str | Variant = "canfield", **options: Any
    ) -> Game:
        """A new game from a deal: the cards in dealing order, as text or card ints.

        ``variant`` is a variant's id or alias, or a `Variant` (registered or not), as for
        `from_code` and `random`; ``options`` are rule-spec fields (``draw=1``, ``redeals=2``…).

        The game turns the variant's own draw unless ``draw=`` asks for another; it has no deal
        code (`code` is None), since a deal code stands for a shuffle, not for any deal.
        """
        rules = rules_for(variant, **options)
        cards = parse_deal(deal, rules.decks)
        game = cls(rules, rules.deal(cards), deal=cards)
        game._dealt = True
        return game

    @classmethod
    def from_code(cls, code: str, /, variant: str | Variant = "canfield", **options: Any) -> Game:
        """A new game from a deal code such as ``CF1-D3-AAAAACL``, of ``variant`` with ``options``.

        The code's letters fix the cards; its ``D`` is the draw the game is played with (for a
        variant whose draw changes from pass to pass, the draw of the first pass). A variant that
        already draws ``D`` keeps its own rules; otherwise the code asks for another draw, and the
        game is the variant with ``draw=D``: ``CF1-D3-…`` with ``rainbow`` is Rainbow drawing 3,
        and ``CF1-D1-…`` with ``rush`` (3, 2, then 1 card a pass) is Rush started from draw 1, which
        draws 1 in every pass. ``draw=`` may be given as well, but then it must agree with the
        code: a code and a ``draw`` that disagree raise `InvalidCodeError`, as does a code whose
        draw the variant cannot play. `code` is the canonical code, so
        ``Game.from_code(game.code, game.variant, **game.options())`` makes the same game again.
        ``variant`` may be given by name too: ``Game.from_code(code, variant="classic")``.
        """
        rules, seed = _rules_for_code(code, variant, options)
        cards = shuffled_deck(seed, rules.decks)
        game = cls(rules, rules.deal(cards), deal=cards, code=make_code(seed, rules.first_draw))
        game._dealt = True
        return game

    @classmethod
    def random(
        cls,
        variant: str | Variant = "canfield",
        rng: _random.Random | None = None,
        *,
        winnable: bool = False,
        timeout: float = 2.0,
        difficulty: str | None = None,
        **options: Any,
    ) -> Game:
        """A new game from a random deal code (``rng`` for repeatable choices).

        The game turns the variant's own draw unless ``draw=`` asks for another, and its `code`
        says so, as for `from_code`. With ``winnable=True`` it deals until the solver proves a
        deal winnable within ``timeout`` seconds (as the apps' "winnable deals only" do), so the
        game can certainly be won; deals the solver cannot settle in time are passed over (see
        `canfield.solver.winnable_deal`).

        With ``difficulty`` (``"easy"``, ``"medium"`` or ``"hard"``), it deals until a deal is
        rated so for a player who sees what a player sees (`canfield.fair.rate`: how often the fair
        player wins it; a hard deal is still proved winnable). A deal's rating depends on its code
        alone, so the same ``rng`` gives the same deal.
        """
        if rng is not None and not isinstance(rng, _random.Random):
            raise CanfieldError(f"rng is a random.Random, not {type(rng).__name__}")
        rules = rules_for(variant, **options)
        if difficulty is not None:
            if winnable:
                raise CanfieldError("give winnable=True or a difficulty, not both (a rated deal is winnable)")
            from .fair import deal_of_difficulty

            number = deal_of_difficulty(rules, difficulty, rng)
        elif winnable:
            from .solver import winnable_deal

            number = winnable_deal(rules, rng, timeout=timeout)
        else:
            number = (rng or _random).randrange(CODE_SPACE)
        return cls.from_code(make_code(number, rules.first_draw), variant, **options)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """Recreate a game from `position_string` (variant, options, piles, score, move count).

        Raises `InvalidPositionError` naming the first problem: a malformed field (see
        `canfield.notation.parse_position_string`), or a position these rules cannot reach (a card
        missing or repeated, a foundation off its rules, more passes than allowed, a score below
        the rules' floor, a negative move count).
        """
        parsed = parse_position_string(text)
        try:
            check_options(parsed.options)  # first: an option named 'variant' is no keyword of rules_for
            options = {name: read_option(name, value) for name, value in parsed.options.items()}
            rules = rules_for(parsed.variant, **options)
        except CanfieldError as e:
            raise InvalidPositionError(f"position rules {text.split()[0]!r}: {e}") from None
        return cls(rules, parsed.position, score=parsed.score, move_count=parsed.move_count)

    def copy(self) -> Game:
        """An independent game at the same position, with the same settings (without the undo history)."""
        g = Game(
            self.rules, self.position, deal=self.deal, code=self.code, score=self.score, move_count=self.move_count
        )
        g.double_tap = self.double_tap
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
    def engine(self) -> NativeEngine:
        """The native engine under this game: moves, make, unmake, perft, key; no scores, no undo limit.

        For search code (perft, solvers, playouts). Moves made on it directly bypass the game's
        history and score: `legal_moves` then lists the engine's moves, but take them back before
        playing or undoing on the game again.
        """
        return self._engine

    def reference_engine(self) -> Engine:
        """A `canfield.engine.Engine` (the readable Python statement of the rules) at this position."""
        from .engine import Engine

        return Engine(self.rules, self.position)

    @property
    def position(self) -> Position:
        """An immutable snapshot of every pile."""
        return native_position(self._engine)

    def key(self) -> int:
        """A 64-bit hash of the position (piles, foundations, recycles), the same whatever the
        order of the columns: for transposition tables. Not the score or the move count."""
        return int(self._engine.key())

    def options(self) -> dict[str, Any]:
        """The options that differ from the variant's own spec."""
        return self.rules.options()

    def position_string(self) -> str:
        """One line that recreates this game exactly with `from_position` (like chess's FEN).

        ``<variant>[,option=value…] <reserve> <foundations> <columns> <stock> <waste> <recycles>
        <score> <moves>``; see `canfield.notation.format_position_string`.
        """
        return self._position_string(self.position, self.score, self.move_count)

    def _position_string(self, position: Position, score: int, move_count: int) -> str:
        return format_position_string(self.variant, self.options(), position, score, move_count)

    def start_position_string(self) -> str:
        """The position string of where `line` starts (the deal, or the position the game was made from)."""
        return self._position_string(*self._origin)

    @property
    def started_from_deal(self) -> bool:
        """Whether `line` starts from `deal` (a game made by `from_deal` or `from_code`)."""
        return self._dealt

    # -- moves ---------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move here, each once: to the foundations first, then onto columns, the stock last.

        Read from the engine each time (a new list), so moves made on `engine` directly show.
        """
        moves = self._engine.moves_from(_MOVE_TABLE)
        if moves is None:  # a move int not seen before: check it and cache its Move
            moves = [_move_of(m) for m in self._engine.moves()]
        self._legal_moves = moves
        return moves

    def _parse(self, move: Move | str | int) -> int:
        """The move int of a `Move`, a move's text or a move int; `InvalidMoveError` for anything else."""
        if isinstance(move, Move):
            return move.code
        if isinstance(move, str):
            return parse_move(move)
        if isinstance(move, int) and not isinstance(move, bool):
            return Move.from_int(move).code
        raise InvalidMoveError(
            f"a move is a Move, its text like '24:2' or a move int, not {type(move).__name__} {move!r}"
        )

    def is_legal(self, move: Move | str | int) -> bool:
        """Whether ``move`` (a `Move`, its text or its move int) may be played here.

        False for anything that is not a legal move, malformed text and other types included.
        """
        try:
            return self._parse(move) in self._legal_ints()
        except CanfieldError:
            return False

    def _legal_ints(self) -> list[int]:
        return self._engine.moves()

    def play(self, move: Move | str | int) -> Move:
        """Play a move (a `Move`, its text, or its move int) and return it.

        An illegal move raises `IllegalMoveError` saying why, and changes nothing.
        """
        known = self._legal_moves
        if type(move) is Move and known is not None and move in known:
            mv = move  # one of the legal moves listed here: the hot path of every playout
            m = mv.code
        else:
            m = self._parse(move)
            if m not in self._legal_ints():
                raise IllegalMoveError(f"illegal move {_move_of(m).text!r}: {self.explain(m)}")
            mv = _move_of(m)
        score = self.score
        try:
            self._engine.make(m)
        except ValueError:  # listed before moves made on the engine directly, and illegal since
            self._legal_moves = None
            raise IllegalMoveError(f"illegal move {mv.text!r}: {self.explain(m)}") from None
        self._legal_moves = None
        table = self._points
        if table is None or (points := table.get(m)) is None or points:  # nothing to add for most moves
            self._add_points(m, mv)
        move_count = self.move_count
        self.move_count = move_count + 1
        self._line.append(m)
        if self._auto_finish:
            self._steps.append(((m, *self._finish()), score, move_count))
        else:
            self._steps.append(((m,), score, move_count))
        return mv

    def _add_points(self, m: int, mv: Move) -> None:
        """Score move ``m`` (its `Move` ``mv``), never below the scorer's floor."""
        table = self._points
        points = table.get(m) if table is not None else None
        if points is None:
            points = self.rules.scorer.points(mv)
            if table is not None:
                table[m] = points
        if points:
            score = self.score + points
            floor = self.rules.scorer.floor
            self.score = score if floor is None or score >= floor else floor

    def _finish(self) -> tuple[int, ...]:
        """Play and score the rules' automatic finish (``auto_finish``) after a move; the moves made."""
        auto = finish(self._engine)
        for m in auto:
            self._add_points(m, _MOVES.get(m) or _move_of(m))
        return auto

    def undo(self) -> Move:
        """Take back the last action and its points; raises `UndoError` when none can be undone."""
        if not self._steps:
            if self._engine.depth():
                raise UndoError(f"undo limit reached: these rules undo only the last {self.spec.undo_limit} actions")
            raise UndoError("nothing to undo")
        made, score, move_count = self._steps.pop()
        self._line.pop()
        for _ in made:
            self._engine.unmake()
        self._legal_moves = None
        self.score = score
        self.move_count = self.move_count + 1 if self.spec.undo_is_move else move_count
        return _move_of(made[0])

    @property
    def line(self) -> list[Move]:
        """The moves the player chose, oldest first, from the start to here (undone and automatic ones left out)."""
        return [Move.from_int(m) for m in self._line]

    @property
    def history(self) -> list[Move]:
        """Every move made from the start to here, oldest first, undone ones left out.

        Moves the game makes by itself when it finishes a game (``auto_finish``) are listed one by
        one after the move that set them off; an automatic fill of an emptied column is part of the
        move that emptied it, not a move of its own. `line` lists only the player's moves.
        """
        return [Move.from_int(m) for m in self._engine.made()]

    # -- help the app gives ---------------------------------------------------------------------

    def tap(self, place: str, *, double_tap: bool | None = None) -> Move | None:
        """Play what a tap on ``place`` does in the app and return it, or None when nothing happens.

        ``place`` is ``'s'`` (the stock), ``'w'``, ``'r'``, a column ``'1'``–``'9'``, ``'T'``, ``'J'``, ``'Q'`` (its top card),
        or a card's text (``'QC'``, ``'7♥'``) on top of the waste or reserve or anywhere in a
        column, where a card below the top means the run from it. The card goes to its foundation
        when it fits; otherwise, with double tap on (`double_tap`, default True), to the longest
        column that accepts it (leftmost on a tie), then to an empty column; otherwise nothing
        happens. A place that is none of these raises `InvalidMoveError` (see `canfield.tap`).
        """
        from .tap import tap_move

        on = self.double_tap if double_tap is None else double_tap
        move = tap_move(self.position, self.legal_moves(), place, double_tap=on)
        return None if move is None else self.play(move)

    # -- end -----------------------------------------------------------------------------------

    def is_won(self) -> bool:
        """Every card is on the foundations (each of the usual ones holds its 13)."""
        return self._engine.is_won()

    def is_lost(self) -> bool:
        """No move but turning the stock can ever be made again (within the pass limit)."""
        return self._engine.is_lost()

    # -- explanations and views --------------------------------------------------------------------

    def explain(self, move: Move | str | int) -> str:
        """Why ``move`` is illegal here, in a sentence (or ``'legal'``); see `canfield.engine.Engine.explain`."""
        m = self._parse(move)
        if m in self._legal_ints():
            return "legal"
        return self.reference_engine().explain(m)

    def observation(self) -> Observation:
        """What a player sees: the reserve's face-down cards are ``None``, the stock only counted,
        and the facts around the piles (variant, draw, pass, score, moves, won or lost)."""
        e = self._engine
        return observe(
            self.rules, self.position, score=self.score, moves=self.move_count, won=e.is_won(), lost=e.is_lost()
        )

    def __str__(self) -> str:
        """The board as text, as ``canfield show`` prints it (see `canfield.board`)."""
        from .board import board_text

        return board_text(self.observation())

    def __getstate__(self) -> dict[str, Any]:
        # The native engine does not pickle: keep where the game started and the moves made.
        state = self.__dict__.copy()
        state["_engine"] = self._engine.made()
        state["_legal_moves"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        made = state.pop("_engine")
        self.__dict__.update(state)
        self._engine = native_engine(self.rules, self._origin[0])
        for m in made:
            self._engine.make(m)
        self._steps = deque(self._steps, maxlen=self.spec.undo_limit)

    def __repr__(self) -> str:
        return f"Game.from_position({self.position_string()!r})"

    def describe(self, lang: str = "en") -> str:
        """The position in words, in ``en``, ``it``, ``fr`` or ``pl`` (see `canfield.describe`)."""
        from .describe import describe

        return describe(self.observation(), lang)

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

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, which Jupyter shows for a game (see `canfield.svg`)."""
        from .svg import board_svg

        return board_svg(self.observation())

    def hint(
        self,
        *,
        fair: bool = False,
        timeout: float = 0.5,
        samples: int | None = None,
        max_states: int | None = None,
        seed: int = 0,
    ) -> Hint:
        """A suggested move here and where it came from: the solver's winning line when it finds one
        within ``timeout`` seconds (and the next moves of it while the player follows it), else the
        simple policy's move, with the solver's verdict (see `canfield.hints.hint`).

        With ``fair=True``, the fair player's move, from what the player has seen only, and the
        share of its samples won: ``samples`` of the unseen cards, each searched for ``max_states``
        positions, drawn with ``seed`` (see `canfield.fair`; None: its defaults)."""
        from .hints import hint

        return hint(self, timeout=timeout, fair=fair, samples=samples, max_states=max_states, seed=seed)
