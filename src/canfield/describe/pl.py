"""Polish wording: the reference line of the worked example (base 7♥, reserve top Q♣), and the
forms it does not show.

Shown by the reference line: ``Talia: 34 karty; stos odrzuconych kart pusty; rezerwa: 13 kart, wierzch: dama
trefl. Stosy docelowe, ranga początkowa 7: kier do siódemki kier (1), pik pusty, karo puste, trefl
pusty. kolumna 1: 6 trefl; …`` — a card is rank then suit (``6 trefl``, ``as pik``), and after
``do`` the rank is a noun in the genitive (``do siódemki``, ``do ósemki``).

Chosen here:

- Genitive after ``do`` for every rank: asa, dwójki, trójki, czwórki, piątki, szóstki, siódemki,
  ósemki, dziewiątki, dziesiątki, waleta, damy, króla.
- Plural of ``karta`` (`plural`): 1 karta; 2–4, 22–24, 32–34… karty; 5–21, 25–31… kart
  (12–14 take ``kart``).
- Empty piles agree with their noun: ``Talia pusta``, ``stos odrzuconych kart pusty``,
  ``rezerwa pusta``, ``kolumna 2 pusta``; a complete foundation agrees with its suit as ``pusty``
  does: ``(13, kompletny)``, ``karo … (13, kompletne)``.
- The starting rank is a digit or a word (``ranga początkowa as``).
- Non-empty waste: ``stos odrzuconych kart: 3 karty, wierzch: 3 trefl``; a shown reserve continues
  ``, pod spodem: 8 kier, …``.
"""

from __future__ import annotations

from .wording import Wording


def plural(n: int) -> int:
    """The form of ``karta`` after ``n``: 0 ``karta``, 1 ``karty`` (2–4, not 12–14), 2 ``kart``."""
    if n == 1:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


WORDING = Wording(
    code="pl",
    ranks=("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "walet", "dama", "król"),
    suits=("pik", "kier", "karo", "trefl"),
    card_pattern="{rank} {suit}",
    up_to_ranks=(
        "asa",
        "dwójki",
        "trójki",
        "czwórki",
        "piątki",
        "szóstki",
        "siódemki",
        "ósemki",
        "dziewiątki",
        "dziesiątki",
        "waleta",
        "damy",
        "króla",
    ),
    up_to_pattern="do {rank} {suit}",
    card_forms=("karta", "karty", "kart"),
    stock="Talia",
    waste="stos odrzuconych kart",
    reserve="rezerwa",
    top="wierzch",
    below="pod spodem",
    foundations="Stosy docelowe, ranga początkowa {rank}",
    foundations_open="Stosy docelowe, ranga początkowa jeszcze do wybrania (wyznacza ją pierwsza karta z rezerwy położona na stosie)",
    column="kolumna",
    stock_empty="pusta",
    waste_empty="pusty",
    reserve_empty="pusta",
    column_empty="pusta",
    foundation_empty=("pusty", "pusty", "puste", "pusty"),
    foundation_complete=("kompletny", "kompletny", "kompletne", "kompletny"),
    face_down_card="zakryta karta",
    piles_heading="Stosy docelowe",
    pile_up="w górę",
    pile_down="w dół",
    pile_any_suit="dowolny kolor",
    pile_sets="czwórki tej samej rangi",
    pile_empty="pusty",
    plural=plural,
    capitalise=False,  # "kolumna 1" after the full stop, as the app writes it
)
