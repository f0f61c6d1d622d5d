//! Safe moves: one move is played at once, alone, when it is proved safe.
//!
//! With no foundation take-back, the top card of a column or of the reserve goes to its foundation
//! at once when every card that could be built on it is already on a foundation (a dead card; with
//! several decks, under one more condition, below). Argument: a dead card can never hold another
//! card (those cards never leave the foundations), so in a winning line it only ever moves alone,
//! or at the end of a run whose other cards move the same without it. Play it up first, then follow
//! the line, dropping the dead card's own moves and taking it off the runs it ends. Without
//! automatic fill that line is legal and wins: the card below it, or the reserve's next card, is
//! only free earlier, and no column empties at another time. With automatic fill, where the old
//! line has the dead card alone in a column (one it filled, or its own column when it was the only
//! card there), the new line has the reserve's next card q there and one card fewer in the reserve.
//! Call two such positions related; each old move has a new one that keeps them related or makes
//! them equal:
//! - the dead card going up empties its column, which the old line fills with q: equal;
//! - q played from the reserve is played from its column instead; the column fills with the
//!   reserve's next card, in the new line, and the positions are related again (with no card
//!   left to fill it, the new line has an empty column where the old has the dead card alone,
//!   and only more moves);
//! - a move that empties another column fills it, in both lines, with the reserve's top card,
//!   which is related again with the two columns' roles exchanged;
//! - the dead card moved onto another column is dropped (the old line then holds it on top of a
//!   column, where nothing can go on it); nothing else changes, and the new position only has
//!   more places to build on.
//!
//! A win puts the dead card up, so the lines meet again before the old one wins.
//!
//! With several decks (`is_safe_card`), a card c is played up at once when every copy of every
//! card that could go on it is up (it is dead), and no foundation of its suit has yet to reach its
//! rank: each of them already holds a copy of c's rank or wants one now. Then every copy of c's
//! rank that is not up goes, in any winning line, onto a foundation that wants it now (there is no
//! other place for it), so the foundations of c's suit that want it now are as many as those
//! copies. Playing c up now leaves those foundations' counts, as a multiset, what they are in the
//! line once it plays c up, and before that one count one higher: every move of the line onto a
//! foundation is still legal (a copy of c's rank goes on one of the others that want it, which are
//! enough without c's; a higher card finds every pile it found, and more), and which of a suit's
//! foundations holds which cards is never looked at again (no take-back), so the copies are as
//! good as one card: the argument above, with its dead card, follows. Without that condition it
//! fails: with one foundation of the suit below c's rank, a line may put c's twin on the foundation
//! that wants it now and c later on the other, and the twin, not up early, cannot stand in for c
//! where the line leaves it. The search's wanted cards (`up_whenever`) are not proved for several
//! decks (a twin can be put up in a card's place, and the card is wanted no more): not used there.
//!
//! A card is also played up at once when each card that could go on it is up, or is wanted now
//! and the same holds for each card that could go on that one, and so on (`up_whenever`). Such
//! a card c stays wanted until it goes up (its foundation waits for it), as do the cards that
//! could be put on it, so a line that puts c on the card can put c, and whatever it would carry,
//! up instead, top card first; then nothing is ever put on the card: it is as good as dead, and
//! the argument above applies.
//!
//! Foundation counts never fall without take-back, so the search with safe moves still reaches
//! a win from every winnable position (induction on the foundation count, then the distance to
//! the win).
//!
//! The stock's and the waste's cards (`stock_applies`, `is_safe_after_turns`): where every pass
//! turns one card and passes are unlimited, a card of the stock or the waste that is safe as above
//! goes up at once too (turned to, then played up), though a waste card is never forced up in
//! draw 3 (there, taking a card out of the stock changes which cards later turns show, and can
//! lose a won game). Argument: in draw 1 with unlimited passes, the stock turns and turns back
//! over to show any of its and the waste's cards on the waste, from any stock state, and turns
//! change nothing else; so two positions that differ only in how far the stock is turned reach
//! each other, and win or lose together. Take a winning line from the position, and follow it
//! from the position with the safe card up instead, as above: drop the card's own moves, take it
//! off the run it ends, drop the stock turns, and before each move of a waste card, turn the
//! stock to that card (it is there: the stock and waste hold the same cards but the safe one, in
//! the same order). Nothing else depends on how far the stock is turned: no card fills an empty
//! column from the waste by itself (not under `Rules::fill_waste`), and the fill from the reserve
//! does not look at the stock.
//!
//! The waste's top card in the last pass (`waste_applies`, `Pruning::safe_waste`): where the stock
//! will never be turned back over (no recycle is left: one pass, or the last of a pass limit), a
//! safe card on top of the waste goes up at once too, whatever the draw. Argument: the stock's
//! cards and order are the same with it up, so every stock turn turns the same cards; the waste
//! holds the same cards but the safe one, in the same order, so every time the old line plays the
//! waste's top card, the new line's waste has the same card on top, but when the old one's top is
//! the safe card, which the new line has up: its moves are dropped as above (up: already there;
//! onto a column: where nothing could go on it). A stock that is turned back over would take the
//! cards in other groups of the draw (and so show others), which is why a waste card is not forced
//! up before the last pass in draw 3. Not where an emptied column fills from the waste by itself
//! (`Rules::fill_waste`), which would fill it with another card.

