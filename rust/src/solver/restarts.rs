//! Restarts: a complete search that starts again from the root, with an empty visited set and
//! its ties broken in another random order, each time it has searched a budget of positions that
//! grows in Luby's sequence (1, 1, 2, 1, 1, 2, 4, 1, ... times `UNIT`).
//!
//! A depth-first search commits to its first moves: where an early choice dooms a deal (the base
//! that Dutchess's player chooses, the card that fills an empty column, which of twelve columns
//! takes a card in The Plot), it searches everything under that choice before it tries another,
//! and a deal that another first line wins in a million positions stays unknown after 150
//! million. A search that starts again in other orders tries other first lines; with budgets in
//! Luby's sequence, the positions lost to runs cut too early stay within a logarithmic factor of
//! the best fixed budget's (Luby, Sinclair and Zuckerman, 1993). Each run takes the next of the
//! complete searches' orders (`Order::of`, `Order::helpers`, `Order::second`), its ties broken
//! by a seed of its own (`order::sort`); the seeds are fixed, so a solve is the same every time.
//!
//! It is exact. A win it finds is a line of legal moves. When its stack empties within one run, it
//! has searched every position reachable from the root from an empty set, as any complete search
//! (`search::depth_first`): the position is lost. When a run fills its share of memory, it starts
//! again. After `UNTIL` positions it stops: its wins come before.
//!
//! Measured on deals that the search without restarts left unknown after 150 million positions,
//! each solved with a cap of 20 million (its turns as long as a complete search's): Dutchess 9 of
//! 9 won (80,678 to 17.7 million positions; 8 of 9 on the half turns it has now, see
//! `Schedule::restarts`), The Plot 5 of 11, Superior 1 of 8, American Toad 1 of 8; Minerva,
//! Canfield Rush and Rainfall none of 8, Demon (two decks) none of 10. On 100 random deals at 5 s
//! each (`bench/solver.py --seed 20261206`, against the build without it in the same run): The
//! Plot 98 % resolved against 92 %, Rainbow 57 % against 53 %, Dutchess 99 % against 98 %,
//! Superior 98 % against 97 %, Canfield Rush 91 % against 92 %, Chameleon and the published rules
//! the same; the median CPU time of the deals both settle from 2 % less to 14 % more.

use super::order::{mix, Order};

/// The first budget, and the unit of the others.
pub(super) const UNIT: u64 = 50_000;

/// The positions (of all the searches together) after which it stops, its memory going to the
/// others: its wins come early, and its turns only slow down a long proof. Of 270 deals that the
/// surveys of 17 variants won after 1 to 150 million positions, solved again (at most 30 or 150
/// million positions each), 265 are won, 19 of them by this search: Mystique 7, Dutchess 3, The
/// Plot 3, Candike 2, American Toad, Chameleon, Reno and Superior 1 each, all within 9.5 million
/// positions in all but American Toad's `CF1-D1-AAAAJBP` (29.5 million; stopping this search at 20
/// million, another wins it at 33.7 million), while the beam won deals up to 129.5 million and the
/// complete searches up to 133.7. Stopping it at 20 million, the 11 lost `rainfall` deals of
/// `far::FAR_MARGINS` (60 million positions each) take 191.2 million positions against 197.4 (at 10
/// million, 184.3; never starting it, 171.8): the larger a proof, the more it saves, up to the
/// share of the turns this search had (about a tenth of the positions, by how many searches take
/// turns).
pub(super) const UNTIL: u64 = 20_000_000;

/// Its visited set's share of the solver's memory: one part in `MEMORY_SHARE`, the other sets
/// sharing the rest. Its runs are short, and a run that fills it starts again.
pub(super) const MEMORY_SHARE: usize = 16;

/// Where a search that starts again is in its sequence of runs.
pub(super) struct Restarts {
    /// The orders the runs take in turn.
    orders: Vec<Order>,
    /// Runs started so far, where the current one began (in positions searched by all the
    /// searches together), and its budget.
    runs: u64,
    begun: u64,
    budget: u64,
}

impl Restarts {
    /// Restarts that take `orders` in turn, the first run beginning at `states`.
    pub(super) fn new(orders: Vec<Order>, states: u64) -> Restarts {
        Restarts {
            orders,
            runs: 1,
            begun: states,
            budget: UNIT,
        }
    }

    /// The first run's order and seed.
    pub(super) fn first(&self) -> (Order, u64) {
        (self.orders[0], seed(0))
    }

    /// Whether the current run has searched its budget, at `states`.
    pub(super) fn due(&self, states: u64) -> bool {
        states - self.begun >= self.budget
    }

    /// Begin the next run at `states`: its order and its seed.
    pub(super) fn next(&mut self, states: u64) -> (Order, u64) {
        self.begun = states;
        self.budget = UNIT * luby(self.runs);
        let order = self.orders[self.runs as usize % self.orders.len()];
        self.runs += 1;
        (order, seed(self.runs))
    }
}

/// The seed of run `k`'s shuffle (never 0, which means no shuffle).
fn seed(k: u64) -> u64 {
    mix(k.wrapping_add(0x9E37_79B9_7F4A_7C15)) | 1
}

/// The `i`th term of Luby's sequence, from 0: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
pub(super) fn luby(i: u64) -> u64 {
    let mut i = i + 1; // from 1
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros();
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn lubys_sequence() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
