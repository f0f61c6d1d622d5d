//! The native core of `canfield`: the engine (move generation, make, unmake, hashing) and the
//! solver, fed the compiled rules' tables and a position by the Python package.
//!
//! - `moves`: the move and undo-record layout, shared with the Python side;
//! - `rules`: the compiled rules as tables, checked, with their facts worked out once;
//! - `engine`: a position, its legal moves, make and unmake, its hash;
//! - `solver`: the exact solver, its fingerprints and its prunings, one module each;
//! - `python` (feature `python`): the module `canfield._native`, where every error becomes a
//!   `canfield.errors` exception.

pub mod engine;
pub mod hash;
pub mod moves;
pub mod rules;
pub mod solver;

#[cfg(feature = "python")]
mod python;
