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
from canfield.plugins.registry import rules_for

from .test_terminal import ONE_PASS_LINE, WINNING_CODE, WINNING_LINE

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


@pytest.mark.parametrize("variant", [v.id for v in canfield.variants()] + ["thirteen-down"])
def test_a_variant_id_first_is_the_variant(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    # `canfield play duke` (an alias too) is `canfield play --variant duke`, with a deal code after it or not.
    rules = rules_for(variant)
    game = canfield.Game.random(rules.variant.id)
    code = game.code
    move = game.legal_moves()[-1].text  # the stock, or (Dutchess, its stock shut at first) a card up
    for args in (["show", variant], ["show", variant, code], ["play", variant, code, move]):
        status, out, _ = run(capsys, *args)
        assert status == 0, args
    assert out.startswith(f"deal {code} ({rules.variant.id})") and last_position(out).variant == rules.variant.id
    _, by_flag, _ = run(capsys, "play", "--variant", variant, code, move)
    assert by_flag == out


def test_a_variant_id_and_a_variant_flag_are_refused_together(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "show", "duke", "--variant", "gate")
    assert status == 2 and "the variant is given twice, as 'duke' and as --variant gate" in err
    status, _, err = run(
        capsys, "show", "duke", "--position", canfield.Game.from_code("CF1-D1-AAAAAAA").position_string()
    )
    assert status == 2 and "--position carries its own rules: the variant duke is for a new deal only" in err


@pytest.mark.parametrize("draw", ["0", "64", "-1", "x", "٣"])
def test_a_draw_outside_1_to_63_is_refused(capsys: pytest.CaptureFixture[str], draw: str) -> None:
    with pytest.raises(SystemExit) as e:
        main(["play", "--draw", draw, "--auto", "0"])
    assert e.value.code == 2
    assert f"argument --draw: draw count {draw!r} is not a whole number 1..63" in capsys.readouterr().err


def test_a_bound_in_billions_of_positions_is_taken(capsys: pytest.CaptureFixture[str]) -> None:
    # Counts of positions past 999,999,999 are ordinary for hard deals: ten digits are a count.
    code, out, err = run(capsys, "solve", "CF1-D3-AAAAAAC", "--max-states", "1500000000")
    assert code in (0, 1), err
    assert out.startswith("deal CF1-D3-AAAAAAC (canfield)")
    with pytest.raises(SystemExit) as e:
        main(["solve", "CF1-D3-AAAAAAC", "--max-states", "1" * 19])
    assert e.value.code == 2
    assert "--max-states '1111111111111111111' is not a whole number 1 or more" in capsys.readouterr().err


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


def _rule_lines(out: str) -> dict[str, str]:
    """``NAME = VALUE`` lines of ``canfield rules``, as ``{NAME: VALUE}``."""
    lines = [x.split("  #")[0].strip() for x in out.splitlines() if x.startswith("  ") and " = " in x]
    return dict(x.split(" = ", 1) for x in lines)


def test_rules_prints_each_value_as_the_option_takes_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "storehouse")
    assert code == 0 and "  foundation_base = 1  # the two: " in out
    assert "  redeals = 2  # 3 passes: " in out and "  build_wraps = true  #" in out
    _, out, _ = run(capsys, "rules", "canfield")
    assert (
        "  foundation_base = none  # the dealt base card's rank: " in out and "  redeals = none  # unlimited: " in out
    )


@pytest.mark.parametrize("variant", [v.id for v in canfield.variants()])
def test_a_printed_rules_line_copied_as_an_option_means_the_same(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    _, out, _ = run(capsys, "rules", variant)
    lines = _rule_lines(out)
    spec = canfield.get_variant(variant).spec
    assert list(lines) == list(canfield.spec.FIELDS)
    flags = [x for name, value in lines.items() for x in ("--option", f"{name}={value}")]
    args = build_parser().parse_args(["show", "--variant", variant, *flags])
    assert args.options == {name: getattr(spec, name) for name in lines}
    assert rules_for(variant, **args.options).spec == spec


#: The commands that make a game, each with the same rule flags.
GAME_COMMANDS = ("play", "show", "solve", "deal", "perft", "survey")


def test_every_command_that_makes_a_game_takes_the_same_rule_flags() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    flags = {
        name: {a.option_strings[0]: a for a in sub.choices[name]._actions if a.option_strings} for name in GAME_COMMANDS
    }
    for flag in ("--variant", "--draw", "--option", "--memory"):
        owners = [name for name in GAME_COMMANDS if flag in flags[name]]
        assert owners == list(GAME_COMMANDS) or (flag == "--memory" and owners == ["solve", "survey"]), flag
        assert len({id(flags[name][flag]) for name in owners}) == 1, f"{flag} is defined more than once"


@pytest.mark.parametrize(
    "args",
    [
        ["show", "CF1-D1-AAAAAAA"],
        ["play", "CF1-D1-AAAAAAA", "--auto", "0"],
        ["solve", "CF1-D1-AAAAAAA", "--max-states", "10"],
        ["perft", "CF1-D1-AAAAAAA", "1"],
    ],
)
def test_rule_options_reach_the_game(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run(capsys, *args, "--variant", "classic", "--option", "redeals=2", "--option", "draw=1")
    assert code in (0, 3), err  # solve: unknown within 10 positions
    if args[0] in ("show", "play"):
        assert "Classic Canfield · draw 1 · pass 1 of 3 ·" in out
    if args[0] == "solve":
        assert out.startswith("deal CF1-D1-AAAAAAA (classic)")
    if args[0] == "perft":
        game = canfield.Game.from_code("CF1-D1-AAAAAAA", "classic", redeals=2, draw=1)
        assert out == f"1 {canfield.perft(game, 1)}\n"


def test_a_scheme_named_none_survives_the_position_line(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", "CF1-D3-AAAAAAA", "--option", "scoring=none", "12")
    game = last_position(out)
    assert game.spec.scoring == "none" and game.position_string().startswith("canfield,scoring=none ")


def test_the_published_rules_can_be_played(capsys: pytest.CaptureFixture[str]) -> None:
    flags = ["--option", "foundation_takeback=false", "--option", "build_past_base=false"]
    _, out, _ = run(capsys, "play", "CF1-D3-AAAAAAA", *flags, "--auto", "0")
    assert last_position(out).options() == {"foundation_takeback": False, "build_past_base": False}


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--option", "colour=blue"], "argument --option: 'colour=blue': unknown rule option 'colour'"),
        (["--option", "redeals"], "argument --option: 'redeals': expected NAME=VALUE"),
        (["--option", "redeals=1", "--option", "redeals=2"], "redeals is given twice, as 1 and 2"),
        (["--draw", "1", "--option", "draw=3"], "draw is given twice, as 1 and 3"),
    ],
)
def test_bad_rule_flags_are_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], flags: list[str], message: str
) -> None:
    for command in GAME_COMMANDS:
        with pytest.raises(SystemExit) as e:
            main([command, *flags])
        assert e.value.code == 2 and message in capsys.readouterr().err, command


