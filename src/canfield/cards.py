"""Cards as small ints, and their text forms.

A card is ``suit * 13 + rank`` with ranks ``A23456789TJQK`` (0–12) and suits ``SHDC`` (0–3), so a
card is an int in ``range(52)``; a second deck repeats the same 52 values. Parsing accepts ``10``
for ``T``, lower case and the suit symbols ♠♥♦♣; formatting always gives the canonical two letters.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import InvalidCardError

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"

_SYMBOL_TO_SUIT = {sym: i for i, sym in enumerate(SUIT_SYMBOLS)}
_NAMES = tuple(r + s for s in SUITS for r in RANKS)
_PRETTY = tuple(r + s for s in SUIT_SYMBOLS for r in RANKS)

_PARSE: dict[str, int] = {}
for _s, _suit_letter in enumerate(SUITS):
    for _r, _rank_letter in enumerate(RANKS):
        _card = _s * 13 + _r
        for _rk in {_rank_letter, _rank_letter.lower()} | ({"10"} if _rank_letter == "T" else set()):
            for _sf in (_suit_letter, _suit_letter.lower(), SUIT_SYMBOLS[_s]):
                _PARSE[_rk + _sf] = _card


def parse_card(text: str) -> int:
    """Parse one card: ``7H``, ``10h``, ``t♦``… Raises `InvalidCardError` naming the text."""
    if not isinstance(text, str):
        raise InvalidCardError(f"a card is text like '7H', not {type(text).__name__} {text!r}")
    key = text.strip()
    try:
        return _PARSE[key]
    except KeyError:
        raise InvalidCardError(
            f"unknown card {text!r}: expected a rank of {RANKS} (or 10) and a suit of "
            f"{SUITS} or {SUIT_SYMBOLS}, e.g. '7H'"
        ) from None


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Parse space-separated cards (or an iterable of card texts), naming the first bad one."""
    if isinstance(text, str):
        items: list[str] = text.split()
    elif isinstance(text, Iterable):
        items = list(text)
    else:
        raise InvalidCardError(f"cards are a text or a list of card texts, not {type(text).__name__}")
    out = []
    for i, item in enumerate(items):
        try:
            out.append(parse_card(item))
        except InvalidCardError as e:
            raise InvalidCardError(f"card {i + 1}: {e}") from None
    return out


def card_name(c: int) -> str:
    """The canonical two-letter text of a card number (0–51), e.g. ``'7H'``."""
    return _NAMES[_card_number(c)]


def card_symbol(c: int) -> str:
    """The card number's text with its suit symbol, e.g. ``'7♥'``; for boards meant to be read."""
    return _PRETTY[_card_number(c)]


def rank_text(rank: int) -> str:
    """A rank as printed on a card: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
    return "10" if RANKS[rank] == "T" else RANKS[rank]


def card_text(card: int) -> str:
    """A card as printed on it, e.g. ``10♥``: what the text board and the pictures show."""
    return rank_text(card % 13) + SUIT_SYMBOLS[(card // 13) % 4]


def _card_number(c: object) -> int:
    """``c`` if it is a card number, else `InvalidCardError` (a negative index would pick a card)."""
    if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 52:
        raise InvalidCardError(f"{c!r} is not a card number (expected an int 0..51)")
    return c


def parse_suit(text: str) -> int:
    """Parse a suit letter or symbol (any case) to 0–3."""
    if not isinstance(text, str):
        raise InvalidCardError(f"a suit is text like 'H', not {type(text).__name__} {text!r}")
    t = text.strip()
    if len(t) == 1 and (t.isascii() or t in _SYMBOL_TO_SUIT):
        if t.upper() in SUITS:
            return SUITS.index(t.upper())
        if t in _SYMBOL_TO_SUIT:
            return _SYMBOL_TO_SUIT[t]
    raise InvalidCardError(f"unknown suit {text!r}: expected one of {SUITS} or {SUIT_SYMBOLS}")


def parse_rank(text: str) -> int:
    """Parse a rank letter (``A23456789TJQK``, any case, or ``10``) to 0–12."""
    if not isinstance(text, str) or not text.isascii():
        raise InvalidCardError(f"unknown rank {text!r}: expected one of {RANKS} or 10")
    t = text.strip().upper()
    if t == "10":
        return 9
    if len(t) == 1 and t in RANKS:
        return RANKS.index(t)
    raise InvalidCardError(f"unknown rank {text!r}: expected one of {RANKS} or 10")
