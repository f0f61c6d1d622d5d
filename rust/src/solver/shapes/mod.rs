//! Columns known by their shape, for a proof of "lost": a relaxation that forgets which card of a
//! class lies where in the columns, save the cards a foundation will want next.
//!
//! Where every column is a run whose cards each go on the one below, and the cards that go on a
//! card in a column are always all the cards of one class (cards alike in what goes on them, what
//! they go on and whether they fill an empty column, as `prune::far` has them: under Rainbow's
//! rules the four of a rank, under alternate colours the two of a rank and colour), a column's
//! classes, place by place, follow from the class of its bottom card and its length: its *shape*.
//! Call a card *near* when its place in its foundation's order is less than `WINDOW` past that
//! foundation's count. The relaxed game knows the stock, the waste, the reserve and the
//! foundations as they are, each column by its shape, and each near card in a column by its
//! place there; a card's place in the columns is forgotten while it is not near. Its moves are
//! the rules' moves, read through the shapes: a card goes on a column whose top's class takes its
//! class; a run moves as the rules let it (the top card, the whole column, any run); a column's top
//! card goes up when it is a near card a foundation wants (a card that is not near is wanted by
//! none); an emptied column fills as the rules fill it. When a foundation's count grows, the card
//! that comes near, if it is in the columns, may be in any place of its class that no near card
//! holds: the relaxed game tries each.
//!
//! Every line of the rules is a line of the relaxed game: map a position to the relaxed one (its
//! shapes, its near cards' places); each legal move maps to a relaxed move from that image, the
//! card that comes near taking its real place among those tried (its place holds a card of its
//! class that was not near). So when the relaxed game has no win, the position is lost. (A relaxed
//! win proves nothing: a card that comes near may be given a place it never had.) It is loose only
//! there, and is much smaller than the rules' own game: the arrangements of the cards that are not
//! near in the columns, which make most of a one-pass game's positions, are one. The tests check the
//! mapping move by move on random positions (`Shapes::image`, `Shapes::children`).
//!
//! The stock's turns are folded into the move of the waste's card that follows them, as the
//! rules' searches fold them (`Turned`): a turn touches only the stock and the waste, so a
//! relaxed win can be rewritten with each run of turns just before a move of the waste's card,
//! and a run of turns that goes through a pass already turned, with as many cards a turn, reaches
//! only positions the earlier pass reached with fewer passes used. The positions between turns
//! are never stored: on the random-walk positions of the tests that are lost in the relaxed game,
//! the proofs look up 204,035 positions against 813,238 with a turn as a move (85 against 296 ms).
//!
//! Measured on 10 deals that Rainbow's survey proved lost (in 110,000 to 19.6 million positions
//! there), with a turn as a move and counting the positions stored: each is lost in the relaxed
//! game within 23,000 to 3 million positions (the rules' own game, searched plainly: 156,000 to
//! 24 million). The solver gives it turns where that pays (`pays`, `SHAPES_AFTER`,
//! `solver::search::attempts::Turns`), counting every position it looks up, as the rules'
//! searches count theirs. Its search is `search`'s; `cover` checks its argument for the tests.

mod cover;
mod search;

pub use cover::shapes_cover;
pub use search::solve_shapes;
pub(in crate::solver) use search::Relaxing;

use super::prune::far;
use super::Cut;
use crate::engine::Engine;
use crate::hash::{mix2, z2, Tag};
use crate::moves::MAX_COLUMNS;
use crate::rules::{Rules, MODE_ANY, MODE_SINGLE, MODE_WHOLE};

/// A card is near while its place in its foundation's order is less than this many past the
/// foundation's count: the foundation's next card, and the next `WINDOW - 1` after it.
pub(super) const WINDOW: u8 = 1;

/// Whether the solver gives the relaxed search turns under `rules` (a choice of schedule, not of
/// argument): where the stock goes through once. Where it goes through again, the far attempts and
/// the search under draw 1 make the lost proofs, and the turns the relaxed search takes cost them
/// more than it proves: on 40 random deals of each at 5 s, with turns from 3 million positions on,
/// Canfield Rush settled 2 fewer deals than without it, Classic 1 fewer, and none more (Superior
/// and the published rules in draw 3 as many).
pub(super) fn pays(rules: &Rules) -> bool {
    rules.pass_limit == Some(1)
}

