"""The position in words: `describe(game, lang)`, behind `Game.describe` (SPEC §1 "Text description").

Languages: ``en``, ``it``, ``fr``, ``pl``. For the seeds' example positions the Italian, Polish and
French texts are the seeds' lines character for character; each language module's docstring says
which forms come from its seed and which were chosen here. `facts` reads what a player sees,
`wording` holds the sentence structure, each language module only its words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CanfieldError
from . import en, fr, it, pl
from .facts import Facts, FoundationFacts, facts_of
from .wording import Wording

if TYPE_CHECKING:
    from ..game import Game

#: The supported languages by code.
LANGUAGES: dict[str, Wording] = {w.code: w for w in (en.WORDING, it.WORDING, fr.WORDING, pl.WORDING)}


def wording(lang: str) -> Wording:
    """The `Wording` of a language code (any case); raises `CanfieldError` for an unknown one."""
    try:
        return LANGUAGES[lang.lower()]
    except (KeyError, AttributeError):
        supported = ", ".join(sorted(LANGUAGES))
        raise CanfieldError(f"unknown description language {lang!r}: supported languages are {supported}") from None


def describe(game: Game, lang: str = "en") -> str:
    """``game``'s position in words in language ``lang`` (``en``, ``it``, ``fr`` or ``pl``).

    Says only what a player sees: the stock's count, the waste's count and top card, the reserve's
    count and its face-up cards, each foundation's top card and count, every column card.
    """
    return wording(lang).describe(facts_of(game))


__all__ = ["LANGUAGES", "Facts", "FoundationFacts", "Wording", "describe", "facts_of", "wording"]
