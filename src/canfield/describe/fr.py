"""French wording: the reference line of the worked example (base 7♥, reserve top Q♣), and the
forms it does not show.

Shown by the reference line: ``Pioche : 34 cartes ; défausse vide ; réserve : 13 cartes, dessus : dame de
trèfle. Fondations, rang de départ 7 : cœur jusqu’au 7 de cœur (1), pique vide, …`` — a space
before ``:`` and ``;``, suits in the singular, and the typographic apostrophe ’ of ``jusqu’au``.

Chosen here:

- "jusqu’à" + definite article, with the same apostrophe ’: ``jusqu’à l’as``, ``jusqu’à la dame``,
  ``jusqu’au`` for every other rank (``jusqu’au 8``: *le huit* does not elide; ``jusqu’au valet``,
  ``jusqu’au roi``).
- Empty piles: ``Pioche vide``, ``défausse vide``, ``réserve vide``, ``colonne 2 vide``; a
  complete foundation is ``(13, complète)`` (*la fondation*, as the reference line's "fondation complète").
- One card is ``1 carte``; the starting rank is a digit or a word (``rang de départ as``).
- Non-empty waste: ``défausse : 3 cartes, dessus : 3 de trèfle``; a shown reserve continues
  ``, dessous : 8 de cœur, …``.
"""

from __future__ import annotations

from .wording import Wording

WORDING = Wording(
    code="fr",
    ranks=("as", "2", "3", "4", "5", "6", "7", "8", "9", "10", "valet", "dame", "roi"),
    suits=("pique", "cœur", "carreau", "trèfle"),
    card_pattern="{rank} de {suit}",
    up_to_ranks=(
        "à l’as",
        "au 2",
        "au 3",
        "au 4",
        "au 5",
        "au 6",
        "au 7",
        "au 8",
        "au 9",
        "au 10",
        "au valet",
        "à la dame",
        "au roi",
    ),
    up_to_pattern="jusqu’{rank} de {suit}",
    card_forms=("carte", "cartes"),
    stock="Pioche",
    waste="défausse",
    reserve="réserve",
    top="dessus",
    below="dessous",
    foundations="Fondations, rang de départ {rank}",
    foundations_open="Fondations, rang de départ encore à choisir (la première carte de la réserve posée le fixe)",
    column="colonne",
    stock_empty="vide",
    waste_empty="vide",
    reserve_empty="vide",
    column_empty="vide",
    foundation_empty=("vide",) * 4,
    foundation_complete=("complète",) * 4,
    face_down_card="carte cachée",
    piles_heading="Fondations",
    pile_up="en montant",
    pile_down="en descendant",
    pile_any_suit="toutes couleurs",
    pile_sets="carrés",
    pile_empty="vide",
    colon=" : ",
    semicolon=" ; ",
    capitalise=False,  # "colonne 1" after the full stop, as the app writes it
)