/// The positions of each turn of the relaxed search, and of the other searches between two of
/// its turns: half of what is spent after `SHAPES_AFTER` goes to it. On 14 Rainbow deals its
/// survey left unknown after 30 million positions, within 30 million again, 2 lost (17.4 and
/// 19.6 million) against 1 (24.0 million) with turns of a third of the others'; on 40 random
/// Chameleon deals at 5 s, whose proofs the far attempts make, 2 fewer settled than without
/// the relaxed search, against 1 fewer.
pub(super) const TURN: u64 = 1_000_000;

/// How many positions the solver searches under the rules before the relaxed search takes turns
/// with its searches: a relaxed search seldom finds a win fast, even where theirs do, and every
/// turn it takes is one the won deals lose. On 16 won deals of Rainbow's survey that took more
/// than a million positions, a relaxed search after the first 150,000 took its whole share from
/// most of them (3.5 million positions or more each). With turns from 10 million positions on, of
/// 14 Rainbow deals its survey left unknown at 30 million, one more was proved lost and one fewer
/// won within 30 million, and of 40 random Rainbow deals at 5 s one fewer was won: no gain below
/// that budget. So a solve within 30 million positions is the solver's without it; the relaxed
/// search is for the larger budgets of surveys, where its proofs, short beside the rules' own
/// (`CF1-D1-AAAACMJ`: 50 million relaxed positions, unknown after 30 million of the rules'), come.
pub(super) const SHAPES_AFTER: u64 = 30_000_000;

/// No class: an empty column's, or the class that goes on a card nothing goes on.
const NONE: u8 = u8::MAX;
/// A card that is not near, or not in the columns.
const NOWHERE: u8 = u8::MAX;

/// Whether the relaxed game is the rules' own read through the shapes: one deck, the usual
/// foundations with no take-back and no finish the game makes by itself, one reserve pile, no
/// face-down column cards, no column limit, an emptied column that fills from the reserve or by
/// the player with any card it takes (not the waste's fills, nor a fill limited to some sources or
/// ranks, nor a base the player chooses), and the cards that go on each card all of one class,
/// some class having several cards.
/// Its classes where it holds.
fn applies(rules: &Rules, auto_finish: bool) -> Option<Classes> {
    (rules.decks == 1
        && rules.piles.is_none()
        && !rules.takeback
        && !auto_finish
        && rules.reserve_piles == 1
        && !rules.face_down
        && rules.column_limit == usize::MAX
        && !rules.fill_waste
        && !rules.fill_by_choice
        && !rules.fill_waste_only
        && !rules.base_until_first
        && !rules.choose_base)
        .then(|| Classes::of(rules))
        .flatten()
        .filter(|c| c.merges)
}

/// A relaxed position with nothing anywhere: the start of `Shapes::image`.
const BLANK: State = State {
    row: 0,
    split: 0,
    recycles: 0,
    reserve: 0,
    fcount: [0; 4],
    cols_cards: 0,
    placed: 0,
    cols: [(NONE, 0); MAX_COLUMNS as usize],
    near: [(NOWHERE, 0); 52],
};

/// Each card's class, and the class that goes on each class in a column.
#[derive(Clone, Debug)]
struct Classes {
    class: [u8; 52],
    /// The class that goes on a card of each class (`NONE`: nothing goes on it).
    child: [u8; 52],
    /// Whether a card of each class may go on an empty column.
    fills: [bool; 52],
    /// Whether some class has several cards (else the relaxed game is the rules' own).
    merges: bool,
}

impl Classes {
    /// The classes of `rules`; None when the cards that go on some card are not one whole class.
    fn of(rules: &Rules) -> Option<Classes> {
        let rows = far::build_rows(rules);
        let mut class = [0u8; 52];
        for c in 0..52 {
            class[c] = (0..=c).find(|&d| rows[d] == rows[c]).expect("c itself") as u8;
        }
        let mut child = [NONE; 52];
        let mut fills = [false; 52];
        for t in 0..52 {
            let kids = rules.children[t];
            fills[class[t] as usize] = rules.empty_ok(t as u8);
            if kids == 0 {
                continue;
            }
            let k = class[kids.trailing_zeros() as usize];
            let members = (0..52)
                .filter(|&c| class[c] == k)
                .fold(0u64, |m, c| m | 1 << c);
            if kids != members {
                return None;
            }
            child[class[t] as usize] = k;
        }
        let merges = (0..52).any(|c| class[c] as usize != c);
        Some(Classes {
            class,
            child,
            fills,
            merges,
        })
    }
}

