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
from canfield.terminal import Session, end_text, legal_moves_text, listed_moves, wants_colour

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


def test_each_deck_has_a_line_of_foundations() -> None:
    # Four decks' 16 foundations, one deck a line under the first, fit an 80-column terminal.
    game = canfield.Game.from_code("CF1-D3-AAAAAAA", "quadruple-canfield")
    lines = board_text(game).splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("foundations from "))
    rows = lines[first : first + 4]
    indent = rows[0].index(": ") + 2
    assert all(row[:indent].strip() == "" for row in rows[1:]) and lines[first + 4].startswith("  1: ")
    suits = [[part.split()[0] for part in row[indent:].split("  ")] for row in rows]
    assert suits == [suits[0]] * 4 and sorted(suits[0]) == sorted("♠♥♦♣")
    assert max(len(line) for line in lines) <= 80
    assert board_text(canfield.Game.from_code("CF1-D3-AAAAAAA")).count("foundations") == 1


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
    assert s.message == "played rf: 7♥ from the reserve up to its foundation" and s.game.score == 5
    s.handle("u")
    assert s.message == "took back rf" and s.game.position_string() == before
    s.handle("u")
    assert s.message.startswith("cannot undo: nothing to undo")


def test_taps_and_unknown_input() -> None:
    s = session()
    top = s.game.observation().reserve[-1]
    assert top is not None
    s.handle(canfield.card_name(top))  # a tap on the reserve's top card sends it up
    assert s.message == "tap on 7H: played rf, 7♥ from the reserve up to its foundation"
    assert s.game.line[-1].text == "rf"
    s.handle("KH")  # the top card of column 4 fits nowhere
    assert s.message == (
        "a tap on KH does nothing: K♥ does not go on the heart foundation (it needs 8♥), and no column takes it"
    )
    assert len(s.game.line) == 1
    s.handle("xyzzy")
    assert s.message == "unknown move or command 'xyzzy': ? for help" and len(s.game.line) == 1
    s.handle("hello there")
    assert s.message.startswith("unknown command") and len(s.game.line) == 1


def test_moves_are_listed_numbered_and_described() -> None:
    game = canfield.Game.from_code(WINNING_CODE)
    assert [(lab, m.text, what) for lab, m, what in listed_moves(game)] == [
        ("1", "rf", "7♥ from the reserve up to its foundation"),
        ("2", "s", "turn 3 cards from the stock onto the waste"),
    ]
    for move in WINNING_LINE[:6]:  # rf s w2 s w3 w4
        game.play(move)
    assert [what for _, _, what in listed_moves(game)] == [
        "3♣ from the waste onto 4♦ in column 2",
        "J♥ from column 1 onto Q♣ in column 4",
        "turn 3 cards from the stock onto the waste",
    ]
    game = canfield.Game.from_position(
        "canfield - A:H9.S7.D5.C8 9S/QDJSTD9C8D//QSJDTC9D - KH7DKDQCQHJC6DKSKCTS8SJHTH 5 190 137"
    )
    offered = listed_moves(game)
    words = {m.text: what for _, m, what in offered}
    assert [lab for lab, _, _ in offered][8:11] == ["9", "#10", "#11"]
    assert words["S2"] == "7♠ from its foundation onto 8♦ in column 2"
    assert words["H3"] == "9♥ from its foundation to the empty column 3"
    assert words["23:2"] == "9♣ and the card on it from column 2 to the empty column 3"
    assert words["23:4"] == "J♠ and the 3 cards on it from column 2 to the empty column 3"
    assert words["s"] == "turn the waste back over as the stock, for pass 7"


