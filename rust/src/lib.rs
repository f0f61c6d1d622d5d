//! The native core of `canfield`: the engine (move generation, make, unmake, hashing) and the
//! solver, fed the compiled rules' tables and a position by the Python package.

pub mod engine;
pub mod hash;
pub mod rules;
pub mod solver;

#[cfg(feature = "python")]
mod python;
