"""Solver speed and reach: a fixed list of deals, a cap per deal, one process.

Run from the repository: ``.venv/bin/python bench/solver.py [--deals 500] [--cap 30] [--baseline COMMIT]
[--solvitaire PATH] [--solvitaire-tow PATH] [--seed N] [--only NAME ...]``.

The deals are a fixed list of deal codes (``random.Random(SEED)`` over the code space, 2026 unless
``--seed`` says otherwise; each rule set plays them with its own draw), never used while the solver
was written. By default each is solved four ways, one after the other:

- ``literature``: ``canfield`` with ``foundation_takeback=False`` (any-run moves, no take-back,
  draw 3, unlimited passes), the rules the issue names; our columns also build a base−1 card on a
  base card, which the published solvers do not, so this can only add wins;
- ``literature-base``: the same with ``build_past_base=False``, the published solvers' exact rules
  (71.245 % ± 0.031 % winnable over 10⁷ deals, Blake & Gent);
- ``canfield``: the app's game (foundation take-back on);
- ``classic``: top card or whole column, no take-back.

``--only`` picks other rule sets too: ``classic``, ``rainbow``, ``superior`` and ``whole``
(``canfield`` moving whole columns only, no take-back), ``literature-d1`` (draw 1), and each of them
with ``-base`` (``build_past_base=False``); and every other registered variant by its id, as it
plays (the family's games: ``gate``, ``lafayette``, ``the-plot``, ...). ``--all`` runs the published
rules in draw 3 and in draw 1 (``literature-base``, ``literature-d1-base``) and every registered
variant, and ends with one table of them all.

For each: resolved % (won or lost within the cap), won %, lost %, the won % with its 95 % Wilson
interval made conservative over the unresolved deals (all lost / all won), and CPU seconds per
deal (median, mean, p90, p99), and positions searched per CPU second over all deals.

``--baseline COMMIT`` builds the package at that commit (cached under ``~/.cache/canfield-bench``)
and solves every deal with it too, in its own process, deal by deal in alternating order with
today's solver, under the same cap: both rows come from the same run. Configurations the baseline
cannot express are left out for it.

``--solvitaire PATH`` also runs Solvitaire (Blake & Gent's solver, an outside program, never a
dependency) on the same deals under the rule file that matches each ``-base`` rule set it can
express, one deal at a time as its own process under the same cap; ``--solvitaire-tow PATH`` names
a build of it whose ``whole-pile`` moves also move the top card alone (our ``top-or-whole``), which
``classic``, ``rainbow`` and ``superior`` need. ``--solvitaire-results FILE`` keeps its results (JSON
lines: rule set, deal, cap, verdict, positions, CPU seconds): a deal already in the file is not run
again, so a later build is compared with the same verdicts and times without the hours they took. Given either, the default rule sets are those it can
play. Per rule set it prints both sides' resolved %, the verdicts that disagree, and the deals
settled by one side only with the positions each side visited on them, and the deals both settle on
which today's solver takes more than ten times Solvitaire's CPU time (and over 0.1 s).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

from worker import Worker

import canfield
from canfield.cards import card_name
from canfield.deals import CODE_SPACE
from canfield.surveys.report import conservative_interval, percentile

ROOT = Path(__file__).resolve().parent.parent

_ONE_SET: dict[str, tuple[str, dict[str, object]]] = {
    "literature": ("canfield", {"foundation_takeback": False}),
    "literature-d1": ("canfield", {"foundation_takeback": False, "draw": 1}),
    "canfield": ("canfield", {}),
    "classic": ("classic", {}),
    "whole": ("canfield", {"tableau_moves": "whole", "foundation_takeback": False}),
    "rainbow": ("rainbow", {}),
    "superior": ("superior", {}),
}
CONFIGS: dict[str, tuple[str, dict[str, object]]] = {}
for _name, (_variant, _options) in _ONE_SET.items():
    CONFIGS[_name] = (_variant, _options)
    CONFIGS[f"{_name}-base"] = (_variant, {**_options, "build_past_base": False})
#: Every other registered variant (the family's games, and any installed plugin's), as it plays.
for _registered in canfield.variants():
    CONFIGS.setdefault(_registered.id, (_registered.id, {}))
#: What runs without ``--only``.
DEFAULT = ["literature", "literature-base", "canfield", "classic"]
#: What ``--all`` runs: the published rules in draw 3 and draw 1, and every registered variant.
ALL = ["literature-base", "literature-d1-base", *(v.id for v in canfield.variants())]

#: Solvitaire's rule file for each rule set it can express: the changes to `SOLVITAIRE_COMMON`, and
#: whether it needs the build whose whole-column moves also move the top card alone.
SOLVITAIRE: dict[str, tuple[dict[str, dict[str, object]], bool]] = {
    "literature-base": ({}, False),
    "literature-d1-base": ({"stock": {"deal count": 1}}, False),
    "canfield-base": ({"foundations": {"removable": True}}, False),
    "whole-base": ({"tableau piles": {"move built group": "whole-pile"}}, False),
    "classic-base": ({"tableau piles": {"move built group": "whole-pile"}}, True),
    "rainbow-base": (
        {
            "tableau piles": {"build policy": "any-suit", "move built group": "whole-pile"},
            "stock": {"deal count": 1, "redeal": False},
        },
        True,
    ),
    "superior-base": ({"tableau piles": {"move built group": "whole-pile", "spaces policy": "any"}}, True),
}
SOLVITAIRE_COMMON: dict[str, dict[str, object]] = {
    "tableau piles": {
        "count": 4,
        "build policy": "red-black",
        "move built group": "partial-if-card-above-buildable",
        "spaces policy": "auto-reserve-then-any",
    },
    "foundations": {"initial cards": "one", "base card": "random", "removable": False},
    "stock": {"size": 34, "deal count": 3, "redeal": True},
    "reserve": {"size": 13, "stacked": True},
}

#: One solve: verdict, positions searched, CPU seconds.
Result = tuple[str, int, float]


def deal_seeds(count: int, seed: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.randrange(CODE_SPACE) for _ in range(count)]


def deal_codes(name: str, seeds: list[int]) -> list[str]:
    """The deals of `seeds` as rule set `name` plays them (its own draw)."""
    variant, options = CONFIGS[name]
    draw = options.get("draw", canfield.get_variant(variant).spec.draw)
    assert isinstance(draw, int)
    return [canfield.make_code(s, draw) for s in seeds]


def solve_one(variant: str, options: dict[str, Any], code: str, cap: float, memory: int) -> Result:
    game = canfield.Game.from_code(code, variant, **options)
    start = time.process_time()  # the search's native thread counts in the process's CPU time
    found = canfield.solve(game, timeout=cap, memory=memory)
    return found.verdict, found.states, time.process_time() - start


def worker() -> None:
    """The baseline's side: say where ``canfield`` came from, then answer JSON requests with a `Result`."""
    print(Path(canfield.__file__).resolve(), flush=True)
    for line in sys.stdin:
        variant, options, code, cap, memory = json.loads(line)
        print(json.dumps(solve_one(variant, options, code, cap, memory)), flush=True)