def test_a_number_plays_the_move_of_that_number() -> None:
    s = session()
    s.handle("2")
    assert s.message == "played s: turn 3 cards from the stock onto the waste" and s.game.line[-1].text == "s"
    s.handle("9")
    assert s.message == f"there is no move 9 here: the moves are numbered 1 to {len(s.game.legal_moves())}"
    s.handle("#1")
    assert s.game.line[-1].text == s.game.history[-1].text and len(s.game.line) == 2
    game = canfield.Game.from_position(
        "canfield - A:H9.S7.D5.C8 9S/QDJSTD9C8D//QSJDTC9D - KH7DKDQCQHJC6DKSKCTS8SJHTH 5 190 137"
    )
    many = Session(game, out=io.StringIO())
    tenth = listed_moves(game)[9][1]
    many.handle("#10")
    assert many.game.line[-1] == tenth
    many.handle("u")
    many.handle("12")  # two digits are a move in notation (column 1 onto column 2), never a number of the list
    assert many.message == "illegal move '12': 9♠ does not build on 8♦ in column 2"
    many.handle("21")
    assert many.message == "played 21: 8♦ from column 2 onto 9♠ in column 1"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("13:0", "malformed move '13:0': the count must be 1..208"),
        ("1f17", "malformed move '1f17': expected 's', a source"),
        ("QX", "unknown card 'QX'"),
        ("xyzzy", "unknown move or command 'xyzzy': ? for help"),
        ("w", "a tap on w does nothing: the waste is empty"),
        ("7S", "a tap on 7S does nothing: 7♠ cannot be tapped here: only the top cards of the waste and the reserve"),
        ("K♥", "a tap on K♥ does nothing: K♥ cannot start the heart foundation (only 7♥ can), and no column takes it"),
    ],
)
def test_refused_input_says_exactly_why_and_changes_nothing(typed: str, said: str) -> None:
    s = session()
    before = s.game.position_string()
    s.handle(typed)
    assert s.message.startswith(said) and s.game.position_string() == before


def test_a_tap_on_the_stock_when_it_cannot_turn_says_why() -> None:
    s = session("CF1-D3-RFNFUQV")
    s.game = canfield.Game.from_code("CF1-D3-RFNFUQV", "no-redeal")
    for move in ONE_PASS_LINE:
        s.game.play(move)
    s.handle("s")
    assert s.message == "illegal move 's': the stock is empty and no redeal is left (pass 1 of 1)"


#: A one-pass game (no-redeal) that the simple policy plays to its end: no move at all is left.
ONE_PASS_LINE = "2f 21 r4 s w4 s s s s s w3 s w3 w2 s w2 s s s s".split()


def test_a_one_pass_game_that_is_over_says_so_without_the_stock() -> None:
    s = Session(canfield.Game.from_code("CF1-D3-RFNFUQV", "no-redeal"), out=io.StringIO())
    for move in ONE_PASS_LINE:
        s.handle(move)
    assert s.game.legal_moves() == [] and s.game.is_lost()
    assert end_text(s.game) == "The game is lost: no move is left."
    assert s.message.endswith("The game is lost: no move is left. u to undo, n for a new deal, q to quit.")
    assert "stock" not in s.message.split("\n")[1] and s.moves_text() == "legal moves: none"


def test_a_won_game_offers_no_take_back_and_no_hint() -> None:
    s = session()
    for move in WINNING_LINE:
        s.handle(move)
    assert listed_moves(s.game) == [] and any(m.from_foundation for m in s.game.legal_moves())
    assert s.moves_text() == "legal moves: none: the game is won"
    assert legal_moves_text(s.game) == "legal moves: none: the game is won"
    s.handle("H1")
    assert s.message.startswith("the game is won: no card comes back") and s.game.is_won()
    s.handle("1")
    assert s.message == "there is no move to make: You won! Score 255 in 91 moves."
    s.handle("h")
    assert s.message == "no hint: the game is won"
    s.handle("u")
    assert s.message == f"took back {WINNING_LINE[-1]}" and not s.game.is_won()


def test_a_hint_is_the_fair_players_unless_the_solvers_is_asked_for() -> None:
    s = session()
    s.handle("h")
    fair = s.game.hint(fair=True)
    assert s.game.line == [] and fair.source == "fair" and fair.move in s.game.legal_moves()
    assert fair.share is not None and fair.samples > 1
    assert s.message.startswith(f"hint from the fair player, who sees what you see: {fair.move.text}, ")
    assert s.message.endswith(f" % of {fair.samples} samples of the unseen cards)") or "no win found" in s.message
    s.handle("hs")
    hint = s.game.hint()
    assert s.game.line == [] and hint.move in s.game.legal_moves()
    source = {"solver": "the solver, who knows every card", "policy": "the simple policy"}[hint.source]
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
    assert s.message.endswith("\nYou won! Score 255 in 91 moves. n for a new deal, q to quit.")
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
    """``canfield play --line`` in a pseudo-terminal (the full screen is driven in tmux, below)."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    if not colour:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "canfield.cli", "play", "--line", *args],
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
    act(child, "h", "hint from the fair player, who sees what you see:")
    act(child, "hs", f"hint from {'the solver' if probe.hint().source == 'solver' else 'the simple policy'}")
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
    act(child, "h", "no hint: the game is won")
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
