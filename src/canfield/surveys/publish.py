"""The published results: markdown and a picture made from a folder of survey files.

The docs build fills the page "How often can each variant be won?" from the survey files kept
with the docs (see `sections`), so the page always says what the files hold, with the command
that made each file. Surveys in a ``speed`` subfolder are timing runs: they fill the deals per
second table only. Surveys in a ``players`` subfolder are players' surveys (``--player fair`` or
``policy``): each deal played to its end; they fill the table of the fair player's and the simple
policy's rates beside the solver's on the same deals.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from .chart import bars_svg
from .report import Report, conservative_interval, markdown_table, report, wilson
from .store import load

#: The rules of the published study: Canfield with any-run column moves, no take-back from the
#: foundations, draw 3 and unlimited passes, and columns that rank from the foundations' base
#: (no base−1 card on a base card).
LITERATURE_OPTIONS = {"foundation_takeback": False, "build_past_base": False}
#: Its win rate and margin on 10⁷ deals (Blake and Gent), as fractions.
PUBLISHED = (0.71245, 0.00031)
#: Surveys listed first, in this order; the others follow by variant id.
FIRST = ("literature", "canfield", "classic")


def _is_literature(r: Report) -> bool:
    return r.variant == "canfield" and r.options == LITERATURE_OPTIONS and r.cap.get("timeout") is None


def results(folder: str | os.PathLike[str]) -> list[tuple[Path, Report]]:
    """The survey files of ``folder`` and their reports: the literature's rules first, then
    ``canfield``, ``classic`` and the other variants by id."""
    found = [(p, report(p)) for p in sorted(Path(folder).glob("*.sqlite"))]

    def order(item: tuple[Path, Report]) -> tuple[int, str, str]:
        path, r = item
        key = "literature" if _is_literature(r) else r.variant
        return (FIRST.index(key) if key in FIRST else len(FIRST), r.variant, path.name)

    return sorted(found, key=order)


def _label(r: Report) -> str:
    return "literature's rules" if _is_literature(r) else r.rules


def literature(found: list[tuple[Path, Report]]) -> str:
    """A sentence: the literature's rules surveyed here, next to the published figure."""
    mine = [r for _, r in found if _is_literature(r)]
    rate, margin = PUBLISHED
    published = f"{100 * rate:.3f} % ± {100 * margin:.3f} % (Blake and Gent, 10⁷ deals)"
    if not mine:
        return f"No survey of the literature's rules is kept here yet; the published figure is {published}."
    r = max(mine, key=lambda r: r.done)
    inside = r.low <= rate <= r.high
    return (
        f"With the literature's rules, {r.done:,} deals solved with a cap of {r.cap_text} each were won "
        f"{100 * r.share('won'):.2f} % of the time, lost {100 * r.share('lost'):.2f} % and left unknown "
        f"{100 * r.share('unknown'):.2f} %: the win rate lies in **{100 * r.low:.2f} % – {100 * r.high:.2f} %** "
        f"(95 %), next to the published {published}, which this interval "
        + ("contains." if inside else "does not contain.")
    )


def table(found: list[tuple[Path, Report]]) -> str:
    """The markdown table of every survey."""
    if not found:
        return "*No survey files yet.*"
    return markdown_table([r for _, r in found], [_label(r) for _, r in found])


def chart(found: list[tuple[Path, Report]]) -> str:
    """The picture of every survey, the published figure marked on the literature's bar."""
    if not found:
        return ""
    reports = [r for _, r in found]
    marks = {i: PUBLISHED[0] for i, r in enumerate(reports) if _is_literature(r)}
    return bars_svg(reports, [_label(r) for r in reports], marks)


def commands(found: list[tuple[Path, Report]], link: str = "data/") -> str:
    """A list: each file, how many of its deals are done, the solver build and the command that made it."""
    if not found:
        return ""
    return "\n".join(
        f"- [`{path.name}`]({link}{path.name}), {r.done:,} of {r.planned:,} deals, made with {r.build_text}:\n"
        f"  `{r.command}`"
        for path, r in found
    )


