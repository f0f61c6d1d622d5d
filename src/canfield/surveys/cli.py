"""``canfield survey``: run or resume a survey into a SQLite file, or report on one.

``canfield survey --variant ID --count N --max-states N --db FILE`` solves N deals and prints the
report; the same command again resumes. ``canfield survey --report FILE`` prints the report of a
finished or running survey (``--format text|json|markdown``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..errors import SurveyError
from ..spec import FIELDS
from ..text import parse_option
from .report import report
from .run import survey

FORMATS = ("text", "json", "markdown")


def _whole(what: str, lo: int) -> Any:
    """An argparse type: a whole number >= ``lo`` (underscores and commas not allowed)."""

    def read(text: str) -> int:
        if not (text.isascii() and text.isdigit() and len(text) <= 18) or int(text) < lo:
            raise argparse.ArgumentTypeError(f"{what} {text!r} is not a whole number {lo} or more")
        return int(text)

    return read


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"--timeout {text!r} is not a number of seconds > 0")
    return value


def _option(text: str) -> tuple[str, object]:
    name, eq, value = text.partition("=")
    if not eq or name not in FIELDS:
        raise argparse.ArgumentTypeError(f"--option {text!r} is not NAME=VALUE with NAME one of {', '.join(FIELDS)}")
    return name, parse_option(value)


def add_survey_command(sub: Any) -> None:
    """Add the ``survey`` command to the subparsers of the ``canfield`` command."""
    p = sub.add_parser(
        "survey",
        help="solve many deals: how often a variant can be won",
        description="Solve every deal of a deal set, one verdict each, into a SQLite file (run the same "
        "command again to resume), and print the report; or print the report of a survey file.",
    )
    p.add_argument("--report", metavar="FILE", help="print the report of a survey file, finished or running")
    p.add_argument("--format", choices=FORMATS, default="text", help="the report as text, json or markdown")
    p.add_argument("--db", metavar="FILE", help="the survey file (SQLite) to write or resume")
    p.add_argument("--variant", default="canfield", metavar="ID", help="the variant (default canfield)")
    p.add_argument(
        "--draw", type=_whole("--draw", 1), metavar="N", help="cards turned at a time (default the variant's)"
    )
    p.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. foundation_takeback=false (repeat for more)",
    )
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
    cap.add_argument("--memory", type=_whole("--memory", 1), metavar="BYTES", help="bound of the visited set per deal")
    p.add_argument("--workers", type=_whole("--workers", 1), metavar="K", help="local processes (default one per core)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address, to run on its cluster")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar and no report")
    p.set_defaults(func=cmd_survey)


def cmd_survey(args: argparse.Namespace) -> int:
    """Run the ``survey`` command."""
    if args.report is not None:
        if args.db is not None:
            raise SurveyError("give --report FILE to read a survey, or --db FILE to run one, not both")
        r = report(args.report)
    else:
        if args.db is None:
            raise SurveyError("canfield survey needs --db FILE (or --report FILE)")
        options = dict(args.option)
        if args.draw is not None:
            options["draw"] = args.draw
        extra = {"memory": args.memory} if args.memory is not None else {}
        try:
            r = survey(
                args.db,
                args.variant,
                options=options,
                count=args.count,
                start=args.start,
                stop=args.stop,
                deals=args.deals,
                max_states=args.max_states,
                timeout=args.timeout,
                workers=args.workers,
                scheduler=args.scheduler,
                progress=not args.quiet,
                **extra,
            )
        except KeyboardInterrupt:
            if not args.quiet:
                print(
                    f"interrupted: the deals finished are kept in {args.db}; run the same command to resume",
                    file=sys.stderr,
                )
            raise
        if args.quiet:
            return 0
    print({"text": r.to_text, "json": r.to_json, "markdown": r.to_markdown}[args.format]())
    return 0
