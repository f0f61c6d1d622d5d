"""Run a survey: solve every deal of a deal set on local processes or a Dask cluster, into a file.

Workers get a variant id and options, never compiled rules, and rebuild the game from the deal's
code (or cards): a built-in or installed variant is there in every process, a variant from a
plugin file is loaded again from its path, and one registered at run time cannot reach another
process, so it is refused unless the survey runs in this process (``workers=1``).
"""

from __future__ import annotations

import concurrent.futures as cf
import hashlib
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from ..deals import letters_to_seed, make_code
from ..errors import CanfieldError, SurveyError, VariantError
from ..fair import MAX_STATES, PLAYERS, SAMPLES, Settings, play_out
from ..game import Game
from ..plugins.registry import get_variant, load_plugin_file, registry, rules_for
from ..solver import DEFAULT_MEMORY, solve
from ..spec import FIELDS
from ..text import format_option
from . import deals as dealsets
from .report import Report, report
from .store import Row, Store, dumps

#: Deals handed out ahead per worker, so no worker waits for the next one.
AHEAD = 2


@attrs.frozen(eq=False)
class Job:
    """One deal to solve, with everything a worker in another process needs to rebuild it."""

    idx: int
    deal: str
    variant: str
    options: dict[str, Any]
    plugin_file: str | None
    max_states: int | None
    timeout: float | None
    memory: int
    #: A player's survey: the player (one of `canfield.fair.PLAYERS`) and its settings; None: the solver's.
    player: dict[str, Any] | None = None


_LOADING = threading.Lock()


def _ensure_variant(variant: str, plugin_file: str | None) -> None:
    """Make ``variant`` known in this process, loading its plugin file if it is not yet."""
    with _LOADING:
        try:
            get_variant(variant)
        except VariantError:
            if plugin_file is None:
                raise
            load_plugin_file(plugin_file)


def _version() -> str:
    from .. import __version__

    return __version__


def native_build() -> str:
    """A fingerprint of the native solver in use (the first 16 hex digits of its file's SHA-256).

    The file records it, for information: a position cap means the same verdicts only on the
    same solver, while won and lost are proofs under any build.
    """
    from .. import _native

    return hashlib.sha256(Path(_native.__file__).read_bytes()).hexdigest()[:16]


