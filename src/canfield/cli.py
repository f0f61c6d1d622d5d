"""The ``canfield`` command: play a game, draw a position, replay a saved game, list variants and rules.

``canfield play`` is an interactive game when its input and output are a terminal; otherwise it
plays the moves given on the command line (and ``--auto N`` policy moves) and prints the boards.
Options may come anywhere among a command's other arguments.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import Game, perft, records, variants
from .errors import CanfieldError, InvalidMoveError
from .notation import parse_move
from .plugins.registry import get_variant, registry
from .solver import DEFAULT_MEMORY
from .spec import MAX_DRAW, check_options, read_option
from .text import format_option, format_size, read_size, read_whole

DEFAULT_CODE = "CF1-D3-AAAAAAA"
#: The draw counts ``--draw`` accepts: the same as a deal code's and the ``draw`` option's.
DRAW_RANGE = range(1, MAX_DRAW + 1)


class _Parser(argparse.ArgumentParser):
    """A command's parser whose options may come before, between or after its other arguments."""

    _mixing = False

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        if self._mixing:
            return super().parse_known_args(args, namespace)
        self._mixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._mixing = False


def _count(what: str, lo: int, hi: int | None = None) -> Any:
    """An argparse type: an int in ``lo..hi``, refused with a message naming ``what`` otherwise."""

    def read(text: str) -> int:
        value = read_whole(text)
        if value is None or value < lo or (hi is not None and value > hi):
            span = f"{lo}..{hi}" if hi is not None else f"{lo} or more"
            raise argparse.ArgumentTypeError(f"{what} {text!r} is not a whole number {span}")
        return value

    return read


def _size(what: str) -> Any:
    """An argparse type: a number of bytes, with an optional suffix (``512M``, ``1G``; ``K`` is 1024)."""

    def read(text: str) -> int:
        value = read_size(text)
        if not value:
            raise argparse.ArgumentTypeError(
                f"{what} {text!r} is not a size in bytes: a whole number 1 or more, optionally with K, M, G or T "
                "(e.g. 512M, 1G)"
            )
        return value

    return read


# -- the rules of a new game ---------------------------------------------------------------------


def _option_value(name: str, text: str) -> object:
    """An option's value as the command line reads it: as in a position string (`read_option`), with
    ``None``, ``True`` and ``False`` in any case too."""
    word = text.strip()
    return read_option(name, word.lower() if word.lower() in ("none", "true", "false") else word)


class _RuleOption(argparse.Action):
    """``--option NAME=VALUE`` and ``--draw N``: each adds one rule option to ``args.options``.

    ``--draw N`` is ``--option draw=N``; an option given twice with two values is refused.
    """

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        if self.dest == "draw":
            name, value = "draw", values
            namespace.draw = values
        else:
            name, sep, text = str(values).partition("=")
            name = name.strip()
            if not sep or not name:
                raise argparse.ArgumentError(self, f"{values!r}: expected NAME=VALUE, e.g. foundation_takeback=false")
            try:
                check_options({name: None})
            except CanfieldError as e:
                raise argparse.ArgumentError(self, f"{values!r}: {e}") from None
            value = _option_value(name, text)
        options = dict(getattr(namespace, "options", None) or {})
        if name in options and options[name] != value:
            raise argparse.ArgumentError(
                self, f"{name} is given twice, as {format_option(options[name])} and {format_option(value)}"
            )
        options[name] = value
        namespace.options = options


def rule_flags() -> _Parser:
    """The flags that choose the rules of a new game, the same for every command that makes one:
    ``--variant ID``, ``--draw N`` and ``--option NAME=VALUE`` (repeatable), into ``args.variant``
    and ``args.options`` (a dict, ``--draw`` included)."""
    p = _Parser(add_help=False)
    rules = p.add_argument_group("the rules of a new game")
    rules.add_argument(
        "--variant", metavar="ID", help="a variant id or alias (default canfield; see 'canfield variants')"
    )
    rules.add_argument(
        "--draw",
        type=_count("draw count", DRAW_RANGE.start, DRAW_RANGE.stop - 1),
        action=_RuleOption,
        metavar="N",
        help=f"cards turned from the stock at a time, 1 to {MAX_DRAW} (default: the deal code's, else the variant's)",
    )
    rules.add_argument(
        "--option",
        action=_RuleOption,
        metavar="NAME=VALUE",
        help="a rule option as 'canfield rules ID' prints it, e.g. foundation_takeback=false (repeat for more)",
    )
    p.set_defaults(options={}, draw=None)
    return p