class Baseline:
    """The package at ``commit``, built once and run in its own Python process."""

    def __init__(self, commit: str) -> None:
        sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", commit], capture_output=True, text=True, check=True)
        self.commit = sha.stdout.strip()[:12]
        cache = Path.home() / ".cache" / "canfield-bench" / self.commit
        site = cache / "site"
        if not site.exists():
            print(f"building the baseline {self.commit} in {cache} ...", flush=True)
            tree = cache / "tree"
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", self.commit], capture_output=True, check=True)
            with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
                tar.extractall(tree, filter="data")
            pip = [sys.executable, "-m", "pip", "-q"]
            subprocess.run([*pip, "wheel", "--no-deps", "-w", str(cache / "dist"), str(tree)], check=True)
            wheel = next((cache / "dist").glob("*.whl"))
            subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True)
        self.worker = Worker(__file__, site)
        env = dict(os.environ, PYTHONPATH=str(site), CANFIELD_DISABLE_PLUGIN_AUTOLOAD="1")
        # The baseline's spec fields and variant ids, which say what it can run.
        known = json.loads(
            subprocess.run(
                [
                    sys.executable,
                    "-c",
                    "import attrs, canfield, json; print(json.dumps([[f.name for f in attrs.fields(canfield.RuleSpec)],"
                    " [v.id for v in canfield.variants()]]))",
                ],
                capture_output=True,
                text=True,
                env=env,
                check=True,
            ).stdout
        )
        self.fields, self.variants = set(known[0]), set(known[1])

    def can_run(self, variant: str, options: dict[str, object]) -> bool:
        """Whether the baseline has ``variant`` and every option named."""
        return variant in self.variants and all(name in self.fields for name in options)

    def solve(self, variant: str, options: dict[str, Any], code: str, cap: float, memory: int) -> Result:
        verdict, states, seconds = json.loads(self.worker.ask(json.dumps([variant, options, code, cap, memory])))
        return verdict, states, seconds


