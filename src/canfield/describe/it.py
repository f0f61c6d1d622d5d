"""Italian wording: the reference line of the worked example (base 7♥, reserve top Q♣), and the
forms it does not show.

Shown by the reference line: ``Mazzo: 34 carte; scarti vuoti; riserva: 13 carte, in cima: regina di fiori.
Fondazioni, carta di partenza 7: cuori fino al 7 di cuori (1), picche vuote, …`` (the queen is
``regina``; an empty foundation is ``vuote`` for every suit, agreeing with *fondazioni*).

Chosen here:

- "fino a" + definite article, elided with an ASCII apostrophe as the reference line's ``all'8``: ``all'asso``
  and ``all'8`` (*l'otto*), ``alla regina``, ``al`` for every other rank (``al 7``, ``al fante``,
  ``al re``).
- Empty piles agree with their noun: ``Mazzo vuoto``, ``scarti vuoti``, ``riserva vuota``,
  ``colonna 2 vuota``; a complete foundation is ``(13, completa)`` (*la fondazione*).
- One card is ``1 carta``; the starting rank is a digit or a word (``carta di partenza asso``).
- Non-empty waste: ``scarti: 3 carte, in cima: 3 di fiori``; a shown reserve continues
  ``, sotto: 8 di cuori, …``.
"""

from __future__ import annotations

from .wording import Wording

WORDING = Wording(
    code="it",
    ranks=("asso", "2", "3", "4", "5", "6", "7", "8", "9", "10", "fante", "regina", "re"),
    suits=("picche", "cuori", "quadri", "fiori"),
    card_pattern="{rank} di {suit}",
    up_to_ranks=(
        "all'asso",
        "al 2",
        "al 3",
        "al 4",
        "al 5",
        "al 6",
        "al 7",
        "all'8",
        "al 9",
        "al 10",
        "al fante",
        "alla regina",
        "al re",
    ),
    up_to_pattern="fino {rank} di {suit}",
    card_forms=("carta", "carte"),
    stock="Mazzo",
    waste="scarti",
    reserve="riserva",
    top="in cima",
    below="sotto",
    foundations="Fondazioni, carta di partenza {rank}",
    foundations_open="Fondazioni, carta di partenza ancora da scegliere (la fissa la prima carta della riserva portata in fondazione)",
    column="colonna",
    stock_empty="vuoto",
    waste_empty="vuoti",
    reserve_empty="vuota",
    column_empty="vuota",
    foundation_empty=("vuote",) * 4,
    foundation_complete=("completa",) * 4,
    face_down_card="carta coperta",
    piles_heading="Fondazioni",
    pile_up="in su",
    pile_down="in giù",
    pile_any_suit="qualsiasi seme",
    pile_sets="quattro carte dello stesso valore",
    pile_empty="vuota",
    capitalise=False,  # "colonna 1" after the full stop, as the app writes it
)
