"""canfield: Canfield solitaire and its variants — exact rules, a fast engine, plugins for variants.

>>> import canfield
>>> game = canfield.Game.from_code("CF1-D3-AAAAAAA")
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
>>> _ = game.undo()
"""

from __future__ import annotations

from .cards import card_name, card_symbol, parse_card, parse_cards
from .deals import make_code, parse_code, shuffled_deck
from .engine import Engine
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
    UndoError,
    VariantError,
)
from .game import Game, Observation
from .notation import Move, format_move, parse_move
from .perft import perft
from .plugins.hookspecs import hookimpl, hookspec
from .plugins.registry import get_variant, load_plugin_file, register, registry, rules_for, variants
from .position import Position
from .rules import FillRule, Rules, Variant
from .spec import CANFIELD, RuleSpec

__version__ = "0.1.0"

__all__ = [
    "CANFIELD",
    "CanfieldError",
    "Engine",
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
    "Rules",
    "RulesError",
    "UndoError",
    "Variant",
    "VariantError",
    "card_name",
    "card_symbol",
    "format_move",
    "get_variant",
    "hookimpl",
    "hookspec",
    "load_plugin_file",
    "make_code",
    "parse_card",
    "parse_cards",
    "parse_code",
    "parse_move",
    "perft",
    "register",
    "registry",
    "rules_for",
    "shuffled_deck",
    "variants",
]
