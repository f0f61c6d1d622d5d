//! The game's automatic finish, searched last: a search without it first.
//!
//! Under rules that put cards up by themselves once the stock, the waste and the reserve are empty
//! (`auto_finish`), each move is followed by the game's own moves to the foundations. Those are
//! legal moves, so every line under the finish is a line without it, with the game's moves made by
//! the player: a position lost without the finish is lost with it. And a line that wins without
//! the finish, played again with it (the game's moves made after each move, as the game makes
//! them), wins with it wherever each of its moves is still legal when it comes, up to the win: that
//! line is then a win under the finish. So the solver searches without the finish first, where
//! every pruning rule that the finish would switch off applies, and says "lost" when that search
//! does, and "won" when the line it finds plays again to a win with the finish (`replay`). Only
//! where it does not (the game put up a card the line still wanted down) is the position searched
//! again with the finish, with what is left of the budget.
//!
//! On 300 random `cardgames-io` deals (`--seed 21`, 2 million positions each) this settles 298,
//! against 283 with the finish searched in, and none the other way; of the first 80 deals of its
//! 10,000-deal survey left unknown after 20 million positions with the finish, 73 (67 won, most in
//! a few thousand positions, 6 lost).

use crate::engine::Engine;
use crate::moves::{col, col_index, is_column, Move};

/// Play `line`, found without the automatic finish, from `e`'s position with it: each move, then
/// the game's moves to the foundations while the stock, the waste and the reserve are empty (the
/// first such move each time, as `canfield.Game` plays them). Once the game has put up cards of
/// its own, each column holds the cards of a column of the line's position (`cols` says which)
/// less some that are up, and a move of the line is played by its cards: a move of cards that are
/// all up already is dropped; a run moved from a column is the same run from the same card up to
/// what is left above it; a whole column moved onto a card that is up, into a column now empty,
/// is dropped, the two columns trading places. The moves made, the game's included, when that
/// wins; None when a move is no longer legal first, or the line ends before a win. `e` is left as
/// it was.
pub(super) fn replay(e: &Engine, line: &[Move]) -> Option<Vec<Move>> {
    let mut game = e.clone();
    let mut plain = e.clone(); // the line as found, to know each move's cards
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
            return None; // another card came there (a take-back of a foundation the game put up further)
        }
        finish(&mut game, &mut legal);
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
