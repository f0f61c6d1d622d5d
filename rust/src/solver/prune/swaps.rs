//! Swaps are searched only with their uses.
//!
//! With one deck and runs of any length, call two cards twins when they are the only two cards
//! that take the same cards in a column (the two red nines, say). A swap moves the run lying on a
//! card onto its twin, a column's top card, and leaves the card in its column. The swap back
//! undoes it, so positions that reach each other by swaps win or lose together: call them a
//! class. A swap changes which cards are uncovered only for its own two twins, so a move from any
//! position of a class leads into the same class as some move from the position at hand (a run
//! that takes the uncovered twin along matches the same run with the cards on it; a run moved off
//! a twin onto a third card is the same move from both), except the moves that use the twin a
//! swap uncovers: that card going up, and a card or run put onto it (these are the moves onto the
//! covered twin, made onto the uncovered one, unless a column is long enough to hold two cards of
//! a rank in one run: then the swap is played to list them). So the search plays no swap alone,
//! only each swap with each of its uses; and of two uncovered twins it builds only on the
//! lower-numbered, the same run on the other being one swap away. It still reaches a position of
//! every class the complete search reaches (with safe moves: induction on the foundation count,
//! then the number of moves between classes to the win); the won position is a class of its own.
//! `swaps_covered` checks this position by position in the tests. Where only a column's top card
//! or all of it moves, a run built on a moved card could not move back, and swaps are plain
//! moves. (A top card moved alone can move back, but a move may then be needed only so that a
//! later card goes on the card moved, and two may prepare one use: not proved there.)

use crate::engine::Engine;
use crate::moves::{col_index, Move};
use crate::rules::{Rules, MODE_ANY};
use crate::solver::fingerprint::Fingerprints;
use crate::solver::generator::{play, take_back, uncovered, Generator, SearchMove};
use crate::solver::prune::safe;
use crate::solver::prune::shortcut::Pass;
use crate::solver::Pruning;

/// Whether the argument holds: one deck (twins are two cards, each once), runs of any length (a run
/// moves back as it came), no face-down column cards (a run moved off a face-down card turns it up,
/// and the swap back would not turn it down again), no column limit (the argument does not count
/// room), no automatic finish (the argument knows of no automatic move but the fill), and columns
/// that build one rank down (so a run of up to 12 cards holds no two cards of a rank, which the
/// uses of a swap are listed by; a plugin's rule may build otherwise). The fill it knows is from
/// one reserve pile: not proved for several piles, a fill from the waste or one by the player
/// limited to the reserve and waste (`Rules::fill_by_choice`, where a run moved to an empty column
/// could not move back); nor one from the waste alone (`Rules::fill_waste_only`) or one that takes
/// only the base rank until the foundation dealt the base card is complete
/// (`Rules::base_until_first`), for the same reason. Nor a base the player chooses
/// (`Rules::choose_base`), where column cards stay put until it is chosen: not proved, off. It is
/// not proved under a foundation layout of the rules' own either (a set pile takes a column's top
/// four cards, which a swap changes; a pile's card may come back onto a twin): off there.
pub(in crate::solver) fn applies(rules: &Rules, auto_finish: bool) -> bool {
    rules.piles.is_none()
        && rules.decks == 1
        && rules.reserve_piles == 1
        && !rules.fill_waste
        && !rules.fill_by_choice
        && !rules.fill_waste_only
        && !rules.base_until_first
        && !rules.choose_base
        && !auto_finish
        && rules.mode == MODE_ANY
        && !rules.face_down
        && rules.column_limit == usize::MAX
        && builds_one_rank_down(rules)
}

/// Whether every card that goes on a card in a column is one rank below it (a king on an ace
/// included, where ranks wrap round).
pub(in crate::solver) fn builds_one_rank_down(rules: &Rules) -> bool {
    rules.children.iter().enumerate().all(|(t, &kids)| {
        let below = (t % 13 + 12) % 13;
        (0..52).all(|s| kids >> s & 1 == 0 || s % 13 == below)
    })
}

