"""canfield: Canfield solitaire and its variants — exact rules, a fast engine, plugins for variants.

>>> import canfield
>>> game = canfield.Game.from_code("CF1-D3-AAAAAAA")
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
>>> _ = game.undo()

The top level holds what players and plugin authors use (`__all__`): games, moves and positions
(`Game`, `Move`, `Position`, `Observation`, `perft`), what a game hands back (`Hint`, and the
solver's `Solution`), solving and surveys (`solve`, `survey` and its `Report`), rules and variants
(`RuleSpec`, `CANFIELD`, `Variant`, `FillRule`, `hookimpl`, `get_variant`, `variants`,
`register`, `load_plugin_file`), deals and cards (`make_code`, `parse_code`, `shuffled_deck`,
`parse_card`, `parse_cards`, `card_name`, `card_symbol`) and the errors, all under
`CanfieldError`. The machinery stays importable from its module: compiled rules from
`canfield.rules` (`Rules`) and `canfield.plugins.registry` (`rules_for`, `registry`), the engine
from `canfield.engine`, move ints from `canfield.moves` and `canfield.notation` (`parse_move`,
`format_move`), the hook specifications from `canfield.plugins.hookspecs`.

Everything loads on first use, so ``import canfield`` stays light: a name of `__all__` imports its
module when it is first read, and so does a documented submodule (``canfield.records``,
``canfield.svg``, ``canfield.surveys``…), which is an attribute of the package from the start.
"""

from .errors import (
    CanfieldError,
    IllegalMoveError,
    InvalidCardError,
    InvalidCodeError,
    InvalidDealError,
    InvalidMoveError,
    InvalidPositionError,
    RecordError,
    RulesError,
    SurveyError,
    UndoError,
    VariantError,
)
from .perft import perft  # eager: the name is also its module's, which an import would put here

TYPE_CHECKING = False  # not typing's: importing typing would cost more than the rest of this module
if TYPE_CHECKING:
    from typing import Any

    from .cards import card_name, card_symbol, parse_card, parse_cards
    from .deals import make_code, parse_code, shuffled_deck
    from .game import Game
    from .notation import Move
    from .observation import Observation
    from .plugins.hookspecs import hookimpl
    from .plugins.registry import get_variant, load_plugin_file, register, variants
    from .policy import Hint
    from .position import Position
    from .rules import FillRule, Variant
    from .solver import Solution, solve
    from .spec import CANFIELD, FoundationPile, RuleSpec
    from .surveys import Report, survey
del TYPE_CHECKING

__version__ = "0.1.0"

__all__ = [
    "CANFIELD",
    "CanfieldError",
    "FillRule",
    "FoundationPile",
    "Game",
    "Hint",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidCodeError",
    "InvalidDealError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "Observation",
    "Position",
    "RecordError",
    "Report",
    "RuleSpec",
    "RulesError",
    "Solution",
    "SurveyError",
    "UndoError",
    "Variant",
    "VariantError",
    "card_name",
    "card_symbol",
    "get_variant",
    "hookimpl",
    "load_plugin_file",
    "make_code",
    "parse_card",
    "parse_cards",
    "parse_code",
    "perft",
    "register",
    "shuffled_deck",
    "solve",
    "survey",
    "variants",
]

#: The module each lazily loaded name of `__all__` comes from.
_HOMES = {
    "CANFIELD": "spec",
    "FillRule": "rules",
    "FoundationPile": "spec",
    "Game": "game",
    "Hint": "policy",
    "Move": "notation",
    "Observation": "observation",
    "Position": "position",
    "Report": "surveys",
    "RuleSpec": "spec",
    "Solution": "solver",
    "Variant": "rules",
    "card_name": "cards",
    "card_symbol": "cards",
    "get_variant": "plugins.registry",
    "hookimpl": "plugins.hookspecs",
    "load_plugin_file": "plugins.registry",
    "make_code": "deals",
    "parse_card": "cards",
    "parse_cards": "cards",
    "parse_code": "deals",
    "register": "plugins.registry",
    "shuffled_deck": "deals",
    "solve": "solver",
    "survey": "surveys",
    "variants": "plugins.registry",
}

#: The documented submodules, reachable as attributes after a bare ``import canfield``.
_SUBMODULES = (
    "board",
    "cards",
    "cli",
    "deals",
    "describe",
    "docsgen",
    "engine",
    "errors",
    "game",
    "hints",
    "moves",
    "native",
    "notation",
    "observation",
    "plugins",
    "policy",
    "position",
    "records",
    "replay",
    "rules",
    "scoring",
    "solver",
    "spec",
    "surveys",
    "svg",
    "tap",
    "terminal",
    "text",
)


def __getattr__(name: str) -> "Any":
    import importlib

    home = _HOMES.get(name)
    if home is not None:
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_SUBMODULES})
