"""Saved games as JSON records (no pickle): `dumps` and `loads` save and load a game exactly.

A record is one JSON object::

    {"format": "canfield-record", "version": 1, "variant": "canfield", "options": {"draw": 1},
     "deal": "8C JD 9S …", "code": "CF1-D1-AAAAAAA", "moves": ["s", "rf", "24:2"],
     "score": 5, "move_count": 3}

- ``options``: `Game.options`, the rule fields that differ from the variant's own spec.
- ``deal``: the cards in dealing order (see `canfield.deals`). A game that has no deal to replay from (made
  with `Game.from_position`) holds ``position`` instead: a position string, where its line starts.
- ``code``: the deal code, or null.
- ``moves``: the line of play that reached the position: the moves the player chose, in order.
  Automatic moves (auto-finish) are left out, as replaying makes them again; undone moves are not
  in it (`Game.line`). A `Game.copy` starts at the position it was copied at.
- ``score`` and ``move_count``: checked after the replay. Where an undo counts as a move
  (``undo_is_move``) the counter also holds the undos, which the line cannot show, so it may exceed
  the replayed count; the stored value is then restored.

`loads` checks everything and raises `RecordError` naming the first problem and where it is
(``record.moves[7]: illegal move 'r2': …``); it never returns a half-built game. A loaded game can
undo the moves of its line (within the variant's undo limit).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .deals import make_code, parse_code, shuffled_deck
from .errors import CanfieldError, RecordError
from .game import Game
from .plugins.registry import get_variant, rules_for
from .position import Position
from .rules import Rules
from .spec import check_options

FORMAT = "canfield-record"
VERSION = 1
#: Every field a record may have, in the order `dumps` writes them.
FIELDS = ("format", "version", "variant", "options", "deal", "position", "code", "moves", "score", "move_count")


# -- writing -----------------------------------------------------------------------------------


def dumps(game: Game) -> str:
    """The game as a JSON record, one field a line (UTF-8 text; cards and moves in their canonical text)."""
    body = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in to_record(game).items())
    return "{\n" + body + "\n}\n"


def to_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` as a dict: its start (deal or position) and its line of play."""
    start = {"deal": game.deal_string()} if game.started_from_deal else {"position": game.start_position_string()}
    return {
        "format": FORMAT,
        "version": VERSION,
        "variant": game.variant,
        "options": game.options(),
        **start,
        "code": game.code,
        "moves": [m.text for m in game.line],
        "score": game.score,
        "move_count": game.move_count,
    }


# -- reading -----------------------------------------------------------------------------------


class _Object(dict):  # type: ignore[type-arg]
    """A JSON object that remembers the keys it was given more than once."""

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        seen: set[str] = set()
        self.repeated = [k for k, _ in pairs if k in seen or seen.add(k)]  # type: ignore[func-returns-value]


def loads(text: str | bytes) -> Game:
    """Load a game from a JSON record (text, or UTF-8 bytes); raises `RecordError` on the first problem."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(f"record: not UTF-8 text (byte {e.start}: {e.reason})") from None
    if not isinstance(text, str):
        raise RecordError(f"record: expected JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text, object_pairs_hook=_Object)
    except json.JSONDecodeError as e:
        raise RecordError(f"record: not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    except RecursionError:
        raise RecordError("record: not JSON (nested too deeply)") from None
    except ValueError:  # an integer of more digits than Python converts
        raise RecordError("record: holds a number too long to read (over 4300 digits)") from None
    return from_record(data)


def from_record(data: object) -> Game:
    """A game from a parsed record (a dict), checked as `loads` checks it."""
    record = _check_fields(data)
    rules = _rules(record)
    game = _start(record, rules)
    _replay(game, record["moves"])
    _check_counts(game, record)
    return game


def _kind(value: object) -> str:
    """The JSON type of a value, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_fields(data: object) -> dict[str, Any]:
    """The record's fields: an object, the right format and version, no unknown or missing field."""
    if not isinstance(data, dict):
        raise RecordError(f"record: expected a JSON object, not {_kind(data)}")
    repeated = getattr(data, "repeated", [])
    if repeated:
        raise RecordError(f"record: field {repeated[0]!r} appears twice")
    for name in ("format", "version"):
        if name not in data:
            raise RecordError(f"record: missing field {name!r} (is this a canfield saved game?)")
    if data["format"] != FORMAT:
        raise RecordError(f"record.format: {data['format']!r} is not a canfield saved game (expected {FORMAT!r})")
    if not _is_int(data["version"]) or data["version"] != VERSION:
        raise RecordError(f"record.version: {data['version']!r} is not supported (expected {VERSION})")
    for name in data:
        if name not in FIELDS:
            raise RecordError(f"record: unknown field {name!r} (fields are {', '.join(FIELDS)})")
    if "deal" in data and "position" in data:
        raise RecordError("record: has both 'deal' and 'position' (a record starts from one of them)")
    start = "position" if "position" in data else "deal"
    for name in ("variant", "options", start, "code", "moves", "score", "move_count"):
        if name not in data:
            extra = " (or 'position' for a game from a position)" if name == "deal" else ""
            raise RecordError(f"record: missing field {name!r}{extra}")
    return data


