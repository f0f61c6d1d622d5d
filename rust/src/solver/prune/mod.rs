//! The solver's pruning rules, one module each, each opening with the argument that it keeps
//! every verdict, and each with an `applies` function that says on the compiled rules whether
//! that argument holds: where it does not, the rule is off. The room check (`room`) shares its
//! count of runs among the piles whose moments it counts, one submodule each.

pub(super) mod far;
pub(super) mod pool;
pub(super) mod reserve_order;
pub(super) mod room;
pub(super) mod safe;
pub(super) mod shortcut;
pub(super) mod swaps;
pub(super) mod turns;