use crate::engine::Engine;
use crate::moves::{col_index, Move, WASTE};
use crate::rules::Rules;
use crate::solver::generator::SearchMove;
use crate::solver::prune::turns;

/// Whether the argument holds: no take-back in the search (`takebacks`: a card up stays up), and no
/// automatic move but the fill (the argument knows of no other; not under `auto_finish`). The fill
/// it knows is from one reserve pile: with several piles (the fullest fills, so playing a dead card
/// up from one changes which fills later) or a fill from the waste it is not proved, and the rule
/// is off; several piles without automatic fill are covered (each pile's next card is only free
/// earlier). A fill by the player from the reserve piles, then the waste once they are empty
/// (`Rules::fill_by_choice`), is not proved: off. Nor are a fill from the waste alone
/// (`Rules::fill_waste_only`) or an empty column that takes only the base rank until the foundation
/// dealt the base card is complete (`Rules::base_until_first`): the argument does not look at which
/// cards may fill a column: off. Nor is a base the player chooses (`Rules::choose_base`): before it
/// is chosen no card is dead and only reserve cards move, so the argument's "every card that could
/// go on it is up" and its freer later lines are not shown for that opening: off. The argument
/// knows the usual foundations only (each suit's piles, one a deck, up from the base): off under a
/// foundation layout of the rules' own, where a pile may take several suits, open only after
/// another, or take sets.
pub(in crate::solver) fn applies(rules: &Rules, takebacks: bool, auto_finish: bool) -> bool {
    rules.piles.is_none()
        && !takebacks
        && !auto_finish
        && !rules.fill_by_choice
        && !rules.fill_waste_only
        && !rules.base_until_first
        && !rules.choose_base
        && !(rules.auto_fill && (rules.reserve_piles > 1 || rules.fill_waste))
}

/// Whether a card of the stock or the waste that is safe goes up at once as well (see the module
/// docs): one card turned in every pass, unlimited passes, no fill from the waste; on top of what
/// `applies` asks.
pub(in crate::solver) fn stock_applies(rules: &Rules) -> bool {
    rules.pass_limit.is_none() && rules.draws.iter().all(|&d| d == 1) && !rules.fill_waste
}

/// Whether search move `m` (stock turns, then a move) plays the waste's card up, and that card is
/// safe to play at once (see the module docs; only where `stock_applies`).
pub(in crate::solver) fn is_safe_after_turns(e: &Engine, m: SearchMove) -> bool {
    let last = m.last();
    if m.swap().is_some() || last.src() != WASTE || !last.to_foundation() {
        return false;
    }
    let (waste, _) = turns::turned(e, m);
    is_safe_card(e, e.turn_order(waste - 1))
}

