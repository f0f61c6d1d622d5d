//! The Python module `canfield._native`: the engine and the solver behind `canfield.Game`, and
//! the move layout's constants (`crate::moves`), which `canfield.moves` and `canfield.engine`
//! take from here.
//!
//! Everything that crosses here is checked, and every error is one of `canfield.errors`: a bad
//! table raises `RulesError`, a bad position `InvalidPositionError`, a malformed move
//! `InvalidMoveError`, an illegal one `IllegalMoveError`, an empty undo stack `UndoError`, any
//! other bad argument `CanfieldError` (a call with missing or unknown arguments is a `TypeError`,
//! as for any Python function; Ctrl-C in a search is `KeyboardInterrupt`). A panic is a bug: at
//! every entry point, and in the solver's thread, it becomes `InternalError` naming it, and an
//! engine that a panic interrupted refuses every later call (its position may be half changed).

use crate::engine::{Engine, Position, Walk, MAX_WALK};
use crate::moves::{
    Move, COUNT_SHIFT, DST_SHIFT, LAYOUT, MAX_COLUMNS, MAX_COUNT, MAX_DECKS, PLACE_MASK,
};
use crate::rules::{
    PileRule, Rules, MAX_DRAW, MAX_PASS_LIMIT, MAX_RECYCLES, MODE_ANY, MODE_SINGLE,
    MODE_TOP_OR_WHOLE, MODE_WHOLE, RESERVE_ANY, RESERVE_FOUNDATIONS, RESERVE_LAST,
};
use crate::solver::{self, Cut, Limits, Outcome, Verdict};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList};
use std::any::Any;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

pyo3::import_exception!(canfield.errors, CanfieldError);
pyo3::import_exception!(canfield.errors, RulesError);
pyo3::import_exception!(canfield.errors, InvalidPositionError);
pyo3::import_exception!(canfield.errors, InvalidMoveError);
pyo3::import_exception!(canfield.errors, IllegalMoveError);
pyo3::import_exception!(canfield.errors, UndoError);
pyo3::import_exception!(canfield.errors, InternalError);

// -- the error boundary --------------------------------------------------------------------------

/// Which `canfield.errors` exception an error crosses as.
#[derive(Clone, Copy)]
enum Kind {
    Base,
    Rules,
    Position,
    Move,
}

impl Kind {
    fn err(self, message: String) -> PyErr {
        match self {
            Kind::Base => CanfieldError::new_err(message),
            Kind::Rules => RulesError::new_err(message),
            Kind::Position => InvalidPositionError::new_err(message),
            Kind::Move => InvalidMoveError::new_err(message),
        }
    }
}

/// A short text of `obj` for an error message: its repr, cut to 60 characters.
fn shown(obj: &Bound<'_, PyAny>) -> String {
    match obj.repr() {
        Ok(r) => {
            let r = r.to_string_lossy().into_owned();
            if r.chars().count() > 60 {
                format!("{}...", r.chars().take(57).collect::<String>())
            } else {
                r
            }
        }
        Err(_) => format!("a {}", type_name(obj)),
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

/// `obj` as a `T`, or a `kind` error saying `what` it must be.
fn arg<'a, 'py, T: FromPyObject<'a, 'py>>(
    obj: &'a Bound<'py, PyAny>,
    kind: Kind,
    what: &str,
) -> PyResult<T> {
    obj.extract::<T>()
        .map_err(|_| kind.err(format!("{what}, not {}", shown(obj))))
}

thread_local! {
    /// The last panic's message and place on this thread (see `install_panic_hook`).
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Record each panic's message and place for `InternalError` instead of printing it (printed as
/// well when `RUST_BACKTRACE` is set, as Rust's own hook does).
fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info.to_string().replace('\n', " ");
        PANIC.with(|p| *p.borrow_mut() = Some(text));
        if std::env::var_os("RUST_BACKTRACE").is_some() {
            default(info);
        }
    }));
}

/// What a caught panic said: the hook's record of it, or its payload.
fn panic_text(payload: Box<dyn Any + Send>) -> String {
    PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into())
    })
}

/// The `InternalError` of a panic that said `why`.
fn internal(why: &str) -> PyErr {
    InternalError::new_err(format!(
        "internal error in the native core (a bug, please report it): {why}"
    ))
}

