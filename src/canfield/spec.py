"""The rules of a Canfield game as data: one frozen attrs class, one field per rule knob.

A variant is a `RuleSpec` plus, where data cannot say it, hook implementations; `attrs.evolve`
states a variant as its differences from `CANFIELD`. Each field carries a one-line description in
its metadata (``metadata["doc"]``) that the docs generator prints.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from . import _native
from .cards import RANKS, SUITS
from .errors import RulesError
from .text import read_int

#: The choices of each text field (its validator and the docs read them).
TABLEAU_MOVES: tuple[str, ...] = ("any", "top-or-whole", "whole", "single")
BUILD_RULES: tuple[str, ...] = ("alternate-colour", "any-suit", "same-suit", "same-rank")
#: The choices of `FoundationPile`'s text fields.
FOUNDATION_DIRECTIONS: tuple[str, ...] = ("up", "down")
FOUNDATION_TAKES: tuple[str, ...] = ("one", "set")
EMPTY_COLUMN: tuple[str, ...] = ("reserve", "reserve-then-waste", "any", "reserve-by-choice", "waste")
RESERVE_VISIBLE: tuple[str, ...] = ("top", "all")
RESERVE_PLAY: tuple[str, ...] = ("any", "last", "foundations")
#: The most cards a column's deal may have (``column_deal``), and so the most face-down cards.
MAX_COLUMN_DEAL = 13
SCORING: tuple[str, ...] = ("app", "casino", "none")
#: The most cards a turn of the stock may take (the native engine's bound, defined with its move
#: layout), and so the bound of a deal code's ``D`` and of the command line's ``--draw``.
MAX_DRAW: int = _native.MAX_DRAW
#: The most decks, columns and passes through the stock a rule set may have (the native engine's
#: bounds, which its move layout and its solver hold): ``redeals`` is at most ``MAX_PASS_LIMIT - 1``,
#: and a variant's pass limit at most ``MAX_PASS_LIMIT``.
MAX_DECKS: int = _native.MAX_DECKS
MAX_COLUMNS: int = _native.MAX_COLUMNS
#: The most reserve piles a rule set may have (``reserve_piles``).
MAX_RESERVES: int = _native.MAX_RESERVES
MAX_PASS_LIMIT: int = _native.MAX_PASS_LIMIT
#: The most recycles a position may have been through (with unlimited passes, the waste turns back
#: over until this count).
MAX_RECYCLES: int = _native.MAX_RECYCLES


def _doc(text: str) -> dict[str, str]:
    return {"doc": text}


def _one_of(choices: tuple[str, ...]) -> Any:
    def check(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
        if value not in choices:
            raise RulesError(
                f"{attribute.name}={value!r} is not allowed: choose one of " + ", ".join(repr(c) for c in choices)
            )

    return check


def _int_range(lo: int, hi: int, *, none_ok: bool = False) -> Any:
    def check(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
        if value is None and none_ok:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            extra = " or None" if none_ok else ""
            raise RulesError(f"{attribute.name}={value!r} is not allowed: expected an int {lo}–{hi}{extra}")

    return check


def _column_deal(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
    if (
        not isinstance(value, str)
        or not 1 <= len(value) <= MAX_COLUMN_DEAL
        or set(value) - {"d", "u"}
        or not value.endswith("u")
    ):
        raise RulesError(
            f"{attribute.name}={value!r} is not allowed: expected 1-{MAX_COLUMN_DEAL} letters 'd' (face down) "
            "or 'u' (face up), bottom card first, the last one 'u' (e.g. 'dudu')"
        )


def _bool(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name}={value!r} is not allowed: expected True or False")


def _suit_or_none(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
    _int_range(0, 3, none_ok=True)(inst, attribute, value)


def _pile_index(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
    _int_range(0, MAX_FOUNDATIONS - 1, none_ok=True)(inst, attribute, value)


#: The most foundation piles a rule set's ``foundations`` may list (the move layout's bound).
MAX_FOUNDATIONS: int = _native.MAX_FOUNDATIONS


@attrs.frozen(kw_only=True)
class FoundationPile:
    """One foundation pile of a rule set's own foundation layout (`RuleSpec.foundations`).

    Plain data, so a third party's variant states its foundations without hooks:
    ``FoundationPile(suit=0, start=12, direction="down", wraps=False)`` is a spade pile that
    starts with the king and builds down to the ace.
    """

    suit: int | None = attrs.field(
        default=None,
        validator=_suit_or_none,
        metadata=_doc("The suit it takes, 0-3 (spades, hearts, diamonds, clubs), or None for any suit."),
    )
    start: int | None = attrs.field(
        default=None,
        validator=_int_range(0, 12, none_ok=True),
        metadata=_doc(
            "The rank of its first card, 0 (ace) to 12 (king), or None for the dealt base card's rank (with takes='set': any rank)."
        ),
    )
    direction: str = attrs.field(
        default="up",
        validator=_one_of(FOUNDATION_DIRECTIONS),
        metadata=_doc("Whether it builds up ('up') or down ('down') by one rank a card."),
    )
    wraps: bool = attrs.field(
        default=True,
        validator=_bool,
        metadata=_doc("Whether ranks wrap round on it (a king, then an ace, building up)."),
    )
    takes: str = attrs.field(
        default="one",
        validator=_one_of(FOUNDATION_TAKES),
        metadata=_doc(
            "Whether it takes one card at a time ('one'), or four cards of one rank at once from a column's end ('set')."
        ),
    )
    dealt: bool = attrs.field(
        default=False,
        validator=_bool,
        metadata=_doc("Whether the deal puts the base card on it (at most one pile; needs start=None)."),
    )
    after: int | None = attrs.field(
        default=None,
        validator=_pile_index,
        metadata=_doc(
            "The pile (an index into the layout, from 0) that must be complete before this one takes a card, or None."
        ),
    )

    def __str__(self) -> str:
        """The pile as an option's text writes it (`parse_foundations` reads it back): ``SAun`` is
        spades from the ace up, no wrap; ``xbu*`` any suit from the base rank up, dealt the base
        card; ``>1`` after a pile opens it once pile 1 is complete; ``set`` takes four of a kind."""
        if self.takes == "set":
            text = "set" + ("d" if self.direction == "down" else "")
        else:
            suit = "x" if self.suit is None else SUITS[self.suit]
            start = "b" if self.start is None else RANKS[self.start]
            text = suit + start + self.direction[0]
        text += ("" if self.wraps else "n") + ("*" if self.dealt else "")
        return text + ("" if self.after is None else f">{self.after + 1}")

    def __attrs_post_init__(self) -> None:
        if self.takes == "set" and (self.suit is not None or self.start is not None or self.dealt):
            raise RulesError(
                "a FoundationPile with takes='set' takes four of a kind of any rank: suit, start and dealt stay unset"
            )
        if self.dealt and self.start is not None:
            raise RulesError("a FoundationPile with dealt=True starts at the dealt base card's rank: start=None")


_PILE_TEXT = re.compile(r"(?:(set)(d?)|([SHDCx])([A2-9TJQKb])([ud]))(n?)(\*?)(?:>([1-9][0-9]?))?")


def parse_foundations(text: str) -> tuple[FoundationPile, ...]:
    """A foundation layout from its text: each pile as `FoundationPile` writes it, separated by
    ``/`` (``SAun/SKdn`` is a spade pile up from the ace and one down from the king, neither
    wrapping); raises `RulesError` naming a pile it cannot read."""
    piles = []
    for k, part in enumerate(text.split("/")):
        m = _PILE_TEXT.fullmatch(part)
        if m is None:
            raise RulesError(
                f"foundations: pile {k + 1} {part!r} is not a pile: expected a suit (S, H, D, C or x for any), a "
                "start rank (A…K, or b for the base rank), u or d, then n for no wrap, * for the dealt base card, "
                "and >N to open once pile N is complete (e.g. 'SAun'), or 'set' for four of a kind"
            )
        sets, down, suit, start, direction, nowrap, dealt, after = m.groups()
        fields: dict[str, Any] = {"wraps": not nowrap, "dealt": bool(dealt)}
        if after is not None:
            fields["after"] = int(after) - 1
        if sets:
            fields.update(takes="set", direction="down" if down else "up")
        else:
            fields.update(
                suit=None if suit == "x" else SUITS.index(suit),
                start=None if start == "b" else RANKS.index(start),
                direction="up" if direction == "u" else "down",
            )
        piles.append(FoundationPile(**fields))
    return tuple(piles)


def _foundations(inst: Any, attribute: attrs.Attribute, value: Any) -> None:  # type: ignore[type-arg]
    if value is None:
        return
    if (
        not isinstance(value, tuple)
        or not 1 <= len(value) <= MAX_FOUNDATIONS
        or not all(isinstance(p, FoundationPile) for p in value)
    ):
        raise RulesError(
            f"{attribute.name}={value!r} is not allowed: expected None or a tuple of 1-{MAX_FOUNDATIONS} FoundationPile"
        )
    if sum(p.dealt for p in value) > 1:
        raise RulesError(f"{attribute.name}: at most one pile takes the dealt base card (dealt=True)")
    for i, p in enumerate(value):
        if p.after is not None and (p.after >= len(value) or p.after == i):
            raise RulesError(
                f"{attribute.name}: pile {i} opens after pile {p.after}, which is not another pile of the layout"
            )


@attrs.frozen(kw_only=True, init=False)
class RuleSpec:
    """What a rule set is: numbers and choices. Defaults are the app's rules (variant ``canfield``).

    ``RuleSpec(**fields)``: an unknown field raises `RulesError` naming the close matches.
    """

    decks: int = attrs.field(
        default=1, validator=_int_range(1, MAX_DECKS), metadata=_doc("Number of 52-card decks shuffled together.")
    )
    columns: int = attrs.field(
        default=4,
        validator=_int_range(1, MAX_COLUMNS),
        metadata=_doc("Number of tableau columns, each dealt the cards of column_deal (one card by default)."),
    )
    column_deal: str = attrs.field(
        default="u",
        validator=_column_deal,
        metadata=_doc(
            "What each column is dealt, bottom card first: a letter a card, 'd' face down or 'u' face up, ending in 'u' ('dudu': four cards, the first and third face down). A face-down card turns up by itself as part of the move that uncovers it."
        ),
    )
    column_limit: int | None = attrs.field(
        default=None,
        validator=_int_range(1, 104, none_ok=True),
        metadata=_doc(
            "The most cards a column may hold (None: no limit); a move that would put more there is refused."
        ),
    )
    reserve_size: int = attrs.field(
        default=13,
        validator=_int_range(0, 52),
        metadata=_doc("Cards dealt to the reserve (to each pile, with several)."),
    )
    reserve_piles: int = attrs.field(
        default=1,
        validator=_int_range(1, MAX_RESERVES),
        metadata=_doc(
            "Number of reserve piles, side by side, each dealt reserve_size cards; each pile's top card plays, and an emptied column fills from the pile with the most cards (the leftmost on a tie)."
        ),
    )
    reserve_visible: str = attrs.field(
        default="top",
        validator=_one_of(RESERVE_VISIBLE),
        metadata=_doc("Which reserve cards a player sees: only the top card, or all of them."),
    )
    draw: int = attrs.field(
        default=3,
        validator=_int_range(1, MAX_DRAW),
        metadata=_doc("Cards turned from the stock to the waste at a time."),
    )
    redeals: int | None = attrs.field(
        default=None,
        validator=_int_range(0, MAX_PASS_LIMIT - 1, none_ok=True),
        metadata=_doc("How many times the waste may be turned back into the stock (None: unlimited)."),
    )
    tableau_moves: str = attrs.field(
        default="any",
        validator=_one_of(TABLEAU_MOVES),
        metadata=_doc(
            "Which column cards move together: any run at the end, the top card or the whole column, only the whole column, or one card at a time ('single')."
        ),
    )
    build: str = attrs.field(
        default="alternate-colour",
        validator=_one_of(BUILD_RULES),
        metadata=_doc(
            "How columns build: down in alternate colours, down in any suit, down in the same suit, or by rank in any suit ('same-rank': a card goes on a card of its own rank)."
        ),
    )
    build_wraps: bool = attrs.field(
        default=True,
        validator=_bool,
        metadata=_doc("Whether a king builds on an ace in the columns (ranks wrap round)."),
    )
    build_past_base: bool = attrs.field(
        default=True,
        validator=_bool,
        metadata=_doc(
            "Whether a column's card of the foundations' base rank takes the card one rank below it (with False, columns rank from the base as the foundations do, and a base−1 card goes only on an empty column)."
        ),
    )
    reserve_play: str = attrs.field(
        default="any",
        validator=_one_of(RESERVE_PLAY),
        metadata=_doc(
            "When and where the reserve's top card may be played: at any time ('any'), only once it is the last card left ('last'), or only to the foundations ('foundations'). An emptied column still fills from the reserve by itself."
        ),
    )
    empty_column: str = attrs.field(
        default="reserve",
        validator=_one_of(EMPTY_COLUMN),
        metadata=_doc(
            "How an empty column fills: at once from the reserve, then with any card once the reserve is empty ('reserve'); at once from the reserve, then from the waste's top card once the reserve is empty, then with any card ('reserve-then-waste'); or with any card at any time, never automatically ('any'); or only when the player chooses, with the top card of any reserve pile, or the waste's once every pile is empty ('reserve-by-choice'); or only when the player chooses, with the waste's top card and nothing else ('waste')."
        ),
    )
    empty_column_base_until_first: bool = attrs.field(
        default=False,
        validator=_bool,
        metadata=_doc(
            "Whether, until the foundation dealt the base card is complete (13 cards), an empty column takes only a card of the base rank; after that, whatever empty_column and empty_column_rank allow."
        ),
    )
    empty_column_rank: int | None = attrs.field(
        default=None,
        validator=_int_range(0, 12, none_ok=True),
        metadata=_doc(
            "The one rank a player may put on an empty column, as a number from 0 for the ace to 12 for the king (12: kings only; a run moves there when its bottom card has that rank), or None for any card."
        ),
    )
    foundation_base: int | None = attrs.field(
        default=None,
        validator=_int_range(0, 12, none_ok=True),
        metadata=_doc(
            "The foundations' starting rank: None for the dealt base card's rank, or a fixed rank, given as a number from 0 for the ace to 12 for the king (1 is the two), whose cards are placed on the foundations before the deal."
        ),
    )
    base_cards_up: bool = attrs.field(
        default=True,
        validator=_bool,
        metadata=_doc(
            "With a fixed foundation_base: whether its cards start on the foundations (True), or are dealt with the rest, so that each foundation starts empty and takes a card of that rank first (False)."
        ),
    )
    choose_base: bool = attrs.field(
        default=False,
        validator=_bool,
        metadata=_doc(
            "Whether the player chooses the foundations' base: no base card is dealt, and the first card put on a foundation, which must be a reserve pile's top card, sets the base rank of every foundation; until then the stock stays shut and column cards stay put (a reserve card may still go onto a column)."
        ),
    )
    foundations: tuple[FoundationPile, ...] | None = attrs.field(
        default=None,
        validator=_foundations,
        metadata=_doc(
            "The foundation piles, as a tuple of FoundationPile (suit, start rank, direction, wrap, one card or four of a kind at a time, the pile that must be complete first), or None for the usual layout: one pile per suit and deck, all from one start rank (foundation_base), building up and wrapping. Won when every card is on a foundation. As an option's text, the piles separated by '/', each as suit (S H D C, x for any), start rank (b for the base), u or d, then n for no wrap, * for the dealt base card, >N to open after pile N, or 'set' ('SAun/SKdn')."
        ),
    )
    foundation_takeback: bool = attrs.field(
        default=True,
        validator=_bool,
        metadata=_doc(
            "Whether a foundation's top card may be moved back to a column (with a foundation layout, or to another pile that takes it)."
        ),
    )
    undo_limit: int | None = attrs.field(
        default=100,
        validator=_int_range(0, 10**9, none_ok=True),
        metadata=_doc("How many actions can be undone (None: unlimited)."),
    )
    undo_is_move: bool = attrs.field(
        default=False, validator=_bool, metadata=_doc("Whether an undo counts as a move on the move counter.")
    )
    auto_finish: bool = attrs.field(
        default=False,
        validator=_bool,
        metadata=_doc("Whether cards go up to the foundations by themselves once stock, waste and reserve are empty."),
    )
    scoring: str = attrs.field(
        default="app",
        validator=_one_of(SCORING),
        metadata=_doc(
            "Scoring scheme: 'app' (+5 per card put up, never below 0), 'casino' (−52, +5 per card on the foundations), or 'none'."
        ),
    )

    def __init__(self, **fields: Any) -> None:
        check_options(fields)
        self.__attrs_init__(**fields)

    def __attrs_post_init__(self) -> None:
        if not self.base_cards_up and self.foundation_base is None:
            raise RulesError(
                "base_cards_up=False is for a fixed foundation_base (the dealt base card always starts its foundation)"
            )
        if self.choose_base and (self.foundation_base is not None or self.foundations is not None):
            raise RulesError(
                "choose_base=True lets the player's first foundation card set the base: leave foundation_base and foundations at None"
            )
        if self.choose_base and self.reserve_size == 0:
            raise RulesError(
                "choose_base=True has a reserve pile's top card choose the base: it needs reserve cards (reserve_size above 0)"
            )
        if self.choose_base and not self.build_past_base:
            raise RulesError(
                "build_past_base=False ranks columns from a base known from the deal: it does not go with choose_base=True"
            )
        if self.empty_column_base_until_first and (self.foundation_base is not None or not self._has_base_card()):
            raise RulesError(
                "empty_column_base_until_first=True waits for the foundation dealt the base card: it needs a dealt "
                "base card (foundation_base=None, choose_base=False, and with foundations a pile with dealt=True)"
            )
        if self.foundations is not None:
            if self.foundation_base is not None or not self.base_cards_up:
                raise RulesError(
                    "foundations gives each pile its own start rank: leave foundation_base and base_cards_up at their defaults"
                )
            dealt = any(p.dealt for p in self.foundations)
            if any(p.start is None and p.takes == "one" for p in self.foundations) and not dealt:
                raise RulesError(
                    "foundations: a pile that starts at the dealt base rank needs a pile that takes the base card (dealt=True)"
                )
        first = (
            self.reserve_size * self.reserve_piles
            + (0 if self.foundation_base is not None or not self._has_base_card() else 1)
            + self.columns * len(self.column_deal)
        )
        fixed = 4 * self.decks if self.foundation_base is not None and self.base_cards_up else 0
        if first + fixed > 52 * self.decks:
            raise RulesError(
                f"reserve_size={self.reserve_size}"
                + (f" in {self.reserve_piles} piles" if self.reserve_piles > 1 else "")
                + f" and columns={self.columns} of {len(self.column_deal)} "
                f"card(s) need {first + fixed} cards; "
                f"{self.decks} deck(s) hold {52 * self.decks}"
            )

    def _has_base_card(self) -> bool:
        """Whether the deal turns up a base card (the usual layout without choose_base, or a pile with dealt=True)."""
        if self.choose_base:
            return False
        return self.foundations is None or any(p.dealt for p in self.foundations)

    @property
    def cards(self) -> int:
        """The number of cards in play (52 per deck)."""
        return 52 * self.decks

    def evolve(self, **changes: Any) -> RuleSpec:
        """A copy with ``changes``; an unknown field is refused with the close matches named."""
        check_options(changes)
        return attrs.evolve(self, **changes)


FIELDS: tuple[str, ...] = tuple(f.name for f in attrs.fields(RuleSpec))
#: Whether each field's values are words (its type is ``str``), for `read_option`.
_WORD_FIELDS = {f.name: f.type in ("str", str) for f in attrs.fields(RuleSpec)}


def check_options(options: dict[str, Any]) -> None:
    """Refuse option names that are not `RuleSpec` fields, naming the close matches."""
    import difflib

    for name in options:
        if name not in FIELDS:
            close = difflib.get_close_matches(name, FIELDS, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else f"; options are {', '.join(FIELDS)}"
            raise RulesError(f"unknown rule option {name!r}{hint}")


def read_option(name: str, text: str) -> object:
    """A rule option's value from its text, as position strings and ``--option NAME=VALUE`` write it.

    A field whose values are words (``tableau_moves``, ``scoring``…) takes the text as it is, so
    ``scoring=none`` is the scheme ``'none'``; any other field reads ``none`` as None, ``true`` and
    ``false`` as booleans and ASCII digits as an int. Whether the value is allowed is the spec's
    to say (`RuleSpec` refuses it with `RulesError`).
    """
    if _WORD_FIELDS.get(name):
        return text
    if text == "none":
        return None
    if name == "foundations":
        return parse_foundations(text)
    if text in ("true", "false"):
        return text == "true"
    number = read_int(text, signed=True)
    return text if number is None else number


def field_docs() -> dict[str, str]:
    """Each spec field's one-line description, in field order."""
    return {f.name: f.metadata.get("doc", "") for f in attrs.fields(RuleSpec)}


def format_rank(rank: int) -> str:
    """A rank as players write it, ``A 2 3 4 5 6 7 8 9 T J Q K``: rank 1 (the two) is ``'2'``.

    The one formatting of ranks for every text that prints one (docs, the ``rules`` command),
    so a rank never appears as its index.
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or not 0 <= rank < len(RANKS):
        raise RulesError(f"rank {rank!r} is not a rank: expected an int 0 (ace) to 12 (king)")
    return RANKS[rank]


#: The rules of the Canfield app: the spec of variant ``canfield``.
CANFIELD = RuleSpec()