def source_commit() -> str:
    """The git commit of the source this package runs from (``+dirty`` when changed), or ``""``.

    Known only for a package run from its own checkout (an editable install): the package must be
    the ``src/canfield`` folder of a work tree that holds the Rust crate too, so a package installed
    into some other project's tree never reports that project's commit.
    """
    here = Path(__file__).resolve().parent.parent
    root = here.parent.parent
    if here != root / "src" / "canfield" or not (root / "rust" / "Cargo.toml").is_file():
        return ""
    try:
        found = subprocess.run(
            ["git", "-C", str(root), "describe", "--always", "--dirty=+dirty", "--abbrev=12", "--exclude=*"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return found.stdout.strip() if found.returncode == 0 else ""


def build() -> dict[str, str]:
    """The solver build in use: the package ``version``, the source ``commit`` (if known) and the
    ``native`` module's fingerprint, as a survey file records them."""
    return {"version": _version(), "commit": source_commit(), "native": native_build()}


def solve_one(job: Job) -> Row:
    """Solve one deal from its start (or play it, in a player's survey): the row the survey file keeps for it."""
    _ensure_variant(job.variant, job.plugin_file)
    if job.deal.startswith("CF1-"):
        game = Game.from_code(job.deal, job.variant, **job.options)
    else:
        game = Game.from_deal(job.deal, job.variant, **job.options)
    if job.player is not None:
        return _play_one(job, game)
    found = solve(game, timeout=job.timeout, max_states=job.max_states, memory=job.memory)
    return (
        job.idx,
        job.deal,
        job.variant,
        dumps(game.options()),
        found.verdict,
        found.cut,
        found.seconds,
        found.states,
        len(found.line),
        _version(),
    )


def _play_one(job: Job, game: Game) -> Row:
    """Play one deal to its end with the job's player: won or lost, and the moves played."""
    assert job.player is not None
    settings = {k: v for k, v in job.player.items() if k != "name"}
    start = time.perf_counter()
    played = play_out(game.rules, game.position, Settings(**settings), player=job.player["name"])
    seconds = time.perf_counter() - start
    verdict = "won" if played.won else "lost"
    n = len(played.moves)
    return (job.idx, job.deal, job.variant, dumps(game.options()), verdict, None, seconds, n, n, _version())


def player_settings(
    player: str | None, samples: int | None, sample_states: int | None, seed: int
) -> dict[str, Any] | None:
    """What a survey file records of its player: None for the solver, else the player's name and settings."""
    if player is None:
        if samples is not None or sample_states is not None:
            raise SurveyError("samples and sample states are the fair player's settings: give player='fair' too")
        return None
    if player not in PLAYERS:
        raise SurveyError(f"player {player!r} is not one of {', '.join(PLAYERS)}")
    if player == "policy":
        if samples is not None or sample_states is not None:
            raise SurveyError("the policy player takes no samples: samples and sample states are the fair player's")
        return {"name": "policy"}
    try:
        s = Settings(
            samples=SAMPLES if samples is None else samples,
            max_states=MAX_STATES if sample_states is None else sample_states,
            seed=seed,
        )
    except CanfieldError as e:
        raise SurveyError(str(e)) from None
    return {"name": "fair", "samples": s.samples, "max_states": s.max_states, "seed": s.seed}


def _worker_start(parent: int) -> None:
    """In each local worker: Ctrl-C is the caller's to handle (it stops handing out deals), and
    the worker exits once the survey's process, ``parent``, is gone (see `_exit_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _exit_with_parent(parent)


#: How often a local worker looks whether the survey's process still runs, in seconds.
PARENT_CHECK = 0.2


def _exit_with_parent(parent: int) -> None:
    """Exit at once when the process ``parent`` is gone (killed, say, even before this worker
    started): nothing would take the worker's answer, and a search may have minutes left. A thread
    watches whose child the worker is (an orphan gets a new parent); the solver's thread ends with
    the process."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(1)

    threading.Thread(target=watch, name="canfield-watch-parent", daemon=True).start()


def _plugin_file(variant_id: str, source: str) -> str | None:
    """The path of the plugin file a variant came from (None if it came from elsewhere)."""
    if not source.startswith("file "):
        return None
    name = source.removeprefix("file ")
    paths = [
        p
        for p, plugin in registry().pm.list_name_plugin()
        if isinstance(p, str) and Path(p).name == name and Path(p).is_file()
    ]
    if len(paths) != 1:
        raise SurveyError(f"variant {variant_id!r} comes from plugin file {name!r}, which cannot be found again")
    return str(Path(paths[0]).resolve())


def _deal_set(
    count: int | None, start: str | None, stop: str | None, deals: str | os.PathLike[str] | None, draw: int, decks: int
) -> dealsets.DealSet:
    given = [name for name, v in (("count", count), ("stop", stop), ("deals", deals)) if v is not None]
    if len(given) != 1:
        raise SurveyError(
            "a survey needs one deal set: a count of deals (from a start code), a start and a stop code, "
            f"or a file of deals; got {', '.join(given) or 'none'}"
        )
    if deals is not None:
        if start is not None:
            raise SurveyError("a deal file gives its own deals: no start code with it")
        return dealsets.from_file(deals, decks)
    if start is None:
        first = make_code(0, draw)
    elif isinstance(start, str) and len(start) == 7 and start.isascii() and start.isalpha():
        first = make_code(letters_to_seed(start.upper()), draw)
    else:
        first = start
    if stop is not None:
        return dealsets.code_range(first, stop)
    assert count is not None
    return dealsets.count_from(first, count)


def _check_cap(max_states: int | None, timeout: float | None, memory: int) -> None:
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0):
        raise SurveyError(f"timeout is a number of seconds > 0 or None, not {timeout!r}")
    for name, value in (("max_states", max_states), ("memory", memory)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise SurveyError(f"{name} is a whole number >= 1, not {value!r}")


# -- where the deals are solved -----------------------------------------------------------------


class _Runner:
    """Solves jobs somewhere: ``submit`` a job, ``wait`` for at least one of the pending to end."""

    label = "in-process"
    workers = 1

    def submit(self, job: Job) -> Any:
        future: cf.Future[Row] = cf.Future()
        try:
            future.set_result(solve_one(job))
        except Exception as e:
            future.set_exception(e)
        return future

    def wait(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        done, rest = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
        return set(done), set(rest)

    def close(self, *, cancel: bool) -> None:
        pass


class _Local(_Runner):
    label = "local"

    def __init__(self, workers: int) -> None:
        self.workers = workers
        context = multiprocessing.get_context("spawn")  # a clean process: only what the job says
        self.pool = cf.ProcessPoolExecutor(
            workers, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
        )

    def submit(self, job: Job) -> Any:
        return self.pool.submit(solve_one, job)

    def close(self, *, cancel: bool) -> None:
        self.pool.shutdown(wait=not cancel, cancel_futures=cancel)


class _Dask(_Runner):
    label = "dask"

    def __init__(self, scheduler: Any) -> None:
        try:
            import distributed as dask_distributed
        except ImportError as e:
            raise SurveyError("a survey on Dask needs the dask extra: pip install 'canfield[dask]'") from e
        distributed: Any = dask_distributed  # untyped: its calls are not checked
        self._distributed = distributed
        self._own = not isinstance(scheduler, distributed.Client)
        self.client = distributed.Client(scheduler) if self._own else scheduler
        self.workers = max(1, sum(self.client.nthreads().values()))

    def submit(self, job: Job) -> Any:
        return self.client.submit(solve_one, job, pure=False)

    def wait(self, pending: set[Any]) -> tuple[set[Any], set[Any]]:
        done, rest = self._distributed.wait(list(pending), return_when="FIRST_COMPLETED")
        return set(done), set(rest)

    def close(self, *, cancel: bool) -> None:
        if self._own:
            self.client.close()


def _runner(workers: int | None, scheduler: Any) -> _Runner:
    if scheduler is not None:
        return _Dask(scheduler)
    n = (os.cpu_count() or 1) if workers is None else workers
    return _Runner() if n == 1 else _Local(n)


# -- the survey ---------------------------------------------------------------------------------


def _progress(total: int, initial: int, counts: dict[str, int], enabled: bool) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]

    slow = 0.2 if sys.stderr.isatty() else 10.0  # a log file gets a line every 10 s
    bar = tqdm(
        total=total,
        initial=initial,
        unit="deal",
        disable=not enabled,
        dynamic_ncols=True,
        smoothing=0.05,
        mininterval=slow,
    )
    _show(bar, counts)
    return bar


def _show(bar: Any, counts: dict[str, int]) -> None:
    n = sum(counts.values())
    if n:
        bar.set_postfix_str(
            f"won {100 * counts['won'] / n:.1f}% unknown {100 * counts['unknown'] / n:.1f}%", refresh=False
        )


def survey(
    db: str | os.PathLike[str],
    variant: str = "canfield",
    *,
    options: Mapping[str, Any] | None = None,
    count: int | None = None,
    start: str | None = None,
    stop: str | None = None,
    deals: str | os.PathLike[str] | None = None,
    max_states: int | None = None,
    timeout: float | None = None,
    memory: int = DEFAULT_MEMORY,
    workers: int | None = None,
    scheduler: Any = None,
    progress: bool = False,
    command: str | None = None,
    player: str | None = None,
    samples: int | None = None,
    sample_states: int | None = None,
    seed: int = 0,
    again: bool = False,
) -> Report:
    """Solve every deal of a deal set and record one verdict per deal in the SQLite file ``db``.

    The deal set is ``count`` consecutive deal codes from ``start`` (a code, or seven letters
    played with the variant's draw; default the first code), every code from ``start`` to
    ``stop``, or a file of ``deals`` (one code or deal a line). ``variant`` and ``options`` are
    the rules, as for `Game.from_code`. Each deal is solved by `canfield.solver.solve` with the
    cap ``max_states`` (positions: the same verdicts on every machine) and/or ``timeout``
    (seconds: faster machines prove more) and ``memory``.

    ``workers`` local processes (default: one per core; 1 solves in this process), or a Dask
    cluster: ``scheduler`` is its address or a ``distributed.Client`` (the ``dask`` extra).
    Run again with the same file and settings to resume; with a larger ``count`` (the same start)
    to grow the survey; with a larger cap (no bound lower) to solve its unknown deals again under
    it (each stays in the file as unknown until then, so a raise stopped part way resumes like any
    run). With ``again``, an existing file's unknown deals are solved again under the same cap, as
    after a raise: a later solver build may settle them (once none is still to be solved again, each
    such run starts another round, without the deals this same build left unknown under a cap in
    positions and memory alone, where its search is the same on every run; `SurveyError` where
    that leaves none). Other settings are refused with `SurveyError`.

    With ``player`` (one of `canfield.fair.PLAYERS`), each deal is played to its end instead of solved, and its
    verdict is whether the player won: ``"fair"`` is the fair player of `canfield.fair` with
    ``samples`` samples of ``sample_states`` positions each and ``seed`` (its defaults when
    None), ``"policy"`` the simple policy. A player's survey has no cap per deal. ``progress`` shows a progress bar on standard error; ``command`` is recorded
    in the file as the command that made it. Returns the `Report` of the whole file.
    """
    options = dict(options or {})
    rules = rules_for(variant, **options)
    v = rules.variant
    spec = rules.spec
    canonical = {f: getattr(spec, f) for f in FIELDS if getattr(spec, f) != getattr(v.spec, f)}
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise SurveyError(f"workers is a whole number >= 1, not {workers!r}")
    _check_cap(max_states, timeout, memory)
    if again and not os.path.exists(db):
        raise SurveyError(f"again solves a survey file's unknown deals again, and {str(db)!r} does not exist")
    played = player_settings(player, samples, sample_states, seed)
    if played is not None and (max_states is not None or timeout is not None):
        raise SurveyError("a player's survey plays each deal to its end: no cap per deal (max states or timeout)")
    in_process = scheduler is None and workers == 1
    if v.source == "runtime" and not in_process:
        raise SurveyError(
            f"variant {v.id!r} was registered at run time, so worker processes cannot see it: register it "
            "from a plugin file (canfield.load_plugin_file) or an installed plugin, or survey it with workers=1"
        )
    plugin_file = _plugin_file(v.id, v.source)
    dealset = _deal_set(count, start, stop, deals, rules.first_draw, rules.decks)
    by_draw = {d.rsplit("-", 1)[0]: d for d in dealset.listed or [dealset.last()] if d.startswith("CF1-")}
    for code in by_draw.values():  # a game for each draw the deals ask for: the rules must allow it
        Game.from_code(code, v.id, **canonical)
    meta = {
        "variant": v.id,
        "options": canonical,
        "deals": dealset.describe(),
        "cap": {"max_states": max_states, "timeout": timeout, "memory": memory},
        "player": played,
        **build(),
        "command": command or _call_text(db, v.id, canonical, dealset, max_states, timeout, memory, played),
        "created": time.strftime("%Y-%m-%d %H:%M:%S %z"),
    }
    runner = _runner(workers, scheduler)
    try:
        store = Store(db, meta, workers=runner.workers, executor=runner.label, again=again)
    except BaseException:
        runner.close(cancel=True)
        raise
    try:
        _run(store, runner, dealset, v.id, canonical, plugin_file, max_states, timeout, memory, progress, played)
    finally:
        store.close()
    return report(db)


def _call_text(
    db: str | os.PathLike[str],
    variant: str,
    options: dict[str, Any],
    dealset: dealsets.DealSet,
    max_states: int | None,
    timeout: float | None,
    memory: int,
    player: dict[str, Any] | None = None,
) -> str:
    """The survey as a ``canfield survey`` command line, for a survey made through the API."""
    parts = ["canfield survey", f"--variant {variant}"]
    if player is not None:
        parts.append(f"--player {player['name']}")
        if player["name"] == "fair":
            parts.append(f"--samples {player['samples']} --sample-states {player['max_states']}")
            if player["seed"]:
                parts.append(f"--seed {player['seed']}")
    parts += [f"--option {k}={format_option(val)}" for k, val in options.items()]
    if dealset.kind == "file":
        parts.append(f"--deals {dealset.path}")
    else:
        parts.append(f"--start {dealset.start}")
        parts.append(f"--count {len(dealset)}" if dealset.kind == "count" else f"--stop {dealset.last()}")
    if max_states is not None:
        parts.append(f"--max-states {max_states}")
    if timeout is not None:
        parts.append(f"--timeout {timeout:g}")
    if memory != DEFAULT_MEMORY:
        parts.append(f"--memory {memory}")
    parts.append(f"--db {Path(db).name}")
    return " ".join(parts)


def _run(
    store: Store,
    runner: _Runner,
    dealset: dealsets.DealSet,
    variant: str,
    options: dict[str, Any],
    plugin_file: str | None,
    max_states: int | None,
    timeout: float | None,
    memory: int,
    progress: bool,
    player: dict[str, Any] | None = None,
) -> None:
    done = store.done(len(dealset))
    counts = store.counts()
    jobs: Iterator[Job] = (
        Job(i, d, variant, options, plugin_file, max_states, timeout, memory, player)
        for i, d in enumerate(dealset)
        if not done[i]
    )
    bar = _progress(len(dealset), sum(counts.values()), counts, progress)
    pending: set[Any] = set()
    cancel = True
    try:
        _fill(pending, jobs, runner)
        while pending:
            finished, pending = runner.wait(pending)
            for future in finished:
                row = future.result()
                store.add(row)
                counts[row[4]] += 1
                bar.update(1)
            _show(bar, counts)
            _fill(pending, jobs, runner)
        cancel = False
    finally:
        bar.close()
        runner.close(cancel=cancel)


def _fill(pending: set[Any], jobs: Iterator[Job], runner: _Runner) -> None:
    """Hand out deals until every worker has `AHEAD` of them."""
    while len(pending) < runner.workers * AHEAD:
        job = next(jobs, None)
        if job is None:
            return
        pending.add(runner.submit(job))
