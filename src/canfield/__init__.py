"""canfield: Canfield solitaire and its variants — exact rules, a fast engine, plugins for variants.

>>> import canfield
>>> game = canfield.Game.from_code("CF1-D3-AAAAAAA")
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
>>> _ = game.undo()

The top level holds what players and plugin authors use. The machinery stays importable from its
module: compiled rules from `canfield.rules` (`Rules`) and `canfield.plugins.registry`
(`rules_for`, `registry`), the engine from `canfield.engine`, move ints from `canfield.moves` and
`canfield.notation` (`parse_move`, `format_move`), the hook specifications from
`canfield.plugins.hookspecs`.
"""

from __future__ import annotations

from .cards import card_name, card_symbol, parse_card, parse_cards
from .deals import make_code, parse_code, shuffled_deck
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
from .game import Game, Observation
from .notation import Move
from .perft import perft
from .plugins.hookspecs import hookimpl
from .plugins.registry import get_variant, load_plugin_file, register, variants
from .position import Position
from .rules import FillRule, Variant
from .solver import Solution, solve
from .spec import CANFIELD, RuleSpec
from .surveys import survey

__version__ = "0.1.0"

__all__ = [
    "CANFIELD",
    "CanfieldError",
    "FillRule",
    "Game",
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
