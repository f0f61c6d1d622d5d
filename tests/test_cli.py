"""The ``canfield`` command: options in any order, refused draws, help texts, play, show, replay, pipes."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import canfield
from canfield.cli import build_parser, main

from .test_terminal import WINNING_CODE, WINNING_LINE

CLI = [sys.executable, "-m", "canfield.cli"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def last_position(out: str) -> canfield.Game:
    line = next(x for x in reversed(out.splitlines()) if x.startswith("position: "))
    return canfield.Game.from_position(line.removeprefix("position: "))


def test_options_in_any_order(capsys: pytest.CaptureFixture[str]) -> None:
    orders = [
        ["play", "CF1-D3-AAAAAAA", "--variant", "classic", "12", "s"],
        ["play", "--variant", "classic", "CF1-D3-AAAAAAA", "12", "s"],
        ["play", "CF1-D3-AAAAAAA", "12", "--variant", "classic", "s"],
        ["play", "CF1-D3-AAAAAAA", "12", "s", "--variant", "classic"],
    ]
    positions = set()
    for args in orders:
        code, out, _ = run(capsys, *args)
        assert code == 0 and "> 12" in out and "> s" in out and "Classic Canfield" in out
        positions.add(last_position(out).position_string())
    assert len(positions) == 1 and positions.pop().startswith("classic ")


@pytest.mark.parametrize("draw", ["0", "64", "-1", "x", "٣"])
def test_a_draw_outside_1_to_63_is_refused(capsys: pytest.CaptureFixture[str], draw: str) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--draw", draw, "--auto", "0"])
    assert e.value.code == 2
    assert f"argument --draw: draw count {draw!r} is not a whole number 1..63" in capsys.readouterr().err


def test_draw_is_passed_only_when_given(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "--draw", "1", "--auto", "0")
    assert last_position(out).spec.draw == 1
    _, out, _ = run(capsys, "play", "--variant", "rainbow", "--auto", "0")
    assert last_position(out).spec.draw == canfield.get_variant("rainbow").spec.draw
    _, out, _ = run(capsys, "play", "--variant", "classic", "--auto", "0")
    assert last_position(out).spec.draw == canfield.get_variant("classic").spec.draw


def test_every_option_and_argument_has_help() -> None:
    def parsers(p: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
        found = [p]
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    found += parsers(sub)
        return found

    missing = [
        f"{p.prog} {action.dest}"
        for p in parsers(build_parser())
        for action in p._actions
        if not isinstance(action, argparse._SubParsersAction) and not action.help
    ]
    assert missing == []


def test_rules_shows_ranks_as_ranks(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "storehouse")
    assert code == 0 and "  foundation_base = 2  #" in out
    _, out, _ = run(capsys, "rules", "canfield")
    assert "  foundation_base = None  #" in out


def test_auto_stops_at_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", WINNING_CODE, "--auto", "2000")
    assert out.rstrip().endswith("won")
    assert [x[2:] for x in out.splitlines() if x.startswith("> ")] == WINNING_LINE


def test_auto_stops_at_a_loss(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "CF1-D3-AAAAAAA", "--auto", "2000")
    assert out.rstrip().endswith("lost: no move but turning the stock can ever be made again")
    game = last_position(out)
    assert game.is_lost() and out.count("\n> ") == game.move_count < 100


def test_the_position_line_resumes(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", WINNING_CODE, *WINNING_LINE[:7])
    position = last_position(out).position_string()
    code, out, _ = run(capsys, "play", "--position", position, WINNING_LINE[7])
    assert code == 0 and last_position(out).move_count == 8
    code, _, err = run(capsys, "play", "--position", position, "--variant", "classic")
    assert code == 2 and "--position carries its own rules" in err


def test_play_show_and_replay_a_saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = canfield.Game.from_code(WINNING_CODE)
    for move in WINNING_LINE[:12]:
        game.play(move)
    saved = tmp_path / "game.json"
    saved.write_text(game.to_json(), encoding="utf-8")
    _, out, _ = run(capsys, "play", str(saved), WINNING_LINE[12])
    assert last_position(out).move_count == 13
    svg = tmp_path / "game.svg"
    assert run(capsys, "show", str(saved), "--svg", str(svg))[0] == 0
    assert ET.parse(svg).getroot().tag.endswith("svg")
    code, out, _ = run(capsys, "show", str(saved), "--svg", "-", "--width", "300")
    assert code == 0 and out.startswith("<svg") and 'width="300"' in out
    code, out, _ = run(capsys, "show", "CF1-D3-AAAAAAA")
    assert code == 0 and "legal moves: 12 s" in out
    page = tmp_path / "game.html"
    assert run(capsys, "replay", str(saved), "--html", str(page))[0] == 0
    frames = json.loads(page.read_text(encoding="utf-8").split('id="frames">')[1].split("</script>")[0])
    assert len(frames) == 13
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.json"), "--html", str(page))
    assert code == 2 and "missing.json" in err


def test_bad_input_is_one_line_of_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "CF1-D3-AAAAAAA", "r4")
    assert code == 2 and err.startswith("canfield: error: illegal move 'r4'")
    code, _, err = run(capsys, "play", "CF1-D3-AAAAAA")
    assert code == 2 and "malformed deal code" in err


def test_output_into_a_closed_pipe_ends_quietly() -> None:
    done = subprocess.run(
        f"{' '.join(CLI)} play CF1-D3-AAAAAAA --auto 2000 | head -n 3",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.splitlines()[0] == "deal CF1-D3-AAAAAAA (canfield)"
    assert done.stderr == ""


def test_interactive_on_piped_input() -> None:
    done = subprocess.run(
        [*CLI, "play", WINNING_CODE, "-i"], input="rf\nu\nq\n", capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and "played rf" in done.stdout and "took back rf" in done.stdout
    assert "\x1b[" not in done.stdout  # not a terminal: no colour, no screen clearing