class Solvitaire:
    """Solvitaire binaries (an outside program): one deal a process, the rule file of each rule set;
    with a results file, the verdicts it has already given are read from it, and new ones added."""

    def __init__(self, plain: str | None, tow: str | None, folder: Path, results: Path | None = None) -> None:
        self.plain, self.tow, self.folder, self.results = plain, tow, folder, results
        folder.mkdir(parents=True, exist_ok=True)
        self.known: dict[tuple[str, str, float], Result] = {}
        if results is not None and results.exists():
            for line in results.read_text().splitlines():
                row = json.loads(line)
                self.known[row["rules"], row["code"], row["cap"]] = (row["verdict"], row["positions"], row["seconds"])

    def binary(self, name: str) -> str | None:
        """The binary that plays rule set `name`, None when none given does."""
        if name not in SOLVITAIRE:
            return None
        _, needs_tow = SOLVITAIRE[name]
        return self.tow if needs_tow else self.plain or self.tow

    def rule_file(self, name: str) -> Path:
        changes, _ = SOLVITAIRE[name]
        rules = {key: {**part, **changes.get(key, {})} for key, part in SOLVITAIRE_COMMON.items()}
        path = self.folder / f"{name}.json"
        path.write_text(json.dumps(rules, indent=1))
        return path

    def solve(self, name: str, code: str, cap: float) -> Result:
        """Solvitaire's verdict on deal `code` under rule set `name`, its positions and CPU seconds:
        from the results file when it has them, else run (and added to the file)."""
        if (name, code, cap) in self.known:
            return self.known[name, code, cap]
        found = self.run(name, code, cap)
        if self.results is not None:
            row = {"rules": name, "code": code, "cap": cap, "verdict": found[0], "positions": found[1]}
            with self.results.open("a") as out:
                out.write(json.dumps({**row, "seconds": found[2]}) + "\n")
        return found

    def run(self, name: str, code: str, cap: float) -> Result:
        """Run Solvitaire on deal `code` under rule set `name`."""
        return self.output(name, code, cap)[0]

    def output(self, name: str, code: str, cap: float) -> tuple[Result, str]:
        """Run Solvitaire on deal `code` under rule set `name`: its result, and what it printed (a
        won deal's states one after the other, `bench/solvitaire_line.py` reads them)."""
        binary = self.binary(name)
        assert binary is not None
        variant, options = CONFIGS[name]
        deal = self.folder / "deal.json"
        deal.write_text(json.dumps(solvitaire_deal(canfield.Game.from_code(code, variant, **options).position)))
        before = os.times()
        run = subprocess.run(
            [binary, "--custom-rules", str(self.rule_file(name)), "--timeout", str(int(cap * 1000)), str(deal)],
            capture_output=True,
            text=True,
            timeout=cap * 3 + 10,
            check=False,
        )
        after = os.times()
        seconds = after.children_user + after.children_system - before.children_user - before.children_system
        fields = dict(line.split(": ", 1) for line in run.stdout.splitlines() if ": " in line)
        kind = fields.get("Solution Type", "")
        verdict = {"solved": "won", "unsolvable": "lost"}.get(kind, "unknown")
        if verdict == "unknown" and kind != "timed-out":
            raise SystemExit(f"solvitaire on {code} under {name}: {run.stdout[-500:]}{run.stderr[-500:]}")
        return (verdict, int(fields.get("States Searched", "0").replace(",", "")), seconds), run.stdout


def solvitaire_card(card: int) -> str:
    text = card_name(card)
    return ("10" + text[1]) if text[0] == "T" else text


def solvitaire_deal(position: Any) -> dict[str, object]:
    """A deal as Solvitaire reads it: each pile's top card last, the stock's next card last."""
    assert all(count == 1 for _, count in position.foundations[:1])
    return {
        "foundations": [solvitaire_card(position.foundation_cards(0)[-1])],
        "tableau piles": [[solvitaire_card(c) for c in col] for col in position.columns],
        "reserve": [solvitaire_card(c) for c in position.reserve],
        "stock": [solvitaire_card(c) for c in reversed(position.stock)],
    }


