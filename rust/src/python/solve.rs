//! The solver as it crosses: a search on a snapshot of an engine, on a thread of its own without
//! the GIL, stopped by Ctrl-C or its budget.

use super::boundary::{
    auto_finish_arg, guard, hold_arg, internal, max_states_arg, memory_arg, panic_text, timeout_arg,
};
use super::engine::{engine_arg, PyEngine};
use crate::engine::Engine;
use crate::solver::{self, Cut, Limits, Outcome, Verdict};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Searches running now on their own threads (see `searches_running`).
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// How many searches are running now, each on a thread of its own: a test waits for one to run
/// before it interrupts it.
#[pyfunction]
pub(super) fn searches_running() -> usize {
    RUNNING.load(Ordering::SeqCst)
}

/// A search held until it is stopped or its deadline passes, whatever the position (`hold=True`
/// of `solve`): tests of Ctrl-C and of the deadline need a search that cannot end by itself.
fn held(limits: &Limits<'_>) -> Outcome {
    let cut = loop {
        if limits.stop.load(Ordering::Relaxed) {
            break Cut::Stopped;
        }
        if limits.deadline.is_some_and(|d| Instant::now() >= d) {
            break Cut::Timeout;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    Outcome {
        verdict: Verdict::Unknown,
        line: vec![],
        states: 0,
        cut: Some(cut),
    }
}

/// A search's budget as it crosses from Python.
pub(super) struct Budget {
    pub(super) deadline: Option<Instant>,
    pub(super) max_states: Option<u64>,
    pub(super) memory: usize,
}

/// Run `job` on `e` on a thread of its own, without the GIL, within `budget`; Ctrl-C stops it
/// and raises KeyboardInterrupt, and a panic in it raises `InternalError`.
pub(super) fn search_on_thread(
    py: Python<'_>,
    mut e: Engine,
    budget: Budget,
    job: impl FnOnce(&mut Engine, &Limits<'_>) -> Outcome + Send + 'static,
) -> PyResult<Outcome> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let limits = Limits {
            max_states: budget.max_states,
            deadline: budget.deadline,
            memory: budget.memory,
            stop: &flag,
        };
        RUNNING.fetch_add(1, Ordering::SeqCst);
        let outcome = catch_unwind(AssertUnwindSafe(|| job(&mut e, &limits))).map_err(panic_text);
        RUNNING.fetch_sub(1, Ordering::SeqCst);
        let _ = tx.send(outcome);
    });
    let mut rx = rx;
    let outcome = loop {
        let (got, back) = py.detach(move || (rx.recv_timeout(Duration::from_millis(25)), rx));
        rx = back;
        match got {
            Ok(outcome) => break outcome,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(err) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    let _ = py.detach(|| worker.join());
                    return Err(err);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err("the solver's thread ended without an answer".into());
            }
        }
    };
    let _ = py.detach(|| worker.join());
    outcome.map_err(|why| internal(&why))
}

/// What `solve` hands back: verdict, winning line, positions searched, seconds, why it stopped.
type Solved = (&'static str, Vec<u32>, u64, f64, Option<&'static str>);

/// Search `engine`'s position for a win (see `canfield.solve`). The search runs on a snapshot of
/// the engine, on a thread of its own, without the GIL; Ctrl-C stops it and raises
/// KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (engine, timeout=None, max_states=None, memory=1 << 30, auto_finish=false, hold=false))]
pub(super) fn solve(
    py: Python<'_>,
    engine: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = timeout_arg)] timeout: Option<f64>,
    #[pyo3(from_py_with = max_states_arg)] max_states: Option<u64>,
    #[pyo3(from_py_with = memory_arg)] memory: usize,
    #[pyo3(from_py_with = auto_finish_arg)] auto_finish: bool,
    #[pyo3(from_py_with = hold_arg)] hold: bool,
) -> PyResult<Solved> {
    guard(|| {
        let engine = engine_arg(engine, "solve")?;
        let started = Instant::now();
        // A deadline the clock cannot reach (an infinite or huge timeout) is no deadline.
        let deadline = timeout.and_then(|t| {
            Duration::try_from_secs_f64(t)
                .ok()
                .and_then(|d| started.checked_add(d))
        });
        let snapshot = PyEngine::with(&engine, |this| Ok(this.e.clone()))?;
        let budget = Budget {
            deadline,
            max_states,
            memory,
        };
        let outcome = search_on_thread(py, snapshot, budget, move |e, limits| {
            if hold {
                held(limits)
            } else {
                solver::solve(e, limits, auto_finish)
            }
        })?;
        let verdict = match outcome.verdict {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Unknown => "unknown",
        };
        Ok((
            verdict,
            outcome.line.iter().map(|m| m.int()).collect(),
            outcome.states,
            started.elapsed().as_secs_f64(),
            outcome.cut.map(Cut::name),
        ))
    })
}
