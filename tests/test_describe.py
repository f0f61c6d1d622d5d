"""`Game.describe`: the position in words in en, it, fr and pl.

The seeds' two example lines (seeds 000–002) are reproduced character for character; the other
cases (non-empty waste, empty piles, complete foundations, singular and plural counts, every rank
after "up to", the reserve's face-up cards) have exact expected texts in every language.
"""

from __future__ import annotations

import random

import attrs
import pytest

import canfield
from canfield.describe import LANGUAGES, describe, wording

LANGS = ("en", "it", "fr", "pl")

# -- the seeds' two positions --------------------------------------------------------------------

# it / pl / fr copied from seeds 000 / 001 / 002 (the lines starting "Mazzo:", "Talia:", "Pioche :").
SEED_LINES = [
    (
        0,
        "en",
        "Stock: 34 cards; waste empty; reserve: 13 cards, top: queen of clubs. Foundations, starting rank 7: hearts up to the 7 of hearts (1), spades empty, diamonds empty, clubs empty. Column 1: 6 of clubs; column 2: king of hearts; column 3: queen of hearts; column 4: ace of spades.",
    ),
    (
        0,
        "it",
        "Mazzo: 34 carte; scarti vuoti; riserva: 13 carte, in cima: regina di fiori. Fondazioni, carta di partenza 7: cuori fino al 7 di cuori (1), picche vuote, quadri vuote, fiori vuote. colonna 1: 6 di fiori; colonna 2: re di cuori; colonna 3: regina di cuori; colonna 4: asso di picche.",
    ),
    (
        0,
        "pl",
        "Talia: 34 karty; stos odrzuconych kart pusty; rezerwa: 13 kart, wierzch: dama trefl. Stosy docelowe, ranga początkowa 7: kier do siódemki kier (1), pik pusty, karo puste, trefl pusty. kolumna 1: 6 trefl; kolumna 2: król kier; kolumna 3: dama kier; kolumna 4: as pik.",
    ),
    (
        0,
        "fr",
        "Pioche : 34 cartes ; défausse vide ; réserve : 13 cartes, dessus : dame de trèfle. Fondations, rang de départ 7 : cœur jusqu’au 7 de cœur (1), pique vide, carreau vide, trèfle vide. colonne 1 : 6 de trèfle ; colonne 2 : roi de cœur ; colonne 3 : dame de cœur ; colonne 4 : as de pique.",
    ),
    (
        1,
        "en",
        "Stock: 34 cards; waste empty; reserve: 10 cards, top: jack of spades. Foundations, starting rank 7: hearts up to the 8 of hearts (2), spades empty, diamonds empty, clubs empty. Column 1: 6 of clubs; column 2: queen of spades; column 3: queen of hearts; column 4: ace of spades, king of hearts, queen of clubs.",
    ),
    (
        1,
        "it",
        "Mazzo: 34 carte; scarti vuoti; riserva: 10 carte, in cima: fante di picche. Fondazioni, carta di partenza 7: cuori fino all'8 di cuori (2), picche vuote, quadri vuote, fiori vuote. colonna 1: 6 di fiori; colonna 2: regina di picche; colonna 3: regina di cuori; colonna 4: asso di picche, re di cuori, regina di fiori.",
    ),
    (
        1,
        "pl",
        "Talia: 34 karty; stos odrzuconych kart pusty; rezerwa: 10 kart, wierzch: walet pik. Stosy docelowe, ranga początkowa 7: kier do ósemki kier (2), pik pusty, karo puste, trefl pusty. kolumna 1: 6 trefl; kolumna 2: dama pik; kolumna 3: dama kier; kolumna 4: as pik, król kier, dama trefl.",
    ),
    (
        1,
        "fr",
        "Pioche : 34 cartes ; défausse vide ; réserve : 10 cartes, dessus : valet de pique. Fondations, rang de départ 7 : cœur jusqu’au 8 de cœur (2), pique vide, carreau vide, trèfle vide. colonne 1 : 6 de trèfle ; colonne 2 : dame de pique ; colonne 3 : dame de cœur ; colonne 4 : as de pique, roi de cœur, dame de trèfle.",
    ),
]


