//! The rules' tables, compiled once per `canfield.Rules` and checked as they cross.

use super::boundary::{
    arg, base_until_first_arg, choose_base_arg, column_limit_arg, extractor, face_down_arg,
    fill_by_choice_arg, fill_waste_arg, fill_waste_only_arg, guard, past_base_arg,
    reserve_piles_arg, reserve_play_arg, Kind,
};
use crate::moves::{MAX_COLUMNS, MAX_DECKS};
use crate::rules::{PileRule, Rules, MAX_DRAW, MAX_PASS_LIMIT};
use pyo3::prelude::*;
use std::sync::Arc;

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
