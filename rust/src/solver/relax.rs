//! Looser rules searched first: a search under rules that allow every line of the real ones.
//!
//! Two automatic moves of the rules switch off pruning rules whose arguments know of no automatic
//! move but the fill from the reserve: the game's finish (`auto_finish`: once the stock, the waste
//! and the reserve are empty, each move is followed by the game's own moves to the foundations,
//! cardgames.io's rule) and the fill of an emptied column from the waste once the reserve is
//! empty (`Rules::fill_waste`, Gate's rule), which also stops the folding of stock turns. Both
//! are moves a player may make: under looser rules, without the finish, and with an emptied column
//! left for the player to fill once the reserve is empty (from the waste, or with any card), every
//! line of the real rules is a line, with the automatic moves made by the player. So a position
//! lost under the looser rules is lost under the real ones. And a line that wins under the looser
//! rules, played again under the real ones (`replay`: the game's own moves made as the game makes
//! them, a move the game has made by itself dropped), wins wherever each of its moves is still
//! legal when it comes, up to the win: that line is then a win. So the solver searches under the
//! looser rules first (`looser`), where those pruning rules apply, says "lost" when that search
//! does, and "won" when the line it finds plays again to a win; only where it does not is the
//! position searched again under the real rules, with what is left of the budget.
//!
//! On 300 random `cardgames-io` deals (`--seed 21`, 2 million positions each) this settles 298,
//! against 283 with the finish searched in, and none the other way; of the first 80 deals of its
//! 10,000-deal survey left unknown after 20 million positions with the finish, 73 (67 won, most in
//! a few thousand positions, 6 lost). On 100 random `little-gate` deals (2 million positions), the
//! looser fill proves 68 lost, the real one 49 (and none settled the other way).

use std::sync::Arc;

use crate::engine::Engine;
use crate::moves::{col, col_index, is_column, Move};
use crate::rules::Rules;

/// The looser rules to search first where `rules` (with the game's finish where `auto_finish`)
/// have automatic moves besides the fill from the reserve: the same rules without the fill from the
/// waste, searched without the finish.
pub(super) fn looser(rules: &Arc<Rules>, auto_finish: bool) -> Option<Arc<Rules>> {
    (auto_finish || rules.fill_waste).then(|| {
        let mut loose = Rules::clone(rules);
        loose.fill_waste = false;
        Arc::new(loose)
    })
}

/// Play `line`, found under the looser rules from `loose` (`e`'s position under them), from `e`'s
/// position under the real rules (with the game's finish where `auto_finish`): each move, then the
/// game's moves to the foundations while the stock, the waste and the reserve are empty (the first
/// such move each time, as `canfield.Game` plays them). A move that leaves the line's position the
/// game's (a column that the game filled from the waste by itself filled so) is dropped. Once the
/// game has put up cards of its own, each column holds the cards of a column of the line's position
/// (`cols` says which) less some that are up, and a move of the line is played by its cards: a move
/// of cards that are all up already is dropped; a run moved from a column is the same run from the
/// same card up to what is left above it; a whole column moved onto a card that is up, into a
/// column now empty, is dropped, the two columns trading places. The moves made, the game's
/// included, when that wins; None when a move is no longer legal first, or the line ends before a
/// win. `e` is left as it was.
pub(super) fn replay(
    e: &Engine,
    loose: &Engine,
    line: &[Move],
    auto_finish: bool,
) -> Option<Vec<Move>> {
    let mut game = e.clone();
    let mut plain = loose.clone(); // the line as found, to know each move's cards
    let root = game.hist.len();
    let mut cols: Vec<usize> = (0..e.cols.len()).collect(); // plain column i is game column cols[i]
    let mut legal = Vec::new();
    for &m in line {
        if game.is_won() {
            break;
        }
        let place = |p: u32| {
            if is_column(p) {
                col(cols[col_index(p)])
            } else {
                p
            }
        };
        let (src, dst) = (place(m.src()), place(m.dst()));
        let mut now = Some(Move::new(src, dst, m.count() as u32));
        if m.from_column() {
            // The run's first card: all of it is up if that card is (the cards above it went
            // up first), else it lies in the same column, under as many cards or fewer.
            let col = &plain.cols[col_index(m.src())];
            let first = col[col.len() - m.count()];
            let held = &game.cols[col_index(src)];
            now = match held.iter().position(|&c| c == first) {
                Some(i) if m.to_foundation() && i + 1 != held.len() => return None,
                Some(0) if m.to_column() && game.cols[col_index(dst)].is_empty() => {
                    cols.swap(col_index(m.src()), col_index(m.dst()));
                    None
                }
                Some(i) => Some(Move::new(src, dst, (held.len() - i) as u32)),
                None if game.one_deck() && game.on_foundation(first) => None,
                None => return None,
            };
        }
        plain.make(m);
        if plain.key2(plain.recycles) == game.key2(game.recycles) {
            continue; // the game made it by itself
        }
        let Some(now) = now else {
            continue; // its cards are up already, or the move would change nothing
        };
        game.moves(&mut legal);
        if !legal.contains(&now) {
            return None;
        }
        game.make(now);
        if now.to_column()
            && game.cols[col_index(dst)].last() != plain.cols[col_index(m.dst())].last()
        {
            // Another card came there (a take-back of a foundation the game put up further).
            return None;
        }
        if auto_finish {
            finish(&mut game, &mut legal);
        }
    }
    game.is_won().then(|| game.made_since(root))
}

/// The game's own finish after a move: while the stock, the waste and the reserve are empty, the
/// first move to a foundation. Returns how many moves it made (`scratch` is a buffer).
pub(super) fn finish(e: &mut Engine, scratch: &mut Vec<Move>) -> u32 {
    let mut made = 0;
    while e.stock.is_empty() && e.waste.is_empty() && e.reserve_empty() && !e.is_won() {
        e.moves(scratch);
        let Some(&up) = scratch.iter().find(|m| m.to_foundation()) else {
            break;
        };
        e.make(up);
        made += 1;
    }
    made
}