@pytest.mark.parametrize(("which", "lang", "expected"), SEED_LINES)
def test_seed_positions(example: canfield.Game, which: int, lang: str, expected: str) -> None:
    if which == 1:
        for move in ("r2", "rf", "24:2"):
            example.play(move)
    assert example.describe(lang) == expected


# -- what the seeds never show -------------------------------------------------------------------

# Late game, base 7: hearts complete, top cards Q♠ / A♦ / K♣, reserve empty, column 2 empty,
# one card in the stock, five in the waste.
LATE = "canfield - 7:H13.S6.D8.C7 6C5D4C3D2C//6D5C4D3C2DAC/KS 2S AS3S4S5S6S 0 0 0"
# Base ace (diamonds first): diamonds complete, J♠ and A♥ on top, clubs empty; stock empty, one
# card in the waste, one in the reserve.
ACE_START = "canfield QS A:D13.S11.H1.C0 KCQHJCTH9C8H7C6H5C4H3C2HAC/KHQCJH/TC9H8C7H6C5H4C3H/KS - 2C 0 0 0"
# Won: every pile empty, every foundation complete.
WON = "canfield - 7:H13.S13.D13.C13 /// - - 0 0 0"

CASES = [
    # the example after one stock turn: 3 cards in the waste (Polish 31 kart, 3 karty)
    (
        "waste_three",
        "en",
        "Stock: 31 cards; waste: 3 cards, top: 3 of clubs; reserve: 13 cards, top: queen of clubs. Foundations, starting rank 7: hearts up to the 7 of hearts (1), spades empty, diamonds empty, clubs empty. Column 1: 6 of clubs; column 2: king of hearts; column 3: queen of hearts; column 4: ace of spades.",
    ),
    (
        "waste_three",
        "it",
        "Mazzo: 31 carte; scarti: 3 carte, in cima: 3 di fiori; riserva: 13 carte, in cima: regina di fiori. Fondazioni, carta di partenza 7: cuori fino al 7 di cuori (1), picche vuote, quadri vuote, fiori vuote. colonna 1: 6 di fiori; colonna 2: re di cuori; colonna 3: regina di cuori; colonna 4: asso di picche.",
    ),
    (
        "waste_three",
        "fr",
        "Pioche : 31 cartes ; défausse : 3 cartes, dessus : 3 de trèfle ; réserve : 13 cartes, dessus : dame de trèfle. Fondations, rang de départ 7 : cœur jusqu’au 7 de cœur (1), pique vide, carreau vide, trèfle vide. colonne 1 : 6 de trèfle ; colonne 2 : roi de cœur ; colonne 3 : dame de cœur ; colonne 4 : as de pique.",
    ),
    (
        "waste_three",
        "pl",
        "Talia: 31 kart; stos odrzuconych kart: 3 karty, wierzch: 3 trefl; rezerwa: 13 kart, wierzch: dama trefl. Stosy docelowe, ranga początkowa 7: kier do siódemki kier (1), pik pusty, karo puste, trefl pusty. kolumna 1: 6 trefl; kolumna 2: król kier; kolumna 3: dama kier; kolumna 4: as pik.",
    ),
    # after four stock turns: 22 in the stock, 12 in the waste (Polish 22 karty, 12 kart)
    (
        "waste_twelve",
        "en",
        "Stock: 22 cards; waste: 12 cards, top: 2 of spades; reserve: 13 cards, top: queen of clubs. Foundations, starting rank 7: hearts up to the 7 of hearts (1), spades empty, diamonds empty, clubs empty. Column 1: 6 of clubs; column 2: king of hearts; column 3: queen of hearts; column 4: ace of spades.",
    ),
    (
        "waste_twelve",
        "it",
        "Mazzo: 22 carte; scarti: 12 carte, in cima: 2 di picche; riserva: 13 carte, in cima: regina di fiori. Fondazioni, carta di partenza 7: cuori fino al 7 di cuori (1), picche vuote, quadri vuote, fiori vuote. colonna 1: 6 di fiori; colonna 2: re di cuori; colonna 3: regina di cuori; colonna 4: asso di picche.",
    ),
    (
        "waste_twelve",
        "fr",
        "Pioche : 22 cartes ; défausse : 12 cartes, dessus : 2 de pique ; réserve : 13 cartes, dessus : dame de trèfle. Fondations, rang de départ 7 : cœur jusqu’au 7 de cœur (1), pique vide, carreau vide, trèfle vide. colonne 1 : 6 de trèfle ; colonne 2 : roi de cœur ; colonne 3 : dame de cœur ; colonne 4 : as de pique.",
    ),
    (
        "waste_twelve",
        "pl",
        "Talia: 22 karty; stos odrzuconych kart: 12 kart, wierzch: 2 pik; rezerwa: 13 kart, wierzch: dama trefl. Stosy docelowe, ranga początkowa 7: kier do siódemki kier (1), pik pusty, karo puste, trefl pusty. kolumna 1: 6 trefl; kolumna 2: król kier; kolumna 3: dama kier; kolumna 4: as pik.",
    ),
    # LATE: one stock card, empty reserve, empty column, a complete foundation, queen/ace/king tops
    (
        "late",
        "en",
        "Stock: 1 card; waste: 5 cards, top: 6 of spades; reserve empty. Foundations, starting rank 7: hearts up to the 6 of hearts (13, complete), spades up to the queen of spades (6), diamonds up to the ace of diamonds (8), clubs up to the king of clubs (7). Column 1: 6 of clubs, 5 of diamonds, 4 of clubs, 3 of diamonds, 2 of clubs; column 2 empty; column 3: 6 of diamonds, 5 of clubs, 4 of diamonds, 3 of clubs, 2 of diamonds, ace of clubs; column 4: king of spades.",
    ),
    (
        "late",
        "it",
        "Mazzo: 1 carta; scarti: 5 carte, in cima: 6 di picche; riserva vuota. Fondazioni, carta di partenza 7: cuori fino al 6 di cuori (13, completa), picche fino alla regina di picche (6), quadri fino all'asso di quadri (8), fiori fino al re di fiori (7). colonna 1: 6 di fiori, 5 di quadri, 4 di fiori, 3 di quadri, 2 di fiori; colonna 2 vuota; colonna 3: 6 di quadri, 5 di fiori, 4 di quadri, 3 di fiori, 2 di quadri, asso di fiori; colonna 4: re di picche.",
    ),
    (
        "late",
        "fr",
        "Pioche : 1 carte ; défausse : 5 cartes, dessus : 6 de pique ; réserve vide. Fondations, rang de départ 7 : cœur jusqu’au 6 de cœur (13, complète), pique jusqu’à la dame de pique (6), carreau jusqu’à l’as de carreau (8), trèfle jusqu’au roi de trèfle (7). colonne 1 : 6 de trèfle, 5 de carreau, 4 de trèfle, 3 de carreau, 2 de trèfle ; colonne 2 vide ; colonne 3 : 6 de carreau, 5 de trèfle, 4 de carreau, 3 de trèfle, 2 de carreau, as de trèfle ; colonne 4 : roi de pique.",
    ),
    (
        "late",
        "pl",
        "Talia: 1 karta; stos odrzuconych kart: 5 kart, wierzch: 6 pik; rezerwa pusta. Stosy docelowe, ranga początkowa 7: kier do szóstki kier (13, kompletny), pik do damy pik (6), karo do asa karo (8), trefl do króla trefl (7). kolumna 1: 6 trefl, 5 karo, 4 trefl, 3 karo, 2 trefl; kolumna 2 pusta; kolumna 3: 6 karo, 5 trefl, 4 karo, 3 trefl, 2 karo, as trefl; kolumna 4: król pik.",
    ),
    # ACE_START: empty stock, one card in waste and reserve, starting rank ace, complete diamonds (karo: kompletne)
    (
        "ace_start",
        "en",
        "Stock empty; waste: 1 card, top: 2 of clubs; reserve: 1 card, top: queen of spades. Foundations, starting rank ace: diamonds up to the king of diamonds (13, complete), spades up to the jack of spades (11), hearts up to the ace of hearts (1), clubs empty. Column 1: king of clubs, queen of hearts, jack of clubs, 10 of hearts, 9 of clubs, 8 of hearts, 7 of clubs, 6 of hearts, 5 of clubs, 4 of hearts, 3 of clubs, 2 of hearts, ace of clubs; column 2: king of hearts, queen of clubs, jack of hearts; column 3: 10 of clubs, 9 of hearts, 8 of clubs, 7 of hearts, 6 of clubs, 5 of hearts, 4 of clubs, 3 of hearts; column 4: king of spades.",
    ),
    (
        "ace_start",
        "it",
        "Mazzo vuoto; scarti: 1 carta, in cima: 2 di fiori; riserva: 1 carta, in cima: regina di picche. Fondazioni, carta di partenza asso: quadri fino al re di quadri (13, completa), picche fino al fante di picche (11), cuori fino all'asso di cuori (1), fiori vuote. colonna 1: re di fiori, regina di cuori, fante di fiori, 10 di cuori, 9 di fiori, 8 di cuori, 7 di fiori, 6 di cuori, 5 di fiori, 4 di cuori, 3 di fiori, 2 di cuori, asso di fiori; colonna 2: re di cuori, regina di fiori, fante di cuori; colonna 3: 10 di fiori, 9 di cuori, 8 di fiori, 7 di cuori, 6 di fiori, 5 di cuori, 4 di fiori, 3 di cuori; colonna 4: re di picche.",
    ),
    (
        "ace_start",
        "fr",
        "Pioche vide ; défausse : 1 carte, dessus : 2 de trèfle ; réserve : 1 carte, dessus : dame de pique. Fondations, rang de départ as : carreau jusqu’au roi de carreau (13, complète), pique jusqu’au valet de pique (11), cœur jusqu’à l’as de cœur (1), trèfle vide. colonne 1 : roi de trèfle, dame de cœur, valet de trèfle, 10 de cœur, 9 de trèfle, 8 de cœur, 7 de trèfle, 6 de cœur, 5 de trèfle, 4 de cœur, 3 de trèfle, 2 de cœur, as de trèfle ; colonne 2 : roi de cœur, dame de trèfle, valet de cœur ; colonne 3 : 10 de trèfle, 9 de cœur, 8 de trèfle, 7 de cœur, 6 de trèfle, 5 de cœur, 4 de trèfle, 3 de cœur ; colonne 4 : roi de pique.",
    ),
    (
        "ace_start",
        "pl",
        "Talia pusta; stos odrzuconych kart: 1 karta, wierzch: 2 trefl; rezerwa: 1 karta, wierzch: dama pik. Stosy docelowe, ranga początkowa as: karo do króla karo (13, kompletne), pik do waleta pik (11), kier do asa kier (1), trefl pusty. kolumna 1: król trefl, dama kier, walet trefl, 10 kier, 9 trefl, 8 kier, 7 trefl, 6 kier, 5 trefl, 4 kier, 3 trefl, 2 kier, as trefl; kolumna 2: król kier, dama trefl, walet kier; kolumna 3: 10 trefl, 9 kier, 8 trefl, 7 kier, 6 trefl, 5 kier, 4 trefl, 3 kier; kolumna 4: król pik.",
    ),
    # WON: every pile empty, every foundation complete
    (
        "won",
        "en",
        "Stock empty; waste empty; reserve empty. Foundations, starting rank 7: hearts up to the 6 of hearts (13, complete), spades up to the 6 of spades (13, complete), diamonds up to the 6 of diamonds (13, complete), clubs up to the 6 of clubs (13, complete). Column 1 empty; column 2 empty; column 3 empty; column 4 empty.",
    ),
    (
        "won",
        "it",
        "Mazzo vuoto; scarti vuoti; riserva vuota. Fondazioni, carta di partenza 7: cuori fino al 6 di cuori (13, completa), picche fino al 6 di picche (13, completa), quadri fino al 6 di quadri (13, completa), fiori fino al 6 di fiori (13, completa). colonna 1 vuota; colonna 2 vuota; colonna 3 vuota; colonna 4 vuota.",
    ),
    (
        "won",
        "fr",
        "Pioche vide ; défausse vide ; réserve vide. Fondations, rang de départ 7 : cœur jusqu’au 6 de cœur (13, complète), pique jusqu’au 6 de pique (13, complète), carreau jusqu’au 6 de carreau (13, complète), trèfle jusqu’au 6 de trèfle (13, complète). colonne 1 vide ; colonne 2 vide ; colonne 3 vide ; colonne 4 vide.",
    ),
    (
        "won",
        "pl",
        "Talia pusta; stos odrzuconych kart pusty; rezerwa pusta. Stosy docelowe, ranga początkowa 7: kier do szóstki kier (13, kompletny), pik do szóstki pik (13, kompletny), karo do szóstki karo (13, kompletne), trefl do szóstki trefl (13, kompletny). kolumna 1 pusta; kolumna 2 pusta; kolumna 3 pusta; kolumna 4 pusta.",
    ),
]