/// A relaxed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    /// Bit i: the row's card i (the stock and the waste as one row in turning order) is still in
    /// the stock or the waste.
    row: u64,
    /// The row's cards before `split` are the waste, the others the stock.
    split: u8,
    recycles: u32,
    /// The reserve's cards left (its top is `reserve[n - 1]`).
    reserve: u8,
    fcount: [u8; 4],
    /// The cards in the columns.
    cols_cards: u64,
    /// The near cards in the columns (those `near` places).
    placed: u64,
    /// Each column's shape: its bottom card's class (`NONE` when empty) and its length.
    cols: [(u8, u8); MAX_COLUMNS as usize],
    /// Each near card in the columns: its column and place from the bottom (`NOWHERE` else).
    near: [(u8, u8); 52],
}

/// The relaxed game of one root position: the tables that do not change.
pub(super) struct Shapes {
    rules: std::sync::Arc<Rules>,
    classes: Classes,
    /// The stock and the waste as one row in turning order.
    row: Vec<u8>,
    /// Each card's place in the row (`NOWHERE`: not in it).
    in_row: [u8; 52],
    reserve: Vec<u8>,
    start: u8,
    /// Each suit's foundation, and each foundation's suit.
    fof: [u8; 4],
    fsuit: [u8; 4],
    columns: usize,
    root: State,
}

/// How the relaxed search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Relaxed {
    /// No relaxed win: the position is lost.
    Lost,
    /// A relaxed win, which proves nothing.
    Won,
    /// The budget ran out.
    Cut(Cut),
}

impl Shapes {
    /// The relaxed game of `e`'s position; None where `applies` does not hold, a column is not a
    /// run, or the foundations are not one per suit.
    pub(super) fn new(e: &Engine, auto_finish: bool) -> Option<Shapes> {
        let rules = &e.rules;
        if e.base_open || e.fsuit.len() != 4 {
            return None;
        }
        let classes = applies(rules, auto_finish)?;
        let mut fof = [0u8; 4];
        let mut fsuit = [0u8; 4];
        for (f, &s) in e.fsuit.iter().enumerate() {
            fof[s as usize] = f as u8;
            fsuit[f] = s;
        }
        let row: Vec<u8> = (0..e.waste.len() + e.stock.len())
            .map(|i| e.turn_order(i))
            .collect();
        let mut in_row = [NOWHERE; 52];
        for (i, &c) in row.iter().enumerate() {
            in_row[c as usize] = i as u8;
        }
        let mut shapes = Shapes {
            rules: rules.clone(),
            classes,
            row,
            in_row,
            reserve: e.res.clone(),
            start: e.start,
            fof,
            fsuit,
            columns: rules.columns,
            root: BLANK,
        };
        shapes.root = shapes.image(e)?;
        Some(shapes)
    }

    /// The relaxed position of `e`, a position of the same deal reached from the root: None
    /// when a column is not a run.
    fn image(&self, e: &Engine) -> Option<State> {
        let mut s = BLANK;
        for i in 0..e.waste.len() + e.stock.len() {
            s.row |= 1 << self.in_row[e.turn_order(i) as usize];
        }
        s.split = e.waste.last().map_or(0, |&c| self.in_row[c as usize] + 1);
        s.recycles = e.recycles;
        s.reserve = e.res.len() as u8;
        s.fcount.copy_from_slice(&e.fcount);
        for (i, col) in e.cols.iter().enumerate() {
            if e.down[i] != 0 || col.windows(2).any(|w| !self.rules.builds(w[1], w[0])) {
                return None;
            }
            s.cols[i] = col.first().map_or((NONE, 0), |&b| {
                (self.classes.class[b as usize], col.len() as u8)
            });
            for (p, &c) in col.iter().enumerate() {
                s.cols_cards |= 1 << c;
                if self.is_near(&s, c) {
                    s.near[c as usize] = (i as u8, p as u8);
                    s.placed |= 1 << c;
                }
            }
        }
        Some(s)
    }