/// Run `f`, a panic in it raising `InternalError`.
fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| Err(internal(&panic_text(payload))))
}

/// An extractor `$f` (for `from_py_with`, where an argument has a default): `$t`, or a `$kind`
/// error saying `$what`.
macro_rules! extractor {
    ($f:ident, $t:ty, $kind:expr, $what:expr) => {
        fn $f(obj: &Bound<'_, PyAny>) -> PyResult<$t> {
            arg(obj, $kind, $what)
        }
    };
}

extractor!(past_base_arg, bool, Kind::Rules, "past_base must be a bool");
extractor!(
    column_limit_arg,
    Option<usize>,
    Kind::Rules,
    "column_limit must be None or an int >= 1"
);
extractor!(
    reserve_play_arg,
    u8,
    Kind::Rules,
    "reserve_play must be an int 0..2"
);
extractor!(face_down_arg, bool, Kind::Rules, "face_down must be a bool");
extractor!(
    reserve_piles_arg,
    usize,
    Kind::Rules,
    "reserve_piles must be an int 1..8"
);
extractor!(
    fill_waste_arg,
    bool,
    Kind::Rules,
    "fill_waste must be a bool"
);
extractor!(
    fill_by_choice_arg,
    bool,
    Kind::Rules,
    "fill_by_choice must be a bool"
);
extractor!(
    choose_base_arg,
    bool,
    Kind::Rules,
    "choose_base must be a bool"
);
extractor!(
    fill_waste_only_arg,
    bool,
    Kind::Rules,
    "fill_waste_only must be a bool"
);
extractor!(
    base_until_first_arg,
    bool,
    Kind::Rules,
    "base_until_first must be a bool"
);
extractor!(
    base_open_arg,
    bool,
    Kind::Position,
    "base_open must be a bool"
);
extractor!(
    auto_finish_arg,
    bool,
    Kind::Base,
    "auto_finish must be a bool"
);

// The budget: a bound past what a search can reach is no bound (a timeout the clock cannot
// reach, more positions or bytes than the machine can count); anything else out of range is a
// `CanfieldError` naming it.

/// A non-negative int as a `u64`, or None when it is past `u64::MAX`; an error when it is no int
/// or negative.
fn count_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<u64>> {
    let refuse = || CanfieldError::new_err(format!("{what}, not {}", shown(obj)));
    if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
        return Err(refuse());
    }
    if let Ok(n) = obj.extract::<u64>() {
        return Ok(Some(n));
    }
    match obj.gt(0) {
        Ok(true) => Ok(None),
        _ => Err(refuse()),
    }
}

/// The timeout in seconds: None, or a number >= 0 (an int too large for a float is infinite).
fn timeout_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    if obj.is_none() {
        return Ok(None);
    }
    let refuse = || CanfieldError::new_err(format!("{TIMEOUT}, not {}", shown(obj)));
    if obj.is_instance_of::<PyBool>() {
        return Err(refuse());
    }
    let t = if obj.is_instance_of::<PyInt>() {
        match count_arg(obj, TIMEOUT)? {
            Some(n) => n as f64,
            None => f64::INFINITY,
        }
    } else {
        obj.extract::<f64>().map_err(|_| refuse())?
    };
    if t.is_nan() || t < 0.0 {
        return Err(refuse());
    }
    Ok(Some(t))
}

/// The most positions: None, or an int >= 0 (past `u64::MAX`: no bound).
fn max_states_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if obj.is_none() {
        return Ok(None);
    }
    count_arg(obj, "max_states must be None or an int >= 0")
}

/// The visited set's most bytes: an int >= 0 (past what the machine can address: no bound).
fn memory_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = count_arg(obj, "memory must be an int of bytes >= 0")?;
    Ok(n.map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX)))
}
extractor!(hold_arg, bool, Kind::Base, "hold must be a bool");

const TIMEOUT: &str = "timeout must be None or a number of seconds >= 0";
const MOVE_INT: &str = "a move int is an int naming a move (see canfield.moves)";

// -- tables ---------------------------------------------------------------------------------------

/// A foundation pile's rule as it crosses: (suit or None, start rank or None, down, wraps, set,
/// dealt, after or None).
type PileTuple = (Option<u8>, Option<u8>, bool, bool, bool, bool, Option<u8>);