def memory_flag() -> _Parser:
    """``--memory BYTES``, the solver's bound per search, the same for ``solve`` and ``survey``."""
    p = _Parser(add_help=False)
    p.add_argument(
        "--memory",
        type=_size("--memory"),
        default=DEFAULT_MEMORY,
        metavar="BYTES",
        help="the most memory for the positions a search has seen, in bytes, or with K, M, G, e.g. 512M "
        f"(default {format_size(DEFAULT_MEMORY)})",
    )
    return p


# -- which game ----------------------------------------------------------------------------------


def _is_saved_game(text: str) -> bool:
    return text.lower().endswith(".json") or Path(text).is_file()


def _is_move(text: str) -> bool:
    try:
        parse_move(text)
    except InvalidMoveError:
        return False
    return True


def _game(args: argparse.Namespace) -> tuple[Game, list[str]]:
    """The game the arguments name, and the moves to play on it.

    The first argument may be a variant's id or alias (``canfield play duke``, the same as
    ``--variant duke``); then comes a saved game (a ``.json`` file), or a deal code unless it is a
    move; ``--position`` gives a position instead. The variant, ``--draw`` and ``--option`` choose
    the rules of a deal code or a new random deal, and are refused with a saved game or a position,
    which carry their own rules.
    """
    items = list(args.items)
    variant = args.variant
    if items and not _is_saved_game(items[0]) and not _is_move(items[0]) and items[0] in registry():
        if variant is not None:
            raise CanfieldError(f"the variant is given twice, as {items[0]!r} and as --variant {variant}")
        variant = items.pop(0)
    source = items.pop(0) if items and (_is_saved_game(items[0]) or not _is_move(items[0])) else None
    options: dict[str, Any] = dict(args.options)
    rules_given = [f"the variant {variant}"] if variant is not None else []
    rules_given += [f"--draw {args.draw}"] if args.draw is not None else []
    rules_given += [
        f"--option {name}={format_option(value)}"
        for name, value in options.items()
        if name != "draw" or args.draw is None
    ]
    if args.position is not None:
        if source is not None:
            raise CanfieldError(f"give a deal code, a saved game or --position, not both {source!r} and --position")
        if rules_given:
            raise CanfieldError(
                f"--position carries its own rules: {' and '.join(rules_given)} {'is' if len(rules_given) == 1 else 'are'} for a new deal only"
            )
        return Game.from_position(args.position), items
    if source is not None and _is_saved_game(source):
        if rules_given:
            raise CanfieldError(
                f"a saved game carries its own rules: {' and '.join(rules_given)} {'is' if len(rules_given) == 1 else 'are'} for a new deal only"
            )
        return records.load(source), items
    return _new_game(source, variant or "canfield", args.options), items


def _new_game(code: str | None, variant: str, options: dict[str, Any]) -> Game:
    """A game of the deal ``code`` (a random deal when None) of ``variant`` with rule ``options``."""
    if code is None:
        return Game.random(variant, **options)
    return Game.from_code(code, variant, **options)


# -- commands ------------------------------------------------------------------------------------


def _board(game: Game) -> str:
    from .board import board_text
    from .terminal import legal_moves_text

    return board_text(game) + "\n" + legal_moves_text(game)


def _stuck_key(game: Game) -> tuple[str, ...]:
    """The piles of a position without its pass count, to see the policy only turning the stock round."""
    return tuple(game.position_string().split()[1:6])


def _session(game: Game, args: argparse.Namespace) -> int:
    """Play ``game`` interactively: full screen in a terminal, else (``--line``, ``-i`` on a pipe,
    a dumb terminal) line by line on standard input and output."""
    from .terminal import Session, wants_colour

    colour = args.color == "always" or (args.color == "auto" and wants_colour(sys.stdout))
    tty = sys.stdin.isatty() and sys.stdout.isatty()
    if tty and not args.line and os.environ.get("TERM", "dumb") != "dumb":
        from .fullscreen import play, unusable

        why = unusable()
        if not why:
            return play(Session(game, out=sys.stdout, colour=colour))
        print(f"line by line: no full screen here ({why})", file=sys.stderr)
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:  # pragma: no cover - not on every platform
        pass
    return Session(game, out=sys.stdout, colour=colour).run()