/// Whether the waste's top card, when safe, goes up at once in `e`'s position: the stock will
/// never be turned back over, and no column fills from the waste by itself (see the module docs).
pub(in crate::solver) fn waste_applies(e: &Engine) -> bool {
    !e.rules.fill_waste && !e.may_recycle(e.recycles)
}

/// Whether move `m` plays a card up that is safe to play at once (see the module docs): a
/// column's or a reserve pile's top card, or the waste's where `waste_applies`.
pub(in crate::solver) fn is_safe(e: &Engine, m: Move) -> bool {
    if !m.to_foundation() {
        return false;
    }
    let card = if m.src() == WASTE {
        match e.waste.last() {
            Some(&card) if waste_applies(e) => card,
            _ => return false,
        }
    } else if m.from_column() {
        let col = &e.cols[col_index(m.src())];
        col[col.len() - 1]
    } else if let Some(k) = m.from_reserve() {
        let pile = e.pile(k);
        pile[pile.len() - 1]
    } else {
        return false;
    };
    is_safe_card(e, card)
}

/// Whether `card`, free and wanted by a foundation, is safe to play up at once: with one deck, when
/// every card that could go on it is up or goes up whenever it is free (`up_whenever`); with more
/// decks, when every copy of every card that could go on it is up, and no pile of its suit has
/// still to reach its rank (`all_copies_up`, `no_pile_below`; see the module docs).
fn is_safe_card(e: &Engine, card: u8) -> bool {
    let mut children = cards(e.rules.children[card as usize]);
    if e.one_deck() {
        children.all(|c| up_whenever(e, c))
    } else {
        no_pile_below(e, card) && children.all(|c| all_copies_up(e, c))
    }
}

/// The foundations of `card`'s suit, each one's card count (the usual layout: one a deck).
fn suit_counts(e: &Engine, card: u8) -> impl Iterator<Item = u8> + '_ {
    let suit = card / 13;
    (0..e.fsuit.len())
        .filter(move |&f| e.fsuit[f] == suit)
        .map(|f| e.fcount[f])
}

/// Whether every copy of `card` is up: each foundation of its suit is past its rank (each holds
/// one copy of each of its cards, and there are as many as copies).
fn all_copies_up(e: &Engine, card: u8) -> bool {
    let o = e.place_up(card);
    suit_counts(e, card).all(|n| n > o)
}

/// Whether no foundation of `card`'s suit has yet to reach `card`'s rank: each one that takes a
/// copy of it then takes it next.
fn no_pile_below(e: &Engine, card: u8) -> bool {
    let o = e.place_up(card);
    suit_counts(e, card).all(|n| n >= o)
}

/// The cards of a card set (bit c for card c).
fn cards(mut set: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// Whether `card` is up, or may go up whenever it is free, as may every card that could ever be
/// put on it: it is wanted now (so until it goes up), and so on up the cards that could go on it.
/// A line that puts such a card anywhere can put it, and all put on it, up instead.
fn up_whenever(e: &Engine, card: u8) -> bool {
    up_whenever_past(e, card, 0)
}

/// `up_whenever`, for a card reached through the wanted cards of `path` (bit c for card c): a
/// build rule may have cycles (a card on a card that goes on it), and a card met again on its own
/// path counts as not proved, so the answer is the least one the definition allows: the cards it
/// proves are up, or wanted with every card that could go on them proved, as the argument needs.
/// Each step adds a wanted card to the path, and one deck has at most four wanted at once, so it
/// ends within four steps.
fn up_whenever_past(e: &Engine, card: u8, path: u64) -> bool {
    if e.on_foundation(card) {
        return true;
    }
    if !e.wanted(card) || path >> card & 1 != 0 {
        return false;
    }
    let path = path | 1 << card;
    cards(e.rules.children[card as usize]).all(|c| up_whenever_past(e, c, path))
}