def _case_game(name: str, example: canfield.Game) -> canfield.Game:
    if name == "waste_three":
        example.play("s")
        return example
    if name == "waste_twelve":
        for _ in range(4):
            example.play("s")
        return example
    return canfield.Game.from_position({"late": LATE, "ace_start": ACE_START, "won": WON}[name])


@pytest.mark.parametrize(("name", "lang", "expected"), CASES)
def test_unseen_cases(example: canfield.Game, name: str, lang: str, expected: str) -> None:
    assert _case_game(name, example).describe(lang) == expected


def test_every_case_in_every_language() -> None:
    names = {name for name, _, _ in CASES}
    assert {(name, lang) for name, lang, _ in CASES} == {(n, lang) for n in names for lang in LANGS}


# -- words: "up to" every rank, plural forms ----------------------------------------------------

UP_TO = [  # rank (0 = ace), en, it, fr, pl — the heart of each rank
    (0, "up to the ace of hearts", "fino all'asso di cuori", "jusqu’à l’as de cœur", "do asa kier"),
    (1, "up to the 2 of hearts", "fino al 2 di cuori", "jusqu’au 2 de cœur", "do dwójki kier"),
    (2, "up to the 3 of hearts", "fino al 3 di cuori", "jusqu’au 3 de cœur", "do trójki kier"),
    (3, "up to the 4 of hearts", "fino al 4 di cuori", "jusqu’au 4 de cœur", "do czwórki kier"),
    (4, "up to the 5 of hearts", "fino al 5 di cuori", "jusqu’au 5 de cœur", "do piątki kier"),
    (5, "up to the 6 of hearts", "fino al 6 di cuori", "jusqu’au 6 de cœur", "do szóstki kier"),
    (6, "up to the 7 of hearts", "fino al 7 di cuori", "jusqu’au 7 de cœur", "do siódemki kier"),
    (7, "up to the 8 of hearts", "fino all'8 di cuori", "jusqu’au 8 de cœur", "do ósemki kier"),
    (8, "up to the 9 of hearts", "fino al 9 di cuori", "jusqu’au 9 de cœur", "do dziewiątki kier"),
    (9, "up to the 10 of hearts", "fino al 10 di cuori", "jusqu’au 10 de cœur", "do dziesiątki kier"),
    (10, "up to the jack of hearts", "fino al fante di cuori", "jusqu’au valet de cœur", "do waleta kier"),
    (11, "up to the queen of hearts", "fino alla regina di cuori", "jusqu’à la dame de cœur", "do damy kier"),
    (12, "up to the king of hearts", "fino al re di cuori", "jusqu’au roi de cœur", "do króla kier"),
]


