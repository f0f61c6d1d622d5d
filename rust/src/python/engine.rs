//! The engine: a position under native rules with its legal moves, make/unmake, perft and
//! playouts, each call checked at the boundary.

use super::boundary::{
    arg, base_open_arg, guard, internal, panic_text, type_name, CanfieldError, IllegalMoveError,
    InternalError, InvalidMoveError, Kind, RulesError, UndoError, MOVE_INT,
};
use super::tables::PyTables;
use crate::engine::{Engine, Position, Walk, MAX_WALK};
use crate::moves::{Move, COUNT_SHIFT, DST_SHIFT};
use crate::rules::MAX_RECYCLES;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::panic::{catch_unwind, AssertUnwindSafe};

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

pub(super) fn ints(cards: &[u8]) -> Vec<u32> {
    cards.iter().map(|&c| u32::from(c)).collect()
}

/// A mutable position under native rules, with make/unmake (see `canfield.engine.Engine`).
#[pyclass(module = "canfield._native", name = "Engine")]
pub struct PyEngine {
    pub(super) e: Engine,
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
    pub(super) fn with<T>(
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
pub(super) fn engine_arg<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Bound<'py, PyEngine>> {
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
