//! What crosses the boundary: the exceptions of `canfield.errors`, panics caught at every entry
//! point, and arguments checked as they come in (each error naming what is wrong).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use std::any::Any;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};

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
pub(super) enum Kind {
    Base,
    Rules,
    Position,
    Move,
}

impl Kind {
    pub(super) fn err(self, message: String) -> PyErr {
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

pub(super) fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

/// `obj` as a `T`, or a `kind` error saying `what` it must be.
pub(super) fn arg<'a, 'py, T: FromPyObject<'a, 'py>>(
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
pub(super) fn install_panic_hook() {
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
pub(super) fn panic_text(payload: Box<dyn Any + Send>) -> String {
    PANIC.with(|p| p.borrow_mut().take()).unwrap_or_else(|| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into())
    })
}

/// The `InternalError` of a panic that said `why`.
pub(super) fn internal(why: &str) -> PyErr {
    InternalError::new_err(format!(
        "internal error in the native core (a bug, please report it): {why}"
    ))
}

/// Run `f`, a panic in it raising `InternalError`.
pub(super) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| Err(internal(&panic_text(payload))))
}

/// An extractor `$f` (for `from_py_with`, where an argument has a default): `$t`, or a `$kind`
/// error saying `$what`.
macro_rules! extractor {
    ($f:ident, $t:ty, $kind:expr, $what:expr) => {
        pub(super) fn $f(obj: &Bound<'_, PyAny>) -> PyResult<$t> {
            arg(obj, $kind, $what)
        }
    };
}
pub(super) use extractor;

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
pub(super) fn timeout_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
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
pub(super) fn max_states_arg(obj: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if obj.is_none() {
        return Ok(None);
    }
    count_arg(obj, "max_states must be None or an int >= 0")
}

/// The visited set's most bytes: an int >= 0 (past what the machine can address: no bound).
pub(super) fn memory_arg(obj: &Bound<'_, PyAny>) -> PyResult<usize> {
    let n = count_arg(obj, "memory must be an int of bytes >= 0")?;
    Ok(n.map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX)))
}
extractor!(hold_arg, bool, Kind::Base, "hold must be a bool");

const TIMEOUT: &str = "timeout must be None or a number of seconds >= 0";
pub(super) const MOVE_INT: &str = "a move int is an int naming a move (see canfield.moves)";