    /// Card `c`'s place in its foundation's order, and its foundation.
    #[inline]
    fn place(&self, c: u8) -> (u8, usize) {
        (
            (c % 13 + 13 - self.start) % 13,
            self.fof[(c / 13) as usize] as usize,
        )
    }

    #[inline]
    fn is_near(&self, s: &State, c: u8) -> bool {
        let (p, f) = self.place(c);
        p >= s.fcount[f] && p < s.fcount[f] + WINDOW
    }

    #[inline]
    fn wanted(&self, s: &State, c: u8) -> bool {
        let (p, f) = self.place(c);
        p == s.fcount[f]
    }

    /// The class at place `p` from the bottom of a column whose bottom card is of class `base`.
    #[inline]
    fn class_at(&self, base: u8, p: u8) -> u8 {
        let mut k = base;
        for _ in 0..p {
            k = self.classes.child[k as usize];
        }
        k
    }

    /// The class of column `i`'s top card.
    #[inline]
    fn top_class(&self, s: &State, i: usize) -> u8 {
        let (base, len) = s.cols[i];
        self.class_at(base, len - 1)
    }

    fn waste_top(&self, s: &State) -> Option<u8> {
        let below = s.row & ((1u64 << s.split) - 1);
        (below != 0).then(|| self.row[63 - below.leading_zeros() as usize])
    }

    fn reserve_top(&self, s: &State) -> Option<u8> {
        (s.reserve > 0).then(|| self.reserve[s.reserve as usize - 1])
    }

    /// The relaxed position's key: the columns as a multiset.
    fn key(&self, s: &State) -> u128 {
        let mut fc = 0u128;
        for (f, &n) in s.fcount.iter().enumerate() {
            fc |= u128::from(n) << (8 * f);
        }
        let head = u128::from(s.row)
            ^ u128::from(s.split) << 64
            ^ u128::from(s.reserve) << 72
            ^ fc << 80
            ^ u128::from(s.recycles) << 96;
        let mut cols = [0u128; MAX_COLUMNS as usize];
        for (i, &(base, len)) in s.cols[..self.columns].iter().enumerate() {
            cols[i] = u128::from(base) << 8 | u128::from(len);
        }
        let mut near = s.placed;
        while near != 0 {
            let c = near.trailing_zeros() as u8;
            near &= near - 1;
            let (i, p) = s.near[c as usize];
            cols[i as usize] ^= z2(Tag::Column, c, p as usize);
        }
        let sum = cols[..self.columns]
            .iter()
            .fold(0u128, |acc, &k| acc.wrapping_add(mix2(k)));
        mix2(head).wrapping_add(sum)
    }

    /// Put card `c` on column `i` (its new top).
    fn put(&self, s: &mut State, c: u8, i: usize) {
        let (base, len) = s.cols[i];
        s.cols[i] = if len == 0 {
            (self.classes.class[c as usize], 1)
        } else {
            (base, len + 1)
        };
        s.cols_cards |= 1 << c;
        if self.is_near(s, c) {
            s.near[c as usize] = (i as u8, len);
            s.placed |= 1 << c;
        }
    }

    /// Column `i` has just been emptied: the rules' fill from the reserve.
    fn fill(&self, s: &mut State, i: usize) {
        s.cols[i] = (NONE, 0);
        if self.rules.auto_fill {
            if let Some(r) = self.reserve_top(s) {
                s.reserve -= 1;
                self.put(s, r, i);
            }
        }
    }

    /// Move the top `n` cards of column `i` onto column `j` (`fill` follows where it empties).
    fn shift(&self, s: &mut State, i: usize, n: u8, j: usize) {
        let (base, len) = s.cols[i];
        let from = len - n;
        let (jbase, jlen) = s.cols[j];
        s.cols[j] = if jlen == 0 {
            (self.class_at(base, from), n)
        } else {
            (jbase, jlen + n)
        };
        let mut cards = s.placed;
        while cards != 0 {
            let c = cards.trailing_zeros() as usize;
            cards &= cards - 1;
            let (k, p) = s.near[c];
            if k as usize == i && p >= from {
                s.near[c] = (j as u8, jlen + p - from);
            }
        }
        if from == 0 {
            self.fill(s, i);
        } else {
            s.cols[i] = (base, from);
        }
    }