def compare(name: str, codes: list[str], ours: list[Result], theirs: list[Result]) -> None:
    """Our results against Solvitaire's on the same deals: verdicts that disagree, deals settled by one side."""
    n = len(codes)
    resolved = [sum(1 for r in side if r[0] != "unknown") for side in (ours, theirs)]
    rows = list(zip(codes, ours, theirs, strict=True))
    clashes = [(c, a[0], b[0]) for c, a, b in rows if {a[0], b[0]} == {"won", "lost"}]
    print(
        f"  solvitaire vs today: resolved {100 * resolved[0] / n:5.1f} % today, {100 * resolved[1] / n:5.1f} %"
        f" Solvitaire; verdicts that disagree {len(clashes)}"
    )
    for label, only in (
        ("today", [(c, a, b) for c, a, b in rows if a[0] != "unknown" and b[0] == "unknown"]),
        ("Solvitaire", [(c, a, b) for c, a, b in rows if a[0] == "unknown" and b[0] != "unknown"]),
    ):
        won = sum(1 for _, a, b in only if "won" in (a[0], b[0]))
        ours_states = sorted(a[1] for _, a, _ in only)
        their_states = sorted(b[1] for _, _, b in only)
        line = f"  settled only {label}: {len(only)} ({won} won)"
        if only:
            line += (
                f"; positions today median {statistics.median(ours_states):,.0f} max {ours_states[-1]:,},"
                f" Solvitaire median {statistics.median(their_states):,.0f} max {their_states[-1]:,}"
            )
        print(line)
        if label == "Solvitaire":
            for code, a, b in only:
                print(f"    {code}: Solvitaire {b[0]} in {b[1]:,} positions {b[2]:.3f} s; today {a[1]:,} positions")
    slow = [(c, a, b) for c, a, b in rows if "unknown" not in (a[0], b[0]) and a[2] > max(10 * b[2], 0.1)]
    print(f"  settled by both, today in more than max(10x Solvitaire's CPU time, 0.1 s): {len(slow)}")
    for code, a, b in slow:
        print(f"    {code}: {a[0]}; today {a[1]:,} positions {a[2]:.3f} s, Solvitaire {b[1]:,} positions {b[2]:.3f} s")
    for code, today, then in clashes:
        print(f"  DISAGREE {code}: today {today}, Solvitaire {then}")