/// No card's twin.
const NO_TWIN: u8 = 255;

/// The twin table: `twin[a]` is the one other card whose column children are exactly `a`'s, or
/// `NO_TWIN`.
#[derive(Clone, Copy, Debug)]
pub(in crate::solver) struct Twins {
    twin: [u8; 52],
    /// Whether any card has a twin.
    any: bool,
}

impl Twins {
    /// No twins: swaps are plain moves.
    pub(in crate::solver) const NONE: Twins = Twins {
        twin: [NO_TWIN; 52],
        any: false,
    };

    /// The twins of `rules`: cards `a` and `b` are twins when they are the only two cards with
    /// their (non-empty) set of column children.
    pub(in crate::solver) fn of(rules: &Rules) -> Twins {
        let mut twin = [NO_TWIN; 52];
        let kids = &rules.children;
        for a in 0..52 {
            let same: Vec<usize> = (0..52)
                .filter(|&b| b != a && kids[a] != 0 && kids[b] == kids[a])
                .collect();
            if let [b] = same[..] {
                twin[a] = b as u8;
            }
        }
        Twins {
            twin,
            any: twin.iter().any(|&t| t != NO_TWIN),
        }
    }

    /// Whether `m` is a swap: a column-to-column move of a run off card `a`, leaving `a` in its
    /// column, onto `a`'s twin.
    pub(in crate::solver) fn is_swap(&self, e: &Engine, m: Move) -> bool {
        if !m.from_column() || !m.to_column() {
            return false;
        }
        uncovered(e, m).is_some_and(|a| {
            e.cols[col_index(m.dst())]
                .last()
                .is_some_and(|&b| self.twin[a as usize] == b)
        })
    }
}