    /// Card `c`, out of its place already, goes up: each relaxed position that follows, the card
    /// that comes near, if it is in the columns, in each place of its class that it may hold.
    fn up(&self, mut s: State, c: u8, out: &mut Vec<State>) {
        let (_, f) = self.place(c);
        s.fcount[f] += 1;
        s.near[c as usize] = (NOWHERE, 0);
        s.placed &= !(1 << c);
        let p = s.fcount[f] + WINDOW - 1;
        if p >= 13 {
            out.push(s);
            return;
        }
        let suit = c / 13;
        let n = suit * 13 + (self.start + p) % 13;
        if s.cols_cards >> n & 1 == 0 {
            out.push(s);
            return;
        }
        let k = self.classes.class[n as usize];
        for i in 0..self.columns {
            let (base, len) = s.cols[i];
            if len == 0 {
                continue;
            }
            let mut class = base;
            for q in 0..len {
                if class == k && !self.holds_near(&s, i as u8, q) {
                    let mut t = s;
                    t.near[n as usize] = (i as u8, q);
                    t.placed |= 1 << n;
                    out.push(t);
                }
                class = self.classes.child[class as usize];
            }
        }
    }

    /// Whether a near card lies at place `q` of column `i`.
    fn holds_near(&self, s: &State, i: u8, q: u8) -> bool {
        let mut near = s.placed;
        while near != 0 {
            let c = near.trailing_zeros() as usize;
            near &= near - 1;
            if s.near[c] == (i, q) {
                return true;
            }
        }
        false
    }

    /// Every relaxed position one move from `s`, into `out` (cleared).
    fn children(&self, s: &State, out: &mut Vec<State>) {
        out.clear();
        let rules = &*self.rules;
        let n = self.columns;
        let reserve = self.reserve_top(s);
        let left = s.reserve as usize;
        // The class that goes on each column's top card (`NONE` for an empty column's).
        let mut takes = [NONE; MAX_COLUMNS as usize];
        for (j, take) in takes[..n].iter_mut().enumerate() {
            if s.cols[j].1 > 0 {
                *take = self.classes.child[self.top_class(s, j) as usize];
            }
        }
        // The waste's and the reserve's top cards, onto columns; the waste's after each run of
        // stock turns too (`turned`: the turns are folded into the waste card's move).
        let may_fill = !rules.auto_fill || reserve.is_none();
        let onto = |t: &State, c: u8, from_waste: bool, out: &mut Vec<State>| {
            let k = self.classes.class[c as usize];
            for (j, &take) in takes[..n].iter().enumerate() {
                let fits = if t.cols[j].1 == 0 {
                    may_fill && self.classes.fills[k as usize]
                } else {
                    take == k
                };
                if fits {
                    let mut u = *t;
                    self.take(&mut u, c, from_waste);
                    self.put(&mut u, c, j);
                    out.push(u);
                }
            }
        };
        // The nearest stock cards are tried first (the search takes the last child first), as
        // the rules' first search tries them under a pass limit: a card turned past is buried for
        // the rest of the pass. (The order changes how soon a relaxed win is found, which ends
        // the relaxed search's turns; a proof visits every relaxed position all the same.)
        let from = out.len();
        for t in std::iter::once(*s).chain(self.turned(s)) {
            if let Some(c) = self.waste_top(&t) {
                onto(&t, c, true, out);
            }
        }
        out[from..].reverse();
        if let Some(c) = reserve.filter(|_| rules.reserve_to_column(left)) {
            onto(s, c, false, out);
        }
        // Runs between columns.
        let mut chain = [NONE; 64];
        for i in 0..n {
            let (base, len) = s.cols[i];
            if len == 0 {
                continue;
            }
            // The class at each place of the column, from the bottom.
            chain[0] = base;
            for q in 1..len as usize {
                chain[q] = self.classes.child[chain[q - 1] as usize];
            }
            for (j, &take) in takes[..n].iter().enumerate() {
                if j == i {
                    continue;
                }
                let empty = s.cols[j].1 == 0;
                if empty && !may_fill {
                    continue;
                }
                for m in 1..=len {
                    let bottom = chain[(len - m) as usize];
                    let movable = match rules.mode {
                        MODE_ANY => true,
                        MODE_SINGLE => m == 1,
                        MODE_WHOLE => m == len,
                        _ => m == 1 || (m == len && len > 1),
                    };
                    let fits = if empty {
                        m < len && self.classes.fills[bottom as usize]
                    } else {
                        bottom == take
                    };
                    if movable && fits {
                        let mut t = *s;
                        self.shift(&mut t, i, m, j);
                        out.push(t);
                    }
                }
            }
        }
        // Cards up, last: the search tries them first.
        let from = out.len();
        for t in std::iter::once(*s).chain(self.turned(s)) {
            if let Some(c) = self.waste_top(&t).filter(|&c| self.wanted(&t, c)) {
                let mut u = t;
                self.take(&mut u, c, true);
                self.up(u, c, out);
            }
        }
        out[from..].reverse(); // the nearest first, as above
        if let Some(c) = reserve.filter(|&c| self.wanted(s, c) && rules.reserve_to_foundation(left))
        {
            let mut t = *s;
            self.take(&mut t, c, false);
            self.up(t, c, out);
        }
        for f in 0..4 {
            let p = s.fcount[f];
            if p >= 13 {
                continue;
            }
            let c = self.fsuit[f] * 13 + (self.start + p) % 13;
            let (i, q) = s.near[c as usize];
            if i == NOWHERE || q + 1 != s.cols[i as usize].1 {
                continue;
            }
            let mut t = *s;
            t.cols_cards &= !(1 << c);
            if q == 0 {
                self.fill(&mut t, i as usize);
            } else {
                t.cols[i as usize].1 = q;
            }
            self.up(t, c, out);
        }
    }