def summary(rows: list[tuple[str, list[Result]]]) -> str:
    """One markdown table: per rule set, resolved and won shares, median and p99 CPU seconds, and
    positions per CPU second, today's solver."""
    lines = [
        "| rule set | resolved | won | median s | p99 s | positions per s |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, results in rows:
        n = len(results)
        seconds = sorted(r[2] for r in results)
        settled = sum(1 for r in results if r[0] != "unknown")
        won = sum(1 for r in results if r[0] == "won")
        rate = sum(r[1] for r in results) / max(sum(seconds), 1e-9)
        lines.append(
            f"| {name} | {100 * settled / n:.1f} % | {100 * won / n:.1f} % | {statistics.median(seconds):.4f} |"
            f" {percentile(seconds, 99):.3f} | {rate:,.0f} |"
        )
    return "\n".join(lines)


def report(label: str, results: list[Result], cap: float) -> None:
    n = len(results)
    count = {v: sum(1 for r in results if r[0] == v) for v in ("won", "lost", "unknown")}
    seconds = sorted(r[2] for r in results)
    states = sum(r[1] for r in results)
    lo, hi = conservative_interval(count["won"], count["unknown"], n)
    print(
        f"  {label:<22} resolved {100 * (n - count['unknown']) / n:5.1f} %  won {100 * count['won'] / n:5.1f} %"
        f"  lost {100 * count['lost'] / n:5.1f} %  unknown {count['unknown']:3d}"
        f"  won 95 % interval {100 * lo:.2f}..{100 * hi:.2f} %"
    )
    print(
        f"  {'':<22} CPU s per deal: median {statistics.median(seconds):.4f}  mean {statistics.fmean(seconds):.3f}"
        f"  p90 {percentile(seconds, 90):.3f}  p99 {percentile(seconds, 99):.3f}  max {seconds[-1]:.2f}"
        f"   positions {states:,} ({states / max(sum(seconds), 1e-9):,.0f} per CPU s)"
    )


def run(
    name: str, codes: list[str], cap: float, memory: int, baseline: Baseline | None, solvitaire: Solvitaire | None
) -> tuple[str, list[Result]]:
    """Solve `codes` under rule set `name` (and with the baseline and Solvitaire, when given), print
    the figures, and return today's results."""
    variant, options = CONFIGS[name]
    base = baseline if baseline is not None and baseline.can_run(variant, options) else None
    outside = solvitaire if solvitaire is not None and solvitaire.binary(name) else None
    ours: list[Result] = []
    theirs: list[Result] = []
    others: list[Result] = []
    start = time.perf_counter()
    for i, code in enumerate(codes):
        if base is not None and i % 2:
            theirs.append(base.solve(variant, options, code, cap, memory))
        ours.append(solve_one(variant, options, code, cap, memory))
        if base is not None and not i % 2:
            theirs.append(base.solve(variant, options, code, cap, memory))
        if outside is not None:
            others.append(outside.solve(name, code, cap))
    wall = time.perf_counter() - start
    print(f"\n{name}: {variant} {options or ''} — {len(codes)} deals, cap {cap:g} s, {wall:.0f} s in all")
    report("today", ours, cap)
    if outside is not None:
        report("Solvitaire", others, cap)
        compare(name, codes, ours, others)
    elif solvitaire is not None:
        print("  (no Solvitaire binary given plays these rules)")
    if base is not None:
        report(f"baseline {base.commit}", theirs, cap)
        only_ours = sum(1 for a, b in zip(ours, theirs, strict=True) if a[0] != "unknown" and b[0] == "unknown")
        only_theirs = sum(1 for a, b in zip(ours, theirs, strict=True) if a[0] == "unknown" and b[0] != "unknown")
        clashes = [
            (c, a[0], b[0]) for c, a, b in zip(codes, ours, theirs, strict=True) if {a[0], b[0]} == {"won", "lost"}
        ]
        clash = len(clashes)
        both = [(a[2], b[2]) for a, b in zip(ours, theirs, strict=True) if "unknown" not in (a[0], b[0])]
        ratio = statistics.median(b / max(a, 1e-6) for a, b in both) if both else float("nan")
        print(
            f"  settled only today {only_ours}, only by the baseline {only_theirs}, verdicts that disagree {clash};"
            f" median CPU time ratio baseline/today on deals both settle: {ratio:.2f}x"
        )
        for code, today, then in clashes:
            print(f"  DISAGREE {code}: today {today}, baseline {then}")
    elif baseline is not None:
        print("  (the baseline has no such variant or options)")
    return name, ours


def main() -> None:
    if sys.argv[1:] == ["--worker"]:
        worker()
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500, help="how many deals (default 500)")
    ap.add_argument("--cap", type=float, default=30.0, help="seconds per deal (default 30)")
    ap.add_argument("--memory", type=int, default=2048, help="MiB for the solver's visited sets (default 2048)")
    ap.add_argument("--only", choices=sorted(CONFIGS), action="append", help="run only these (default: see above)")
    ap.add_argument("--all", action="store_true", help="the published rules in draw 3 and 1, and every variant")
    ap.add_argument("--seed", type=int, default=2026, help="the seed the deals are drawn from (default 2026)")
    ap.add_argument("--baseline", metavar="COMMIT", help="also solve every deal with the package at COMMIT")
    ap.add_argument("--solvitaire", metavar="PATH", help="also solve every deal it can play with this Solvitaire")
    ap.add_argument(
        "--solvitaire-tow", metavar="PATH", help="a Solvitaire whose whole-pile moves take the top card too"
    )
    ap.add_argument(
        "--solvitaire-results",
        metavar="FILE",
        type=Path,
        help="JSON lines of Solvitaire's results: read, and added to, so a deal is run once per cap",
    )
    args = ap.parse_args()
    seeds = deal_seeds(args.deals, args.seed)
    baseline = Baseline(args.baseline) if args.baseline else None
    solvitaire = None
    names = args.only or (ALL if args.all else DEFAULT)
    if args.solvitaire or args.solvitaire_tow:
        solvitaire = Solvitaire(
            args.solvitaire,
            args.solvitaire_tow,
            Path(tempfile.mkdtemp(prefix="canfield-solvitaire-")),
            args.solvitaire_results,
        )
        names = args.only or [name for name in SOLVITAIRE if solvitaire.binary(name)]
    rows = [run(name, deal_codes(name, seeds), args.cap, args.memory << 20, baseline, solvitaire) for name in names]
    if len(rows) > 1:
        print(f"\nall rule sets, {len(seeds)} deals each, cap {args.cap:g} s (CPU seconds per deal):\n")
        print(summary(rows))
    print("\nBlake & Gent (JAIR 2026), the published solvers' rules, 10^7 deals: 71.245 % ± 0.031 % winnable.")


if __name__ == "__main__":
    main()