@pytest.mark.parametrize("row", UP_TO, ids=lambda row: str(row[0]))
@pytest.mark.parametrize("lang", LANGS)
def test_up_to_every_rank(row: tuple[object, ...], lang: str) -> None:
    rank = row[0]
    assert isinstance(rank, int)
    assert wording(lang).up_to(canfield.parse_card("AH") + rank) == row[1 + LANGS.index(lang)]


COUNTS = [
    ("en", 1, "1 card"),
    ("en", 2, "2 cards"),
    ("en", 13, "13 cards"),
    ("it", 1, "1 carta"),
    ("it", 2, "2 carte"),
    ("it", 13, "13 carte"),
    ("fr", 1, "1 carte"),
    ("fr", 2, "2 cartes"),
    ("fr", 13, "13 cartes"),
    ("pl", 1, "1 karta"),
    ("pl", 2, "2 karty"),
    ("pl", 3, "3 karty"),
    ("pl", 4, "4 karty"),
    ("pl", 5, "5 kart"),
    ("pl", 10, "10 kart"),
    ("pl", 11, "11 kart"),
    ("pl", 12, "12 kart"),
    ("pl", 13, "13 kart"),
    ("pl", 14, "14 kart"),
    ("pl", 21, "21 kart"),
    ("pl", 22, "22 karty"),
    ("pl", 24, "24 karty"),
    ("pl", 25, "25 kart"),
    ("pl", 34, "34 karty"),
    ("pl", 52, "52 karty"),
    ("pl", 104, "104 karty"),
    ("pl", 112, "112 kart"),
]


