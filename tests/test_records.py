"""Saved-game JSON records: exact round trips, and one test per validation error."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canfield
from canfield.errors import RecordError, UndoError
from canfield.records import dumps, from_record, load, loads, save, to_record

from .strategies import games, play_random

# Stock, waste and reserve empty: one player move ('4f') and auto-finish wins the game.
AUTO_FINISH = "cardgames-io - A:S12.H12.D12.C10 KHQC/KS/KD/KCJC - - 0 0 7"


def played(game: canfield.Game, n: int, seed: int = 0) -> canfield.Game:
    """Play up to ``n`` random legal moves, preferring moves other than the stock."""
    rng = random.Random(seed)
    for _ in range(n):
        moves = game.legal_moves()
        if not moves:
            break
        others = [m for m in moves if m.text != "s"]
        game.play(rng.choice(others if others and rng.random() < 0.7 else moves))
    return game


def assert_same(a: canfield.Game, b: canfield.Game) -> None:
    assert a.position_string() == b.position_string()
    assert (a.score, a.move_count, a.variant, a.options()) == (b.score, b.move_count, b.variant, b.options())


def record(**changes: Any) -> dict[str, Any]:
    """A valid record of a played canfield game, with ``changes`` applied (None deletes a field)."""
    rec = to_record(played(canfield.Game.from_code("CF1-D3-AAAAACL"), 12))
    for k, v in changes.items():
        if v is None:
            rec.pop(k, None)
        else:
            rec[k] = v
    return rec


def error(rec: dict[str, Any] | str) -> str:
    with pytest.raises(RecordError) as info:
        loads(rec if isinstance(rec, str) else json.dumps(rec))
    return str(info.value)


# -- round trips --------------------------------------------------------------------------------

CASES = [
    ("canfield", {}),
    ("canfield", {"draw": 1}),
    ("canfield", {"tableau_moves": "whole", "foundation_takeback": False, "redeals": 2}),
    ("classic", {}),
    ("superior", {}),
    ("rainbow", {"redeals": 1}),
    ("storehouse", {}),
    ("casino", {"draw": 1}),
    ("no-redeal", {}),
    ("cardgames-io", {"draw": 1}),
]


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_round_trip(variant: str, options: dict[str, Any]) -> None:
    game = played(canfield.Game.random(variant, rng=random.Random(7), **options), 80)
    loaded = canfield.Game.from_json(game.to_json())
    assert_same(loaded, game)
    assert (loaded.code, loaded.deal) == (game.code, game.deal)
    assert loaded.to_json() == game.to_json()
    moves = game.legal_moves()
    if moves:
        assert loaded.play(moves[-1]) == game.play(moves[-1])
        assert_same(loaded, game)


def test_record_fields(example: canfield.Game) -> None:
    for move in ("r2", "rf", "24:2"):
        example.play(move)
    rec = json.loads(dumps(example))
    assert list(rec) == ["format", "version", "variant", "options", "deal", "code", "moves", "score", "move_count"]
    assert rec["format"] == "canfield-record" and rec["version"] == 1 and rec["variant"] == "canfield"
    assert rec["deal"] == example.deal_string() and rec["code"] is None
    assert (rec["moves"], rec["score"], rec["move_count"]) == (["r2", "rf", "24:2"], 5, 3)


def test_options_are_the_games_options() -> None:
    game = canfield.Game.from_code("CF1-D1-ABCDEFG", "classic", redeals=3)
    rec = to_record(game)
    assert rec["options"] == game.options() == {"draw": 1, "redeals": 3}
    assert rec["code"] == "CF1-D1-ABCDEFG"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(), st.data())
def test_random_games_round_trip(game: canfield.Game, data: st.DataObject) -> None:
    play_random(game, data, data.draw(st.integers(0, 60)))
    for _ in range(data.draw(st.integers(0, 3))):
        try:
            game.undo()
        except UndoError:
            break
    text = dumps(game)
    loaded = loads(text)
    assert_same(loaded, game)
    assert dumps(loaded) == text


def test_undone_moves_are_not_recorded() -> None:
    game = played(canfield.Game.from_code("CF1-D3-AAAAAAA"), 20)
    line = [m.text for m in game.history]
    game.undo()
    game.undo()
    rec = to_record(game)
    assert rec["moves"] == line[:-2]
    assert_same(from_record(rec), game)


def test_undo_counted_as_a_move_is_restored() -> None:
    game = played(canfield.Game.from_code("CF1-D1-AAAAAAB", "cardgames-io"), 20)
    game.undo()
    game.undo()
    rec = to_record(game)
    assert len(rec["moves"]) == 18 and rec["move_count"] == 22
    loaded = from_record(rec)
    assert_same(loaded, game)
    rec["move_count"] = 17
    with pytest.raises(RecordError, match=r"record\.move_count: the moves give 18, the record says 17"):
        from_record(rec)


def test_line_longer_than_the_undo_limit() -> None:
    game = played(canfield.Game.from_code("CF1-D3-AAAAAAC", undo_limit=3), 40)
    rec = to_record(game)
    assert len(rec["moves"]) == 40
    assert_same(from_record(rec), game)


def test_from_position_records_its_start_and_line(example: canfield.Game) -> None:
    start = example.position_string().removesuffix(" 0 0") + " 20 4"
    game = canfield.Game.from_position(start)
    for move in ("r2", "rf", "24:2", "s"):
        game.play(move)
    rec = to_record(game)
    assert "deal" not in rec and rec["position"] == start and rec["code"] is None
    assert rec["moves"] == ["r2", "rf", "24:2", "s"]
    assert_same(from_record(rec), game)


def test_auto_finish_moves_are_not_recorded() -> None:
    game = canfield.Game.from_position(AUTO_FINISH)
    game.play("4f")
    assert len(game.history) == 6 and game.is_won()
    rec = to_record(game)
    assert rec["position"] == AUTO_FINISH and rec["moves"] == ["4f"]
    loaded = from_record(rec)
    assert_same(loaded, game)
    assert loaded.history == game.history


def test_copy_is_saved_as_its_position() -> None:
    game = played(canfield.Game.from_code("CF1-D3-AAAAAAD"), 15).copy()
    rec = to_record(game)
    assert rec["position"] == game.position_string() and rec["moves"] == []
    assert_same(from_record(rec), game)


def test_save_and_load_files(tmp_path: Path) -> None:
    game = played(canfield.Game.from_code("CF1-D3-AAAAAAE"), 25)
    path = tmp_path / "game.json"
    save(game, path)
    assert path.read_bytes().decode("utf-8") == game.to_json()
    assert_same(load(path), game)


# -- validation: the first problem, and where it is ---------------------------------------------


def test_not_json() -> None:
    msg = error('{"format": ')
    assert msg.startswith("record: not JSON (line 1, column 12:")


def test_not_an_object() -> None:
    assert error("[1, 2]") == "record: expected a JSON object, not a list"


def test_unknown_field() -> None:
    assert error(record(foo=1)).startswith("record: unknown field 'foo'")


def test_missing_field() -> None:
    assert error(record(deal=None)).startswith("record: missing field 'deal'")
    assert error(record(moves=None)) == "record: missing field 'moves'"
    assert error(record(format=None)).startswith("record: missing field 'format'")


def test_repeated_field() -> None:
    text = json.dumps(record()).replace('"version": 1', '"version": 1, "version": 1')
    assert error(text) == "record: field 'version' appears twice"


def test_wrong_format_and_version() -> None:
    assert error(record(format="chess-pgn")).startswith("record.format: 'chess-pgn' is not a canfield saved game")
    assert error(record(version=2)) == "record.version: 2 is not supported (expected 1)"
    assert error(record(version="1")) == "record.version: '1' is not supported (expected 1)"


def test_both_deal_and_position() -> None:
    assert error(record(position="x")).startswith("record: has both 'deal' and 'position'")


def test_deal_errors() -> None:
    deal = record()["deal"]
    assert error(record(deal=deal.replace("TD", "8C"), code="")).startswith("record.deal")  # deal comes first
    assert error(record(deal=deal.replace("TD", "8C"))) == "record.deal: repeats 8C and misses TD"
    assert error(record(deal=deal.replace("TD", "ZZ"))).startswith("record.deal: card ")
    assert "unknown card 'ZZ'" in error(record(deal=deal.replace("TD", "ZZ")))
    assert error(record(deal=deal.split())) == "record.deal must be a string of cards in dealing order, not a list"


def test_variant_errors() -> None:
    assert error(record(variant="canfeld")).startswith("record.variant: unknown variant 'canfeld'")
    assert error(record(variant=3)).startswith("record.variant must be a string")


def test_option_errors() -> None:
    assert error(record(options={"drwa": 1})).startswith("record.options: unknown rule option 'drwa'")
    assert error(record(options={"draw": 0})).startswith("record.options: draw=0 is not allowed")
    assert error(record(options={"draw": 1.5})).startswith("record.options.draw must be an integer")
    assert error(record(options=[])).startswith("record.options must be an object")
    text = json.dumps(record()).replace('"options": {}', '"options": {"draw": 3, "draw": 3}')
    assert error(text) == "record.options: option 'draw' appears twice"


def test_code_errors() -> None:
    assert error(record(code="CF1-D3-abc")).startswith("record.code: malformed deal code 'CF1-D3-abc'")
    assert error(record(code="CF1-D1-AAAAACL")).startswith("record.code: 'CF1-D1-AAAAACL' says draw 1")
    assert error(record(code="CF1-D3-AAAAACM")).startswith(
        "record.code: 'CF1-D3-AAAAACM' is not the code of record.deal"
    )
    assert error(record(code=7)).startswith("record.code must be a deal code")


def test_malformed_move() -> None:
    moves = record()["moves"]
    moves[3] = "x9"
    assert error(record(moves=moves)).startswith("record.moves[3]: malformed move 'x9'")


def test_illegal_move() -> None:
    rec = record()
    game = canfield.Game.from_deal(rec["deal"])
    for move in rec["moves"][:7]:
        game.play(move)
    bad = next(t for t in ("r1", "r2", "r3", "r4", "wf", "12", "rf") if not game.is_legal(t))
    rec["moves"][7] = bad
    msg = error(rec)
    assert msg.startswith(f"record.moves[7]: illegal move '{bad}': ")
    assert msg.endswith(game.explain(bad))


def test_moves_types() -> None:
    assert error(record(moves="s s")) == "record.moves must be a list of strings, not a string"
    assert error(record(moves=["s", 5])) == "record.moves[1] is a number: record.moves must be a list of strings"


def test_score_and_move_count_are_checked() -> None:
    rec = record()
    assert error(record(score=rec["score"] + 5)).startswith(f"record.score: the moves give {rec['score']}")
    assert error(record(move_count=rec["move_count"] + 1)).startswith("record.move_count: the moves give")
    assert error(record(score="5")) == "record.score must be an integer, not a string"


def test_position_errors() -> None:
    rec = to_record(canfield.Game.from_position(AUTO_FINISH))
    assert error({**rec, "position": "canfield - -"}).startswith("record.position: a position string has 9")
    assert error({**rec, "variant": "canfield"}).startswith("record.position: its rules 'cardgames-io' are not")
    rec["moves"] = ["4f", "1f"]
    assert error(rec).startswith("record.moves[1]: illegal move '1f': ")


def test_a_number_too_long_to_read() -> None:
    text = json.dumps(record()).replace('"version": 1', '"version": 1' + "1" * 5000)
    assert error(text) == "record: holds a number too long to read (over 4300 digits)"


def test_position_with_lenient_digits() -> None:
    rec = to_record(canfield.Game.from_position(AUTO_FINISH))
    for bad in ("²", "٣", "--1", "1" * 5000):
        msg = error({**rec, "position": AUTO_FINISH.replace(" 0 0 7", f" {bad} 0 7")})
        assert msg.startswith("record.position: recycle count")


def test_a_code_must_be_able_to_lead_to_the_position() -> None:
    game = played(canfield.Game.from_code("CF1-D3-AAAAAAD"), 15).copy()
    rec = to_record(game)
    assert rec["code"] == "CF1-D3-AAAAAAD" and "position" in rec
    assert from_record(rec).deal == game.deal
    msg = error({**rec, "code": "CF1-D3-AAAAAAE"})
    assert msg.startswith("record.code: 'CF1-D3-AAAAAAE' cannot lead to record.position: ")
    # A position whose reserve, stock and waste are gone still shows its foundations' start.
    rec = to_record(canfield.Game.from_position(AUTO_FINISH))
    assert error({**rec, "code": "CF1-D3-AAAAAAA"}).endswith("its foundations start otherwise")


def test_file_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"format": "canfield-record", \xff}')
    with pytest.raises(RecordError, match=r"bad\.json: record: not UTF-8 text"):
        load(path)
    path.write_text(json.dumps(record(version=9)), encoding="utf-8")
    with pytest.raises(RecordError, match=r"bad\.json: record\.version: 9 is not supported"):
        load(path)
