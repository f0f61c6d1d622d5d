"""The ``canfield`` command: play a deal, list variants and their rules, perft, docs tables."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import Game, perft, variants
from .errors import CanfieldError
from .plugins.registry import get_variant

DEFAULT_CODE = "CF1-D3-AAAAAAA"


def _greedy(game: Game) -> str | None:
    """A simple policy for the demo: a foundation move, else a non-stock move, else the stock."""
    moves = game.legal_moves()
    if not moves:
        return None
    for m in moves:
        if m.target == "f":
            return m.text
    for m in moves:
        if m.text != "s" and m.source not in "SHDC":
            return m.text
    return moves[-1].text


def cmd_play(args: argparse.Namespace) -> int:
    options = {"draw": args.draw} if args.draw else {}
    game = Game.from_code(args.code, args.variant, **options)
    print(f"deal {game.code} ({game.variant})")
    print(game)
    todo = list(args.moves)
    for _ in range(args.auto):
        todo.append("")
    for text in todo:
        print("legal moves:", " ".join(m.text for m in game.legal_moves()) or "none")
        move = text or _greedy(game)
        if move is None:
            break
        game.play(move)
        print(f"\n> {move}")
        print(game)
    print("legal moves:", " ".join(m.text for m in game.legal_moves()) or "none")
    print("position:", game.position_string())
    if game.is_won():
        print("won")
    elif game.is_lost():
        print("lost: no move but turning the stock is left")
    return 0


def cmd_variants(args: argparse.Namespace) -> int:
    rows = [(v.id, v.name, v.source, ", ".join(v.overrides()) or "-") for v in variants()]
    head = ("id", "name", "from", "hooks overridden")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
    for r in [head, *rows]:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
    return 0


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
    docs = field_docs()
    for name, value in attrs.asdict(v.spec).items():
        print(f"  {name} = {value!r}  # {docs[name]}")
    return 0


def cmd_perft(args: argparse.Namespace) -> int:
    game = Game.from_code(args.code, args.variant)
    for d in range(1, args.depth + 1):
        print(d, perft(game, d))
    return 0


def cmd_docs(args: argparse.Namespace) -> int:
    from . import docsgen

    if args.what == "table":
        print(docsgen.differences_table())
    else:
        if len(args.ids) != 2:
            raise CanfieldError("canfield docs diff needs two variant ids")
        print(docsgen.diff(*args.ids))
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="canfield", description="Canfield solitaire and its variants.")
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="show a deal, list its legal moves, play moves")
    play.add_argument("code", nargs="?", default=DEFAULT_CODE, help=f"deal code (default {DEFAULT_CODE})")
    play.add_argument("moves", nargs="*", help="moves to play, e.g. r2 rf 24:2")
    play.add_argument("--variant", default="canfield")
    play.add_argument("--draw", type=int, default=None)
    play.add_argument("--auto", type=int, default=0, metavar="N", help="then play N moves of a simple policy")
    play.set_defaults(func=cmd_play)
    sub.add_parser("variants", help="list registered variants").set_defaults(func=cmd_variants)
    rules = sub.add_parser("rules", help="print a variant's full spec")
    rules.add_argument("variant")
    rules.set_defaults(func=cmd_rules)
    pf = sub.add_parser("perft", help="count move sequences to each depth")
    pf.add_argument("code", nargs="?", default=DEFAULT_CODE)
    pf.add_argument("depth", type=int, nargs="?", default=4)
    pf.add_argument("--variant", default="canfield")
    pf.set_defaults(func=cmd_perft)
    docs = sub.add_parser("docs", help="markdown generated from the registered variants")
    docs.add_argument("what", choices=["table", "diff"])
    docs.add_argument("ids", nargs="*")
    docs.set_defaults(func=cmd_docs)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except CanfieldError as e:
        print(f"canfield: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