@pytest.mark.parametrize(("lang", "n", "expected"), COUNTS)
def test_card_counts(lang: str, n: int, expected: str) -> None:
    assert wording(lang).cards(n) == expected


# -- the reserve: face-up cards only -------------------------------------------------------------

# Superior shows the whole reserve (here 3♠ 4♠ 5♠, 5♠ on top); its empty column stays empty.
SUPERIOR = "superior 3S4S5S 7:H13.S6.D8.C7 6C5D4C3D2C//6D5C4D3C2DAC/KS 2S AS6S 0 0 0"

RESERVE_SHOWN = {  # reserve_visible (None: the variant's own, all 13) -> the first sentence
    None: [
        (
            "en",
            "Stock: 1 card; waste: 2 cards, top: 6 of spades; reserve: 3 cards, top: 5 of spades, below: 4 of spades, 3 of spades",
        ),
        (
            "it",
            "Mazzo: 1 carta; scarti: 2 carte, in cima: 6 di picche; riserva: 3 carte, in cima: 5 di picche, sotto: 4 di picche, 3 di picche",
        ),
        (
            "fr",
            "Pioche : 1 carte ; défausse : 2 cartes, dessus : 6 de pique ; réserve : 3 cartes, dessus : 5 de pique, dessous : 4 de pique, 3 de pique",
        ),
        (
            "pl",
            "Talia: 1 karta; stos odrzuconych kart: 2 karty, wierzch: 6 pik; rezerwa: 3 karty, wierzch: 5 pik, pod spodem: 4 pik, 3 pik",
        ),
    ],
    2: [
        (
            "en",
            "Stock: 1 card; waste: 2 cards, top: 6 of spades; reserve: 3 cards, top: 5 of spades, below: 4 of spades",
        ),
        (
            "it",
            "Mazzo: 1 carta; scarti: 2 carte, in cima: 6 di picche; riserva: 3 carte, in cima: 5 di picche, sotto: 4 di picche",
        ),
        (
            "fr",
            "Pioche : 1 carte ; défausse : 2 cartes, dessus : 6 de pique ; réserve : 3 cartes, dessus : 5 de pique, dessous : 4 de pique",
        ),
        (
            "pl",
            "Talia: 1 karta; stos odrzuconych kart: 2 karty, wierzch: 6 pik; rezerwa: 3 karty, wierzch: 5 pik, pod spodem: 4 pik",
        ),
    ],
    0: [
        ("en", "Stock: 1 card; waste: 2 cards, top: 6 of spades; reserve: 3 cards"),
        ("it", "Mazzo: 1 carta; scarti: 2 carte, in cima: 6 di picche; riserva: 3 carte"),
        ("fr", "Pioche : 1 carte ; défausse : 2 cartes, dessus : 6 de pique ; réserve : 3 cartes"),
        ("pl", "Talia: 1 karta; stos odrzuconych kart: 2 karty, wierzch: 6 pik; rezerwa: 3 karty"),
    ],
}


