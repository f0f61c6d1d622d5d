"""Move notation and the one-line position string; pure functions, no game needed.

Moves: ``s`` turns the stock (or turns the waste back over); ``wf``, ``rf``, ``3f`` send the waste,
reserve or column-3 top card to its foundation; ``w2``, ``r2`` play them onto column 2; ``13``
moves column 1's top card onto column 3 and ``13:4`` its top 4 cards; ``H2`` moves the top card of
the hearts foundation onto column 2. Columns 10, 11 and 12 are ``T``, ``J`` and ``Q`` (``wT``,
``QT``), so every column is one character. Parsing also accepts upper/lower case, suit symbols and
``13:1`` (written back as ``13``). With several reserve piles, ``r`` is pile 1 and ``r2``–``r8``
followed by the target name the others: ``r2f`` sends pile 2's top card up, ``r23`` plays it onto
column 3 (``r2`` alone stays pile 1's card onto column 2). With a foundation layout of the rules'
own (``RuleSpec.foundations``), ``f1``–``f16`` name its piles: ``f2`` as a source is pile 2's
top card (``f24`` plays it onto column 4, ``f2f`` up to another pile), and as a target pile 2,
written only where more than one pile would take the card (``wf2``); ``3f:4`` puts column 3's top
four cards, of one rank, up as a set.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .cards import RANKS, SUITS, card_name, parse_card, parse_rank, parse_suit
from .errors import CanfieldError, InvalidMoveError, InvalidPositionError
from .moves import (
    COL,
    COLUMN_NAMES,
    COUNT_SHIFT,
    FOUNDATION,
    FSUIT,
    LAYOUT_TEXT,
    MAX_COUNT,
    MAX_RESERVES,
    RESERVE,
    RESERVES,
    SET_CARDS,
    STOCK,
    WASTE,
    column_name,
    column_number,
    decode,
    encode,
    is_column,
    is_move_int,
    is_up,
    pile_index,
    pile_place,
    reserve_index,
    reserve_place,
)
from .position import Position
from .text import format_option, read_int, shown

_PILE = "[fF](?:1[0-6]|[1-9])"
#: A column's name, upper or lower case (``1``–``9``, ``T``, ``J``, ``Q``).
_COLUMN = f"[{COLUMN_NAMES}{COLUMN_NAMES[9:].lower()}]"
_MOVE_RE = re.compile(
    rf"([rR][2-{MAX_RESERVES}](?=[fF1-9TJQtjq])|{_PILE}|[wWrRSHDCshdc♠♥♦♣]|{_COLUMN})({_PILE}|[fF]|{_COLUMN})(?::([0-9]+))?"
)


class Move:
    """One move, without a game: where the cards come from, where they go and how many.

    Make one from its text with `Move.parse` (``'13:4'``) or from the engine's move int with
    `Move.from_int`; ``str(move)`` is its canonical text and ``int(move)`` its move int. The same
    move is always the same object (moves are interned by move int, pickles included), so a move
    equals only itself, as in chess libraries (``Move.parse("12") == "12"`` is False: compare
    ``str(move)``, or parse the text); equality and hashing are identity's, as fast as can be.

    ``source`` is ``'s'`` (the stock), ``'w'``, ``'r'`` (reserve pile 1), ``'r2'``–``'r8'`` (the
    other reserve piles, where the rules have several), a column's name ``'1'``–``'9'``, ``'T'``,
    ``'J'``, ``'Q'`` (columns 10–12) or a foundation's suit letter ``'S'``/``'H'``/``'D'``/``'C'``; ``target`` is ``'f'``, a column
    number, or ``''`` for the stock move; ``count`` is the number of cards moved (0 for the stock
    move). The flags say the same in words, for scorers and programs: `is_stock`, `to_foundation`,
    `from_foundation`, `from_waste`, `from_reserve`, `from_column`, `to_column`.
    """

    __slots__ = (
        "code",
        "count",
        "from_column",
        "from_foundation",
        "from_reserve",
        "from_waste",
        "is_stock",
        "source",
        "target",
        "text",
        "to_column",
        "to_foundation",
    )

    code: int
    """The engine's move int (``src | dst << DST_SHIFT | count << COUNT_SHIFT``, see `canfield.moves`)."""
    text: str
    """The canonical text, e.g. ``'13:4'``."""
    source: str
    """Where the cards come from: ``'s'``, ``'w'``, ``'r'``, ``'r2'``–``'r8'``, a column's name (``'1'``–``'9'``, ``'T'``, ``'J'``, ``'Q'``) or a suit letter."""
    target: str
    """Where they go: ``'f'``, a column's name, or ``''`` for the stock move."""
    count: int
    """How many cards move (0 for the stock move)."""
    is_stock: bool
    """The stock move: turn cards onto the waste, or turn the waste back over as the stock."""
    to_foundation: bool
    """A card goes up to its foundation (from the waste, the reserve or a column)."""
    from_foundation: bool
    """A foundation's top card comes back down to a column (a take-back)."""
    from_waste: bool
    """The waste's top card moves."""
    from_reserve: bool
    """A reserve pile's top card moves (any pile)."""
    from_column: bool
    """Cards move from the end of a column."""
    to_column: bool
    """Cards go onto a column (empty or not)."""

    def __new__(cls, code: int) -> Move:
        """The move of an engine move int: the same as `Move.from_int`."""
        return Move.from_int(code)

    @classmethod
    def from_int(cls, code: int) -> Move:
        """The move of an engine move int; raises `InvalidMoveError` unless it is a well-formed one.

        Cached: the first call for an int checks it and builds the move, later calls are one dict
        lookup. Only well-formed ints (see `canfield.moves.is_move_int`) are kept, so the cache is
        bounded.
        """
        if type(code) is int:
            move = _CACHE.get(code)
            if move is not None:
                return move
        if isinstance(code, bool) or not isinstance(code, int):
            raise InvalidMoveError(f"a move int is an int, not {type(code).__name__} {code!r}")
        if not is_move_int(code):
            raise InvalidMoveError(
                f"{code} is not a move int: expected {LAYOUT_TEXT} naming a real move (see canfield.moves)"
            )
        code = int(code)
        move = object.__new__(Move)
        src, dst, n = decode(code)
        stock = code == 0
        fields = {
            "code": code,
            "text": _format(code),
            "source": _place_text(src),
            "target": "" if stock else _place_text(dst),
            "count": 0 if stock else n,
            "is_stock": stock,
            "to_foundation": not stock and is_up(dst),
            "from_foundation": FSUIT <= src < COL or pile_index(src) is not None,
            "from_waste": src == WASTE,
            "from_reserve": reserve_index(src) is not None,
            "from_column": is_column(src),
            "to_column": not stock and is_column(dst),
        }
        for name, value in fields.items():
            object.__setattr__(move, name, value)
        move = _CACHE.setdefault(code, move)
        if code < len(_TABLE):
            _TABLE[code] = move
        return move

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move of a move's text (``'13:4'``, ``'wf'``, ``'s'``…); raises `InvalidMoveError` saying what is malformed."""
        return Move.from_int(parse_move(text))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move cannot be changed (setting {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move cannot be changed (deleting {name!r})")

    def __int__(self) -> int:
        return self.code

    def __index__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move.parse({self.text!r})"

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Move, (self.code,))


#: Every move built so far, by move int; only well-formed ints, so at most a few thousand.
_CACHE: dict[int, Move] = {}
#: The same, as a list indexed by move int (None where no move was built yet), for moves of up to
#: 31 cards (longer ones, rare, only in the dict): the native engine reads it to hand back `Move`
#: objects directly.
_TABLE: list[Move | None] = [None] * (32 << COUNT_SHIFT)


def _place_text(p: int) -> str:
    if p == STOCK:
        return "s"
    if p == WASTE:
        return "w"
    if p == RESERVE:
        return "r"
    if p == FOUNDATION:
        return "f"
    if p >= RESERVES:
        return f"r{p - RESERVES + 2}"
    f = pile_index(p)
    if f is not None:
        return f"f{f + 1}"
    if p < COL:
        return SUITS[p - FSUIT]
    return column_name(p - COL)


def _format(m: int) -> str:
    if m == 0:
        return "s"
    src, dst, n = decode(m)
    text = _place_text(src) + _place_text(dst)
    return f"{text}:{n}" if n > 1 else text


def format_move(m: int) -> str:
    """The canonical text of an engine move int; raises `InvalidMoveError` for an int that is not a move."""
    return Move.from_int(m).text


def parse_move(text: str) -> int:
    """The engine move int of a move's text; raises `InvalidMoveError` naming the problem."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is text like '24:2', not {type(text).__name__} {shown(text)}")
    t = text.strip()
    if t in ("s", "S"):
        return 0
    m = _MOVE_RE.fullmatch(t)
    if not m:
        raise InvalidMoveError(
            f"malformed move {shown(text)}: expected 's', a source (w, r, reserve pile r2-r{MAX_RESERVES}, "
            "column 1-9 or T, J, Q for 10-12, a foundation's suit S/H/D/C, or a numbered foundation pile f1-f16) "
            "and a target (f, f1-f16 or a column), optionally ':count', e.g. 'wf', 'r2', '13:4'"
        )
    s, d, n = m.groups()
    if s[0] in "fF":  # a layout's foundation pile
        src = pile_place(int(s[1:]) - 1)
    elif len(s) == 2:  # reserve pile 2..8
        src = reserve_place(int(s[1]) - 1)
    elif (i := column_number(s)) is not None:
        src = COL + i
    elif s in "wW":
        src = WASTE
    elif s in "rR":
        src = RESERVE
    else:
        src = FSUIT + parse_suit(s)
    j = column_number(d)
    dst = FOUNDATION if d in "fF" else pile_place(int(d[1:]) - 1) if j is None else COL + j
    count = 1 if n is None else read_int(n)
    if src == dst:
        raise InvalidMoveError(f"malformed move {shown(text)}: a pile cannot move onto itself")
    if count is None or not 1 <= count <= MAX_COUNT:
        raise InvalidMoveError(f"malformed move {shown(text)}: the count must be 1..{MAX_COUNT}")
    if count > 1 and not is_column(src):
        raise InvalidMoveError(f"malformed move {shown(text)}: only a column moves more than one card")
    if count > 1 and is_up(dst) and count != SET_CARDS:
        raise InvalidMoveError(
            f"malformed move {shown(text)}: a foundation takes one card at a time, or a set of {SET_CARDS}"
        )
    if FSUIT <= src < COL and is_up(dst):
        raise InvalidMoveError(f"malformed move {shown(text)}: a foundation card moves to a column, not a foundation")
    return encode(src, dst, count)


# -- position strings --------------------------------------------------------------------------


def _cards(cards: tuple[int, ...] | list[int]) -> str:
    return "".join(card_name(c) for c in cards) or "-"


def _parse_cards(text: str, what: str) -> tuple[int, ...]:
    """The cards of one pile field: two-letter cards run together, or ``-`` for none."""
    if text == "-":
        return ()
    if len(text) % 2:
        raise InvalidPositionError(f"{what}: {shown(text)} is not a list of two-letter cards")
    try:
        return tuple(parse_card(text[i : i + 2]) for i in range(0, len(text), 2))
    except CanfieldError as e:
        raise InvalidPositionError(f"{what}: {e}") from None


def _column_cards(pos: Position, i: int) -> str:
    """Column ``i``'s cards, bottom to top, a face-down card in lower case (``qh``)."""
    col = pos.columns[i]
    return "".join(card_name(c).lower() if pos.is_face_down(i, p) else card_name(c) for p, c in enumerate(col))


def format_piles(pos: Position) -> str:
    """The piles of a position as the six space-separated fields of a position string.

    ``<reserve> <foundations> <columns> <stock> <waste> <recycles>``: cards as two letters run
    together (``-`` for an empty pile); the reserve and waste bottom to top (several reserve piles
    separated by ``/``, as columns are: ``5H9C/-`` is two piles, the second empty), the stock in turning
    order; foundations as ``<start rank>:<suit><count>.…`` (``7:H1.S0.D0.C0``; ``?`` for the
    start rank while the player has still to choose the base: ``?:S0.H0.D0.C0``), or with a
    foundation layout of the rules' own, as ``<base rank>:`` and each pile's cards bottom to top,
    separated by ``/`` (``A:AS2S/KS/-``: three piles, the last empty); columns bottom to
    top, separated by ``/`` (a lone empty column is ``-``, so that the field is never empty), a
    face-down column card written in lower case (``qh8S``: the queen of hearts face down under the
    eight of spades).
    """
    if pos.foundation_piles:
        found = "/".join(_cards(p) for p in pos.foundation_piles)
    else:
        found = ".".join(f"{SUITS[s]}{n}" for s, n in pos.foundations)
    cols = "/".join(_column_cards(pos, i) for i in range(len(pos.columns)))
    reserve = "/".join(_cards(p) for p in pos.reserves)
    return " ".join(
        [
            reserve,
            f"{'?' if pos.base_open else RANKS[pos.start]}:{found}",
            cols or "-",
            _cards(pos.stock),
            _cards(pos.waste),
            str(pos.recycles),
        ]
    )


def parse_piles(fields: list[str]) -> Position:
    """The inverse of `format_piles`, from its six fields; raises `InvalidPositionError`."""
    if not isinstance(fields, (list, tuple)) or not all(isinstance(f, str) for f in fields):
        raise InvalidPositionError(f"the pile fields are a list of 6 strings, not {type(fields).__name__}")
    if len(fields) != 6:
        raise InvalidPositionError(f"expected 6 pile fields, got {len(fields)}")
    res, found, cols, stock, waste, recycles = fields
    piles = res.split("/")
    if len(piles) > MAX_RESERVES:
        raise InvalidPositionError(f"reserve: {len(piles)} piles, at most {MAX_RESERVES}")
    reserves = [
        _parse_cards(p or "-", "reserve" if len(piles) == 1 else f"reserve pile {k + 1}") for k, p in enumerate(piles)
    ]
    start_text, sep, ftext = found.partition(":")
    if not sep:
        raise InvalidPositionError(
            f"foundations {found!r}: expected '<start rank>:<suit><count>.…', e.g. '7:H1.S0.D0.C0'"
        )
    base_open = start_text == "?"
    try:
        start = 0 if base_open else parse_rank(start_text)
    except CanfieldError as e:
        raise InvalidPositionError(f"foundations: {e}") from None
    foundations = []
    fpiles: list[tuple[int, ...]] = []
    if ftext and (ftext[0] in RANKS or ftext[0] == "-"):  # a layout's piles: cards, not suit counts
        fpiles = [_parse_cards(p or "-", f"foundation pile {f + 1}") for f, p in enumerate(ftext.split("/"))]
    for part in ftext.split(".") if not fpiles else ():
        count = read_int(part[1:])
        if count is None:
            raise InvalidPositionError(f"foundation {shown(part)}: expected a suit letter and a count, e.g. 'H1'")
        try:
            suit = parse_suit(part[0])
        except CanfieldError as e:
            raise InvalidPositionError(f"foundation {shown(part)}: {e}") from None
        foundations.append((suit, count))
    texts = cols.split("/")
    columns = tuple(_parse_cards(c, f"column {i + 1}") if c else () for i, c in enumerate(texts))
    # A card whose suit letter is in lower case lies face down (only column cards can).
    face_down = [[p for p in range(len(c) // 2) if c[2 * p + 1].islower()] if c != "-" else [] for c in texts]
    passes_back = read_int(recycles)
    if passes_back is None:
        raise InvalidPositionError(f"recycle count {shown(recycles)} is not a number")
    return Position(
        reserve=reserves[0],
        more_reserves=reserves[1:],
        start=start,
        foundations=foundations,
        columns=columns,
        stock=_parse_cards(stock, "stock"),
        waste=_parse_cards(waste, "waste"),
        recycles=passes_back,
        face_down=face_down,
        base_open=base_open,
        foundation_piles=fpiles,
    )


class PositionString(NamedTuple):
    """What a position string says, read but not checked against any rules (see `parse_position_string`)."""

    variant: str
    #: Each rule option's text as written (``{"draw": "1"}``): `canfield.spec.read_option` reads
    #: it by its field, so that a word such as ``none`` means what the field means by it.
    options: dict[str, str]
    position: Position
    score: int
    move_count: int


def format_position_string(
    variant: str, options: dict[str, Any], position: Position, score: int, move_count: int
) -> str:
    """The one-line position string: ``<variant>[,option=value…] <six pile fields> <score> <moves>``.

    The pile fields are `format_piles`'; options are written as `canfield.text.format_option` writes them.
    """
    rules = ",".join([variant] + [f"{k}={format_option(v)}" for k, v in options.items()])
    return f"{rules} {format_piles(position)} {score} {move_count}"


def parse_position_string(text: str) -> PositionString:
    """Read a position string into its parts; raises `InvalidPositionError` naming the first malformed field.

    Only the text is read: whether the variant exists and the position is one its rules can
    reach is for `canfield.Game.from_position` to check.
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a position string is text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) != 9:
        raise InvalidPositionError(
            f"a position string has 9 space-separated fields (rules, reserve, foundations, columns, "
            f"stock, waste, recycles, score, moves); got {len(fields)}"
        )
    variant, *opts = fields[0].split(",")
    options: dict[str, str] = {}
    for opt in opts:
        name, sep, value = opt.partition("=")
        if not sep:
            raise InvalidPositionError(f"rule option {opt!r}: expected name=value")
        if name in options:
            raise InvalidPositionError(f"rule option {name!r} is given twice")
        options[name] = value
    position = parse_piles(fields[1:7])
    score, move_count = read_int(fields[7], signed=True), read_int(fields[8])
    if score is None:
        raise InvalidPositionError(f"score {shown(fields[7])} is not a number")
    if move_count is None:
        raise InvalidPositionError(f"move count {shown(fields[8])} is not a number 0 or more")
    return PositionString(variant, options, position, score, move_count)