def cmd_play(args: argparse.Namespace) -> int:
    from .policy import preferred_move
    from .terminal import lost_reason

    game, moves = _game(args)
    if not moves and not args.auto and (args.interactive or (sys.stdin.isatty() and sys.stdout.isatty())):
        return _session(game, args)
    deal = f"deal {game.code}" if game.code else "a game from a position"
    print(f"{deal} ({game.variant})")
    print(_board(game))
    for text in moves:
        game.play(text)
        print(f"\n> {text}")
        print(_board(game))
    stopped = ""
    seen: set[tuple[str, ...]] = set()
    for _ in range(args.auto):
        if game.is_won() or game.is_lost():
            break
        move = preferred_move(game.rules, game.position)
        if move is None:
            stopped = "the policy sees no move to make"
            break
        if move.text != "s":
            seen.clear()
        elif _stuck_key(game) in seen:
            stopped = "the policy only turns the stock round: it sees nothing more to do"
            break
        seen.add(_stuck_key(game))
        game.play(move)
        print(f"\n> {move.text}")
        print(_board(game))
    print("position:", game.position_string())
    if game.is_won():
        print("won")
    elif game.is_lost():
        print(f"lost: {lost_reason(game)}")
    elif stopped:
        print(f"stopped: {stopped}")
    return _session(game, args) if args.interactive else 0


def _write(path: str, text: str) -> None:
    """Write ``text`` to the file ``path`` (and say so), or to standard output for ``-``."""
    if path == "-":
        sys.stdout.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")
        print(f"wrote {path}")


def cmd_show(args: argparse.Namespace) -> int:
    from .svg import board_svg

    game, moves = _game(args)
    for text in moves:
        game.play(text)
    if args.svg is None:
        print(_board(game))
        return 0
    _write(args.svg, board_svg(game, width=args.width) + "\n")
    return 0


#: `canfield solve`'s exit status for each verdict (2 is an error, as for every command).
SOLVE_STATUS = {"won": 0, "lost": 1, "unknown": 3}


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import solve

    game, moves = _game(args)
    for text in moves:
        game.play(text)
    found = solve(game, timeout=args.timeout, max_states=args.max_states, memory=args.memory)
    print(f"deal {game.code} ({game.variant})" if game.code else f"position {game.position_string()}")
    why = f" ({found.cut})" if found.cut else ""
    print(f"verdict: {found.verdict}{why}")
    print(f"positions: {found.states:,} in {found.seconds:.3f} s")
    if found.verdict == "won":
        print(f"line ({len(found.line)} moves): {' '.join(m.text for m in found.line)}")
    return SOLVE_STATUS[found.verdict]


