"""Strict reading of numbers in text, shared by every parser of the library.

Python's ``int`` and ``str.isdigit`` are lenient where a file format should not be: ``int`` reads
any Unicode digit (``٣``), ``isdigit`` also says yes to ``²``, and ``int`` refuses a text of more
than 4,300 digits with a plain ``ValueError``. `read_int` reads only ASCII digits, with at most one
leading ``-`` where a sign is allowed, and a bounded number of digits, so every parser can turn
anything else into its own error.
"""

from __future__ import annotations

import re

#: The most digits a number in a move, a code, a position string or an option may have: far
#: more than any count the rules allow, far less than Python's limit on int conversion.
MAX_DIGITS = 18

_UNSIGNED = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
_SIGNED = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)


def read_int(text: object, *, signed: bool = False) -> int | None:
    """The int written by ``text`` in ASCII digits (after one ``-`` if ``signed``), else None.

    None for anything else: another type, spaces, ``+``, ``_``, non-ASCII digits, two signs, or
    more than `MAX_DIGITS` digits.
    """
    if not isinstance(text, str) or not (_SIGNED if signed else _UNSIGNED).fullmatch(text):
        return None
    return int(text)


def shown(text: object, limit: int = 40) -> str:
    """``repr(text)`` for an error message, cut in the middle when longer than ``limit``."""
    r = repr(text)
    if len(r) <= limit:
        return r
    half = (limit - 1) // 2
    return f"{r[:half]}…{r[-half:]} ({len(text) if isinstance(text, str) else len(r)} characters)"


def format_option(value: object) -> str:
    """A rule option's value as a position string writes it: ``none``, ``true``, ``false``, or its text."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_option(text: str) -> object:
    """A rule option's value as a position string writes it: ``none``, ``true``, ``false``, a number, or text.

    The inverse of `format_option`.
    """
    if text == "none":
        return None
    if text in ("true", "false"):
        return text == "true"
    number = read_int(text, signed=True)
    return text if number is None else number
