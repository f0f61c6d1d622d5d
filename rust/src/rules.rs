//! Compiled rules as plain tables: what the Python side's `canfield.rules.Rules` holds, checked,
//! with the facts the engine and the solver read worked out once.

use crate::moves::{MAX_COLUMNS, MAX_DECKS, MAX_FOUNDATIONS, MAX_RESERVES, REC_TURNED_MASK};
use std::sync::Arc;

pub const MODE_ANY: u8 = 0;
pub const MODE_TOP_OR_WHOLE: u8 = 1;
pub const MODE_WHOLE: u8 = 2;
/// One card at a time: a column's top card alone moves.
pub const MODE_SINGLE: u8 = 3;

/// When the reserve's top card plays: at any time; only once it is the last card left; only to
/// the foundations. An emptied column fills from the reserve by itself whatever this says.
pub const RESERVE_ANY: u8 = 0;
pub const RESERVE_LAST: u8 = 1;
pub const RESERVE_FOUNDATIONS: u8 = 2;

/// The largest draw count: a stock turn's undo record holds the number of cards it turned.
pub const MAX_DRAW: u8 = REC_TURNED_MASK as u8;
/// The most passes through the stock a pass limit may allow (`redeals` up to 1000), and so the
/// most draw counts a rule set may list: the solver's folded stock turns count up to this many
/// passes of every card.
pub const MAX_PASS_LIMIT: u32 = 1001;
/// The most recycles a position may have been through. With unlimited passes the waste turns
/// back over until this count (a billion recycles: no game gets there), so every count stays in
/// range.
pub const MAX_RECYCLES: u32 = 1_000_000_000;

const _: () = assert!(MAX_PASS_LIMIT < MAX_RECYCLES);

/// One pile of a rule set's own foundation layout (`canfield.FoundationPile`, compiled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PileRule {
    /// The suit it takes (0..3), or None for any suit.
    pub suit: Option<u8>,
    /// The rank of its first card, or None for the dealt base card's rank.
    pub start: Option<u8>,
    /// Whether it builds down (else up), one rank a card.
    pub down: bool,
    /// Whether ranks wrap round on it.
    pub wraps: bool,
    /// Whether it takes four cards of one rank at once from a column's end (a set pile: any
    /// rank, any suit; it gives no card back).
    pub set: bool,
    /// Whether the deal puts the base card on it.
    pub dealt: bool,
    /// The pile that must be complete before this one takes a card.
    pub after: Option<u8>,
}

/// Everything the engine needs about a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub columns: usize,
    pub decks: usize,
    /// `children[t]`: bit s is set when card s goes on card t in a column.
    pub children: [u64; 52],
    /// Bit c is set when card c may go on an empty column.
    pub empty: u64,
    pub auto_fill: bool,
    pub mode: u8,
    pub takeback: bool,
    /// Cards turned per pass; passes past the end repeat the last.
    pub draws: Vec<u8>,
    /// Passes through the stock allowed (None: unlimited).
    pub pass_limit: Option<u32>,
    /// Whether a card of the foundations' base rank takes a base−1 card in a column.
    pub past_base: bool,
    /// Some(rank): `children` already leaves out base−1 on base for this base rank.
    pub based: Option<u8>,
    /// The steady pass: after this many recycles, every pass turns the same number of cards
    /// (`steady_draw`), and so do all passes after it.
    pub steady: u32,
    /// The most cards a column may hold (`usize::MAX`: no limit).
    pub column_limit: usize,
    /// When the reserve's top card plays (`RESERVE_ANY`, `RESERVE_LAST`, `RESERVE_FOUNDATIONS`).
    pub reserve_play: u8,
    /// Whether positions may hold face-down column cards (the rules deal some).
    pub face_down: bool,
    /// How many reserve piles there are (1..=`MAX_RESERVES`).
    pub reserve_piles: usize,
    /// With `auto_fill`: once every reserve pile is empty, an emptied column fills at once from
    /// the waste's top card.
    pub fill_waste: bool,
    /// Without `auto_fill`: an empty column takes only a reserve pile's top card, or the waste's
    /// once every pile is empty (the player's choice, never by itself; Dutchess).
    pub fill_by_choice: bool,
    /// Without `auto_fill`: an empty column takes only the waste's top card (the player's choice,
    /// never by itself; The Plot).
    pub fill_waste_only: bool,
    /// Until the foundation dealt the base card is complete, an empty column takes only a card of
    /// the base rank (The Plot).
    pub base_until_first: bool,
    /// The player chooses the foundations' base: no base card is dealt, and the first card put
    /// up, a reserve pile's top card, sets it; until then only reserve cards move (Dutchess).
    pub choose_base: bool,
    /// The rule set's own foundation layout, one rule per pile; None for the usual layout (one
    /// pile per suit and deck, all from one start rank, building up and wrapping).
    pub piles: Option<Vec<PileRule>>,
}

