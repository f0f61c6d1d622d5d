"""`Wording`: one language's words, and the sentence structure every language shares.

A description has three sentences, in this order::

    <Stock>: <n cards>; <waste> <empty>; <reserve>: <n cards>, <top>: <card>.
    <Foundations, starting rank> <rank>: <suit> <up to card> (<count>), <suit> <empty>, ….

(While the player has still to choose the starting rank, the heading says so instead of naming one.)
    <Column> 1: <card>, <card>; <column> 2 <empty>; ….

A face-down column card is named only as one (``face-down card``), in its place.

Each sentence starts with a capital letter unless the language keeps the app's lower-case column
label there (`Wording.capitalise`). An empty pile is its label followed by the word for "empty" (as in ``scarti vuoti``); a
complete foundation adds that word to its count: ``(13, complete)``. When the variant shows more of
the reserve than its top card, the other face-up cards follow, top first: ``, <below>: <card>, …``.
Several reserve piles are numbered as columns are, each in turn: ``<reserve> 1: <n cards>, <top>:
<card>; <reserve> 2 <empty>``. A foundation layout of the variant's own has its piles numbered as
the notation numbers them, each saying what it takes: ``<Foundations>: 1 (<suit>, <rank> <up>):
<n cards>, <top>: <card>; 2 (<any suit>, <rank> <down>) <empty>; 3 (<sets>) <empty>``.
A language module only fills in a `Wording`; the grammar that is not a plain table (plural forms)
is a small function there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .facts import Facts, FoundationFacts, PileFacts


def one_or_many(n: int) -> int:
    """The plural-form index of ``n`` for languages with two forms: 0 for one, 1 otherwise."""
    return 0 if n == 1 else 1


@dataclass(frozen=True)
class Wording:
    """The words of one language; `describe` puts them together.

    Per-rank tables run ace (0) to king (12); per-suit tables run ``SHDC`` (♠♥♦♣).
    """

    code: str
    """The language code, e.g. ``'it'``."""
    ranks: tuple[str, ...]
    """A rank as it stands in a card's name (``'7'``, ``'regina'``) and after the starting rank."""
    suits: tuple[str, ...]
    """A suit as it stands in a card's name and as a foundation's name."""
    card_pattern: str
    """A card's name from ``{rank}`` and ``{suit}``, e.g. ``'{rank} di {suit}'``."""
    up_to_ranks: tuple[str, ...]
    """A rank after "up to", with its article or case (``"all'8"``, ``'siódemki'``)."""
    up_to_pattern: str
    """A foundation's top card from ``{rank}`` (an `up_to_ranks` entry) and ``{suit}``."""
    card_forms: tuple[str, ...]
    """The word "card" in each plural form `plural` picks from."""
    stock: str
    waste: str
    reserve: str
    top: str
    below: str
    foundations: str
    """The foundations' heading, with ``{rank}`` for the starting rank."""
    foundations_open: str
    """The foundations' heading while their starting rank is still to be chosen (a reserve card
    put up first chooses it)."""
    column: str
    stock_empty: str
    waste_empty: str
    reserve_empty: str
    column_empty: str
    foundation_empty: tuple[str, ...]
    """"Empty" after each suit's foundation name (it may agree with the suit)."""
    foundation_complete: tuple[str, ...]
    """"Complete" after a full foundation's count, per suit."""
    face_down_card: str
    """A column card lying face down, in the list of a column's cards (its name is not told)."""
    piles_heading: str
    """The foundations' heading with a layout of the variant's own (no starting rank)."""
    pile_up: str
    pile_down: str
    """After a layout pile's first rank: it builds up, or down."""
    pile_any_suit: str
    """In place of a layout pile's suit, for a pile of any suit."""
    pile_sets: str
    """What a layout pile that takes four of a kind at once takes."""
    pile_empty: str
    """"Empty" after a layout pile (one pile, where `foundation_empty` may agree with a plural)."""
    colon: str = ": "
    semicolon: str = "; "
    plural: Callable[[int], int] = one_or_many
    """The index in `card_forms` for a count."""
    capitalise: bool = True
    """Whether each sentence starts with a capital letter (``Column 1: …``). The Italian, French
    and Polish lines keep the column label in lower case after the full stop, as the app writes
    them."""

    # -- words ---------------------------------------------------------------------------------

    def card(self, c: int) -> str:
        """A card's name, e.g. ``'regina di fiori'``."""
        return self.card_pattern.format(rank=self.ranks[c % 13], suit=self.suits[c // 13])

    def up_to(self, c: int) -> str:
        """ "Up to" a card, e.g. ``"fino all'8 di cuori"``."""
        return self.up_to_pattern.format(rank=self.up_to_ranks[c % 13], suit=self.suits[c // 13])

    def cards(self, n: int) -> str:
        """A number of cards, e.g. ``'22 karty'``."""
        return f"{n} {self.card_forms[self.plural(n)]}"

    # -- sentences ------------------------------------------------------------------------------

    def describe(self, facts: Facts) -> str:
        """The whole description."""
        piles = self.semicolon.join([self._stock(facts), self._waste(facts), self._reserve(facts)])
        if facts.piles:
            found = (
                self.piles_heading
                + self.colon
                + self.semicolon.join(self._layout_pile(f + 1, p) for f, p in enumerate(facts.piles))
            )
        else:
            heading = (
                self.foundations_open if facts.base_open else self.foundations.format(rank=self.ranks[facts.start])
            )
            found = heading + self.colon + ", ".join(self._foundation(f) for f in facts.foundations)
        cols = self.semicolon.join(self._column(i + 1, col) for i, col in enumerate(facts.columns))
        sentences = [piles, found, cols]
        if self.capitalise:
            sentences = [s[:1].upper() + s[1:] for s in sentences]
        return ". ".join(sentences) + "."

    def _stock(self, facts: Facts) -> str:
        if not facts.stock:
            return f"{self.stock} {self.stock_empty}"
        return f"{self.stock}{self.colon}{self.cards(facts.stock)}"

    def _waste(self, facts: Facts) -> str:
        if facts.waste_top is None:
            return f"{self.waste} {self.waste_empty}"
        return f"{self.waste}{self.colon}{self.cards(facts.waste)}, {self.top}{self.colon}{self.card(facts.waste_top)}"

    def _reserve(self, facts: Facts) -> str:
        if not facts.more_reserves:
            return self._pile(self.reserve, facts.reserve, facts.reserve_shown)
        piles = [(facts.reserve, facts.reserve_shown), *facts.more_reserves]
        return self.semicolon.join(
            self._pile(f"{self.reserve} {k + 1}", n, shown) for k, (n, shown) in enumerate(piles)
        )

    def _pile(self, label: str, count: int, shown: tuple[int, ...]) -> str:
        """One reserve pile, named ``label``: its card count and face-up cards."""
        if not count:
            return f"{label} {self.reserve_empty}"
        text = f"{label}{self.colon}{self.cards(count)}"
        if shown:
            text += f", {self.top}{self.colon}{self.card(shown[0])}"
        if len(shown) > 1:
            text += f", {self.below}{self.colon}" + ", ".join(self.card(c) for c in shown[1:])
        return text

    def _foundation(self, f: FoundationFacts) -> str:
        name = self.suits[f.suit]
        if f.top is None:
            return f"{name} {self.foundation_empty[f.suit]}"
        count = f"{f.count}, {self.foundation_complete[f.suit]}" if f.count == 13 else f"{f.count}"
        return f"{name} {self.up_to(f.top)} ({count})"

    def _layout_pile(self, number: int, p: PileFacts) -> str:
        """One pile of a foundation layout: its number, what it takes, its count and top card."""
        if p.sets:
            what = self.pile_sets
        else:
            suit = self.pile_any_suit if p.suit is None else self.suits[p.suit]
            what = f"{suit}, {self.ranks[p.start]} {self.pile_down if p.down else self.pile_up}"
        if p.top is None:
            return f"{number} ({what}) {self.pile_empty}"
        return f"{number} ({what}){self.colon}{self.cards(p.count)}, {self.top}{self.colon}{self.card(p.top)}"

    def _column(self, number: int, cards: tuple[int | None, ...]) -> str:
        if not cards:
            return f"{self.column} {number} {self.column_empty}"
        names = (self.face_down_card if c is None else self.card(c) for c in cards)
        return f"{self.column} {number}{self.colon}" + ", ".join(names)