def _rules(record: dict[str, Any]) -> Rules:
    """The rules of ``record.variant`` with ``record.options``."""
    variant = record["variant"]
    if not isinstance(variant, str):
        raise RecordError(f"record.variant must be a string (a variant id), not {_kind(variant)}")
    try:
        v = get_variant(variant)
    except CanfieldError as e:
        raise RecordError(f"record.variant: {e}") from None
    options = record["options"]
    if not isinstance(options, dict):
        raise RecordError(f"record.options must be an object of rule options, not {_kind(options)}")
    repeated = getattr(options, "repeated", [])
    if repeated:
        raise RecordError(f"record.options: option {repeated[0]!r} appears twice")
    for name, value in options.items():
        try:
            check_options({name: value})
        except CanfieldError as e:
            raise RecordError(f"record.options: {e}") from None
        if value is not None and not isinstance(value, (bool, int, str)):
            raise RecordError(
                f"record.options.{name} must be an integer, a boolean, a string or null, not {_kind(value)}"
            )
    try:
        return rules_for(v, **options)
    except CanfieldError as e:
        raise RecordError(f"record.options: {e}") from None


def _start(record: dict[str, Any], rules: Rules) -> Game:
    """The game at the start of the line: from ``record.deal`` or ``record.position``, with its code."""
    if "deal" in record:
        deal = record["deal"]
        if not isinstance(deal, str):
            raise RecordError(f"record.deal must be a string of cards in dealing order, not {_kind(deal)}")
        try:
            game = Game.from_deal(deal, rules.variant.id, **record["options"])
        except CanfieldError as e:
            raise RecordError(f"record.deal: {str(e).removeprefix('deal ')}") from None
    else:
        game = _from_position(record["position"], rules)
    code = record["code"]
    if code is None:
        return game
    if not isinstance(code, str):
        raise RecordError(f"record.code must be a deal code (a string) or null, not {_kind(code)}")
    try:
        draw, seed = parse_code(code)
    except CanfieldError as e:
        raise RecordError(f"record.code: {e}") from None
    if draw != rules.first_draw:  # what the code says is the rules' own first draw, whatever the spec's draw
        raise RecordError(f"record.code: {code!r} says draw {draw}, but the record's rules draw {rules.first_draw}")
    cards = shuffled_deck(seed, rules.decks)
    if game.deal is not None and game.deal != cards:
        raise RecordError(f"record.code: {code!r} is not the code of record.deal (its deal is another)")
    if game.deal is None:
        why = _not_from(game.position, rules.deal(cards))
        if why:
            raise RecordError(f"record.code: {code!r} cannot lead to record.position: {why}")
    game.code, game.deal = make_code(seed, draw), cards
    return game


def _not_from(pos: Position, dealt: Position) -> str | None:
    """Why ``pos`` cannot be reached from the deal ``dealt`` (None when nothing shows it cannot).

    What play never changes: the foundations' start (once chosen, where the player chooses it)
    and suits; the reserve only loses its top cards; stock and waste only lose cards and keep
    their turning order.
    """
    start = dealt.start if not dealt.base_open else pos.start
    if pos.base_open and not dealt.base_open:
        return "its base is still to be chosen, and the deal's is not"
    if (pos.start, [s for s, _ in pos.foundations]) != (start, [s for s, _ in dealt.foundations]):
        return "its foundations start otherwise"
    if len(pos.reserves) != len(dealt.reserves) or any(
        p != d[: len(p)] for p, d in zip(pos.reserves, dealt.reserves, strict=True)
    ):
        return "its reserve is not what the deal's reserve leaves"
    rest = iter(dealt.waste + dealt.stock)
    if not all(c in rest for c in pos.waste + pos.stock):  # in order: `in` consumes the iterator
        return "its stock and waste are not in the deal's order"
    return None


def _from_position(text: object, rules: Rules) -> Game:
    """The game of a position string, whose rules must be the record's."""
    if not isinstance(text, str):
        raise RecordError(f"record.position must be a position string, not {_kind(text)}")
    try:
        game = Game.from_position(text)
    except CanfieldError as e:
        raise RecordError(f"record.position: {e}") from None
    if game.rules.variant.id != rules.variant.id or game.spec != rules.spec:
        raise RecordError(
            f"record.position: its rules {text.split()[0]!r} are not record.variant "
            f"{rules.variant.id!r} with record.options"
        )
    return game


def _replay(game: Game, moves: object) -> None:
    """Play ``record.moves`` in order with `Game.play`, naming the index of the first bad one."""
    if not isinstance(moves, list):
        raise RecordError(f"record.moves must be a list of strings, not {_kind(moves)}")
    for i, move in enumerate(moves):
        if not isinstance(move, str):
            raise RecordError(f"record.moves[{i}] is {_kind(move)}: record.moves must be a list of strings")
        try:
            game.play(move)
        except CanfieldError as e:
            raise RecordError(f"record.moves[{i}]: {e}") from None


def _check_counts(game: Game, record: dict[str, Any]) -> None:
    """Check ``record.score`` and ``record.move_count`` against the replay (restoring counted undos)."""
    for name in ("score", "move_count"):
        if not _is_int(record[name]):
            raise RecordError(f"record.{name} must be an integer, not {_kind(record[name])}")
    if record["score"] != game.score:
        raise RecordError(f"record.score: the moves give {game.score}, the record says {record['score']}")
    count = record["move_count"]
    if count == game.move_count:
        return
    if game.spec.undo_is_move and count > game.move_count:
        game.move_count = count  # the undos, which count as moves here
        return
    why = " (undos count as moves here, so it may only be more)" if game.spec.undo_is_move else ""
    raise RecordError(f"record.move_count: the moves give {game.move_count}, the record says {count}{why}")


# -- files -------------------------------------------------------------------------------------


def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the game's record to a file (UTF-8)."""
    Path(path).write_text(dumps(game), encoding="utf-8")


def load(path: str | os.PathLike[str]) -> Game:
    """Load a game from a record file (UTF-8); a bad record raises `RecordError` naming the file."""
    data = Path(path).read_bytes()
    try:
        return loads(data)
    except RecordError as e:
        raise RecordError(f"{os.fspath(path)}: {e}") from None
