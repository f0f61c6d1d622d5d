"""``canfield survey``: run or resume a survey into a SQLite file, or report on one.

``canfield survey --variant ID --count N --max-states N --db FILE`` solves N deals and prints the
report; the same command again resumes. ``canfield survey --report FILE`` prints the report of a
finished or running survey (``--format text|json|markdown``). ``--verify N`` then solves N of the
file's finished deals again and says where the verdicts differ.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from ..errors import SurveyError
from ..fair import MAX_STATES, PLAYERS, SAMPLES
from ..text import read_whole
from .report import report
from .run import survey
from .verify import verify

FORMATS = ("text", "json", "markdown")


def _whole(what: str, lo: int) -> Any:
    """An argparse type: a whole number >= ``lo`` (underscores and commas not allowed)."""

    def read(text: str) -> int:
        value = read_whole(text)
        if value is None or value < lo:
            raise argparse.ArgumentTypeError(f"{what} {text!r} is not a whole number {lo} or more")
        return value

    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"--timeout {text!r} is not a number of seconds > 0")
    return value


def add_survey_command(sub: Any, rules: Sequence[argparse.ArgumentParser], memory: argparse.ArgumentParser) -> None:
    """Add the ``survey`` command to the subparsers of the ``canfield`` command.

    ``rules`` are the parents that give every command that makes games its rule flags (``--variant``,
    ``--draw``, ``--option``), ``memory`` the parent of ``--memory``: one definition of each.
    """
    p = sub.add_parser(
        "survey",
        parents=[*rules, memory],
        help="solve many deals: how often a variant can be won",
        description="Solve every deal of a deal set, one verdict each, into a SQLite file (run the same "
        "command again to resume), and print the report; or print the report of a survey file. With "
        "--verify N, then solve N of the file's finished deals again and report where the verdicts differ.",
    )
    p.add_argument("--report", metavar="FILE", help="print the report of a survey file, finished or running")
    p.add_argument("--format", choices=FORMATS, default="text", help="the report as text, json or markdown")
    p.add_argument("--db", metavar="FILE", help="the survey file (SQLite) to write or resume")
    deals = p.add_argument_group("the deals (one of --count, --stop, --deals)")
    deals.add_argument("--count", type=_whole("--count", 1), metavar="N", help="N consecutive deal codes from --start")
    deals.add_argument("--start", metavar="CODE", help="the first deal code, or seven letters (default the first code)")
    deals.add_argument("--stop", metavar="CODE", help="the last deal code of a range from --start")
    deals.add_argument("--deals", metavar="FILE", help="a file of deal codes or deals, one a line")
    cap = p.add_argument_group("the cap per deal (an unknown verdict when reached)")
    cap.add_argument(
        "--max-states",
        type=_whole("--max-states", 1),
        metavar="N",
        help="positions searched per deal: the same verdicts on every machine",
    )
    cap.add_argument("--timeout", type=_seconds, metavar="S", help="seconds per deal: faster machines prove more")
    play = p.add_argument_group("a player's survey: play each deal to its end instead of solving it")
    play.add_argument(
        "--player",
        choices=PLAYERS,
        help="fair: the fair player, who sees only what a player sees; policy: the simple policy",
    )
    play.add_argument(
        "--samples",
        type=_whole("--samples", 1),
        metavar="N",
        help=f"the fair player's samples per move (default {SAMPLES})",
    )
    play.add_argument(
        "--sample-states",
        type=_whole("--sample-states", 1),
        metavar="N",
        help=f"the fair player's positions searched per sample (default {MAX_STATES:,})",
    )
    play.add_argument(
        "--seed", type=_whole("--seed", 0), default=0, metavar="N", help="the fair player's seed (default 0)"
    )
    p.add_argument("--workers", type=_whole("--workers", 1), metavar="K", help="local processes (default one per core)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address, to run on its cluster")
    p.add_argument(
        "--again",
        action="store_true",
        help="solve the file's unknown deals again under the same cap (a later solver may settle them; "
        "those this build left unknown under a cap in positions are left out)",
    )
    p.add_argument(
        "--verify",
        type=_whole("--verify", 1),
        metavar="N",
        help="then solve N finished deals of the file again (spread over it) and report any other verdict",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no report")
    p.set_defaults(func=cmd_survey)


def cmd_survey(args: argparse.Namespace) -> int:
    """Run the ``survey`` command: exit status 0, or 1 when ``--verify`` finds a won deal now lost or
    a lost deal now won (a contradiction between two solver builds)."""
    if args.report is not None:
        if args.db is not None:
            raise SurveyError("give --report FILE to read a survey, or --db FILE to run one, not both")
        path = args.report
        r = report(path)
    else:
        if args.db is None:
            raise SurveyError("canfield survey needs --db FILE (or --report FILE)")
        path = args.db
        try:
            r = survey(
                args.db,
                args.variant or "canfield",
                options=args.options,
                count=args.count,
                start=args.start,
                stop=args.stop,
                deals=args.deals,
                max_states=args.max_states,
                timeout=args.timeout,
                workers=args.workers,
                scheduler=args.scheduler,
                progress=not args.quiet,
                memory=args.memory,
                player=args.player,
                samples=args.samples,
                sample_states=args.sample_states,
                again=args.again,
                seed=args.seed,
            )
        except KeyboardInterrupt:
            if not args.quiet:
                print(
                    f"interrupted: the deals finished are kept in {args.db}; run the same command to resume",
                    file=sys.stderr,
                )
            raise
    if not args.quiet:
        print({"text": r.to_text, "json": r.to_json, "markdown": r.to_markdown}[args.format]())
    if args.verify is None:
        return 0
    checked = verify(path, args.verify, workers=args.workers, scheduler=args.scheduler)
    print(checked.to_text())
    return 1 if checked.contradictions else 0