extractor!(
    foundations_arg,
    Option<Vec<PileTuple>>,
    Kind::Rules,
    "foundations must be None or a sequence of (suit, start, down, wraps, set, dealt, after) piles"
);

/// Compiled rules as the native engine reads them (built once per compiled `Rules`).
#[pyclass(frozen, module = "canfield._native", name = "Tables")]
pub struct PyTables {
    pub inner: Arc<Rules>,
}

#[pymethods]
impl PyTables {
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (columns, decks, builds, empty_ok, auto_fill, mode, takeback, draws, pass_limit, past_base=true, column_limit=None, reserve_play=0, face_down=false, reserve_piles=1, fill_waste=false, foundations=None, fill_by_choice=false, choose_base=false, fill_waste_only=false, base_until_first=false))]
    fn new(
        columns: &Bound<'_, PyAny>,
        decks: &Bound<'_, PyAny>,
        builds: &Bound<'_, PyAny>,
        empty_ok: &Bound<'_, PyAny>,
        auto_fill: &Bound<'_, PyAny>,
        mode: &Bound<'_, PyAny>,
        takeback: &Bound<'_, PyAny>,
        draws: &Bound<'_, PyAny>,
        pass_limit: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = past_base_arg)] past_base: bool,
        #[pyo3(from_py_with = column_limit_arg)] column_limit: Option<usize>,
        #[pyo3(from_py_with = reserve_play_arg)] reserve_play: u8,
        #[pyo3(from_py_with = face_down_arg)] face_down: bool,
        #[pyo3(from_py_with = reserve_piles_arg)] reserve_piles: usize,
        #[pyo3(from_py_with = fill_waste_arg)] fill_waste: bool,
        #[pyo3(from_py_with = foundations_arg)] foundations: Option<Vec<PileTuple>>,
        #[pyo3(from_py_with = fill_by_choice_arg)] fill_by_choice: bool,
        #[pyo3(from_py_with = choose_base_arg)] choose_base: bool,
        #[pyo3(from_py_with = fill_waste_only_arg)] fill_waste_only: bool,
        #[pyo3(from_py_with = base_until_first_arg)] base_until_first: bool,
    ) -> PyResult<Self> {
        guard(|| {
            let k = Kind::Rules;
            let builds: Vec<bool> = arg(builds, k, "builds must be a sequence of 2704 bools")?;
            let empty_ok: Vec<bool> = arg(empty_ok, k, "empty_ok must be a sequence of 52 bools")?;
            let rules = Rules::new(
                arg(
                    columns,
                    k,
                    &format!("columns must be an int 1..{MAX_COLUMNS}"),
                )?,
                arg(decks, k, &format!("decks must be an int 1..{MAX_DECKS}"))?,
                &builds,
                &empty_ok,
                arg(auto_fill, k, "auto_fill must be a bool")?,
                arg(mode, k, "mode must be an int 0..2")?,
                arg(takeback, k, "takeback must be a bool")?,
                arg(
                    draws,
                    k,
                    &format!("draws must be a sequence of ints 1..{MAX_DRAW}"),
                )?,
                arg(
                    pass_limit,
                    k,
                    &format!("pass_limit must be None or an int 1..{MAX_PASS_LIMIT}"),
                )?,
                past_base,
            )
            .and_then(|r| r.with_limits(column_limit, reserve_play, face_down))
            .and_then(|r| r.with_reserves(reserve_piles, fill_waste))
            .and_then(|r| {
                r.with_foundations(foundations.map(|ps| {
                    ps.into_iter()
                        .map(|(suit, start, down, wraps, set, dealt, after)| PileRule {
                            suit,
                            start,
                            down,
                            wraps,
                            set,
                            dealt,
                            after,
                        })
                        .collect()
                }))
            })
            .and_then(|r| r.with_fill_by_choice(fill_by_choice))
            .map(|r| r.with_choose_base(choose_base))
            .and_then(|r| r.with_empty_column(fill_waste_only, base_until_first))
            .map_err(|e| k.err(e))?;
            Ok(PyTables {
                inner: Arc::new(rules),
            })
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

// -- the engine -----------------------------------------------------------------------------------

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
    e: Engine,
    /// The legal moves of the current position, while `fresh`.
    legal: Vec<Move>,
    fresh: bool,
    /// Set when a panic interrupted a call: what it said.
    broken: Option<String>,
}

impl PyEngine {
    fn new_from(e: Engine) -> PyEngine {
        PyEngine {
            e,
            legal: Vec::with_capacity(64),
            fresh: false,
            broken: None,
        }
    }

    fn legal(&mut self) -> &[Move] {
        if !self.fresh {
            self.e.moves(&mut self.legal);
            self.fresh = true;
        }
        &self.legal
    }

    /// Run `f` on the engine `slf`, checked at the boundary: refused while another thread uses
    /// the engine, or once a panic broke it; a panic in `f` breaks it and raises `InternalError`.
    fn with<T>(
        slf: &Bound<'_, PyEngine>,
        f: impl FnOnce(&mut PyEngine) -> PyResult<T>,
    ) -> PyResult<T> {
        let mut this = slf.try_borrow_mut().map_err(|_| {
            CanfieldError::new_err(
                "this engine is busy: another thread is using it (a perft or a playout runs on it)",
            )
        })?;
        let this = &mut *this;
        if let Some(why) = &this.broken {
            return Err(InternalError::new_err(format!(
                "this engine is unusable: an earlier call failed inside the native core ({why})"
            )));
        }
        catch_unwind(AssertUnwindSafe(|| f(this))).unwrap_or_else(|payload| {
            let why = panic_text(payload);
            let err = internal(&why);
            this.broken = Some(why);
            Err(err)
        })
    }
}

/// The engine an argument names, or a `CanfieldError` saying it must be one.
fn engine_arg<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyEngine>> {
    obj.cast::<PyEngine>().cloned().map_err(|_| {
        CanfieldError::new_err(format!(
            "{what} takes a canfield._native.Engine, not {}",
            type_name(obj)
        ))
    })
}

#[pymethods]
impl PyEngine {
    /// An engine at a position: reserve, start rank, foundations as (suit, count), columns,
    /// stock in turning order, waste, recycles.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (tables, reserve, start, foundations, columns, stock, waste, recycles, face_down=None, more_reserves=None, piles=None, base_open=false))]
    fn new(
        tables: &Bound<'_, PyAny>,
        reserve: &Bound<'_, PyAny>,
        start: &Bound<'_, PyAny>,
        foundations: &Bound<'_, PyAny>,
        columns: &Bound<'_, PyAny>,
        stock: &Bound<'_, PyAny>,
        waste: &Bound<'_, PyAny>,
        recycles: &Bound<'_, PyAny>,
        face_down: Option<&Bound<'_, PyAny>>,
        more_reserves: Option<&Bound<'_, PyAny>>,
        piles: Option<&Bound<'_, PyAny>>,
        #[pyo3(from_py_with = base_open_arg)] base_open: bool,
    ) -> PyResult<Self> {
        guard(|| {
            let rules = tables
                .cast::<PyTables>()
                .map_err(|_| {
                    RulesError::new_err(format!(
                        "tables must be a canfield._native.Tables, not {}",
                        type_name(tables)
                    ))
                })?
                .get()
                .inner
                .clone();
            let k = Kind::Position;
            let cards = "must be a sequence of cards (ints 0..51)";
            let pos = Position {
                reserve: arg(reserve, k, &format!("reserve {cards}"))?,
                start: arg(start, k, "start must be a rank 0..12")?,
                foundations: arg(
                    foundations,
                    k,
                    "foundations must be a sequence of (suit 0..3, count 0..13) pairs",
                )?,
                columns: arg(
                    columns,
                    k,
                    "columns must be a sequence of columns, each a sequence of cards (ints 0..51)",
                )?,
                stock: arg(stock, k, &format!("stock {cards}"))?,
                waste: arg(waste, k, &format!("waste {cards}"))?,
                recycles: arg(
                    recycles,
                    k,
                    &format!("recycles must be an int 0..{MAX_RECYCLES}"),
                )?,
                face_down: match face_down {
                    Some(d) if !d.is_none() => arg(
                        d,
                        k,
                        "face_down must be a sequence of columns, each a sequence of places (ints 0..63)",
                    )?,
                    _ => Vec::new(),
                },
                more_reserves: match more_reserves {
                    Some(r) if !r.is_none() => arg(
                        r,
                        k,
                        "more_reserves must be a sequence of reserve piles, each a sequence of cards (ints 0..51)",
                    )?,
                    _ => Vec::new(),
                },
                piles: match piles {
                    Some(p) if !p.is_none() => arg(
                        p,
                        k,
                        "piles must be a sequence of foundation piles, each a sequence of cards (ints 0..51)",
                    )?,
                    _ => Vec::new(),
                },
                base_open,
            };
            let e = Engine::new(rules, &pos).map_err(|e| k.err(e))?;
            Ok(PyEngine::new_from(e))
        })
    }

    /// For each column, the places (0 = its bottom card) of its face-down cards; an empty list
    /// when no column has any.
    fn face_down(slf: &Bound<'_, Self>) -> PyResult<Vec<Vec<u32>>> {
        PyEngine::with(slf, |this| {
            Ok(this
                .e
                .position()
                .face_down
                .iter()
                .map(|d| ints(d))
                .collect())
        })
    }

    /// Reserve piles 2 to N, each bottom to top (pile 1 is the position's reserve); an empty
    /// list with one pile.
    fn more_reserves(slf: &Bound<'_, Self>) -> PyResult<Vec<Vec<u32>>> {
        PyEngine::with(slf, |this| {
            Ok(this.e.more_res.iter().map(|p| ints(p)).collect())
        })
    }

    /// Whether the foundations' base is still to be chosen (`choose_base`).
    fn base_open(slf: &Bound<'_, Self>) -> PyResult<bool> {
        PyEngine::with(slf, |this| Ok(this.e.base_open))
    }

    /// With a foundation layout of the rules' own: each pile's cards, bottom to top; an empty
    /// list with the usual foundations.
    fn piles(slf: &Bound<'_, Self>) -> PyResult<Vec<Vec<u32>>> {
        PyEngine::with(slf, |this| Ok(this.e.fp.iter().map(|p| ints(p)).collect()))
    }

    /// Every legal move here, each once, in the reference engine's order.
    fn moves<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyList>> {
        PyEngine::with(slf, |this| {
            PyList::new(slf.py(), this.legal().iter().map(|m| m.int()))
        })
    }

    /// The legal moves as the objects `table[m]` of their move ints `m` (a list indexed by move
    /// int), or None when `table` lacks one of them.
    fn moves_from<'py>(
        slf: &Bound<'py, Self>,
        table: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let table = table.cast::<PyList>().map_err(|_| {
            CanfieldError::new_err(format!(
                "moves_from takes a list indexed by move int, not {}",
                type_name(table)
            ))
        })?;
        PyEngine::with(slf, |this| {
            let n = table.len();
            let mut items = Vec::with_capacity(this.legal().len());
            for &m in this.legal() {
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
            Ok(Some(PyList::new(slf.py(), items)?))
        })
    }

    /// Play a legal move; anything else raises InvalidMoveError (not a move int) or
    /// IllegalMoveError (not legal here) and changes nothing.
    fn make(slf: &Bound<'_, Self>, m: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = Move::from_int(arg(m, Kind::Move, MOVE_INT)?);
        PyEngine::with(slf, |this| {
            if !this.legal().contains(&m) {
                return Err(refused(m, this));
            }
            this.e.make(m);
            this.fresh = false;
            Ok(())
        })
    }

    /// Take back the last move and return its move int; UndoError when none was made.
    fn unmake(slf: &Bound<'_, Self>) -> PyResult<u32> {
        PyEngine::with(slf, |this| {
            this.fresh = false;
            this.e
                .unmake()
                .map(Move::int)
                .ok_or_else(|| UndoError::new_err("no move to take back: none was made"))
        })
    }

    /// The move ints made so far, oldest first.
    fn made(slf: &Bound<'_, Self>) -> PyResult<Vec<u32>> {
        PyEngine::with(slf, |this| {
            Ok(this.e.made().iter().map(|m| m.int()).collect())
        })
    }

    /// How many moves have been made (and can be taken back).
    fn depth(slf: &Bound<'_, Self>) -> PyResult<usize> {
        PyEngine::with(slf, |this| Ok(this.e.hist.len()))
    }

    fn is_won(slf: &Bound<'_, Self>) -> PyResult<bool> {
        PyEngine::with(slf, |this| Ok(this.e.is_won()))
    }

    fn is_lost(slf: &Bound<'_, Self>) -> PyResult<bool> {
        PyEngine::with(slf, |this| Ok(this.e.is_lost()))
    }

    /// The position's 64-bit hash (ignores the order of the columns).
    fn key(slf: &Bound<'_, Self>) -> PyResult<u64> {
        PyEngine::with(slf, |this| Ok(this.e.key()))
    }

    /// How many cards the next stock turn takes.
    fn draw_count(slf: &Bound<'_, Self>) -> PyResult<usize> {
        PyEngine::with(slf, |this| Ok(this.e.draw_count()))
    }

    /// The position as (reserve, start, foundations, columns, stock, waste, recycles).
    fn position(slf: &Bound<'_, Self>) -> PyResult<PyPosition> {
        PyEngine::with(slf, |this| {
            let p = this.e.position();
            Ok((
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
            ))
        })
    }

    /// perft: the number of move sequences of exactly `depth` moves (the GIL released; Ctrl-C
    /// stops it with KeyboardInterrupt, and the engine is left as it was).
    fn perft(slf: &Bound<'_, Self>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth: u32 = arg(
            depth,
            Kind::Base,
            "perft depth must be an int 0..4294967295",
        )?;
        PyEngine::with(slf, |this| {
            this.fresh = false;
            let e = &mut this.e;
            let counted = slf.py().detach(|| e.perft_checked(depth, &mut signals));
            counted.map_err(|why| walk_error(why, &format!("perft depth {depth}")))
        })
    }

    /// Play up to `length` uniformly random legal moves (a fixed generator seeded by `seed`),
    /// then take them all back; returns how many were played. For benchmarks and playouts. The
    /// GIL is released; Ctrl-C stops it with KeyboardInterrupt, the engine left as it was.
    fn playout(
        slf: &Bound<'_, Self>,
        length: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
    ) -> PyResult<usize> {
        let length: usize = arg(length, Kind::Base, "playout length must be an int >= 0")?;
        let seed: u64 = arg(seed, Kind::Base, "playout seed must be an int 0..2**64-1")?;
        PyEngine::with(slf, |this| {
            let e = &mut this.e;
            let played = slf
                .py()
                .detach(|| crate::engine::random_playout_checked(e, length, seed, &mut signals));
            played.map_err(|why| walk_error(why, &format!("a playout of {length} moves")))
        })
    }

    /// An independent copy (with the same undo stack).
    fn copy(slf: &Bound<'_, Self>) -> PyResult<PyEngine> {
        PyEngine::with(slf, |this| Ok(PyEngine::new_from(this.e.clone())))
    }
}

/// Run Python's signal handlers (the GIL taken for a moment): a long walk without the GIL calls
/// this now and then, so Ctrl-C stops it with KeyboardInterrupt.
fn signals() -> PyResult<()> {
    Python::attach(|py| py.check_signals())
}

/// The error of a walk (perft, a playout) ended early, `what` naming it.
fn walk_error(why: Walk<PyErr>, what: &str) -> PyErr {
    match why {
        Walk::Stopped(err) => err,
        Walk::TooDeep => CanfieldError::new_err(format!(
            "{what}: the path grew past {MAX_WALK} moves without an end (the walk would outgrow \
             memory); ask for fewer"
        )),
    }
}

/// The error for move `m`, not among the legal moves of `this` engine's position.
fn refused(m: Move, this: &mut PyEngine) -> PyErr {
    let columns = this.e.rules.columns;
    if !m.is_well_formed(columns) {
        return InvalidMoveError::new_err(format!(
            "{} is not a move int under these rules ({columns} columns): expected \
             src | dst << {DST_SHIFT} | count << {COUNT_SHIFT} naming a real move (see canfield.moves)",
            m.int()
        ));
    }
    IllegalMoveError::new_err(format!(
        "illegal move '{m}' (move int {}): not one of the {} legal moves here",
        m.int(),
        this.legal().len()
    ))
}

// -- the solver -----------------------------------------------------------------------------------

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

/// A search's budget as it crosses from Python.
struct Budget {
    deadline: Option<Instant>,
    max_states: Option<u64>,
    memory: usize,
}

/// Run `job` on `e` on a thread of its own, without the GIL, within `budget`; Ctrl-C stops it
/// and raises KeyboardInterrupt, and a panic in it raises `InternalError`.
fn search_on_thread(
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
fn solve(
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

// -- for the tests --------------------------------------------------------------------------------

/// `(src, dst, count)` of move int `m` as the native core decodes it, None unless it is a
/// well-formed move under `columns` columns: the tests check that Python agrees.
#[pyfunction]
fn _decode_move(
    m: &Bound<'_, PyAny>,
    columns: &Bound<'_, PyAny>,
) -> PyResult<Option<(u32, u32, u32)>> {
    guard(|| {
        let m = Move::from_int(arg(m, Kind::Move, MOVE_INT)?);
        let columns: usize = arg(columns, Kind::Base, "columns must be an int")?;
        if !(1..=MAX_COLUMNS as usize).contains(&columns) {
            return Err(CanfieldError::new_err(format!(
                "columns must be 1..{MAX_COLUMNS}, not {columns}"
            )));
        }
        Ok(m.is_well_formed(columns)
            .then(|| (m.src(), m.dst(), m.count() as u32)))
    })
}

/// The move int of `count` cards from `src` to `dst` as the native core encodes it.
#[pyfunction]
fn _encode_move(
    src: &Bound<'_, PyAny>,
    dst: &Bound<'_, PyAny>,
    count: &Bound<'_, PyAny>,
) -> PyResult<u32> {
    guard(|| {
        let place = format!("must be a place 0..{PLACE_MASK}");
        let src: u32 = arg(src, Kind::Move, &format!("src {place}"))?;
        let dst: u32 = arg(dst, Kind::Move, &format!("dst {place}"))?;
        let count: u32 = arg(count, Kind::Move, &format!("count must be 0..{MAX_COUNT}"))?;
        if src > PLACE_MASK || dst > PLACE_MASK || count > MAX_COUNT {
            return Err(InvalidMoveError::new_err(format!(
                "({src}, {dst}, {count}) is not a move: places 0..{PLACE_MASK}, count 0..{MAX_COUNT}"
            )));
        }
        Ok(Move::new(src, dst, count).int())
    })
}

/// Panic on purpose, inside the native core, at `place`: `"function"` (a module function),
/// `"engine"` (a call on `engine`, which it breaks) or `"solver"` (the solver's thread, on a
/// snapshot of `engine`). The tests prove that a panic crosses as `InternalError`.
#[pyfunction]
fn _force_panic(py: Python<'_>, engine: &Bound<'_, PyAny>, place: &str) -> PyResult<()> {
    const WHY: &str = "a panic forced by canfield._native._force_panic";
    let engine = engine_arg(engine, "_force_panic")?;
    match place {
        "function" => guard(|| panic!("{WHY}")),
        "engine" => PyEngine::with(&engine, |_| panic!("{WHY}")),
        "solver" => {
            let snapshot = PyEngine::with(&engine, |this| Ok(this.e.clone()))?;
            let budget = Budget {
                deadline: None,
                max_states: None,
                memory: 1 << 20,
            };
            search_on_thread(py, snapshot, budget, |_, _| panic!("{WHY}")).map(|_| ())
        }
        _ => Err(CanfieldError::new_err(format!(
            "place must be 'function', 'engine' or 'solver', not {place:?}"
        ))),
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    install_panic_hook();
    m.add_class::<PyTables>()?;
    m.add_class::<PyEngine>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(searches_running, m)?)?;
    m.add_function(wrap_pyfunction!(_decode_move, m)?)?;
    m.add_function(wrap_pyfunction!(_encode_move, m)?)?;
    m.add_function(wrap_pyfunction!(_force_panic, m)?)?;
    for (name, value) in LAYOUT {
        m.add(name, value)?;
    }
    m.add("MAX_DRAW", MAX_DRAW)?;
    m.add("MAX_PASS_LIMIT", MAX_PASS_LIMIT)?;
    m.add("MAX_RECYCLES", MAX_RECYCLES)?;
    m.add("MODE_ANY", MODE_ANY)?;
    m.add("MODE_TOP_OR_WHOLE", MODE_TOP_OR_WHOLE)?;
    m.add("MODE_WHOLE", MODE_WHOLE)?;
    m.add("MODE_SINGLE", MODE_SINGLE)?;
    m.add("RESERVE_ANY", RESERVE_ANY)?;
    m.add("RESERVE_LAST", RESERVE_LAST)?;
    m.add("RESERVE_FOUNDATIONS", RESERVE_FOUNDATIONS)?;
    Ok(())
}
