"""Winnability surveys: results that survive a hard kill, identical verdicts everywhere, the interval.

Every survey here is capped by positions (``max_states``), never by time, so its verdicts are the
same on every run and every machine, which is what the comparisons rely on.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canfield
from canfield import cli
from canfield.plugins import registry as registry_module
from canfield.surveys import conservative_interval, report, wilson
from canfield.surveys.deals import code_range, count_from
from canfield.surveys.report import percentile
from canfield.surveys.run import native_build, source_commit
from canfield.surveys.store import Row, Store
from canfield.surveys.verify import spread, verify

ROOT = Path(__file__).resolve().parent.parent
VARIANT = "classic"
COUNT = 40
CAP = 25_000  # low enough that the deals verify looks at are a mix of won and unknown


def rows(db: Path) -> list[tuple[int, str, str]]:
    """``(idx, deal, verdict)`` of every row of a survey file, in deal-set order."""
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT idx, deal, verdict FROM deals ORDER BY idx").fetchall()


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[int, str, str]]:
    """An uninterrupted survey, solved in this process."""
    db = tmp_path_factory.mktemp("reference") / "ref.sqlite"
    canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    out = rows(db)
    assert {v for _, _, v in out} >= {"won", "unknown"}  # a mix, so the comparisons mean something
    return out


# -- interval arithmetic ------------------------------------------------------------------------


def test_wilson_against_values_computed_by_hand() -> None:
    # 7 of 10: p = 0.7, z² = 3.84146; centre (0.7 + 0.19207) / 1.38415, half-width
    # 1.96 · sqrt(0.021 + 0.0096037) / 1.38415 = 0.24771.
    low, high = wilson(7, 10)
    assert low == pytest.approx(0.39677, abs=1e-5) and high == pytest.approx(0.89220, abs=1e-5)
    # 0 of 10: [0, z²/n / (1 + z²/n)] = [0, 0.38415 / 1.38415]; 10 of 10 mirrors it.
    assert wilson(0, 10) == pytest.approx((0.0, 0.27753), abs=1e-5)
    assert wilson(10, 10) == pytest.approx((0.72247, 1.0), abs=1e-5)
    # 712 of 1000: centre 0.71392 / 1.00384, half-width 1.96 · sqrt(0.000205056 + 0.00000096) / 1.00384.
    assert wilson(712, 1000) == pytest.approx((0.68316, 0.73921), abs=1e-5)
    assert wilson(0, 0) == (0.0, 1.0)


def test_the_conservative_interval_counts_the_unknown_both_ways() -> None:
    # 6 won, 2 unknown, 2 lost of 10: lower bound of 6/10 (0.31267), upper bound of 8/10 (0.94332).
    assert conservative_interval(6, 2, 10) == pytest.approx((0.31267, 0.94332), abs=1e-5)
    assert conservative_interval(6, 0, 10) == wilson(6, 10)


@given(st.integers(1, 10**6).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n), st.integers(0, n))))
def test_the_interval_holds_the_observed_shares(case: tuple[int, int, int]) -> None:
    n, won, unknown = case
    unknown = min(unknown, n - won)
    low, high = conservative_interval(won, unknown, n)
    assert 0.0 <= low <= won / n + 1e-12 and (won + unknown) / n - 1e-12 <= high <= 1.0
    assert low <= wilson(won, n)[0] + 1e-15 and high >= wilson(won + unknown, n)[1] - 1e-15


def test_percentiles_are_nearest_rank() -> None:
    values = [float(v) for v in range(1, 11)]
    assert [percentile(values, q) for q in (50, 90, 99, 100)] == [5.0, 9.0, 10.0, 10.0]
    assert percentile([], 50) == 0.0


def test_deal_sets_are_made_one_code_at_a_time() -> None:
    big = count_from("CF1-D1-BAAAAAA", 10**9 // 4)  # no list of codes is made
    assert len(big) == 10**9 // 4 and big.describe() == {
        "kind": "count",
        "start": "CF1-D1-BAAAAAA",
        "count": 10**9 // 4,
    }
    assert list(itertools.islice(zip(big, itertools.count()), 3)) == [
        ("CF1-D1-BAAAAAA", 0),
        ("CF1-D1-BAAAAAB", 1),
        ("CF1-D1-BAAAAAC", 2),
    ]
    span = code_range("CF1-D3-AAAAAAY", "cf1-d3-aaaaabb")
    assert list(span) == ["CF1-D3-AAAAAAY", "CF1-D3-AAAAAAZ", "CF1-D3-AAAAABA", "CF1-D3-AAAAABB"]
    assert span.last() == "CF1-D3-AAAAABB"


# -- resume after a hard kill --------------------------------------------------------------------


def test_a_survey_killed_mid_way_resumes_to_every_deal_once(
    tmp_path: Path, reference: list[tuple[int, str, str]]
) -> None:
    db = tmp_path / "killed.sqlite"
    code = f"import canfield; canfield.survey({str(db)!r}, {VARIANT!r}, count={COUNT}, max_states={CAP}, workers=2)"
    proc = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    deadline = time.monotonic() + 60
    before: list[tuple[int, str, str]] = []
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                before = rows(db)
            except sqlite3.OperationalError:  # not created yet
                before = []
            if len(before) >= 8:
                break
            time.sleep(0.005)
    finally:
        with contextlib.suppress(ProcessLookupError):  # gone already: the assertions below say so
            os.killpg(proc.pid, signal.SIGKILL)  # the caller and its worker processes, at once
        proc.wait()
    assert proc.returncode == -signal.SIGKILL
    killed = rows(db)
    assert 8 <= len(killed) < COUNT, "the kill came after the survey ended: nothing was interrupted"
    with sqlite3.connect(db) as conn:
        kept = conn.execute("SELECT deal, seconds FROM deals").fetchall()

    canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=2)

    after = rows(db)
    assert after == reference  # every deal exactly once (idx 0..COUNT-1), the same verdicts
    with sqlite3.connect(db) as conn:
        again = dict(conn.execute("SELECT deal, seconds FROM deals").fetchall())
        runs = conn.execute("SELECT deals FROM runs ORDER BY id").fetchall()
    assert all(again[deal] == seconds for deal, seconds in kept)  # finished deals were not redone
    assert [n for (n,) in runs] == [len(killed), COUNT - len(killed)]


def test_resuming_a_finished_survey_solves_nothing(tmp_path: Path) -> None:
    db = tmp_path / "done.sqlite"
    first = canfield.survey(db, VARIANT, count=5, max_states=CAP, workers=1)
    second = canfield.survey(db, VARIANT, count=5, max_states=CAP, workers=1)
    assert first.done == second.done == 5 and [r["deals"] for r in second.runs] == [5, 0]
    assert [r["native"] for r in second.runs] == [native_build()] * 2


def test_a_file_whose_runs_lack_the_solver_fingerprint_still_reads_and_resumes(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    canfield.survey(db, VARIANT, count=3, max_states=CAP, workers=1)
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE runs DROP COLUMN native")
        conn.execute('ALTER TABLE runs DROP COLUMN "commit"')
        conn.execute("DELETE FROM meta WHERE key IN ('native', 'commit')")
    conn.close()
    old = report(db)
    assert [r["native"] for r in old.runs] == [None] and old.native == old.commit == ""
    assert old.build_text == f"canfield {canfield.__version__}"
    again = canfield.survey(db, VARIANT, count=3, max_states=CAP, workers=1)
    assert [r["native"] for r in again.runs] == [None, native_build()] and again.done == 3
    assert [r["commit"] for r in again.runs] == [None, source_commit() or None]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"options": {"foundation_takeback": True}}, "options"),
        ({"max_states": CAP - 1}, "cap per deal"),
        ({"max_states": CAP + 1, "timeout": 60.0}, "cap per deal"),
        ({"max_states": CAP + 1, "count": 4}, "deal set"),
        ({"count": 4}, "deal set"),
        ({"start": "CF1-D3-AAAAAAB"}, "deal set"),
        ({"variant": "casino"}, "variant"),
    ],
)
def test_a_resume_with_other_settings_is_refused(tmp_path: Path, change: dict[str, object], named: str) -> None:
    db = tmp_path / "s.sqlite"
    settings: dict[str, object] = {"variant": VARIANT, "count": 5, "max_states": CAP, "workers": 1}
    canfield.survey(db, **settings)  # type: ignore[arg-type]
    before = rows(db)
    with pytest.raises(canfield.SurveyError, match=f"holds another survey \\({named}: the file has"):
        canfield.survey(db, **{**settings, **change})  # type: ignore[arg-type]
    assert rows(db) == before


def test_a_survey_grows_by_more_codes_from_the_same_start(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    canfield.survey(db, VARIANT, count=3, max_states=CAP, workers=1)
    first = rows(db)
    grown = canfield.survey(db, VARIANT, count=5, max_states=CAP, workers=1)
    assert grown.done == 5 and rows(db)[:3] == first
    with sqlite3.connect(db) as conn:
        deals = json.loads(conn.execute("SELECT value FROM meta WHERE key = 'deals'").fetchone()[0])
    conn.close()
    assert deals == {"kind": "count", "start": "CF1-D3-AAAAAAA", "count": 5}
    with pytest.raises(canfield.SurveyError, match="holds another survey"):
        canfield.survey(db, VARIANT, count=3, max_states=CAP, workers=1)


def test_a_larger_cap_solves_the_unknown_deals_again(tmp_path: Path, reference: list[tuple[int, str, str]]) -> None:
    db = tmp_path / "s.sqlite"
    low = CAP // 10
    canfield.survey(db, VARIANT, count=COUNT, max_states=low, workers=1)
    before = rows(db)
    unknown = sum(v == "unknown" for _, _, v in before)
    assert unknown > sum(v == "unknown" for _, _, v in reference)  # the low cap leaves more unknown
    raised = canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    assert rows(db) == reference  # what a survey at the larger cap finds from the start
    assert [r["deals"] for r in raised.runs] == [COUNT, unknown]
    assert raised.cap["max_states"] == CAP
    assert raised.raised == [{"cap": {"max_states": low, "timeout": None, "memory": 1 << 30}, "unknown": unknown}]
    assert f"cap raised from {low:,} positions: its {unknown:,} unknown deals solved again" in raised.to_text()
    assert canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1).runs[-1]["deals"] == 0  # resumes
    with pytest.raises(canfield.SurveyError, match="cap per deal"):
        canfield.survey(db, VARIANT, count=COUNT, max_states=low, workers=1)


def stop_after(monkeypatch: pytest.MonkeyPatch, deals: int) -> None:
    """Make a run stop (as at Ctrl-C) once it has recorded ``deals`` deals."""
    add = Store.add
    calls = 0

    def add_then_stop(self: Store, row: Row) -> None:
        nonlocal calls
        calls += 1
        if calls > deals:
            raise KeyboardInterrupt
        add(self, row)

    monkeypatch.setattr(Store, "add", add_then_stop)


def test_again_solves_the_unknown_deals_again_under_the_same_cap(
    tmp_path: Path, reference: list[tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "s.sqlite"
    canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    # Two won deals recorded unknown by an earlier, weaker build.
    won = [i for i, _, v in reference if v == "won"][:2]
    for i in won:
        _left_unknown_by_another_build(db, i)
    unknown = sum(v == "unknown" for _, _, v in rows(db))
    stop_after(monkeypatch, 1)  # the round stops after one deal solved again
    with pytest.raises(KeyboardInterrupt):
        canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1, again=True)
    monkeypatch.undo()
    stopped = report(db)
    # Only those two are solved again: this build left the others unknown, and would again.
    assert stopped.pending == 1 and len(rows(db)) == COUNT
    assert "(1 unknown deals still to be solved again)" in stopped.to_markdown()
    # The same call resumes the round (it does not start another), and settles the two deals.
    again = canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1, again=True)
    assert rows(db) == reference and again.pending == 0
    assert [r["deals"] for r in again.runs] == [COUNT, 1, 1]
    assert again.raised == [{"cap": again.cap, "unknown": 2, "again": True}]
    assert "its 2 unknown deals then solved again under the same cap" in again.to_text()
    # Without `again`, the file just resumes; with it, no deal is left that another build left
    # unknown, and the round is refused before anything is written.
    assert canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1).runs[-1]["deals"] == 0
    before, header = _dump(db), db.read_bytes()[18:20]  # (the journal mode's bytes)
    with pytest.raises(canfield.SurveyError, match=rf"each of the {unknown - 2} unknown deals .* this solver build"):
        canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1, again=True)
    assert _dump(db) == before and db.read_bytes()[18:20] == header == b"\x01\x01"


def test_again_solves_every_unknown_deal_of_a_file_that_does_not_say_which_build_solved_it(
    tmp_path: Path, reference: list[tuple[int, str, str]]
) -> None:
    # A file from before deal rows named their run: each unknown deal is solved again (by this
    # build, which then knows it left them unknown), and its rows say so from then on.
    db = tmp_path / "old.sqlite"
    canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    with sqlite3.connect(db) as conn:
        conn.execute("ALTER TABLE deals DROP COLUMN run")
    conn.close()
    unknown = sum(v == "unknown" for _, _, v in reference)
    again = canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1, again=True)
    assert rows(db) == reference and again.runs[-1]["deals"] == unknown
    with sqlite3.connect(db) as conn:
        runs = conn.execute("SELECT DISTINCT run FROM deals WHERE verdict = 'unknown'").fetchall()
        last = conn.execute("SELECT max(id) FROM runs").fetchall()
    conn.close()
    assert runs == last
    with pytest.raises(canfield.SurveyError, match="this solver build"):
        canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1, again=True)


def test_again_under_a_time_cap_solves_every_unknown_deal(tmp_path: Path) -> None:
    # A cap in seconds settles more on a faster run: each unknown deal is solved again, whichever
    # build left it unknown.
    db = tmp_path / "timed.sqlite"
    canfield.survey(db, VARIANT, count=COUNT, timeout=0.001, workers=1)
    unknown = sum(v == "unknown" for _, _, v in rows(db))
    assert unknown > 0
    again = canfield.survey(db, VARIANT, count=COUNT, timeout=0.001, workers=1, again=True)
    assert again.runs[-1]["deals"] == unknown and again.raised[-1]["unknown"] == unknown


def _dump(db: Path) -> list[str]:
    """Survey file ``db``'s tables and rows, as SQL."""
    conn = sqlite3.connect(db)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def _left_unknown_by_another_build(db: Path, idx: int) -> None:
    """Record deal ``idx`` of survey file ``db`` as unknown, solved by a build the file does not name."""
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE deals SET verdict = 'unknown', run = NULL WHERE idx = ?", (idx,))
    conn.close()


