"""The full-screen game: the layout of a screen, and whole games in a real terminal (tmux).

The layout is a pure function of a session and a size, so the screens a terminal shows can be
compared with it character for character: what `layout` lays out is what tmux captures.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import canfield
from canfield.board import board_text
from canfield.fullscreen import MIN_HEIGHT, MIN_WIDTH, layout, screen_after
from canfield.terminal import Session, listed_moves

from .test_terminal import WINNING_CODE, WINNING_LINE
from .tmux import Terminal, find_or_install

ROOT = Path(__file__).resolve().parent.parent
WIDTH, HEIGHT = 90, 30


def session(code: str = WINNING_CODE) -> Session:
    return Session(canfield.Game.from_code(code), out=io.StringIO())


# -- the layout ---------------------------------------------------------------------------------


def test_the_screen_holds_the_board_the_moves_and_the_message() -> None:
    s = session()
    s.handle("1")
    text = layout(s, WIDTH, HEIGHT).text()
    rows = text.splitlines()
    assert len(rows) == HEIGHT and rows[0].startswith(f"deal {WINNING_CODE} (canfield)")
    assert "\n".join(rows[2:10]) == board_text(s.game)  # the one board text, in place
    for lab, move, what in listed_moves(s.game):
        assert f"{lab:>4}  {move.text:<5} {what}" in rows
    assert rows[-2] == "played rf: 7♥ from the reserve up to its foundation" and rows[-1] == ">"


def test_the_input_line_and_the_cursor() -> None:
    screen = layout(session(), WIDTH, HEIGHT, entry="13:2")
    assert screen.text().splitlines()[-1] == "> 13:2" and screen.cursor == (HEIGHT - 1, 6)


def test_a_click_lands_on_what_it_taps_or_plays() -> None:
    s = session()
    screen = layout(s, WIDTH, HEIGHT)
    rows = screen.text().splitlines()
    reserve = next(i for i, r in enumerate(rows) if r.startswith("reserve"))
    top = canfield.card_name(s.game.observation().reserve[-1])  # type: ignore[arg-type]
    assert screen.hit(reserve, rows[reserve].index("7♥")) == "r" and top == "7H"
    assert screen.hit(reserve, 0) is None  # the label taps nothing
    stock = next(i for i, r in enumerate(rows) if r.startswith("stock"))
    assert screen.hit(stock, 2) == "s"
    column = next(i for i, r in enumerate(rows) if r.startswith("  4: "))
    assert screen.hit(column, 5) == "KH"
    move = next(i for i, r in enumerate(rows) if r.startswith("   2  s "))
    assert screen.hit(move, 20) == "2"
    assert screen.hit(move, WIDTH - 2) is None


def test_a_long_move_list_says_how_to_reach_the_rest() -> None:
    # Two empty columns, an empty reserve: moves from the waste, the columns and the foundations.
    game = canfield.Game.from_position(
        "canfield - A:H9.S7.D5.C8 9S/QDJSTD9C8D//QSJDTC9D - KH7DKDQCQHJC6DKSKCTS8SJHTH 5 190 137"
    )
    s = Session(game, out=io.StringIO())
    offered = listed_moves(game)
    assert len(offered) > 9 and offered[9][0] == "#10"
    text = layout(s, WIDTH, 18).text()
    assert "… and" in text and "more: type #" in text
    assert len(text.splitlines()) == 18


def test_help_replaces_the_move_list() -> None:
    s = session()
    s.handle("?")
    text = layout(s, WIDTH, HEIGHT).text()
    assert "undo the last move" in text and "Moves (" not in text


def test_a_won_game_offers_no_move() -> None:
    game = canfield.Game.from_code(WINNING_CODE)
    for move in WINNING_LINE:
        game.play(move)
    assert any(m.from_foundation for m in game.legal_moves())  # the rules would allow a take-back
    text = layout(Session(game, out=io.StringIO()), WIDTH, HEIGHT).text()
    assert "No move to make: the game is won." in text and "from its foundation" not in text


def test_a_small_terminal_gets_a_note() -> None:
    text = layout(session(), MIN_WIDTH - 1, MIN_HEIGHT).text()
    assert f"canfield needs {MIN_WIDTH}x{MIN_HEIGHT} characters" in text


def test_screen_after_plays_the_inputs() -> None:
    screen = screen_after(WINNING_CODE, ["1", "s"], WIDTH, HEIGHT)
    assert "moves 2" in screen.text() and "played s: turn 3 cards from the stock onto the waste" in screen.text()


# -- in a real terminal -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tmux() -> str:
    path, why = find_or_install()
    if path is None:
        pytest.skip(f"NO TMUX, full-screen checks NOT RUN: {why}")
    return path


@pytest.fixture
def start(tmux: str) -> Iterator[Callable[..., Terminal]]:
    """Start ``canfield play ARGS`` in a terminal of its own (``colour``: without NO_COLOR)."""
    started: list[Terminal] = []

    def begin(
        *args: str, colour: bool = False, size: tuple[int, int] = (WIDTH, HEIGHT), locale: str = "C.UTF-8"
    ) -> Terminal:
        env = {"LANG": locale, "LC_ALL": locale, "PYTHONPATH": os.pathsep.join(sys.path)}
        if not colour:
            env["NO_COLOR"] = "1"
        command = [sys.executable, "-m", "canfield.cli", "play", *args]
        started.append(Terminal(tmux, command, width=size[0], height=size[1], env=env))
        return started[-1]

    try:
        yield begin
    finally:
        for term in started:
            term.close()


@pytest.fixture
def terminal(start: Callable[..., Terminal]) -> Terminal:
    """The winning deal, in a terminal."""
    return start(WINNING_CODE)


def type_line(term: Terminal, text: str, then: str) -> str:
    """Type a line and Enter; the screen once it shows ``then``."""
    term.type(text)
    term.keys("Enter")
    return term.wait_for(then)


def test_the_board_redraws_in_place(terminal: Terminal) -> None:
    first = terminal.wait_for("Moves (")
    assert first == layout(session(), WIDTH, HEIGHT).text()  # what the layout says is what a terminal shows
    type_line(terminal, "1", "score 5")
    type_line(terminal, "s", "played s:")
    screen = terminal.screen()
    assert screen == screen_after(WINNING_CODE, ["1", "s"], WIDTH, HEIGHT).text()
    assert screen.count("· score") == 1  # one board, redrawn, not a transcript
    assert terminal.history().count("· score") == 1  # nothing scrolled away either


def test_the_docs_capture_is_what_a_terminal_shows(start: Callable[..., Terminal]) -> None:
    text = (ROOT / "docs" / "playing.md").read_text(encoding="utf-8")
    m = re.search(r'<!-- canfield:screen game="([^"]+)" inputs="([^"]*)" -->', text)
    assert m is not None
    game, inputs = m.group(1), m.group(2).split()
    terminal = start(game, size=(80, 24))
    terminal.wait_for("Moves")
    for i, line in enumerate(inputs, 1):
        type_line(terminal, line, f"moves {i}")
    terminal.wait_for(f"played {inputs[-1]}:")
    assert terminal.screen() == screen_after(game, inputs, 80, 24).text()


def test_errors_are_precise_and_change_nothing(terminal: Terminal) -> None:
    terminal.wait_for("Moves (")
    type_line(terminal, "13:0", "malformed move '13:0': the count must be 1..208")
    type_line(terminal, "KH", "a tap on KH does nothing: K♥ cannot start the heart foundation (only 7♥ can), and no")
    type_line(terminal, "7", "there is no move 7 here: the moves are numbered 1 to 2")
    type_line(terminal, "r3", "illegal move 'r3':")
    assert "moves 0" in terminal.screen()


def test_keys_pick_a_move_and_a_click_taps(terminal: Terminal) -> None:
    terminal.wait_for("Moves (")
    terminal.keys("Down", "Enter")  # the second move: s
    terminal.wait_for("played s: turn 3 cards")
    rows = terminal.screen().splitlines()
    reserve = next(i for i, r in enumerate(rows) if r.startswith("reserve"))
    terminal.click(reserve, rows[reserve].rindex("7♥"))
    shown = terminal.wait_for("tap on r: played rf")
    assert "score 5" in shown
    terminal.type("xyz")
    terminal.keys("Escape")  # Esc clears what was typed
    terminal.type("u")
    terminal.keys("Enter")
    assert "took back rf" in terminal.wait_for("took back")


def test_red_suits_are_red_and_quitting_says_how_to_go_on(start: Callable[..., Terminal]) -> None:
    terminal = start(WINNING_CODE, colour=True)
    terminal.wait_for("Moves (")
    coloured = terminal.screen(colour=True)
    assert re.search(r"\x1b\[(?:[0-9;]*;)?31m7♥", coloured)  # red in red
    type_line(terminal, "1", "score 5")
    terminal.type("q")
    terminal.keys("Enter")
    shown = terminal.wait(lambda _: terminal.dead(), "the game ending")
    line = next(x for x in terminal.history().splitlines() if x.startswith("to go on later"))
    position = line.split("--position ", 1)[1].strip().strip("'")
    assert canfield.Game.from_position(position).score == 5
    assert "Traceback" not in shown


def test_without_a_utf8_locale_it_plays_line_by_line(start: Callable[..., Terminal]) -> None:
    terminal = start(WINNING_CODE, locale="C")
    shown = terminal.wait(lambda screen: screen.rstrip().endswith("\n>"), "the prompt")
    assert "line by line: no full screen here (the locale's character set is" in shown
    assert "legal moves:" in shown and "1  rf    7♥ from the reserve up to its foundation" in shown
    type_line(terminal, "1", "played rf:")


def _saved_before_the_last_move(tmp_path: Path) -> Path:
    game = canfield.Game.from_code(WINNING_CODE)
    for move in WINNING_LINE[:-1]:
        game.play(move)
    path = tmp_path / "nearly.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return path


def test_a_win_in_the_terminal_offers_no_take_back(start: Callable[..., Terminal], tmp_path: Path) -> None:
    term = start(str(_saved_before_the_last_move(tmp_path)))
    term.wait_for("Moves (")
    shown = type_line(term, WINNING_LINE[-1], "You won!")
    assert "You won! Score 255 in 91 moves. n for a new deal, q to quit." in shown
    assert "No move to make: the game is won." in shown and "undo" not in shown.split("You won!")[1]
    type_line(term, "H1", "the game is won: no card comes back from the foundations now")
    assert "moves 91" in term.screen()