def cmd_deal(args: argparse.Namespace) -> int:
    import random

    rng = random.Random(args.seed) if args.seed is not None else None
    for _ in range(args.count):
        game = Game.random(
            args.variant or "canfield",
            rng,
            winnable=args.winnable,
            timeout=args.timeout,
            difficulty=args.difficulty,
            **args.options,
        )
        print(game.code)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .replay import replay_html

    _write(args.html, replay_html(records.load(args.saved)))
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    rows = [(v.id, v.name, v.source, ", ".join(v.overrides()) or "-") for v in variants()]
    head = ("id", "name", "from", "hooks overridden")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
    for r in [head, *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return 0


#: Ranks in words, ace (0) to king (12), for the meaning of a rank option.
RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")


def value_meaning(name: str, value: object, *, chosen_base: bool = False) -> str:
    """What an option's value means, when its text does not say it: ``the two``, ``unlimited``, ``3 passes``.

    ``chosen_base``: the rules let the player choose the base (``choose_base``), so no base card is dealt.
    """
    if name == "foundation_base":
        if isinstance(value, int):
            return f"the {RANK_WORDS[value]}"
        return "the rank of the first reserve card put up" if chosen_base else "the dealt base card's rank"
    if name in ("redeals", "undo_limit") and value is None:
        return "unlimited"
    if name == "foundations" and value is None:
        return "the usual layout"
    if name == "redeals" and isinstance(value, int):
        return f"{value + 1} pass{'es' if value else ''}"
    return ""


def cmd_rules(args: argparse.Namespace) -> int:
    import attrs

    from .spec import field_docs

    v = get_variant(args.variant)
    print(f"{v.name} ({v.id}), from {v.source}")
    if v.aliases:
        print("aliases:", ", ".join(v.aliases))
    if v.description:
        print(v.description)
    print("hooks overridden:", ", ".join(v.overrides()) or "none")
    print("rule options, each as --option NAME=VALUE takes it:")
    docs = field_docs()
    for name, value in attrs.asdict(v.spec, recurse=False).items():
        meaning = value_meaning(name, value, chosen_base=v.spec.choose_base)
        print(f"  {name} = {format_option(value)}  # {meaning + ': ' if meaning else ''}{docs[name]}")
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    game = _new_game(args.code, args.variant or "canfield", args.options)
    for d in range(min(1, args.depth), args.depth + 1):  # depth 0 counts the one empty sequence
        print(d, perft(game, d))
    return 0


def cmd_docs(args: argparse.Namespace) -> int:
    from . import docsgen

    if args.what == "table":
        if args.ids:
            raise CanfieldError(f"canfield docs table takes no variant ids (got {' '.join(args.ids)})")
        print(docsgen.differences_table())
    else:
        if len(args.ids) != 2:
            raise CanfieldError(f"canfield docs diff needs two variant ids, not {len(args.ids)}")
        print(docsgen.diff(*args.ids))
    return 0


# -- the parser ----------------------------------------------------------------------------------


def _game_arguments(p: argparse.ArgumentParser, moves: str) -> None:
    p.add_argument(
        "items",
        nargs="*",
        metavar="GAME [MOVE ...]",
        help="a variant id (e.g. duke, the same as --variant duke), then a deal code (e.g. CF1-D3-AAAAAAA) or a "
        f"saved game (a .json file), then moves in notation (e.g. 12 s r2 24:2) {moves}; without a deal code or "
        "a saved game, a new random deal",
    )
    p.add_argument("--position", metavar="TEXT", help="start from a position string (as printed by 'position:')")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="canfield", description="Canfield solitaire and its variants.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    rules_of_a_game = [rule_flags()]
    play = sub.add_parser(
        "play",
        parents=rules_of_a_game,
        help="play a game: interactive in a terminal, else the moves given",
        description="Play a game. In a terminal it is interactive: a full-screen board, or lines with --line "
        "(type ? for help); otherwise, or with moves or --auto, it plays the moves and prints each board.",
    )
    _game_arguments(play, "to play first")
    play.add_argument(
        "--auto",
        type=_count("--auto", 0),
        default=0,
        metavar="N",
        help="then play up to N moves of a simple policy, stopping at a win or a loss",
    )
    play.add_argument(
        "-i",
        "--interactive",
        action="store_true",
        help="read commands from standard input even when it is not a terminal (line by line)",
    )
    play.add_argument(
        "--line",
        action="store_true",
        help="in a terminal, play line by line (the board printed after each command) instead of full screen",
    )
    play.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="red suits in red: auto (in a terminal, unless NO_COLOR is set), always or never",
    )
    play.set_defaults(func=cmd_play)
    show = sub.add_parser(
        "show",
        parents=rules_of_a_game,
        help="print a position, or draw it as an SVG picture",
        description="Print a position as text, or write it as an SVG picture with --svg.",
    )
    _game_arguments(show, "to play before showing it")
    show.add_argument(
        "--svg", metavar="FILE", help="write the position as an SVG picture to FILE ('-' for standard output)"
    )
    show.add_argument(
        "--width",
        type=_count("--width", 1),
        metavar="PX",
        help="the picture's width in pixels (default its natural size)",
    )
    show.set_defaults(func=cmd_show)
    replay = sub.add_parser(
        "replay",
        help="turn a saved game into a web page that steps through it",
        description="Write one self-contained HTML page that steps through a saved game.",
    )
    replay.add_argument("saved", metavar="SAVED.json", help="a saved game (from 'save FILE' in play, or Game.to_json)")
    replay.add_argument("--html", required=True, metavar="FILE", help="the page to write ('-' for standard output)")
    replay.set_defaults(func=cmd_replay)
    memory = memory_flag()
    solve = sub.add_parser(
        "solve",
        parents=[*rules_of_a_game, memory],
        help="can this deal be won? the verdict, and a winning line",
        description="Solve a deal or a position: prints the verdict (won, lost or unknown), the time, the "
        "positions searched and a winning line. Exit status: 0 won, 1 lost, 3 unknown, 2 an error. The "
        "solver knows every card, the stock's order and the face-down reserve and column cards included.",
    )
    _game_arguments(solve, "to play before solving")
    solve.add_argument("--timeout", type=float, default=30.0, metavar="S", help="give up after S seconds (default 30)")
    solve.add_argument("--max-states", type=_count("--max-states", 1), metavar="N", help="give up after N positions")
    solve.set_defaults(func=cmd_solve)
    deal = sub.add_parser(
        "deal",
        parents=rules_of_a_game,
        help="print random deal codes (winnable ones with --winnable, or by --difficulty)",
        description="Print random deal codes; with --winnable only deals the solver proves winnable; with "
        "--difficulty only deals the fair player rates easy, medium or hard.",
    )
    deal.add_argument("--winnable", action="store_true", help="only deals proved winnable by the solver")
    deal.add_argument(
        "--difficulty",
        choices=("easy", "medium", "hard"),
        help="only deals of this difficulty for a player who sees what a player sees (see docs/fair-play.md)",
    )
    deal.add_argument("--timeout", type=float, default=2.0, metavar="S", help="the solver's time per deal (default 2)")
    deal.add_argument("--count", type=_count("--count", 1), default=1, metavar="N", help="how many deals (default 1)")
    deal.add_argument("--seed", type=int, metavar="N", help="a seed, for the same deals again")
    deal.set_defaults(func=cmd_deal)
    sub.add_parser(
        "variants",
        help="list registered variants",
        description="List every registered variant, built-in or from an installed plugin: its id, name, "
        "where it comes from and the decision hooks it implements itself.",
    ).set_defaults(func=cmd_variants)
    rules = sub.add_parser(
        "rules",
        help="print a variant's full rules",
        description="Print a variant's full rules: its name, aliases, source and description, the hooks it "
        "overrides, and every rule option with its value, written as --option NAME=VALUE takes it, and its meaning.",
    )
    rules.add_argument("variant", metavar="ID", help="a variant id or alias (see 'canfield variants')")
    rules.set_defaults(func=cmd_rules)
    pf = sub.add_parser(
        "perft",
        parents=rules_of_a_game,
        help="count move sequences to each depth",
        description="Count the sequences of exactly 1, 2, ... DEPTH legal moves from the start of a deal, one "
        "line per depth (depth 0 counts the one empty sequence).",
    )
    pf.add_argument("code", nargs="?", default=DEFAULT_CODE, help=f"deal code (default {DEFAULT_CODE})")
    pf.add_argument(
        "depth", type=_count("depth", 0), nargs="?", default=4, help="the deepest depth to count (default 4)"
    )
    pf.set_defaults(func=cmd_perft)
    docs = sub.add_parser(
        "docs",
        help="markdown generated from the registered variants",
        description="Print markdown generated from the registered variants, as the documentation shows it.",
    )
    docs.add_argument("what", choices=["table", "diff"], help="the table of all variants, or the diff of two")
    docs.add_argument("ids", nargs="*", metavar="ID", help="the two variant ids or aliases to compare (for diff)")
    docs.set_defaults(func=cmd_docs)
    from .surveys.cli import add_survey_command  # the survey command lives with the surveys

    add_survey_command(sub, rules_of_a_game, memory)
    return p


def _quiet_stdout() -> None:
    """After a closed pipe (``canfield play | head``): send what is left to /dev/null, quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (tests capture output)
        pass


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except KeyboardInterrupt:
        return 130
    except (CanfieldError, OSError) as e:
        print(f"canfield: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
