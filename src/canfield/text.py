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
    if isinstance(value, tuple):  # a foundation layout: its piles' texts, separated by '/'
        return "/".join(str(v) for v in value)
    return str(value)


#: The size suffixes `read_size` reads: binary multiples, as memory is counted.
SIZE_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_SIZE = re.compile(r"([0-9]{1,18})(?:([KMGT])I?B?|B)?", re.ASCII | re.IGNORECASE)


def read_size(text: object) -> int | None:
    """A number of bytes written as ASCII digits with an optional binary suffix, else None.

    ``1048576``, ``512K``, ``512M``, ``1G``, ``2T`` (``K`` = 1024 bytes), in any case, optionally
    followed by ``B`` or ``iB`` (``512MiB``, ``1gb``). None for anything else, spaces and signs
    included.
    """
    m = _SIZE.fullmatch(text) if isinstance(text, str) else None
    if m is None:
        return None
    return int(m.group(1)) * SIZE_UNITS[(m.group(2) or "").upper()]


def read_whole(text: object) -> int | None:
    """A whole number written as 1 to 18 ASCII digits (any count a search or a survey can reach),
    else None: signs, spaces, underscores and commas included."""
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    return None


def format_size(n: int) -> str:
    """A number of bytes in the largest unit `read_size` reads back exactly: ``1G``, ``1536K``, ``100``."""
    for unit in ("T", "G", "M", "K"):
        if n and n % SIZE_UNITS[unit] == 0:
            return f"{n // SIZE_UNITS[unit]}{unit}"
    return str(n)
