//! A stock or waste card put on a column is put there only to take a card at once.
//!
//! In draw 1 with unlimited passes, the stock turns and turns back over to show any of its and the
//! waste's cards on the waste, from any stock state, and turns change nothing else (see
//! `prune::safe`): the stock and the waste are a pool whose every card may be played at any time,
//! wherever it could go from the waste. Take a winning line, and a move in it that puts such a
//! card c from the waste onto a column (on a card t, or into an empty column). Until c's first use
//! (a card put on c, or c moved off: up, or onto another column alone), nothing in the line needs
//! c there: covering t only takes t's place as a target and as a card that moves alone, and no
//! column empties at another time for it (a move that empties c's column takes c along, with t,
//! and lands the same whether c comes with it or is put on t after). So the placement can wait
//! until just before c's first use, the line staying legal and winning: the waste holds one card
//! more meanwhile, which only turns take past, and the same cards reach the waste when they are
//! wanted; the column under c is only freer. Where the first use moves c off, the placement and
//! that move become one move from the waste. Every placement of the new line is then followed at
//! once by a move that puts a card on c, and the line is no longer.
//!
//! So the search follows a placement only with the moves onto c (`obliged`), and the position
//! after a placement, with that obligation, is its own node of the search: its fingerprint carries
//! the card placed (`placed_key`). A chain of placements, each card on the last, ends with a card
//! from elsewhere. With safe moves, the induction of `prune::safe` goes through: from a position
//! without an obligation the search plays a safe move (which keeps a win) or offers every move of
//! a shortest winning line in this form, whose placements each come with the uses that follow
//! them, to a position without an obligation that is nearer the win; a position with one is
//! searched with every move onto its card, none forced.

use super::turns;
use crate::engine::Engine;
use crate::hash::{z2, Tag};
use crate::moves::{col_index, Move, WASTE};
use crate::rules::Rules;
use crate::solver::generator::{card_moved, SearchMove};
use crate::solver::Pruning;

/// Whether the argument holds: one card turned in every pass, unlimited passes (every card of the
/// pool at hand), with the stock turns folded into the moves that follow them (`folded`: a use
/// from the waste is then one search move, its turns included). The argument knows of no
/// automatic move but the fill from the reserve, which no placement sets off: not where an
/// emptied column fills from the waste (`Rules::fill_waste`), nor under `auto_finish`, which waits
/// for an empty stock and waste. Nor where a column's fill is the player's choice among some
/// sources only, or takes only the base rank for a time (`Rules::fill_by_choice`,
/// `Rules::fill_waste_only`, `Rules::base_until_first`): the argument does not look at which cards
/// may fill a column when. Nor under a base the player chooses or a foundation layout of the
/// rules' own (where a pile may take cards by where they lie). Where swaps (`prune::swaps`) would
/// apply as well, their classes are not shown to keep this form, so swaps are plain moves there
/// (`Generator::new`): on 150 random deals of the published rules in draw 1 (3 million positions
/// each), this rule alone settled 148 (13 lost) in 8.1 million positions in all, swaps alone 145
/// (10 lost) in 18.3 million; one deal was proved lost in 110 positions, against 56,121.
pub(in crate::solver) fn applies(rules: &Rules, auto_finish: bool, folded: bool) -> bool {
    folded
        && !auto_finish
        && rules.pass_limit.is_none()
        && rules.draws.iter().all(|&d| d == 1)
        && rules.piles.is_none()
        && !rules.fill_waste
        && !rules.fill_by_choice
        && !rules.fill_waste_only
        && !rules.base_until_first
        && !rules.choose_base
}

/// Whether the rule is on: `applies`, where `pruning` lets it and folds the stock turns.
pub(in crate::solver) fn on(rules: &Rules, auto_finish: bool, pruning: Pruning) -> bool {
    pruning.pool
        && applies(
            rules,
            auto_finish,
            pruning.fold_turns && turns::applies(rules),
        )
}

/// Whether search move `m` puts the waste's card on a column: a placement, whose position is
/// searched only with the moves onto that card (see the module docs).
#[inline]
pub(in crate::solver) fn places(m: SearchMove) -> bool {
    let last = m.last();
    m.swap().is_none() && last.src() == WASTE && last.to_column()
}

/// The card that placement `m` (see `places`) puts on a column from `e`'s position, before it is
/// played: the waste's card after its stock turns.
#[inline]
pub(in crate::solver) fn card_placed(e: &Engine, m: SearchMove) -> u8 {
    card_moved(e, m).expect("a placement takes the waste's card")
}

/// What a placement of `card` adds to its child's fingerprint: the position with the obligation
/// to put a card on `card` next is not the same node as the position without it.
#[inline]
pub(in crate::solver) fn placed_key(card: u8) -> u128 {
    z2(Tag::Placed, card, 0)
}

/// Whether `m` puts a card on `card`, the top card of a column of `e`: the moves a placement of
/// `card` may be followed by. (With several decks, onto either copy: more moves, still every one
/// the argument asks for.)
#[inline]
pub(in crate::solver) fn obliged(e: &Engine, card: u8, m: Move) -> bool {
    m.to_column() && e.cols[col_index(m.dst())].last() == Some(&card)
}
