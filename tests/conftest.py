"""Shared fixtures (the rules' worked-example deal) and the suite's Hypothesis settings."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

import canfield

from .chromium import Browser, find_or_install

# No clock in any property test: Hypothesis's default 200 ms deadline per example and its
# too-slow health check race the machine's load (a loaded CI machine failed an example that ran in
# 253 ms once and 109 ms the next time). What a test checks is its property, never its speed.
settings.register_profile("canfield", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("canfield")

# The rules' worked example: base 7♥; reserve top Q♣, then 8♥, Q♠, J♠; columns 6♣ K♥ Q♥ A♠.
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
