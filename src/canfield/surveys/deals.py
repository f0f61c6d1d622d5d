"""The deals a survey solves: consecutive deal codes, a range of codes, or a file of codes or deals.

A deal set is given by codes (or by the cards themselves), never by chance, so two runs of the same
survey on two machines solve the same deals in the same order and write the same verdicts.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from ..deals import CODE_SPACE, make_code, parse_code, parse_deal
from ..errors import InvalidCardError, InvalidCodeError, InvalidDealError, SurveyError


@attrs.frozen
class DealSet:
    """An ordered list of deals to solve, and how it was given (``kind``: count, range or file).

    Iterating gives deal codes (``CF1-D3-AAAAAAA``), made one at a time from ``start`` (so ten
    million deals take no memory), or the ``listed`` deals of a file: codes, or card texts in
    dealing order. `describe` is what a survey file records, so a resume with another set is
    refused.
    """

    kind: str
    count: int
    start: str | None = None
    listed: tuple[str, ...] | None = attrs.field(default=None, repr=False)
    path: str | None = None
    digest: str | None = None

    def describe(self) -> dict[str, Any]:
        """The set as JSON-ready data: its kind, first code and size (and a file's digest)."""
        out: dict[str, Any] = {"kind": self.kind, "count": self.count}
        if self.start is not None:
            out["start"] = self.start
        if self.digest is not None:
            out["sha256"] = self.digest
        return out

    def __iter__(self) -> Iterator[str]:
        if self.listed is not None:
            yield from self.listed
            return
        assert self.start is not None
        draw, first = parse_code(self.start)
        for n in range(first, first + self.count):
            yield make_code(n, draw)

    def __len__(self) -> int:
        return self.count

    def last(self) -> str:
        """The last deal."""
        if self.listed is not None:
            return self.listed[-1]
        assert self.start is not None
        draw, first = parse_code(self.start)
        return make_code(first + self.count - 1, draw)


def count_from(start: str, count: int) -> DealSet:
    """``count`` consecutive deal codes from ``start`` (same draw, letters counting up)."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise SurveyError(f"count is a whole number of deals >= 1, not {count!r}")
    draw, first = parse_code(start)
    if first + count > CODE_SPACE:
        raise SurveyError(
            f"{count} deals from {make_code(first, draw)} run past the last deal code {make_code(CODE_SPACE - 1, draw)}"
        )
    return DealSet("count", count, start=make_code(first, draw))


def code_range(start: str, stop: str) -> DealSet:
    """Every deal code from ``start`` to ``stop``, both included; both must have the same draw."""
    draw, first = parse_code(start)
    stop_draw, last = parse_code(stop)
    if stop_draw != draw:
        raise SurveyError(f"a code range has one draw: {start!r} draws {draw}, {stop!r} draws {stop_draw}")
    if last < first:
        raise SurveyError(f"code range {start!r}..{stop!r} is empty: the stop comes before the start")
    return DealSet("range", last - first + 1, start=make_code(first, draw))


def from_file(path: str | os.PathLike[str], decks: int = 1) -> DealSet:
    """The deals in a text file, one a line: a deal code, or a deal's cards in dealing order.

    Blank lines and lines starting with ``#`` are skipped. Every line is checked first: a bad
    one raises naming its line number, and a deal given twice is refused.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SurveyError(f"deal file {str(p)!r} cannot be read: {e}") from e
    deals: list[str] = []
    seen: dict[str, int] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if line.upper().startswith("CF1-"):
                draw, n = parse_code(line)
                deal = make_code(n, draw)
            else:
                parse_deal(line, decks)
                deal = " ".join(line.split())
        except (InvalidCodeError, InvalidDealError, InvalidCardError) as e:
            raise SurveyError(f"deal file {str(p)!r}, line {number}: {e}") from e
        if deal in seen:
            raise SurveyError(f"deal file {str(p)!r}, line {number}: {deal[:40]!r} repeats line {seen[deal]}")
        seen[deal] = number
        deals.append(deal)
    if not deals:
        raise SurveyError(f"deal file {str(p)!r} has no deals")
    digest = hashlib.sha256("\n".join(deals).encode()).hexdigest()
    return DealSet("file", len(deals), listed=tuple(deals), path=str(p), digest=digest)
