//! The Python module `canfield._native`: the engine and the solver behind `canfield.Game`.
//!
//! Everything that crosses here has been checked in Python first; it is checked again here, and
//! a bad table, position or move raises `ValueError`, never a panic.

use crate::engine::{Engine, Position};
use crate::moves::Move;
use crate::rules::Rules;
use crate::solver::{self, Cut, Limits, Outcome, Verdict};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Compiled rules as the native engine reads them (built once per compiled `Rules`).
#[pyclass(frozen, module = "canfield._native", name = "Tables")]
pub struct PyTables {
    pub inner: Arc<Rules>,
}

#[pymethods]
impl PyTables {
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (columns, decks, builds, empty_ok, auto_fill, mode, takeback, draws, pass_limit, past_base=true))]
    fn new(
        columns: usize,
        decks: usize,
        builds: Vec<bool>,
        empty_ok: Vec<bool>,
        auto_fill: bool,
        mode: u8,
        takeback: bool,
        draws: Vec<u8>,
        pass_limit: Option<u32>,
        past_base: bool,
    ) -> PyResult<Self> {
        let rules = Rules::new(
            columns, decks, &builds, &empty_ok, auto_fill, mode, takeback, draws, pass_limit,
            past_base,
        )
        .map_err(PyValueError::new_err)?;
        Ok(PyTables {
            inner: Arc::new(rules),
        })
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "<Tables columns={} decks={} draws={:?} pass_limit={:?}>",
            r.columns, r.decks, r.draws, r.pass_limit
        )
    }
}

// Out as lists of ints (a Vec<u8> would cross as bytes).
type PyPosition = (
    Vec<u32>,
    u32,
    Vec<(u32, u32)>,
    Vec<Vec<u32>>,
    Vec<u32>,
    Vec<u32>,
    u32,
);

fn ints(cards: &[u8]) -> Vec<u32> {
    cards.iter().map(|&c| u32::from(c)).collect()
}

/// A mutable position under native rules, with make/unmake (see `canfield.engine.Engine`).
#[pyclass(module = "canfield._native", name = "Engine")]
pub struct PyEngine {
    pub e: Engine,
    /// The legal moves of the current position, while `fresh`.
    legal: Vec<Move>,
    fresh: bool,
}

impl PyEngine {
    fn new_from(e: Engine) -> PyEngine {
        PyEngine {
            e,
            legal: Vec::with_capacity(64),
            fresh: false,
        }
    }

    fn legal(&mut self) -> &[Move] {
        if !self.fresh {
            self.e.moves(&mut self.legal);
            self.fresh = true;
        }
        &self.legal
    }
}

#[pymethods]
impl PyEngine {
    /// An engine at a position: reserve, start rank, foundations as (suit, count), columns,
    /// stock in turning order, waste, recycles.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (tables, reserve, start, foundations, columns, stock, waste, recycles))]
    fn new(
        tables: &PyTables,
        reserve: Vec<u8>,
        start: u8,
        foundations: Vec<(u8, u8)>,
        columns: Vec<Vec<u8>>,
        stock: Vec<u8>,
        waste: Vec<u8>,
        recycles: u32,
    ) -> PyResult<Self> {
        let pos = Position {
            reserve,
            start,
            foundations,
            columns,
            stock,
            waste,
            recycles,
        };
        let e = Engine::new(tables.inner.clone(), &pos).map_err(PyValueError::new_err)?;
        Ok(PyEngine::new_from(e))
    }

    /// Every legal move here, each once, in the reference engine's order.
    fn moves(&mut self) -> Vec<u32> {
        self.legal().iter().map(|m| m.int()).collect()
    }

