"""Deal codes and the shuffle behind them, specified so that another program can reproduce them.

A deal code is ``CF1-D<draw>-<seven letters>``: ``CF1`` names the family and version of this
scheme, ``D3`` (or ``D1``…) the draw count, and the letters ``A``–``Z`` a number in base 26
(``A`` = 0, first letter most significant; ``AAAAAAA`` = 0, ``AAAAACL`` = 2·26 + 11 = 63).
The letters alone fix the order of the cards, so ``CF1-D1-X`` and ``CF1-D3-X`` are the same deal
played with different draw counts.

The shuffle (version 1, never to change):

1. The unshuffled deck is ``A♠ 2♠ … K♠ A♥ … K♥ A♦ … K♦ A♣ … K♣`` (card ``i`` = suit ``i // 13`` in
   ``SHDC``, rank ``i % 13`` in ``A23456789TJQK``), repeated once per deck.
2. A SplitMix64 generator starts from the state ``seed`` (the number of the letters). Each draw adds
   ``0x9E3779B97F4A7C15`` to the state (mod 2⁶⁴) and returns ``z ^ (z >> 31)`` where
   ``z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9``, then ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``
   (all mod 2⁶⁴).
3. Fisher–Yates from the end: for ``i`` from ``n - 1`` down to ``1``, ``j`` is a uniform integer in
   ``0..i`` and cards ``i`` and ``j`` swap. The uniform integer below ``m`` draws ``r`` until
   ``r < 2⁶⁴ - (2⁶⁴ mod m)`` and returns ``r mod m`` (no modulo bias).
4. The shuffled list is the deal in dealing order: ``deal[0]`` is dealt first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ._native import MAX_DRAW
from .cards import card_name, parse_cards
from .errors import InvalidCodeError, InvalidDealError
from .text import shown

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
LETTERS = 7
CODE_SPACE = 26**LETTERS
_CODE_RE = re.compile(r"CF1-D([0-9]{1,2})-([A-Z]{7})", re.ASCII)


class SplitMix64:
    """The generator of step 2 above: 64-bit outputs from a 64-bit state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, m: int) -> int:
        """A uniform integer in ``0..m-1`` by rejection (step 3)."""
        limit = (1 << 64) - ((1 << 64) % m)
        while True:
            r = self.next()
            if r < limit:
                return r % m


def shuffled_deck(seed: int, decks: int = 1) -> list[int]:
    """The deal of ``seed``: the unshuffled deck(s) after the Fisher–Yates shuffle above."""
    cards = list(range(52)) * decks
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def letters_to_seed(letters: str) -> int:
    """The number of seven code letters, base 26 with ``A`` = 0."""
    n = 0
    for ch in letters:
        n = n * 26 + (ord(ch) - 65)
    return n


def seed_to_letters(seed: int) -> str:
    """The seven letters of a number in ``0 .. 26**7 - 1``."""
    if not 0 <= seed < CODE_SPACE:
        raise InvalidCodeError(f"deal number {seed} is out of range 0..{CODE_SPACE - 1}")
    out = []
    for _ in range(LETTERS):
        seed, r = divmod(seed, 26)
        out.append(chr(65 + r))
    return "".join(reversed(out))


def parse_code(code: str) -> tuple[int, int]:
    """``(draw, seed)`` of a deal code; lower case is accepted. Raises `InvalidCodeError`.

    Only ASCII is read: ``ı`` is not an ``I`` nor ``٣`` a ``3``, whatever `str.upper` and `int`
    would make of them.
    """
    if not isinstance(code, str):
        raise InvalidCodeError(f"a deal code is text like 'CF1-D3-AAAAACL', not {type(code).__name__} {shown(code)}")
    text = code.strip()
    m = _CODE_RE.fullmatch(text.upper()) if text.isascii() else None
    if not m:
        raise InvalidCodeError(
            f"malformed deal code {shown(code)}: expected 'CF1-D<draw>-' and seven letters A-Z, e.g. 'CF1-D3-AAAAACL'"
        )
    draw = int(m.group(1))
    if not 1 <= draw <= MAX_DRAW:
        raise InvalidCodeError(f"deal code {code!r}: draw count {draw} is not in 1..{MAX_DRAW}")
    return draw, letters_to_seed(m.group(2))


def make_code(seed: int, draw: int = 3) -> str:
    """The deal code of ``seed`` played with ``draw``."""
    return f"CF1-D{draw}-{seed_to_letters(seed)}"


def parse_deal(deal: str | Sequence[str] | Sequence[int], decks: int = 1) -> list[int]:
    """Parse and check a deal: ``52 * decks`` cards, each card once per deck.

    Accepts a space-separated string, or a list or tuple of card texts or of card numbers (ints
    0–51, not mixed with texts); raises `InvalidDealError` naming a missing or repeated card, the
    wrong count or a wrong item, and `InvalidCardError` naming an unknown card text.
    """
    if isinstance(deal, str):
        cards = parse_cards(deal)
    elif isinstance(deal, (list, tuple)):
        cards = _deal_items(deal)
    else:
        raise InvalidDealError(
            f"a deal is a string of cards, or a list of card texts or numbers, not {type(deal).__name__}"
        )
    want = 52 * decks
    counts = [0] * 52
    for c in cards:
        counts[c] += 1
    repeated = [card_name(c) for c in range(52) if counts[c] > decks]
    missing = [card_name(c) for c in range(52) if counts[c] < decks]
    if repeated:
        raise InvalidDealError(
            f"deal repeats {', '.join(repeated)}" + (f" and misses {', '.join(missing)}" if missing else "")
        )
    if missing:
        raise InvalidDealError(f"deal has {len(cards)} cards, expected {want}: missing {', '.join(missing)}")
    return cards


def _deal_items(items: Sequence[object]) -> list[int]:
    """The cards of a list of card texts, or of card numbers 0–51 (never both, never floats)."""
    if items and isinstance(items[0], str):
        texts = [item for item in items if isinstance(item, str)]
        if len(texts) < len(items):
            i, item = next((i, item) for i, item in enumerate(items) if not isinstance(item, str))
            raise InvalidDealError(f"card {i + 1} is {item!r}: a deal lists card texts or card numbers, not both")
        return parse_cards(texts)
    numbers = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            raise InvalidDealError(f"card {i + 1} is {item!r}: a deal lists card texts or card numbers, not both")
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < 52:
            raise InvalidDealError(f"card {i + 1} is {item!r}, not a card number 0..51 (nor a card text)")
        numbers.append(item)
    return numbers


def format_deal(cards: list[int]) -> str:
    """A deal as space-separated canonical card texts."""
    return " ".join(card_name(c) for c in cards)