def test_again_needs_a_survey_file(tmp_path: Path) -> None:
    db = tmp_path / "none.sqlite"
    with pytest.raises(canfield.SurveyError, match="does not exist"):
        canfield.survey(db, VARIANT, count=2, max_states=CAP, workers=1, again=True)
    assert not db.exists()


def test_a_raise_stopped_part_way_keeps_a_verdict_for_every_deal_and_resumes(
    tmp_path: Path, reference: list[tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "s.sqlite"
    canfield.survey(db, VARIANT, count=COUNT, max_states=CAP // 10, workers=1)
    unknown = sum(v == "unknown" for _, _, v in rows(db))
    stop_after(monkeypatch, 3)  # the run stops after three deals solved again
    with pytest.raises(KeyboardInterrupt):
        canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    monkeypatch.undo()
    stopped = report(db)
    assert len(rows(db)) == stopped.done == COUNT  # every deal still has a verdict
    assert stopped.pending == unknown - 3 and stopped.unknown >= stopped.pending
    assert f"{unknown - 3:,} of them still to be solved again" in stopped.to_text()
    assert f"({unknown - 3:,} unknown deals still at the earlier cap)" in stopped.to_markdown()
    resumed = canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    assert rows(db) == reference and resumed.pending == 0  # as a raise that never stopped
    assert [r["deals"] for r in resumed.runs] == [COUNT, 3, unknown - 3]
    assert "still" not in resumed.to_text() + resumed.to_markdown()


def test_the_file_records_what_the_survey_is(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite"
    canfield.survey(db, "canfield", options={"foundation_takeback": False}, count=3, max_states=1000, workers=1)
    with sqlite3.connect(db) as conn:
        meta = {k: json.loads(v) for k, v in conn.execute("SELECT key, value FROM meta")}
        row = conn.execute("SELECT deal, variant, options, version FROM deals WHERE idx = 2").fetchone()
    assert meta["variant"] == "canfield" and meta["options"] == {"foundation_takeback": False}
    assert meta["deals"] == {"kind": "count", "start": "CF1-D3-AAAAAAA", "count": 3}
    assert meta["cap"] == {"max_states": 1000, "timeout": None, "memory": 1 << 30}
    assert meta["version"] == canfield.__version__
    assert meta["native"] == native_build() and len(meta["native"]) == 16
    assert meta["commit"] == source_commit()
    checkout = Path(canfield.__file__).resolve().is_relative_to((ROOT / "src").resolve())
    if checkout and (ROOT / ".git").exists() and shutil.which("git"):  # run from its checkout: the commit is known
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
        assert meta["commit"] and head.startswith(meta["commit"].removesuffix("+dirty"))
    r = report(db)
    assert (
        r.build_text
        == f"canfield {canfield.__version__}, "
        + (f"commit {meta['commit']}, " if meta["commit"] else "")
        + f"native solver {meta['native']}"
    )
    assert r.build_text in r.to_text()
    assert meta["command"].startswith("canfield survey --variant canfield --option foundation_takeback=false")
    assert row == ("CF1-D3-AAAAAAC", "canfield", '{"foundation_takeback":false}', canfield.__version__)
    # Closed, it is one self-contained file again.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.sqlite"]
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("delete",)


# -- the same verdicts everywhere ----------------------------------------------------------------


def test_dask_and_local_processes_give_identical_verdicts(
    tmp_path: Path, reference: list[tuple[int, str, str]]
) -> None:
    distributed = pytest.importorskip("distributed")
    n = 16
    local = tmp_path / "local.sqlite"
    canfield.survey(local, VARIANT, count=n, max_states=CAP, workers=2)
    with (
        distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = tmp_path / "dask.sqlite"
        result = canfield.survey(on_dask, VARIANT, count=n, max_states=CAP, scheduler=client)
    assert rows(on_dask) == rows(local) == reference[:n]
    assert result.runs[0]["executor"] == "dask"


def test_a_file_of_codes_and_deals_gives_the_same_verdicts(
    tmp_path: Path, reference: list[tuple[int, str, str]]
) -> None:
    codes = [deal for _, deal, _ in reference[:4]]
    cards = canfield.Game.from_code(codes[3], VARIANT).deal_string()
    assert cards is not None
    path = tmp_path / "deals.txt"
    path.write_text("# three codes and one deal's cards\n" + "\n".join([*codes[:3], "", cards]) + "\n")
    db = tmp_path / "file.sqlite"
    canfield.survey(db, VARIANT, deals=path, max_states=CAP, workers=1)
    assert [v for _, _, v in rows(db)] == [v for _, _, v in reference[:4]]
    assert rows(db)[3][1] == cards


# -- variants the workers must see ---------------------------------------------------------------


@pytest.fixture
def fresh_registry(monkeypatch: pytest.MonkeyPatch) -> registry_module.Registry:
    reg = registry_module.Registry()
    monkeypatch.setattr(registry_module, "_REGISTRY", reg)
    return reg


def test_a_variant_registered_at_run_time_stays_in_this_process(
    tmp_path: Path, fresh_registry: registry_module.Registry
) -> None:
    canfield.register(canfield.Variant("gentle", "Gentle", canfield.CANFIELD.evolve(draw=1)))
    with pytest.raises(canfield.SurveyError, match="'gentle' was registered at run time, so worker processes"):
        canfield.survey(tmp_path / "a.sqlite", "gentle", count=2, max_states=1000, workers=2)
    assert not (tmp_path / "a.sqlite").exists()
    done = canfield.survey(tmp_path / "b.sqlite", "gentle", count=2, max_states=1000, workers=1)
    assert done.done == 2 and rows(tmp_path / "b.sqlite")[0][1] == "CF1-D1-AAAAAAA"


def test_a_variant_from_a_plugin_file_reaches_the_workers(
    tmp_path: Path, fresh_registry: registry_module.Registry
) -> None:
    plugin = tmp_path / "slowpoke.py"
    plugin.write_text(
        textwrap.dedent(
            """
            import canfield

            @canfield.hookimpl
            def canfield_register_variants(register):
                register(canfield.Variant("slowpoke", "Slowpoke", canfield.CANFIELD.evolve(redeals=0)))
            """
        )
    )
    canfield.load_plugin_file(plugin)
    db = tmp_path / "p.sqlite"
    canfield.survey(db, "slowpoke", count=4, max_states=CAP, workers=2)
    in_process = tmp_path / "q.sqlite"
    canfield.survey(in_process, "slowpoke", count=4, max_states=CAP, workers=1)
    assert len(rows(db)) == 4 and rows(db) == rows(in_process)


# -- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "needs one deal set"),
        ({"count": 3, "stop": "CF1-D3-AAAAAAB"}, "needs one deal set: .*got count, stop"),
        ({"count": 0}, "count is a whole number of deals >= 1"),
        ({"start": "CF1-D3-AAAAAAC", "stop": "CF1-D3-AAAAAAB"}, "stop comes before the start"),
        ({"start": "CF1-D3-AAAAAAA", "stop": "CF1-D1-AAAAAAB"}, "a code range has one draw"),
        ({"count": 2, "start": "CF1-D3-ZZZZZZZ"}, "run past the last deal code"),
        ({"count": 2, "start": "nope"}, "malformed deal code"),
        ({"count": 2, "options": {"draw": 1}, "start": "CF1-D3-AAAAAAA"}, "says draw 3, but draw=1"),
        ({"count": 2, "max_states": 0}, "max_states is a whole number >= 1"),
        ({"count": 2, "timeout": -1}, "timeout is a number of seconds > 0"),
        ({"count": 2, "workers": 0}, "workers is a whole number >= 1"),
        ({"count": 2, "options": {"nope": 1}}, "nope"),
    ],
)
def test_bad_settings_are_refused_before_the_file_is_made(
    tmp_path: Path, kwargs: dict[str, object], message: str
) -> None:
    db = tmp_path / "bad.sqlite"
    with pytest.raises(canfield.CanfieldError, match=message):  # a SurveyError, or the bad code's or option's own
        canfield.survey(db, **kwargs)  # type: ignore[arg-type]
    assert not db.exists()


def test_a_bad_line_in_a_deal_file_is_named(tmp_path: Path) -> None:
    path = tmp_path / "deals.txt"
    path.write_text("CF1-D3-AAAAAAA\nAS 2S\n")
    with pytest.raises(canfield.SurveyError, match=r"deals.txt', line 2: deal"):
        canfield.survey(tmp_path / "x.sqlite", deals=path, workers=1)
    path.write_text("CF1-D3-AAAAAAA\ncf1-d3-aaaaaaa\n")
    with pytest.raises(canfield.SurveyError, match="line 2: 'CF1-D3-AAAAAAA' repeats line 1"):
        canfield.survey(tmp_path / "x.sqlite", deals=path, workers=1)


def test_a_file_that_is_not_a_survey_is_left_alone(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE scores (name TEXT)")
    conn.close()
    with pytest.raises(canfield.SurveyError, match="is not a survey file: it is a database of other tables"):
        canfield.survey(other, VARIANT, count=2, max_states=1000, workers=1)
    with sqlite3.connect(other) as conn:
        assert conn.execute("SELECT name FROM sqlite_master").fetchall() == [("scores",)]
    conn.close()
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database, but a note")
    with pytest.raises(canfield.SurveyError, match="is not a survey file"):
        canfield.survey(junk, VARIANT, count=2, max_states=1000, workers=1)
    assert junk.read_text() == "not a database, but a note"


def test_a_report_of_a_file_that_is_not_a_survey(tmp_path: Path) -> None:
    with pytest.raises(canfield.SurveyError, match="does not exist"):
        report(tmp_path / "missing.sqlite")
    (tmp_path / "junk.sqlite").write_text("not a database")
    with pytest.raises(canfield.SurveyError, match="is not a survey file"):
        report(tmp_path / "junk.sqlite")


# -- the command and the report ------------------------------------------------------------------


def test_the_command_runs_resumes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "cli.sqlite"
    args = ["survey", "--variant", "canfield", "--option", "foundation_takeback=false", "--count", "6"]
    args += ["--max-states", "50000", "--workers", "1", "--db", str(db)]
    assert cli.main([*args, "--quiet"]) == 0
    assert capsys.readouterr().out == ""
    assert cli.main(args) == 0
    text = capsys.readouterr().out
    assert "survey of canfield (foundation_takeback=false): 6 of 6 deals, cap 50,000 positions" in text
    assert cli.main(["survey", "--report", str(db), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    r = report(db)
    assert data["done"] == 6 and data["won"] + data["lost"] + data["unknown"] == 6
    assert (data["low"], data["high"]) == conservative_interval(r.won, r.unknown, 6)
    assert math.isclose(data["won_share"], r.won / 6)
    assert cli.main(["survey", "--report", str(db), "--format", "markdown"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| rules | deals | won |") and table[2].startswith(
        "| canfield (foundation_takeback=false) | 6 |"
    )
    _left_unknown_by_another_build(db, 0)
    assert cli.main([*args, "--again", "-q"]) == 0  # the unknown deal solved again, same cap
    assert report(db).runs[-1]["deals"] == 1 and report(db).unknown == r.unknown
    with sqlite3.connect(db) as conn:  # deal 0 left unknown by this build: nothing to solve again
        conn.execute("UPDATE deals SET verdict = 'unknown', run = (SELECT max(id) FROM runs) WHERE idx = 0")
    conn.close()
    capsys.readouterr()
    assert cli.main([*args, "--again", "-q"]) == 2
    assert "was left unknown by this solver build" in capsys.readouterr().err
    other = [a.replace("=false", "=true") for a in args]
    assert cli.main([*other, "-q"]) == 2
    assert "holds another survey (options:" in capsys.readouterr().err


def test_the_command_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["survey", "--option", "colour=blue", "--count", "1", "--db", "x.sqlite"])
    assert "argument --option: 'colour=blue': unknown rule option 'colour'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["survey", "--draw", "64", "--count", "1", "--db", "x.sqlite"])
    assert "draw count '64' is not a whole number 1..63" in capsys.readouterr().err
    assert cli.main(["survey", "--count", "1"]) == 2
    assert "needs --db FILE" in capsys.readouterr().err


# -- checking a file again ----------------------------------------------------------------------


def test_the_deals_checked_are_spread_over_the_file() -> None:
    assert spread(10, 3) == [0, 3, 6] and spread(4, 9) == [0, 1, 2, 3] and spread(5, 5) == [0, 1, 2, 3, 4]


def _set_verdict(db: Path, idx: int, verdict: str) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE deals SET verdict = ? WHERE idx = ?", (verdict, idx))
    conn.close()


def test_verify_solves_deals_again_and_names_every_difference(
    tmp_path: Path, reference: list[tuple[int, str, str]]
) -> None:
    db = tmp_path / "v.sqlite"
    canfield.survey(db, VARIANT, count=COUNT, max_states=CAP, workers=1)
    clean = verify(db, 8, workers=1)
    assert len(clean.checks) == 8 and clean.same == 8 and clean.finished == COUNT
    assert [c.deal for c in clean.checks] == [reference[i][1] for i in spread(COUNT, 8)]
    assert clean.changes == [] and clean.contradictions == []
    assert all(c.positions_was == c.positions_now for c in clean.checks)  # same build, same cap: same search
    # Now make the file say what this build does not: a won deal recorded lost, an unknown one recorded won.
    won = next(i for i in spread(COUNT, 8) if reference[i][2] == "won")
    unknown = next(i for i in spread(COUNT, 8) if reference[i][2] == "unknown")
    _set_verdict(db, won, "lost")
    _set_verdict(db, unknown, "won")
    before = rows(db)
    found = verify(db, 8, workers=1)
    assert rows(db) == before  # verifying changes nothing
    assert [(c.deal, c.was, c.now) for c in found.contradictions] == [(reference[won][1], "lost", "won")]
    assert [(c.deal, c.was, c.now) for c in found.changes] == [(reference[unknown][1], "won", "unknown")]
    text = found.to_text()
    assert f"8 of {COUNT} finished deals solved again" in text
    assert "same verdict: 6; unknown ↔ won or lost: 1; won ↔ lost (a contradiction): 1" in text
    assert f"CONTRADICTION {reference[won][1]}: lost in the file" in text
    assert f"changed {reference[unknown][1]}: won in the file" in text
    assert f"solved now with canfield {canfield.__version__}" in text


def test_the_command_verifies_and_fails_on_a_contradiction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], reference: list[tuple[int, str, str]]
) -> None:
    db = tmp_path / "c.sqlite"
    args = ["survey", "--variant", VARIANT, "--count", "10", "--max-states", str(CAP), "--workers", "1"]
    assert cli.main([*args, "--db", str(db), "--quiet", "--verify", "5"]) == 0  # runs, then checks 5 of 10
    out = capsys.readouterr().out
    assert out.startswith(f"verify {db}: 5 of 10 finished deals") and "a contradiction): 0" in out
    won = next(i for i in range(10) if reference[i][2] == "won")
    _set_verdict(db, won, "lost")
    assert cli.main(["survey", "--report", str(db), "--verify", "10"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("survey of classic: 10 of 10 deals") and f"CONTRADICTION {reference[won][1]}" in out
    with pytest.raises(SystemExit) as e:
        cli.main(["survey", "--report", str(db), "--verify", "0"])
    assert e.value.code == 2 and "--verify '0' is not a whole number 1 or more" in capsys.readouterr().err
    with pytest.raises(canfield.SurveyError, match="number of deals to verify is a whole number >= 1"):
        verify(db, 0)


# -- the published page --------------------------------------------------------------------------


def test_the_page_sections_come_from_the_files(tmp_path: Path) -> None:
    from xml.etree import ElementTree

    from canfield.surveys import publish

    (tmp_path / "speed").mkdir()
    lit = canfield.survey(
        tmp_path / "lit.sqlite", "canfield", options=publish.LITERATURE_OPTIONS, count=6, max_states=20_000, workers=1
    )
    classic = canfield.survey(tmp_path / "a-classic.sqlite", VARIANT, count=4, max_states=20_000, workers=1)
    canfield.survey(tmp_path / "speed" / "one.sqlite", VARIANT, count=3, max_states=20_000, workers=1)
    parts = {name: make() for name, make in publish.sections(tmp_path).items()}
    # The literature's rules come first, whatever the file names.
    table = parts["table"].splitlines()
    assert len(table) == 4
    assert table[2].startswith("| literature's rules | 6 |")
    assert table[3].startswith(f"| classic | 4 | {100 * classic.share('won'):.2f} % |")
    assert f"{100 * lit.low:.2f} % – {100 * lit.high:.2f} %" in parts["literature"]
    assert "71.245 % ± 0.031 %" in parts["literature"]
    assert "`canfield survey --variant classic --start CF1-D3-AAAAAAA --count 4 --max-states 20000" in parts["commands"]
    assert "[`lit.sqlite`](data/lit.sqlite), 6 of 6 deals" in parts["commands"]
    assert (
        parts["speed"]
        .splitlines()[2]
        .startswith("| `one.sqlite`: classic, cap 20,000 positions | 1 (in-process) | 3 |")
    )
    svg = ElementTree.fromstring(parts["chart"])
    titles = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}title")]
    assert f"won {100 * lit.share('won'):.2f} %" in titles and "published: 71.245 %" in titles
    assert [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.text and "rules" in t.text] == [
        "literature's rules "
    ]


def test_an_empty_folder_makes_a_page_that_says_so(tmp_path: Path) -> None:
    from canfield.surveys import publish

    parts = {name: make() for name, make in publish.sections(tmp_path).items()}
    assert parts["table"] == "*No survey files yet.*" and parts["chart"] == "" and parts["commands"] == ""
    assert "No survey of the literature's rules" in parts["literature"]


# -- a player's survey: each deal played to its end by the fair player or the policy ------------------


def test_a_players_survey_records_the_games_it_played_and_resumes_only_with_the_same_player(tmp_path: Path) -> None:
    from canfield import fair

    db = tmp_path / "fair.sqlite"
    settings = {"samples": 3, "sample_states": 500}
    r = canfield.survey(db, "classic", count=4, workers=1, player="fair", **settings)
    assert r.done == 4 and r.unknown == 0 and r.won + r.lost == 4
    assert r.player == {"name": "fair", "samples": 3, "max_states": 500, "seed": 0}
    assert "--player fair --samples 3 --sample-states 500" in r.command and "fair player" in r.to_text()
    rules = canfield.Game.from_code("CF1-D3-AAAAAAA", "classic").rules
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT deal, verdict, positions FROM deals ORDER BY idx").fetchall()
    for deal, verdict, moves in rows:  # each row is the game the fair player plays from that deal
        played = fair.play_out(rules, canfield.Game.from_code(deal, "classic").position, fair.Settings(3, 500))
        assert (verdict == "won", moves) == (played.won, len(played.moves))
    with pytest.raises(canfield.SurveyError, match="player"):
        canfield.survey(db, "classic", count=4, workers=1, player="policy")
    with pytest.raises(canfield.SurveyError, match="player"):
        canfield.survey(db, "classic", count=4, workers=1, player="fair", samples=4, sample_states=500)
    assert canfield.survey(db, "classic", count=4, workers=1, player="fair", **settings).runs[-1]["deals"] == 0
    policy = canfield.survey(tmp_path / "policy.sqlite", "classic", count=4, workers=1, player="policy")
    assert policy.player == {"name": "policy"} and policy.done == 4
    for bad in (
        {"player": "peek"},
        {"player": "fair", "max_states": 10},
        {"samples": 3},
        {"player": "policy", "samples": 2},
    ):
        with pytest.raises(canfield.SurveyError):
            canfield.survey(tmp_path / "bad.sqlite", "classic", count=1, workers=1, **bad)  # type: ignore[arg-type]


def test_the_players_table_puts_each_player_beside_the_solver_on_the_same_deals(tmp_path: Path) -> None:
    from canfield.surveys import publish

    assert publish.players(tmp_path) == "*No players' surveys yet.*"
    (tmp_path / "players").mkdir()
    canfield.survey(tmp_path / "classic.sqlite", VARIANT, count=6, max_states=20_000, workers=1)
    fair = canfield.survey(
        tmp_path / "players" / "f.sqlite", VARIANT, count=3, workers=1, player="fair", samples=3, sample_states=500
    )
    canfield.survey(tmp_path / "players" / "p.sqlite", VARIANT, count=6, workers=1, player="policy")
    with sqlite3.connect(tmp_path / "classic.sqlite") as conn:
        solver = [v for (v,) in conn.execute("SELECT verdict FROM deals WHERE idx < 3")]
    with sqlite3.connect(tmp_path / "players" / "p.sqlite") as conn:
        policy = [v for (v,) in conn.execute("SELECT verdict FROM deals WHERE idx < 3")]
    row = publish.players(tmp_path).splitlines()[2]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[:2] == ["classic", "3"]
    assert cells[2].startswith(f"{100 * solver.count('won') / 3:.1f} % (")
    assert cells[3].startswith(f"{100 * fair.won / 3:.1f} % (")
    assert cells[4].startswith(f"{100 * policy.count('won') / 3:.1f} % (")
    assert cells[5] == "3 samples of 500 positions"
    assert "--player policy" in publish.player_commands(tmp_path)