impl Rules {
    /// Rules from the tables of `canfield.rules.Rules`, checked: a bad table is an error.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        columns: usize,
        decks: usize,
        builds: &[bool],
        empty_ok: &[bool],
        auto_fill: bool,
        mode: u8,
        takeback: bool,
        draws: Vec<u8>,
        pass_limit: Option<u32>,
        past_base: bool,
    ) -> Result<Rules, String> {
        if !(1..=MAX_COLUMNS as usize).contains(&columns) {
            return Err(format!("columns must be 1..{MAX_COLUMNS}, not {columns}"));
        }
        if !(1..=MAX_DECKS as usize).contains(&decks) {
            return Err(format!("decks must be 1..{MAX_DECKS}, not {decks}"));
        }
        if builds.len() != 52 * 52 {
            return Err(format!(
                "the build table has {} entries, not 2704",
                builds.len()
            ));
        }
        if empty_ok.len() != 52 {
            return Err(format!(
                "the empty-column table has {} entries, not 52",
                empty_ok.len()
            ));
        }
        if mode > MODE_SINGLE {
            return Err(format!("tableau move mode must be 0..3, not {mode}"));
        }
        if draws.is_empty() || draws.iter().any(|&d| !(1..=MAX_DRAW).contains(&d)) {
            return Err(format!(
                "draw counts must be 1..{MAX_DRAW}, at least one: {draws:?}"
            ));
        }
        if draws.len() > MAX_PASS_LIMIT as usize {
            return Err(format!(
                "{} draw counts: at most {MAX_PASS_LIMIT}, one per pass (later passes repeat the last)",
                draws.len()
            ));
        }
        if let Some(limit) = pass_limit {
            if !(1..=MAX_PASS_LIMIT).contains(&limit) {
                return Err(format!(
                    "the pass limit must be 1..{MAX_PASS_LIMIT} (or None for unlimited), not {limit}"
                ));
            }
        }
        let mut children = [0u64; 52];
        for s in 0..52 {
            for (t, kids) in children.iter_mut().enumerate() {
                if builds[s * 52 + t] {
                    *kids |= 1 << s;
                }
            }
        }
        let empty = empty_ok
            .iter()
            .enumerate()
            .fold(0u64, |acc, (c, &ok)| acc | (u64::from(ok) << c));
        let last = draws[draws.len() - 1];
        let steady = draws.iter().rposition(|&d| d != last).map_or(0, |i| i + 1) as u32;
        Ok(Rules {
            columns,
            decks,
            children,
            empty,
            auto_fill,
            mode,
            takeback,
            draws,
            pass_limit,
            past_base,
            based: None,
            steady,
            column_limit: usize::MAX,
            reserve_play: RESERVE_ANY,
            face_down: false,
            reserve_piles: 1,
            fill_waste: false,
            fill_by_choice: false,
            fill_waste_only: false,
            base_until_first: false,
            choose_base: false,
            piles: None,
        })
    }

    /// These rules with a column limit (None: no limit), a reserve play rule, and whether
    /// column cards may lie face down, checked.
    pub fn with_limits(
        mut self,
        column_limit: Option<usize>,
        reserve_play: u8,
        face_down: bool,
    ) -> Result<Rules, String> {
        if column_limit == Some(0) {
            return Err("the column limit must be at least 1 card".into());
        }
        if reserve_play > RESERVE_FOUNDATIONS {
            return Err(format!(
                "the reserve play rule must be 0..2, not {reserve_play}"
            ));
        }
        self.column_limit = column_limit.unwrap_or(usize::MAX);
        self.reserve_play = reserve_play;
        self.face_down = face_down;
        Ok(self)
    }

    /// These rules with `piles` reserve piles, and whether the waste fills an emptied column once
    /// every pile is empty (`fill_waste`, which needs `auto_fill`), checked.
    pub fn with_reserves(mut self, piles: usize, fill_waste: bool) -> Result<Rules, String> {
        if !(1..=MAX_RESERVES as usize).contains(&piles) {
            return Err(format!(
                "reserve piles must be 1..{MAX_RESERVES}, not {piles}"
            ));
        }
        if fill_waste && !self.auto_fill {
            return Err("filling from the waste is part of the automatic fill (auto_fill)".into());
        }
        self.reserve_piles = piles;
        self.fill_waste = fill_waste;
        Ok(self)
    }

    /// These rules with an empty column filled only by the player from the reserve piles, then the
    /// waste once they are empty (`fill_by_choice`, which rules out `auto_fill`), checked.
    pub fn with_fill_by_choice(mut self, fill_by_choice: bool) -> Result<Rules, String> {
        if fill_by_choice && self.auto_fill {
            return Err(
                "a fill by the player (fill_by_choice) rules out the automatic fill (auto_fill)"
                    .into(),
            );
        }
        self.fill_by_choice = fill_by_choice;
        Ok(self)
    }

    /// These rules with an empty column filled only by the player from the waste
    /// (`fill_waste_only`, which rules out `auto_fill` and `fill_by_choice`), and taking only the
    /// base rank until the foundation dealt the base card is complete (`base_until_first`, which
    /// needs a dealt base card: not with `choose_base`), checked. Call it after `with_choose_base`.
    pub fn with_empty_column(
        mut self,
        fill_waste_only: bool,
        base_until_first: bool,
    ) -> Result<Rules, String> {
        if fill_waste_only && (self.auto_fill || self.fill_by_choice) {
            return Err("a fill from the waste alone (fill_waste_only) rules out the automatic fill and the fill by choice".into());
        }
        if base_until_first && self.choose_base {
            return Err("base_until_first waits for the foundation dealt the base card: not with choose_base".into());
        }
        self.fill_waste_only = fill_waste_only;
        self.base_until_first = base_until_first;
        Ok(self)
    }

    /// These rules with the foundations' base chosen by the player's first foundation card
    /// (`choose_base`).
    pub fn with_choose_base(mut self, choose_base: bool) -> Rules {
        self.choose_base = choose_base;
        self
    }

    /// These rules with their own foundation layout (None: the usual one), checked: 1 to
    /// `MAX_FOUNDATIONS` piles, ranks and suits in range, at most one pile dealt the base card
    /// (and one there where a pile starts at the base rank), each `after` another pile, a set pile
    /// of any suit and rank.
    pub fn with_foundations(mut self, piles: Option<Vec<PileRule>>) -> Result<Rules, String> {
        if let Some(ps) = &piles {
            if ps.is_empty() || ps.len() > MAX_FOUNDATIONS as usize {
                return Err(format!(
                    "a foundation layout has 1..{MAX_FOUNDATIONS} piles, not {}",
                    ps.len()
                ));
            }
            let dealt = ps.iter().filter(|p| p.dealt).count();
            for (i, p) in ps.iter().enumerate() {
                if p.suit.is_some_and(|s| s > 3) || p.start.is_some_and(|r| r > 12) {
                    return Err(format!(
                        "foundation pile {i}: suit 0..3 and start rank 0..12"
                    ));
                }
                if p.after
                    .is_some_and(|a| usize::from(a) >= ps.len() || usize::from(a) == i)
                {
                    return Err(format!(
                        "foundation pile {i} opens after a pile not in the layout"
                    ));
                }
                if p.set && (p.suit.is_some() || p.start.is_some() || p.dealt) {
                    return Err(format!(
                        "foundation pile {i}: a set pile has no suit, start or base card"
                    ));
                }
                if p.dealt && p.start.is_some() {
                    return Err(format!(
                        "foundation pile {i}: the dealt pile starts at the base rank"
                    ));
                }
                if !p.set && p.start.is_none() && dealt == 0 {
                    return Err(format!(
                        "foundation pile {i} starts at the base rank, but no pile is dealt the base card"
                    ));
                }
            }
            if dealt > 1 {
                return Err("at most one foundation pile is dealt the base card".into());
            }
        }
        self.piles = piles;
        Ok(self)
    }

    /// Whether card `c` may go on foundation pile `f` of the layout, whose cards are `pile`,
    /// with the dealt base rank `start` (a set pile takes no single card).
    pub fn pile_takes(&self, f: usize, pile: &[u8], start: u8, c: u8) -> bool {
        let p = &self.piles.as_ref().expect("a foundation layout")[f];
        !p.set
            && p.suit.is_none_or(|s| c / 13 == s)
            && self.pile_next(p, pile, start) == Some(c % 13)
    }

    /// The rank pile rule `p` takes next on `pile` (its cards), None when it is complete.
    pub fn pile_next(&self, p: &PileRule, pile: &[u8], start: u8) -> Option<u8> {
        let Some(&top) = pile.last() else {
            return Some(p.start.unwrap_or(start));
        };
        if pile.len() >= 13 {
            return None;
        }
        let r = top % 13;
        match (p.down, p.wraps) {
            (false, _) if r < 12 => Some(r + 1),
            (false, true) => Some(0),
            (true, _) if r > 0 => Some(r - 1),
            (true, true) => Some(12),
            _ => None,
        }
    }

    /// Whether foundation pile `f` of the layout, whose cards are `pile`, is complete: a pile of
    /// one card at a time takes no more, a set pile holds 13 sets.
    pub fn pile_complete(&self, f: usize, pile: &[u8], start: u8) -> bool {
        let p = &self.piles.as_ref().expect("a foundation layout")[f];
        if p.set {
            pile.len() >= 13 * 4
        } else {
            self.pile_next(p, pile, start).is_none()
        }
    }

    /// Whether the reserve's top card may go to a column with `left` cards in the reserve.
    #[inline]
    pub fn reserve_to_column(&self, left: usize) -> bool {
        self.reserve_play == RESERVE_ANY || (self.reserve_play == RESERVE_LAST && left == 1)
    }

    /// Whether the reserve's top card may go to a foundation with `left` cards in the reserve.
    #[inline]
    pub fn reserve_to_foundation(&self, left: usize) -> bool {
        self.reserve_play != RESERVE_LAST || left == 1
    }

    /// These rules for a deal whose foundations start at rank `start`: without `past_base`, the
    /// tables leave out every base−1 card on a base-rank card (the base comes with the deal).
    pub fn for_base(self: &Arc<Rules>, start: u8) -> Arc<Rules> {
        if self.past_base || self.based == Some(start) {
            return Arc::clone(self);
        }
        let below = (start + 12) % 13;
        let mut r = Rules::clone(self);
        let mut mask = 0u64;
        for suit in 0..4 {
            mask |= 1 << (suit * 13 + below);
        }
        for (t, kids) in r.children.iter_mut().enumerate() {
            if t as u8 % 13 == start {
                *kids &= !mask;
            }
        }
        r.based = Some(start);
        Arc::new(r)
    }

    /// Whether these rules never look at a card's suit: columns build, and empty columns take
    /// cards, by rank alone, and the foundations are a layout of piles of any suit. Then two
    /// positions that differ only in which card of a rank lies where (each rank's cards relabelled
    /// among themselves) have the same moves, relabelled, and the same verdict.
    pub fn suit_blind(&self) -> bool {
        let by_rank =
            |bits: u64| (0..13).all(|r| (1..4).all(|s| bits >> (s * 13 + r) & 1 == bits >> r & 1));
        self.piles
            .as_ref()
            .is_some_and(|ps| ps.iter().all(|p| p.suit.is_none()))
            && !self.choose_base
            && by_rank(self.empty)
            && (0..52)
                .all(|t| by_rank(self.children[t]) && self.children[t] == self.children[t % 13])
    }

    /// With a foundation layout, each pile's class: piles of one class are interchangeable (the
    /// same rule, and no pile opens after either), so that positions that differ only in which
    /// of them holds which cards have the same moves, the piles renamed. Each pile's class is the
    /// first pile of its class.
    pub fn pile_classes(&self) -> Vec<usize> {
        let Some(ps) = &self.piles else {
            return Vec::new();
        };
        let named = |f: usize| ps.iter().any(|p| p.after == Some(f as u8));
        (0..ps.len())
            .map(|f| {
                (0..f)
                    .find(|&g| ps[g] == ps[f] && !named(f) && !named(g))
                    .unwrap_or(f)
            })
            .collect()
    }

    /// Whether card `s` goes on card `t` in a column.
    #[inline]
    pub fn builds(&self, s: u8, t: u8) -> bool {
        self.children[t as usize] >> s & 1 != 0
    }

    /// How many cards a turn of the stock takes after `recycles` recycles (before its end).
    #[inline]
    pub fn draw(&self, recycles: u32) -> usize {
        usize::from(
            *self
                .draws
                .get(recycles as usize)
                .unwrap_or(&self.draws[self.draws.len() - 1]),
        )
    }

    /// How many cards a turn of the stock takes from the steady pass on.
    #[inline]
    pub fn steady_draw(&self) -> usize {
        usize::from(self.draws[self.draws.len() - 1])
    }

    /// Whether card `c` may go on an empty column.
    #[inline]
    pub fn empty_ok(&self, c: u8) -> bool {
        self.empty >> c & 1 != 0
    }
}
