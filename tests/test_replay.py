"""The replay page: one frame per position, self-contained, and it steps in a real browser."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import canfield
from canfield.replay import expand, frames, replay_html, shared_cards, start_of
from canfield.svg import board_svg
from canfield.terminal import describe_move

from .chromium import Browser
from .test_terminal import WINNING_CODE, WINNING_LINE


def saved_game(moves: int) -> canfield.Game:
    """A game saved and loaded back after the first ``moves`` moves of the winning line."""
    game = canfield.Game.from_code(WINNING_CODE)
    for move in WINNING_LINE[:moves]:
        game.play(move)
    return canfield.Game.from_json(game.to_json())


def test_one_frame_per_position_each_drawn_by_the_svg_code() -> None:
    game = saved_game(len(WINNING_LINE))
    shots = frames(game)
    assert [label for label, _, _ in shots] == ["start", *WINNING_LINE]
    assert shots[0][2] == board_svg(canfield.Game.from_code(WINNING_CODE))
    assert shots[-1][2] == board_svg(game)
    assert all(a[2] != b[2] for a, b in itertools.pairwise(shots))  # every move changes the picture
    start = canfield.Game.from_code(WINNING_CODE)
    assert shots[1][1] == f"move 1 of 91: rf, {describe_move(start, canfield.Move.parse('rf'))}"
    assert describe_move(start, canfield.Move.parse("rf")) == "7♥ from the reserve up to its foundation"


def test_a_game_from_a_position_replays_from_that_position() -> None:
    start = saved_game(20)
    game = canfield.Game.from_position(start.position_string())
    for move in WINNING_LINE[20:25]:
        game.play(move)
    assert start_of(game).position_string() == start.position_string()
    assert len(frames(game)) == 6


def test_the_page_stands_alone() -> None:
    page = replay_html(saved_game(10))
    assert page.startswith("<!doctype html>") and page.count("<svg") == 12  # the cards, then one picture a position
    assert not re.search(r"""(src|href)\s*=\s*["'](?!#)""", page), "nothing is loaded from elsewhere"
    assert "http" not in page.replace('xmlns=\\"http://www.w3.org/2000/svg\\"', "")
    assert "</script" not in page.split('id="frames">')[1].split("</script>")[0]


def long_game() -> canfield.Game:
    """A game of 201 moves: the solver's winning line of a deal with many stock turns."""
    game = canfield.Game.from_code("CF1-D3-AAAAAAC")
    for move in canfield.solve(game).line:
        game.play(move)
    assert game.is_won() and len(game.line) == 201
    return game


def test_each_card_picture_is_in_the_page_once() -> None:
    game = long_game()
    shots = frames(game)
    definitions, pictures = shared_cards([svg for _, _, svg in shots])
    assert [expand(definitions, p) for p in pictures] == [svg for _, _, svg in shots]  # the same pictures
    assert all('class="card"' not in p and "<use " in p for p in pictures)
    names = re.findall(r'<g id="c-(\w+)"', definitions)
    assert len(names) == len(set(names)) <= 52 and definitions.count('<g id="back"') == 1
    page = replay_html(game)
    full = sum(len(svg) for _, _, svg in shots)
    assert len(page) < full / 2.5  # 1.9 MB of pictures, drawn from about 0.6 MB of page
    assert page.count('<g id="c-') == len(names)


def test_shared_cards_look_the_same_in_a_browser(browser: Browser, tmp_path: Path) -> None:
    game = saved_game(30)
    svg = board_svg(game)
    definitions, (placed,) = shared_cards([svg])
    style = "<style>body { margin: 0; background: #fff; } svg { display: block; }</style>"
    shots = []
    for name, body in (("drawn", svg), ("shared", definitions + placed)):
        path = tmp_path / f"{name}.html"
        path.write_text(f"<!doctype html><meta charset='utf-8'>{style}{body}", encoding="utf-8")
        browser.open(path.as_uri(), width=700, height=500)
        shots.append(browser.screenshot(tmp_path / f"{name}.png"))
    assert shots[0] == shots[1]  # pixel for pixel


def test_the_page_steps_in_a_browser(browser: Browser, tmp_path: Path) -> None:
    path = tmp_path / "replay.html"
    path.write_text(replay_html(saved_game(len(WINNING_LINE))), encoding="utf-8")
    browser.open(path.as_uri(), width=1000, height=900)
    since = len(browser.events)

    def state() -> dict[str, str]:
        value: dict[str, str] = browser.evaluate(
            "({board: document.getElementById('board').innerHTML,"
            " counter: document.getElementById('counter').textContent,"
            " caption: document.getElementById('caption').textContent})"
        )
        return value

    def key(name: str) -> None:
        for kind in ("keyDown", "keyUp"):
            browser.call("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name})

    first = state()
    assert first["counter"] == "0 / 91" and first["board"].startswith("<svg")
    browser.evaluate("document.getElementById('next').click()")
    after = state()
    assert after["counter"] == "1 / 91" and after["board"] != first["board"] and "rf" in after["caption"]
    key("ArrowRight")
    assert state()["counter"] == "2 / 91"
    key("ArrowLeft")
    assert state() == after
    key("End")
    assert "won" in state()["board"] and state()["counter"] == "91 / 91"
    browser.evaluate("document.getElementById('next').click()")
    assert state()["counter"] == "91 / 91"  # the end stays the end
    browser.evaluate("document.querySelectorAll('#moves button')[5].click()")
    assert state()["counter"] == "5 / 91"
    browser.evaluate("document.getElementById('first').click()")
    assert state() == first
    browser.screenshot(tmp_path / "replay.png")
    assert browser.errors() == [] and not [e for e in browser.events[since:] if e[0] == "Runtime.exceptionThrown"]