impl Generator {
    /// Take the swaps out of `self.moves` into `self.swaps`, the other moves in order (the stock
    /// turn, if any, stays last, where `plays` looks for it).
    pub(in crate::solver) fn take_swaps(&mut self, e: &Engine) {
        self.swaps.clear();
        let mut kept = 0;
        for i in 0..self.moves.len() {
            let m = self.moves[i];
            if self.twins.is_swap(e, m) {
                self.swaps.push(m);
            } else {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.moves.truncate(kept);
    }

    /// Drop the moves onto the higher-numbered of two uncovered twins: they take the same cards,
    /// and a run put on one moves onto the other by a swap, so those moves lead into the same
    /// classes as the same moves onto the lower one. (Not a run that ends with the lower one: it
    /// cannot go onto itself.)
    pub(in crate::solver) fn lower_twins_only(&self, e: &Engine, out: &mut Vec<SearchMove>) {
        if !self.twins.any {
            return;
        }
        let tops = e
            .cols
            .iter()
            .filter_map(|col| col.last())
            .fold(0u64, |acc, &t| acc | 1 << t);
        out.retain(|&m| {
            let m = m.last();
            if !m.to_column() {
                return true;
            }
            let Some(&b) = e.cols[col_index(m.dst())].last() else {
                return true;
            };
            let a = self.twins.twin[b as usize];
            let carried = m.from_column() && e.cols[col_index(m.src())].last() == Some(&a);
            !(a < b && tops >> a & 1 != 0 && !carried)
        });
    }

    /// Push each swap in `self.swaps` with each of its uses onto `out` (after the plain moves).
    pub(in crate::solver) fn swap_uses(&mut self, e: &mut Engine, out: &mut Vec<SearchMove>) {
        let before = out.len();
        if e.cols.iter().any(|col| col.len() > 12) {
            // A column may hold a run with two cards of one rank: find each swap's uses by
            // playing it (a move onto the uncovered card, or that card going up).
            for i in 0..self.swaps.len() {
                let swap = self.swaps[i];
                let from = swap.src();
                e.make(swap);
                self.legal(e);
                let start = out.len();
                self.plays(e, out);
                let mut kept = start;
                for j in start..out.len() {
                    let m = out[j].last();
                    if (m.dst() == from && !self.twins.is_swap(e, m))
                        || (m.src() == from && m.to_foundation())
                    {
                        out[kept] = out[j].after_swap(swap);
                        kept += 1;
                    }
                }
                out.truncate(kept);
                e.unmake();
            }
            self.swaps.clear();
        }
        // A swap uncovers card `a` in column `from`, and covers `a`'s twin in column `to`, which
        // take the same cards: its uses are `a` going up, and each move onto `to`, made onto
        // `from` instead (with no column longer than 12 cards, no run holds two cards of a rank,
        // so these are all the moves that playing the swap would show).
        for &swap in &self.swaps {
            let (from, to) = (swap.src(), swap.dst());
            if uncovered(e, swap).is_some_and(|a| e.wanted(a)) {
                out.push(SearchMove::plain(Move::up(from)).after_swap(swap));
            }
            for i in 0..before {
                let m = out[i];
                if m.last().dst() == to {
                    out.push(m.with_dst(from).after_swap(swap));
                }
            }
        }
    }
}

/// Whether the search's moves of `e`'s position reach every class (positions that reach each
/// other by swaps) that the plain moves of the position and of the positions one swap away
/// reach; for the tests (see the module docs). Positions where a move is safe are not checked.
/// The pool rule (`prune::pool`), which would make swaps plain moves in draw 1, is off for both,
/// and so is the room check (`prune::room`), whose dead ends leave a position no moves.
#[doc(hidden)]
pub fn swaps_covered(e: &mut Engine) -> bool {
    let no_pool = Pruning {
        pool: false,
        room: false,
        ..Pruning::ALL
    };
    let mut paired = Generator::new(e, Pass::COMPLETE, no_pool, false);
    let (mut ms, mut scratch) = (Vec::new(), Vec::new());
    paired.moves(e, None, &mut ms);
    if ms.len() == 1
        && (ms[0].turns() == 0 && safe::is_safe(e, ms[0].last())
            || paired.safe_stock && safe::is_safe_after_turns(e, ms[0]))
    {
        return true;
    }
    let twins = paired.twins;
    let fp = Fingerprints::new(&e.rules, true);
    let mut reached = vec![class_key(e, &twins, &fp)];
    for &m in &ms {
        let auto = play(e, m, false, &mut scratch);
        reached.push(class_key(e, &twins, &fp));
        take_back(e, m, auto);
    }
    let mut plain = Generator::new(
        e,
        Pass::COMPLETE,
        Pruning {
            swaps: false,
            safe_moves: false,
            ..no_pool
        },
        false,
    );
    e.moves(&mut scratch);
    let swaps: Vec<Move> = scratch
        .iter()
        .copied()
        .filter(|&m| twins.is_swap(e, m))
        .collect();
    std::iter::once(None)
        .chain(swaps.into_iter().map(Some))
        .all(|swap| {
            if let Some(s) = swap {
                e.make(s);
            }
            plain.moves(e, None, &mut ms);
            let all = ms.iter().all(|&m| {
                let auto = play(e, m, false, &mut scratch);
                let key = class_key(e, &twins, &fp);
                take_back(e, m, auto);
                reached.contains(&key)
            });
            if swap.is_some() {
                e.unmake();
            }
            all
        })
}

/// The fingerprint of the position of `e`'s class where every run that a swap can move onto a
/// lower-numbered twin lies there (swaps are independent, so that position is one per class).
fn class_key(e: &Engine, twins: &Twins, fp: &Fingerprints) -> u128 {
    let mut e = e.clone();
    let mut ms = Vec::new();
    'again: loop {
        e.moves(&mut ms);
        for &m in &ms {
            if !m.from_column() || !m.to_column() {
                continue;
            }
            let top = e.cols[col_index(m.dst())].last().copied();
            if uncovered(&e, m)
                .is_some_and(|a| top.is_some_and(|b| twins.twin[a as usize] == b && b < a))
            {
                e.make(m);
                continue 'again;
            }
        }
        return fp.of(&e);
    }
}