@pytest.mark.parametrize(
    ("visible", "lang", "expected"), [(v, lang, text) for v, rows in RESERVE_SHOWN.items() for lang, text in rows]
)
def test_reserve_shows_only_face_up_cards(
    visible: int | None, lang: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = canfield.Game.from_position(SUPERIOR)
    assert game.rules.reserve_visible == 13  # superior: the whole reserve is face up
    if visible is not None:
        monkeypatch.setattr(game, "rules", attrs.evolve(game.rules, reserve_visible=visible))
    assert game.describe(lang).split(". ")[0] == expected


def test_hidden_cards_are_never_named() -> None:
    """Over random play, no stock card and no face-down reserve card is ever named."""
    rng = random.Random(7)
    en = LANGUAGES["en"]
    for _ in range(5):
        game = canfield.Game.random(rng=rng)
        for _ in range(60):
            pos = game.position
            hidden = list(pos.stock) + list(pos.reserve[: len(pos.reserve) - game.rules.reserve_visible])
            text = game.describe("en")
            for c in hidden:
                name = en.card(c)
                assert f" {name}," not in text and f" {name}." not in text and f" {name};" not in text
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))


# -- the API -------------------------------------------------------------------------------------


def test_default_language_is_english(example: canfield.Game) -> None:
    assert example.describe() == describe(example) == SEED_LINES[0][2]


