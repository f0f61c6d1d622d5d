"""Pictures of positions: well-formed, every visible card once, nothing face down, golden files, real rendering."""

from __future__ import annotations

import itertools
import os
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canfield
from canfield.svg import CARD_W, board_svg

from .chromium import Browser, png_size
from .strategies import games, play_random

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = Path(__file__).parent / "golden"
#: Set to rewrite the golden files from the current drawing (then look at them and commit).
UPDATE = os.environ.get("CANFIELD_UPDATE_GOLDEN") == "1"

WINNING_CODE = "CF1-D3-AAAABKN"


def drawn_cards(svg: str) -> Counter[str]:
    """The face-up cards a picture draws, by name, counted."""
    root = ET.fromstring(svg)
    return Counter(g.attrib["data-card"] for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "card")


def visible_cards(game: canfield.Game) -> Counter[str]:
    """What a player sees face up: columns, visible reserve, the waste's top cards, foundation (or layout pile) tops."""
    obs = game.observation()
    cards = [c for col in obs.columns for c in col if c is not None]
    cards += [c for pile in obs.reserves for c in pile if c is not None]
    shown = min(game.observation().draw, 3)
    cards += obs.waste[-shown:] if obs.waste else []
    cards += [s * 13 + (obs.start + n - 1) % 13 for s, n in obs.foundations if n]
    cards += [pile[-1] for pile in obs.foundation_piles if pile]  # a layout's piles, each its top card
    return Counter(canfield.card_name(c) for c in cards)


def hidden_cards(game: canfield.Game) -> set[str]:
    """The cards a player cannot see: the stock and the reserve's and columns' face-down cards."""
    pos, obs = game.position, game.observation()
    down = [
        real
        for pile, seen_pile in zip(pos.reserves, obs.reserves, strict=True)
        for real, seen in zip(pile, seen_pile, strict=True)
        if seen is None
    ]
    down += [
        real
        for col, seen in zip(pos.columns, obs.columns, strict=True)
        for real, s in zip(col, seen, strict=True)
        if s is None
    ]
    return {canfield.card_name(c) for c in [*pos.stock, *down]}


def check_picture(game: canfield.Game) -> str:
    svg = board_svg(game)
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag == f"{SVG}svg"
    assert drawn_cards(svg) == visible_cards(game)
    if game.spec.decks == 1:
        assert not hidden_cards(game) & set(drawn_cards(svg))
    backs = [g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "back"]
    obs = game.observation()
    face_down = sum(c is None for col in obs.columns for c in col)
    reserve_down = sum(c is None for pile in obs.reserves for c in pile)
    assert len(backs) == reserve_down + face_down + (obs.stock_count > 0)
    assert not re.search(r"(href|src)=", svg), "a picture refers to nothing outside itself"
    return svg


@settings(max_examples=60, deadline=None)
@given(games(), st.data())
def test_every_visible_card_once_and_nothing_face_down(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 60)))
    check_picture(game)


def test_two_decks_and_nine_columns() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA", decks=2, columns=9)
    svg = check_picture(game)
    assert drawn_cards(svg).total() == 9 + 1 + 1  # columns, the reserve's top, the base card
    root = ET.fromstring(svg)
    width = float(root.attrib["viewBox"].split()[2])
    assert width > 9 * CARD_W  # nine columns side by side


def test_a_columns_face_down_cards_show_between_its_face_up_ones() -> None:
    """Minerva deals face down, face up, face down, face up: each back shows enough to be counted."""
    game = canfield.Game.from_code("CF1-D1-AAAABKN", "minerva")
    root = ET.fromstring(check_picture(game))
    label = next(t for t in root.iter(f"{SVG}text") if t.text == "1")
    x_col = float(label.attrib["x"]) - CARD_W / 2
    tops = []  # the y of each card of column 1, bottom card first, with its kind
    for el in root:
        kind = el.attrib.get("class")
        if kind in ("card", "back"):
            x, y = map(float, el.attrib["transform"].removeprefix("translate(").rstrip(")").split(","))
            if x == x_col:
                tops.append((y, kind))
    assert [kind for _, kind in tops] == ["back", "card", "back", "card"]
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(tops)]
    assert min(gaps) >= 10, gaps  # a back under a face-up card is more than a hairline


def foundation_places(svg: str) -> list[tuple[float, float]]:
    """The corners of the foundations (cards and empty places) above and right of column 1."""
    root = ET.fromstring(svg)
    label = next(t for t in root.iter(f"{SVG}text") if t.text == "1")  # column 1's number
    left, low = float(label.attrib["x"]) - CARD_W / 2, float(label.attrib["y"])
    out = []
    for el in root:
        if el.attrib.get("class") == "card":
            x, y = map(float, el.attrib["transform"].removeprefix("translate(").rstrip(")").split(","))
        elif el.attrib.get("class") == "slot":
            x, y = float(el.attrib["x"]), float(el.attrib["y"])
        else:
            continue
        if x >= left and y < low:
            out.append((x, y))
    return out


def test_three_and_four_decks_lay_out_their_foundations_in_rows_of_eight() -> None:
    four = canfield.Game.from_code("CF1-D3-AAAAAAA", "quadruple-canfield")
    found = foundation_places(check_picture(four))
    rows = sorted({y for _, y in found})
    assert len(found) == 16 and [sum(y == row for _, y in found) for row in rows] == [8, 8]
    assert sorted(x for x, y in found if y == rows[0]) == sorted(x for x, y in found if y == rows[1])
    suits = [s for s, _ in four.position.foundations]
    assert suits[:8] == suits[8:]  # so each place of a row holds one suit
    three = canfield.Game.from_code("CF1-D3-AAAAAAA", "triple-canfield")
    assert [sum(y == row for _, y in foundation_places(board_svg(three))) for row in rows] == [8, 4]

    def width(game: canfield.Game) -> float:
        return float(ET.fromstring(board_svg(game)).attrib["viewBox"].split()[2])

    assert width(four) == width(three) == width(canfield.Game.from_code("CF1-D3-AAAAAAA", "double-canfield"))


