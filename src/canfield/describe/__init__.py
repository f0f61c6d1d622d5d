"""The position in words: `describe(observation, lang)`, behind `Game.describe`.

Languages: ``en``, ``it``, ``fr``, ``pl``. The Italian, Polish and French texts follow the
descriptions the app's players wrote for three example positions, character for character; each
language module's docstring says which forms those examples show and which were chosen here.
`facts` reads what a player sees, `wording` holds the sentence structure, each language module
only its words.
"""

from __future__ import annotations

from ..errors import CanfieldError
from ..observation import Observable, Observation
from . import en, fr, it, pl
from .facts import Facts, FoundationFacts, facts_of
from .wording import Wording

#: The supported languages by code.
LANGUAGES: dict[str, Wording] = {w.code: w for w in (en.WORDING, it.WORDING, fr.WORDING, pl.WORDING)}


def wording(lang: str) -> Wording:
    """The `Wording` of a language code (any case); raises `CanfieldError` for an unknown one."""
    try:
        return LANGUAGES[lang.lower()]
    except (KeyError, AttributeError):
        supported = ", ".join(sorted(LANGUAGES))
        raise CanfieldError(f"unknown description language {lang!r}: supported languages are {supported}") from None


def describe(view: Observation | Observable, lang: str = "en") -> str:
    """A position in words in language ``lang`` (``en``, ``it``, ``fr`` or ``pl``).

    ``view`` is what a player sees: an `Observation`, or a `Game` (its observation is described).

    Says only what a player sees: the stock's count, the waste's count and top card, the reserve's
    count and its face-up cards, each foundation's top card and count, every column card.
    """
    return wording(lang).describe(facts_of(view))


__all__ = ["LANGUAGES", "Facts", "FoundationFacts", "Wording", "describe", "facts_of", "wording"]
