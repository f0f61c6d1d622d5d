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
//!
//! `boundary` checks what crosses (arguments, errors, panics); `tables` makes the rules, `engine`
//! the position with its moves, `solve` runs the solver on a thread of its own.

mod boundary;
mod engine;
mod solve;
mod tables;

use crate::moves::{Move, LAYOUT, MAX_COLUMNS, MAX_COUNT, PLACE_MASK};
use crate::rules::{
    MAX_DRAW, MAX_PASS_LIMIT, MAX_RECYCLES, MODE_ANY, MODE_SINGLE, MODE_TOP_OR_WHOLE, MODE_WHOLE,
    RESERVE_ANY, RESERVE_FOUNDATIONS, RESERVE_LAST,
};
use boundary::{arg, guard, install_panic_hook, CanfieldError, InvalidMoveError, Kind, MOVE_INT};
use engine::{engine_arg, PyEngine};
use pyo3::prelude::*;
use solve::{search_on_thread, Budget};
use tables::PyTables;

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
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve::searches_running, m)?)?;
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