def test_language_code_is_case_insensitive(example: canfield.Game) -> None:
    assert example.describe("IT") == example.describe("it")


def test_describing_changes_nothing(example: canfield.Game) -> None:
    before = example.position_string()
    for lang in LANGS:
        example.describe(lang)
    assert example.position_string() == before


@pytest.mark.parametrize("lang", ["de", "", "english"])
def test_unknown_language(example: canfield.Game, lang: str) -> None:
    with pytest.raises(
        canfield.CanfieldError, match=rf"unknown description language {lang!r}: supported languages are en, fr, it, pl"
    ):
        example.describe(lang)
    with pytest.raises(ValueError):
        example.describe(lang)


def test_supported_languages() -> None:
    assert sorted(LANGUAGES) == sorted(LANGS)


def test_english_sentences_start_with_a_capital_letter() -> None:
    """Over random play, each English sentence starts upper case (the column sentence included)."""
    rng = random.Random(11)
    for variant in ("canfield", "superior", "storehouse"):
        game = canfield.Game.random(variant, rng=rng)
        for _ in range(40):
            sentences = game.describe("en").removesuffix(".").split(". ")
            assert len(sentences) == 3
            assert all(s[0].isupper() for s in sentences), sentences
            assert sentences[2].startswith("Column 1") and "; column 2" in sentences[2]
            game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize(("lang", "label"), [("it", "colonna 1"), ("fr", "colonne 1"), ("pl", "kolumna 1")])
def test_the_apps_languages_keep_the_column_label_lower_case(example: canfield.Game, lang: str, label: str) -> None:
    assert example.describe(lang).split(". ")[2].startswith(label)