def speed(folder: str | os.PathLike[str]) -> str:
    """The deals per second table of the timing surveys in ``folder`` (one line per run)."""
    found = [(p, report(p)) for p in sorted(Path(folder).glob("*.sqlite"))]
    lines = [
        "| survey | workers | deals | seconds | deals per second |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for path, r in found:
        lines += [
            f"| `{path.name}`: {r.rules}, cap {r.cap_text} | {run['workers']} ({run['executor']}) | "
            f"{run['deals']:,} | {run['seconds']:.1f} | {run['rate']:.2f} |"
            for run in r.runs
            if run["deals"]
        ]
    if not found:
        return "*No timing runs yet.*"
    return "\n".join(lines)


def _rules_key(r: Report) -> tuple[str, str]:
    return r.variant, repr(sorted(r.options.items()))


def _player_label(r: Report) -> str:
    return "literature's rules" if r.variant == "canfield" and r.options == LITERATURE_OPTIONS else r.rules


def _rate(won: int, n: int) -> str:
    low, high = wilson(won, n)
    return f"{100 * won / n:.1f} % ({100 * low:.1f}–{100 * high:.1f} %)" if n else "–"


def _solver_on(path: Path, deals: set[str]) -> tuple[int, int, int]:
    """The solver's won, unknown and solved counts on ``deals`` in the survey file ``path``."""
    _, rows, _ = load(path)
    verdicts = [row["verdict"] for row in rows if row["deal"] in deals]
    return verdicts.count("won"), verdicts.count("unknown"), len(verdicts)


def players(folder: str | os.PathLike[str]) -> str:
    """The table of the players' surveys in ``folder/players``: per rule set, the fair player's and
    the simple policy's win rates (Wilson 95 % intervals), beside the solver's on the same deals
    (from the solver's survey of the same rules in ``folder``, conservative over its unknown deals)."""
    folder = Path(folder)
    played = [(p, report(p)) for p in sorted((folder / "players").glob("*.sqlite"))]
    if not played:
        return "*No players' surveys yet.*"
    solvers = {
        _rules_key(r): p for p, r in sorted(results(folder), key=lambda pr: pr[1].done) if r.cap.get("timeout") is None
    }
    by_rules: dict[tuple[str, str], dict[str, tuple[Path, Report]]] = {}
    for path, r in played:
        by_rules.setdefault(_rules_key(r), {})[(r.player or {}).get("name", "")] = (path, r)
    lines = [
        "| rules | deals | the solver (knows every card) | the fair player | the simple policy | fair player's settings |",
        "| --- | ---: | :---: | :---: | :---: | --- |",
    ]
    order = sorted(
        by_rules,
        key=lambda k: (k != ("canfield", repr(sorted(LITERATURE_OPTIONS.items()))), k != ("canfield", "[]"), k),
    )
    for key in order:
        entry = by_rules[key]
        fair = entry.get("fair")
        policy = entry.get("policy")
        first = fair or policy
        assert first is not None
        r0 = first[1]
        _, deal_rows, _ = load(first[0])
        deals = {row["deal"] for row in deal_rows}
        solver = "–"
        if key in solvers:
            won, unknown, n = _solver_on(solvers[key], deals)
            if n:
                low, high = conservative_interval(won, unknown, n)
                solver = f"{100 * won / n:.1f} % ({100 * low:.1f}–{100 * high:.1f} %)"
        fair_text = _rate(fair[1].won, fair[1].done) if fair else "–"
        policy_text = "–"
        if policy:  # on the fair player's deals, when it played fewer
            _, rows, _ = load(policy[0])
            mine = [row["verdict"] for row in rows if row["deal"] in deals]
            policy_text = _rate(mine.count("won"), len(mine))
        settings = fair[1].player_text.removeprefix("the fair player (").removesuffix(")") if fair else ""
        lines.append(f"| {_player_label(r0)} | {len(deals):,} | {solver} | {fair_text} | {policy_text} | {settings} |")
    return "\n".join(lines)


def player_commands(folder: str | os.PathLike[str], link: str = "data/players/") -> str:
    """A list: each player's survey file, its deals done and the command that made it (to resume it)."""
    found = [(p, report(p)) for p in sorted((Path(folder) / "players").glob("*.sqlite"))]
    return "\n".join(
        f"- [`{path.name}`]({link}{path.name}), {r.done:,} of {r.planned:,} deals, made with {r.build_text}:\n"
        f"  `{r.command}`"
        for path, r in found
    )


def sections(folder: str | os.PathLike[str]) -> dict[str, Callable[[], str]]:
    """The generated parts of the page, by placeholder name, each made from ``folder`` on call."""
    folder = Path(folder)

    def found() -> list[tuple[Path, Report]]:
        return results(folder)

    return {
        "literature": lambda: literature(found()),
        "table": lambda: table(found()),
        "chart": lambda: chart(found()),
        "commands": lambda: commands(found()),
        "speed": lambda: speed(folder / "speed"),
        "players": lambda: players(folder),
        "player-commands": lambda: player_commands(folder),
    }
