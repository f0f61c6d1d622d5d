"""The terminal game: the text board, one action at a time, and whole sessions in a real terminal."""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

import canfield
from canfield.board import board_text
from canfield.cards import card_symbol
from canfield.terminal import Session, wants_colour

#: A deal and a line of play that wins it (found by the simple policy, kept as a known winning line).
WINNING_CODE = "CF1-D3-AAAABKN"
WINNING_LINE = (
    "rf s w2 s w3 w4 14 21:2 w1 w2 s wf w1 wf s s wf 2f s w2 w3 r3 s wf 2f wf wf s wf wf wf s s s wf s s s wf "
    "s wf wf s wf 2f 4f rf 4f rf wf 3f 4f 4f s s wf s s s s wf 2f 2f 32:3 rf 23 2f wf 32:2 w3 wf s wf 3f w3 s "
    "wf wf wf wf 1f 1f 2f 1f 2f 1f 2f 1f 2f 3f 4f"
).split()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def session(code: str = WINNING_CODE, **kw: bool) -> Session:
    return Session(canfield.Game.from_code(code), out=io.StringIO(), **kw)


def test_the_known_line_wins() -> None:
    game = canfield.Game.from_code(WINNING_CODE)
    for move in WINNING_LINE:
        game.play(move)
    assert game.is_won() and game.score == 255


# -- the text board ------------------------------------------------------------------------------


def test_board_shows_what_a_player_sees_and_hides_the_rest() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    text = board_text(game)
    obs, pos = game.observation(), game.position
    assert f"reserve 13: ▒×12 {card_symbol(obs.reserve[-1]).replace('T', '10')}" in text  # type: ignore[arg-type]
    hidden = [*pos.reserve[:-1], *pos.stock]
    shown = {c for col in obs.columns for c in col} | {obs.reserve[-1]}
    for c in hidden:
        name = card_symbol(c).replace("T", "10")
        if c not in shown:
            assert not re.search(rf"(?<![0-9]){re.escape(name)}", text), name
    assert "stock 34" in text and "pass 1 of unlimited" in text and "foundations from 8:" in text


def test_colour_marks_red_suits_only_when_asked() -> None:
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    coloured = board_text(game, colour=True)
    assert "\x1b[31mK♦\x1b[0m" in coloured and "\x1b[31mQ♣" not in coloured
    assert "\x1b[" not in board_text(game)
    assert ANSI.sub("", coloured) == board_text(game)


def test_colour_follows_the_terminal_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_colour(Tty()) and not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Tty())


# -- one action at a time --------------------------------------------------------------------------


def test_a_move_an_illegal_move_and_undo() -> None:
    s = session()
    before = s.game.position_string()
    assert s.handle("r3")
    assert s.message == f"illegal move 'r3': {canfield.Game.from_code(WINNING_CODE).explain('r3')}"
    assert s.game.position_string() == before
    s.handle("rf")
    assert s.message == "played rf" and s.game.score == 5
    s.handle("u")
    assert s.message == "took back rf" and s.game.position_string() == before
    s.handle("u")
    assert s.message.startswith("cannot undo: nothing to undo")


def test_taps_and_unknown_input() -> None:
    s = session()
    top = s.game.observation().reserve[-1]
    assert top is not None
    s.handle(canfield.card_name(top))  # a tap on the reserve's top card sends it up
    assert s.message.startswith("tap on") and s.game.line[-1].text == "rf"
    s.handle("4")  # the top card of column 4 fits nowhere
    assert s.message == "a tap on 4 does nothing here" and len(s.game.line) == 1
    s.handle("xyzzy")
    assert s.message == "unknown move or command 'xyzzy': ? for help" and len(s.game.line) == 1
    s.handle("hello there")
    assert s.message.startswith("unknown command") and len(s.game.line) == 1


def test_hint_names_its_source_and_plays_nothing() -> None:
    s = session()
    s.handle("h")
    hint = s.game.hint()
    assert s.game.line == [] and hint.move in s.game.legal_moves()
    source = {"solver": "the solver", "policy": "the simple policy"}[hint.source]
    assert s.message.startswith(f"hint from {source}: {hint.move.text}, ")
    if hint.source == "solver":  # the first move of a winning line, which the next hint follows
        assert hint.verdict == "won"
        s.game.play(hint.move)
        assert s.game.hint().source == "solver"