    /// Take card `c` off the waste's top or the reserve's. The split is kept just past the
    /// waste's top card (a position has one image).
    fn take(&self, s: &mut State, c: u8, from_waste: bool) {
        if from_waste {
            s.row &= !(1 << self.in_row[c as usize]);
            let below = s.row & ((1u64 << s.split) - 1);
            s.split = 64 - below.leading_zeros() as u8;
        } else {
            s.reserve -= 1;
        }
    }

    /// The positions that runs of stock turns lead to from `s`, in order (`Turned`).
    fn turned(&self, s: &State) -> Turned<'_> {
        Turned {
            shapes: self,
            t: *s,
            from: s.recycles,
        }
    }

    fn may_recycle(&self, recycles: u32) -> bool {
        self.rules
            .pass_limit
            .map_or(recycles < crate::rules::MAX_RECYCLES, |p| recycles + 1 < p)
    }
}

/// The positions that runs of stock turns (a turn, or the waste turned back over) lead to from
/// a position, in order. They stop where the stock can turn no more, or where it would go through
/// a pass already turned here with as many cards a turn and fewer passes used: whatever follows
/// there follows from the earlier pass.
struct Turned<'a> {
    shapes: &'a Shapes,
    /// The last position, and the passes used where the turns started.
    t: State,
    from: u32,
}

impl Iterator for Turned<'_> {
    type Item = State;

    fn next(&mut self) -> Option<State> {
        let rules = &*self.shapes.rules;
        let t = &mut self.t;
        let stock = t.row >> t.split;
        if stock != 0 {
            let (split, mut rest) = (t.split, stock);
            for _ in 0..rules.draw(t.recycles) {
                if rest == 0 {
                    break;
                }
                t.split = split + rest.trailing_zeros() as u8 + 1;
                rest &= rest - 1;
            }
        } else if t.row != 0 && self.shapes.may_recycle(t.recycles) {
            let again =
                t.recycles > self.from && rules.draw(t.recycles + 1) == rules.draw(t.recycles);
            if again {
                return None;
            }
            t.split = 0;
            t.recycles += 1;
        } else {
            return None;
        }
        Some(*t)
    }
}
