"""One exception hierarchy: every error the library raises is a ``CanfieldError``.

All of them are ``ValueError`` subclasses (as python-chess does), so ``except ValueError`` also
catches them. None is raised after a change has been made: a refused move or bad input leaves the
game exactly as it was. The native core (``canfield._native``) raises these same classes; a bug
inside it raises `InternalError`.
"""

from __future__ import annotations


class CanfieldError(ValueError):
    """Base class of every error this library raises on bad input."""


class InvalidCardError(CanfieldError):
    """A card's text is not a card (unknown rank or suit)."""


class InvalidDealError(CanfieldError):
    """A deal has the wrong number of cards, a missing or a repeated card."""


class InvalidCodeError(CanfieldError):
    """A deal code is malformed (expected ``CF1-D3-XXXXXXX``)."""


class InvalidMoveError(CanfieldError):
    """A move's text cannot be parsed (a malformed move); no game is needed to raise it."""


class IllegalMoveError(CanfieldError):
    """A well-formed move that the rules refuse in this position; the message says why."""


class InvalidPositionError(CanfieldError):
    """A position string is malformed or describes an impossible position."""


class UndoError(CanfieldError):
    """Nothing to undo, or the variant's undo limit is reached."""


class RulesError(CanfieldError):
    """A rule spec or option is invalid (unknown option, value out of range)."""


class VariantError(CanfieldError):
    """An unknown variant id, or a plugin that breaks the rules contract."""


class RecordError(CanfieldError):
    """A saved-game record is invalid; the message names the first problem and where it is."""


class SurveyError(CanfieldError):
    """A survey's settings, deal set or file is wrong, or a resume does not match the file."""


class InternalError(CanfieldError):
    """A bug inside the library (a panic in the native core); the message says where. Please report it."""
