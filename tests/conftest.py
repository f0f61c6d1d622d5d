"""Shared fixtures: the seeds' worked-example deal."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import canfield

from .chromium import Browser, find_or_install

# SPEC §1's worked example: base 7♥; reserve top Q♣, then 8♥, Q♠, J♠; columns 6♣ K♥ Q♥ A♠.
# The rest of the deal is any order of the remaining cards (the stock here turns 2♣ 3♣ 4♣ first).
_RESERVE_BOTTOM = ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD"]
EXAMPLE_RESERVE = [*_RESERVE_BOTTOM, "JS", "QS", "8H", "QC"]
EXAMPLE_BASE = "7H"
EXAMPLE_COLUMNS = ["6C", "KH", "QH", "AS"]


def pytest_report_header() -> str:
    """Which canfield the suite tests: the installed wheel in CI, the source tree in an editable setup."""
    return f"canfield: {canfield.__file__}"


def example_deal() -> list[str]:
    used = set(EXAMPLE_RESERVE) | {EXAMPLE_BASE} | set(EXAMPLE_COLUMNS)
    rest = [canfield.card_name(c) for c in [*range(39, 52), *range(0, 39)] if canfield.card_name(c) not in used]
    return [*EXAMPLE_RESERVE, EXAMPLE_BASE, *EXAMPLE_COLUMNS, *rest]


@pytest.fixture
def example() -> canfield.Game:
    return canfield.Game.from_deal(" ".join(example_deal()))


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium for the picture and replay tests, installed with apt first if missing (as root)."""
    path, why = find_or_install()
    if path is None:
        pytest.skip(f"NO BROWSER, picture and replay checks NOT RUN: {why}")
    b = Browser(path)
    yield b
    b.close()