def test_the_whole_reserve_shows_where_the_variant_shows_it() -> None:
    svg = check_picture(canfield.Game.from_code("CF1-D3-AAAAAAA", "superior"))
    assert drawn_cards(svg).total() == 13 + 4 + 1


def test_status_line_stock_count_and_base_rank() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    game.play("s")
    svg = board_svg(game)
    texts = ["".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "Canfield · draw 3 · pass 1 of ∞" in texts and "score 0 · moves 1" in texts
    assert str(game.observation().stock_count) in texts and "waste 3" in texts
    assert "8♥\ufe0e" in texts  # an empty foundation shows the card it starts with (base rank 8), as text


def test_width_scales_without_changing_the_drawing() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    small, natural = board_svg(game, width=300), board_svg(game)
    assert 'width="300"' in small
    assert re.sub(r' width="\d+" height="\d+"', "", small, count=1) == re.sub(
        r' width="\d+" height="\d+"', "", natural, count=1
    )


def test_jupyter_shows_a_game_as_its_picture() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert game._repr_svg_() == board_svg(game)


def test_won_game_says_so() -> None:
    game = canfield.Game.from_code(WINNING_CODE)
    while not game.is_won():
        move = canfield.policy.preferred_move(game.rules, game.position)
        assert move is not None
        game.play(move)
    svg = check_picture(game)
    assert "score 255 · moves 91 · won" in svg


# -- golden files --------------------------------------------------------------------------------


def golden_positions() -> dict[str, canfield.Game]:
    start = canfield.Game.from_code("CF1-D3-AAAAAAA")
    later = canfield.Game.from_code("CF1-D3-AAAABKN")
    for move in "rf s w2 s w3 w4 14 21:2 w1 w2 s".split():
        later.play(move)
    return {"start-CF1-D3-AAAAAAA": start, "eleven-moves-CF1-D3-AAAABKN": later}


@pytest.mark.parametrize("name", sorted(golden_positions()))
def test_golden_pictures(name: str) -> None:
    svg = board_svg(golden_positions()[name]) + "\n"
    path = GOLDEN / f"{name}.svg"
    if UPDATE:
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8"), f"{path.name} differs (CANFIELD_UPDATE_GOLDEN=1 rewrites it)"


# -- rendered by a browser -------------------------------------------------------------------------

_LAYOUT = """(() => {
  const svg = document.querySelector("svg"), box = svg.getBoundingClientRect();
  const inside = (r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5
                        && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const piles = [...svg.querySelectorAll("g.card, g.back")];
  const problems = [];
  piles.forEach((g, i) => {
    if (!g.classList.contains("card")) return;
    const index = g.querySelector("text").getBoundingClientRect();
    if (!meet(index, g.querySelector("rect").getBoundingClientRect())) problems.push("index outside " + g.dataset.card);
    piles.slice(i + 1).forEach((h) => {
      if (meet(index, h.querySelector("rect").getBoundingClientRect())) problems.push("index of " + g.dataset.card + " covered");
    });
  });
  svg.querySelectorAll("text").forEach((t) => { if (!inside(t.getBoundingClientRect())) problems.push("outside: " + t.textContent); });
  const head = [...svg.querySelectorAll("text.status")].map((t) => t.getBoundingClientRect());
  if (head.length === 2 && meet(head[0], head[1])) problems.push("header lines overlap");
  return {problems, width: box.width, height: box.height};
})()"""


def render_positions() -> dict[str, canfield.Game]:
    out = golden_positions()
    fanned = canfield.Game.from_code("CF1-D3-AAAAAAA")
    for move in ("s", "s", "s"):
        fanned.play(move)
    out["waste-fan"] = fanned
    out["superior"] = canfield.Game.from_code("CF1-D3-AAAAAAA", "superior")
    out["two-decks-nine-columns"] = canfield.Game.from_code("CF1-D3-AAAAAAA", decks=2, columns=9)
    out["four-decks"] = canfield.Game.from_code("CF1-D3-AAAAAAA", "quadruple-canfield")
    out["face-up-reserve-of-20"] = canfield.Game.from_code("CF1-D1-AAAAAAA", "american-toad")
    out["twelve-columns"] = canfield.Game.from_code("CF1-D1-AAAAAAA", "the-plot")
    won = canfield.Game.from_code(WINNING_CODE)
    while not won.is_won():
        won.play(canfield.policy.preferred_move(won.rules, won.position) or "s")
    out["won"] = won
    return out


@pytest.mark.parametrize("width", [300, 1200])
def test_pictures_read_in_a_browser(browser: Browser, tmp_path: Path, width: int) -> None:
    """Drawn by Chromium at 300 and 1200 px: no card index covered, no text outside the picture."""
    for name, game in render_positions().items():
        svg = board_svg(game)
        page = tmp_path / f"{name}-{width}.html"
        page.write_text(
            f'<!doctype html><meta charset="utf-8"><style>body{{margin:0}} svg{{display:block;width:{width}px;'
            f"height:auto}}</style>{svg}",
            encoding="utf-8",
        )
        browser.open(page.as_uri(), width=width, height=200)
        layout = browser.evaluate(_LAYOUT)
        assert layout["problems"] == [], name
        assert layout["width"] == pytest.approx(width)
        height = round(layout["height"])
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        png = browser.screenshot(tmp_path / f"{name}-{width}.png")
        assert png_size(png) == (width, height)
    assert browser.errors() == []