    /// The legal moves as the objects `table[m]` of their move ints `m` (a list indexed by move
    /// int), or None when `table` lacks one of them.
    fn moves_from<'py>(
        &mut self,
        py: Python<'py>,
        table: &Bound<'py, PyList>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let n = table.len();
        let mut items = Vec::with_capacity(self.legal().len());
        for &m in self.legal() {
            let m = m.int() as usize;
            if m >= n {
                return Ok(None);
            }
            let item = table.get_item(m)?;
            if item.is_none() {
                return Ok(None);
            }
            items.push(item);
        }
        Ok(Some(PyList::new(py, items)?))
    }

    /// Play a legal move; an illegal one raises ValueError and changes nothing.
    fn make(&mut self, m: u32) -> PyResult<()> {
        let m = Move::from_int(m);
        if !self.legal().contains(&m) {
            return Err(PyValueError::new_err(format!(
                "move {} is not legal here",
                m.int()
            )));
        }
        self.e.make(m);
        self.fresh = false;
        Ok(())
    }

    /// Take back the last move and return its move int.
    fn unmake(&mut self) -> PyResult<u32> {
        self.fresh = false;
        self.e
            .unmake()
            .map(Move::int)
            .ok_or_else(|| PyIndexError::new_err("no move to take back"))
    }

    /// The move ints made so far, oldest first.
    fn made(&self) -> Vec<u32> {
        self.e.made().iter().map(|m| m.int()).collect()
    }

    /// How many moves have been made (and can be taken back).
    fn depth(&self) -> usize {
        self.e.hist.len()
    }

    fn is_won(&self) -> bool {
        self.e.is_won()
    }

    fn is_lost(&mut self) -> bool {
        self.e.is_lost()
    }

    /// The position's 64-bit hash (ignores the order of the columns).
    fn key(&self) -> u64 {
        self.e.key()
    }

    /// How many cards the next stock turn takes.
    fn draw_count(&self) -> usize {
        self.e.draw_count()
    }

    /// The position as (reserve, start, foundations, columns, stock, waste, recycles).
    fn position(&self) -> PyPosition {
        let p = self.e.position();
        (
            ints(&p.reserve),
            u32::from(p.start),
            p.foundations
                .iter()
                .map(|&(s, n)| (u32::from(s), u32::from(n)))
                .collect(),
            p.columns.iter().map(|c| ints(c)).collect(),
            ints(&p.stock),
            ints(&p.waste),
            p.recycles,
        )
    }

    /// perft: the number of move sequences of exactly `depth` moves (the GIL released).
    fn perft(&mut self, py: Python<'_>, depth: u32) -> u64 {
        let e = &mut self.e;
        self.fresh = false;
        py.detach(|| e.perft(depth))
    }

    /// Play up to `length` uniformly random legal moves (a fixed generator seeded by `seed`),
    /// then take them all back; returns how many were played. For benchmarks and playouts.
    fn playout(&mut self, py: Python<'_>, length: usize, seed: u64) -> usize {
        let e = &mut self.e;
        py.detach(|| crate::engine::random_playout(e, length, seed))
    }

    /// An independent copy (with the same undo stack).
    fn copy(&self) -> PyEngine {
        PyEngine::new_from(self.e.clone())
    }
}

/// Searches running now on their own threads (see `searches_running`).
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// How many searches are running now, each on a thread of its own: a test waits for one to run
/// before it interrupts it.
#[pyfunction]
fn searches_running() -> usize {
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

/// What `solve` hands back: verdict, winning line, positions searched, seconds, why it stopped.
type Solved = (&'static str, Vec<u32>, u64, f64, Option<&'static str>);

/// Search `engine`'s position for a win (see `canfield.solve`). The search runs on a thread of
/// its own, without the GIL; Ctrl-C stops it and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (engine, timeout=None, max_states=None, memory=1 << 30, auto_finish=false, hold=false))]
fn solve(
    py: Python<'_>,
    engine: &PyEngine,
    timeout: Option<f64>,
    max_states: Option<u64>,
    memory: usize,
    auto_finish: bool,
    hold: bool,
) -> PyResult<Solved> {
    if timeout.is_some_and(|t| !(t >= 0.0 && t.is_finite())) {
        return Err(PyValueError::new_err(
            "timeout must be a finite number of seconds >= 0",
        ));
    }
    let mut e = engine.e.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let started = Instant::now();
    let deadline = timeout.map(|t| started + Duration::from_secs_f64(t));
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        let limits = Limits {
            max_states,
            deadline,
            memory,
            stop: &flag,
        };
        RUNNING.fetch_add(1, Ordering::SeqCst);
        let outcome = if hold {
            held(&limits)
        } else {
            solver::solve(&mut e, &limits, auto_finish)
        };
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
                return Err(PyRuntimeError::new_err(
                    "the solver stopped without an answer",
                ));
            }
        }
    };
    let _ = py.detach(|| worker.join());
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
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTables>()?;
    m.add_class::<PyEngine>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(searches_running, m)?)?;
    Ok(())
}