@pytest.mark.parametrize("draw", [0, 1, 52, 63, 64, 99])
def test_the_cli_the_deal_codes_and_the_rules_accept_the_same_draws(
    capsys: pytest.CaptureFixture[str], draw: int
) -> None:
    try:
        build_parser().parse_args(["show", "--draw", str(draw)])
        cli_ok = True
    except SystemExit:
        cli_ok = False
    capsys.readouterr()
    try:
        canfield.deals.parse_code(f"CF1-D{draw}-AAAAAAA")
        code_ok = True
    except canfield.InvalidCodeError:
        code_ok = False
    try:
        canfield.RuleSpec(draw=draw)
        spec_ok = True
    except canfield.RulesError:
        spec_ok = False
    assert cli_ok == code_ok == spec_ok == (1 <= draw <= canfield.spec.MAX_DRAW)
    if spec_ok:
        assert canfield.Game.from_code(f"CF1-D{draw}-AAAAAAA").rules.draws[0] == draw


@pytest.mark.parametrize(("text", "size"), [("1024", 1024), ("64K", 1 << 16), ("512M", 512 << 20), ("2g", 2 << 30)])
def test_memory_is_bytes_with_a_suffix_for_solve_and_survey(text: str, size: int) -> None:
    assert build_parser().parse_args(["solve", "--memory", text]).memory == size
    assert build_parser().parse_args(["survey", "--memory", text]).memory == size
    assert build_parser().parse_args(["solve"]).memory == canfield.solver.DEFAULT_MEMORY


def test_a_memory_bound_in_bytes_is_reached(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "CF1-D3-AAAAAAA", "--memory", "1K")
    assert code == 3 and "verdict: unknown (memory)" in out


@pytest.mark.parametrize("size", ["0", "1.5G", "-1", "12Q", "1 G", "G"])
def test_a_bad_memory_size_is_refused(capsys: pytest.CaptureFixture[str], size: str) -> None:
    with pytest.raises(SystemExit) as e:
        main(["solve", "--memory", size])
    assert e.value.code == 2 and f"--memory {size!r} is not a size in bytes" in capsys.readouterr().err


def test_perft_counts_from_depth_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "perft", "CF1-D3-AAAAAAA", "0")[1] == "0 1\n"
    game = canfield.Game.from_code("CF1-D3-AAAAAAA")
    assert (
        run(capsys, "perft", "CF1-D3-AAAAAAA", "2")[1] == f"1 {canfield.perft(game, 1)}\n2 {canfield.perft(game, 2)}\n"
    )


def test_docs_refuses_arguments_it_does_not_take(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "docs", "table", "extra")
    assert code == 2 and out == "" and "canfield docs table takes no variant ids (got extra)" in err
    code, out, err = run(capsys, "docs", "diff", "canfield")
    assert code == 2 and out == "" and "needs two variant ids, not 1" in err


def test_every_command_has_a_description() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    for name, parser in sub.choices.items():
        assert parser.description and len(parser.description) > 30, name
    assert "decision hooks" in sub.choices["variants"].format_help()
    assert "--option NAME=VALUE" in " ".join(sub.choices["rules"].format_help().split())


def test_auto_stops_at_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", WINNING_CODE, "--auto", "2000")
    assert out.rstrip().endswith("won")
    assert [x[2:] for x in out.splitlines() if x.startswith("> ")] == WINNING_LINE


def test_a_won_game_lists_no_move_and_a_finished_one_pass_game_no_stock(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "play", WINNING_CODE, *WINNING_LINE)
    assert out.rstrip().endswith("won") and out.count("legal moves: none: the game is won") == 1
    _, out, _ = run(capsys, "play", "CF1-D3-RFNFUQV", "--variant", "no-redeal", *ONE_PASS_LINE)
    assert out.rstrip().endswith("lost: no move is left") and "turning the stock" not in out


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