def test_help_new_deal_and_quit() -> None:
    s = session()
    assert s.handle("?") and "undo the last move" in s.message
    s.handle("n")
    assert s.game.code != WINNING_CODE and s.message == f"a new deal: {s.game.code}"
    assert not s.handle("q")


def test_save_and_load(tmp_path: Path) -> None:
    s = session()
    for move in WINNING_LINE[:5]:
        s.handle(move)
    path = tmp_path / "game.json"
    s.handle(f"save {path}")
    assert s.message == f"saved to {path}"
    s.handle("n")
    s.handle(f"load {path}")
    assert s.message == f"loaded {path}" and [m.text for m in s.game.line] == WINNING_LINE[:5]
    s.handle(f"load {tmp_path / 'missing.json'}")
    assert s.message.startswith("cannot load") and len(s.game.line) == 5
    s.handle("save")
    assert s.message.startswith("save needs a file name")


def test_win_and_loss_are_announced() -> None:
    s = session()
    for move in WINNING_LINE:
        s.handle(move)
    assert "You won! Score 255 in 91 moves." in s.message
    lost = session("CF1-D3-AAAAAAA")
    while not lost.game.is_lost():  # the simple policy loses this deal
        move = canfield.policy.preferred_move(lost.game.rules, lost.game.position)
        assert move is not None
        lost.handle(move.text)
    assert "The game is lost" in lost.message


def test_run_reads_until_quit_and_says_how_to_go_on() -> None:
    s = session()
    lines = iter(["rf", "q"])
    assert s.run(lambda prompt: next(lines)) == 0
    out = s.out.getvalue()  # type: ignore[attr-defined]
    assert "played rf" in out and out.count("legal moves:") == 2
    position = out.splitlines()[-1].split("--position ")[1].strip("'")
    assert canfield.Game.from_position(position).score == 5


# -- in a real terminal ------------------------------------------------------------------------------


def spawn(*args: str, colour: bool = False) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    if not colour:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "canfield.cli", "play", *args],
        env=env,
        encoding="utf-8",
        dimensions=(60, 160),
        timeout=30,
    )


def act(child: pexpect.spawn, line: str, expect: str) -> str:
    """Type a line, wait for ``expect`` and the next prompt; what the screen showed meanwhile."""
    child.sendline(line)
    child.expect_exact(expect)
    shown = ANSI.sub("", str(child.before) + expect)
    child.expect_exact("> ")
    return shown


def test_a_whole_game_in_a_terminal(tmp_path: Path) -> None:
    """Play, refuse an illegal move, undo, save, quit; resume from the file, load, win, quit."""
    saved = tmp_path / "game.json"
    child = spawn(WINNING_CODE, colour=True)
    child.expect_exact("> ")
    assert "\x1b[31m" in str(child.before)  # red suits in red in a colour terminal
    assert f"deal {WINNING_CODE}" in ANSI.sub("", str(child.before))
    why = canfield.Game.from_code(WINNING_CODE).explain("r3")
    act(child, "r3", f"illegal move 'r3': {why}")
    for move in WINNING_LINE[:10]:
        act(child, move, f"played {move}")
    act(child, "u", f"took back {WINNING_LINE[9]}")
    act(child, WINNING_LINE[9], f"played {WINNING_LINE[9]}")
    probe = canfield.Game.from_code(WINNING_CODE)
    for move in WINNING_LINE[:10]:
        probe.play(move)
    act(child, "h", f"hint from {'the solver' if probe.hint().source == 'solver' else 'the simple policy'}:")
    act(child, f"save {saved}", f"saved to {saved}")
    child.sendline("q")
    child.expect_exact("to go on later: canfield play --position")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [m.text for m in canfield.Game.from_json(saved.read_text()).line] == WINNING_LINE[:10]

    child = spawn(str(saved))
    child.expect_exact("> ")
    assert "moves 10" in str(child.before) and "\x1b[31m" not in str(child.before)  # NO_COLOR
    act(child, "n", "a new deal")
    act(child, f"load {saved}", f"loaded {saved}")
    for move in WINNING_LINE[10:-1]:
        act(child, move, f"played {move}")
    child.sendline(WINNING_LINE[-1])
    child.expect_exact("You won! Score 255 in 91 moves.")
    child.expect_exact("> ")
    act(child, "h", "no hint: the simple policy sees no move to make")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_end_of_input_quits_quietly() -> None:
    child = spawn("CF1-D3-AAAAAAA")
    child.expect_exact("> ")
    child.sendeof()
    child.expect_exact("to go on later")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in str(child.before)
