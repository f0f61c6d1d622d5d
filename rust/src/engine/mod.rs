//! The engine: a position, its legal moves, make and unmake.
//!
//! This mirrors `src/canfield/engine.py`, the readable reference of the rules, move for move:
//! the same moves (`crate::moves`, whose layout both languages share), in the same order, with
//! the same undo records. A differential test in the Python suite plays both side by side.
//!
//! - `position`: a position as plain data, checked against the rules; the engine built from it;
//! - `movegen`: the legal moves;
//! - `makemove`: make and unmake;
//! - `reserves`: several reserve piles, and which one fills an emptied column;
//! - `layout`: a rule set's own foundation layout (`crate::rules::PileRule`): each pile's cards,
//!   which piles take a card, and the moves that name a pile;
//! - `keys`: the position's hash, kept move by move, and a child's hash without playing its move;
//! - `walks`: loss detection, perft and random playouts over the move tree.

mod keys;
mod layout;
mod makemove;
mod movegen;
mod position;
mod reserves;
mod walks;

pub use keys::{recycles_key, Child, TurnKeys};
pub use position::Position;
pub use walks::{random_playout, random_playout_checked, Walk, CHECK_EVERY, MAX_WALK};

use crate::moves::{Move, Record};
use crate::rules::{Rules, MAX_RECYCLES};
use std::sync::Arc;

/// A mutable position under compiled rules, with a stack of undo records.
#[derive(Clone, Debug)]
pub struct Engine {
    pub rules: Arc<Rules>,
    /// Reserve pile 1, bottom to top.
    pub res: Vec<u8>,
    /// Reserve piles 2 to N (see `reserves`), each bottom to top; empty with one pile.
    pub more_res: Vec<Vec<u8>>,
    pub cols: Vec<Vec<u8>>,
    /// Each column's face-down cards: bit `p` for the card `p` places from its bottom. Cards
    /// come and go only at a column's top, so a face-down card keeps its place until the move
    /// that uncovers it turns it up.
    pub down: Vec<u64>,
    /// The stock, next card to turn at the end.
    pub stock: Vec<u8>,
    pub waste: Vec<u8>,
    /// The usual layout's foundations: each one's suit and card count (empty with a layout of
    /// the rules' own, whose piles are `fp`).
    pub fsuit: Vec<u8>,
    pub fcount: Vec<u8>,
    /// With a foundation layout of the rules' own (`Rules::piles`): each pile's cards, bottom to
    /// top (empty otherwise).
    pub fp: Vec<Vec<u8>>,
    /// With a foundation layout: whether the rules have one, the piles that take each card now
    /// (bit f for pile f), and the set piles open now.
    layout: bool,
    takers: [u16; 52],
    set_open: u16,
    pub start: u8,
    /// The foundations' base is still to be chosen (`Rules::choose_base`): no foundation wants
    /// a card, and only reserve cards move (see `movegen`).
    pub base_open: bool,
    pub recycles: u32,
    fnext: Vec<i16>,
    /// wants[card]: the foundation that takes `card` next, or -1.
    wants: [i8; 52],
    /// With one deck: the foundation of each suit, and each card's column (or -1).
    one_deck: bool,
    fof: [u8; 4],
    loc: [i8; 52],
    pub hist: Vec<Record>,
    redeals: i64,
    total: usize,
    // The position's hash, kept by make and unmake (see `keys`).
    colh: Vec<u128>,
    /// `mix2` of each column's hash, and their sum (the columns' part of the key, the same in
    /// any column order), brought up to date at the end of each move (`settle`).
    colm: Vec<u128>,
    colsum: u128,
    pile_h: u128,
    /// What each card is hashed as: itself, or with the solver's keys under suit-blind rules its
    /// rank (`Engine::use_solver_keys`).
    hcard: [u8; 52],
    /// Whether the stock and waste are hashed as a linked sequence (see `keys`): one deck, each
    /// card hashed as itself.
    linked: bool,
    /// With the solver's keys and a foundation layout: each pile's class key, each pile's own
    /// hash, and the sum of their mixes (piles of one class are a multiset, see `keys`); empty
    /// otherwise, the piles hashed by place in `pile_h`.
    pclass: Vec<u128>,
    ph: Vec<u128>,
    psum: u128,
}

impl Engine {
    /// The card at place `i` of the stock and waste read as one sequence in turning order: the
    /// waste bottom to top, then the stock from its next card on.
    pub fn turn_order(&self, i: usize) -> u8 {
        let w = self.waste.len();
        if i < w {
            self.waste[i]
        } else {
            self.stock[self.stock.len() - 1 - (i - w)]
        }
    }

    /// Whether the waste may be turned back over after `recycles` recycles: within the pass
    /// limit, or with unlimited passes, below `MAX_RECYCLES`.
    #[inline]
    pub fn may_recycle(&self, recycles: u32) -> bool {
        if self.redeals < 0 {
            recycles < MAX_RECYCLES
        } else {
            i64::from(recycles) < self.redeals
        }
    }

    /// Whether a foundation takes `card` next.
    #[inline]
    pub fn wanted(&self, card: u8) -> bool {
        self.wants[card as usize] >= 0
    }

    /// Whether `card` is on its foundation (one deck).
    pub fn on_foundation(&self, card: u8) -> bool {
        if self.layout {
            return self.fp.iter().any(|p| p.contains(&card));
        }
        let f = self.fof[card as usize / 13] as usize;
        self.place_up(card) < self.fcount[f]
    }

    /// `card`'s place in its foundation's order (the usual layout): 0 for the base rank.
    pub fn place_up(&self, card: u8) -> u8 {
        (card % 13 + 13 - self.start) % 13
    }

    /// Whether there is just one deck.
    pub fn one_deck(&self) -> bool {
        self.one_deck
    }

    /// How many cards the next turn of the stock takes (before the end of the stock).
    pub fn draw_count(&self) -> usize {
        self.rules.draw(self.recycles)
    }

    /// The top card of foundation `f`, if any.
    pub fn ftop(&self, f: usize) -> Option<u8> {
        let n = self.fcount[f];
        (n > 0).then(|| self.fsuit[f] * 13 + (self.start + n - 1) % 13)
    }

    /// The moves made so far, oldest first (forced fills are part of their move).
    pub fn made(&self) -> Vec<Move> {
        self.hist.iter().map(|r| r.made()).collect()
    }

    /// The moves made since the first `depth`, oldest first.
    pub fn made_since(&self, depth: usize) -> Vec<Move> {
        self.hist[depth..].iter().map(|r| r.made()).collect()
    }

    /// The lowest place of column `i` from which every card is face up.
    #[inline]
    pub fn face_up_from(&self, i: usize) -> usize {
        (64 - self.down[i].leading_zeros()) as usize
    }

    /// Every card on the foundations.
    pub fn is_won(&self) -> bool {
        self.cards_up() == self.total
    }

    /// Make this engine a copy of `src`, in the memory its lists hold already (`clone` allocates
    /// each list anew): the beam search copies thousands of positions a level.
    pub fn copy_from(&mut self, src: &Engine) {
        // Every field by name, so that a field added later is not forgotten here.
        let Engine {
            rules,
            res,
            more_res,
            cols,
            down,
            stock,
            waste,
            fsuit,
            fcount,
            fp,
            layout,
            takers,
            set_open,
            start,
            base_open,
            recycles,
            fnext,
            wants,
            one_deck,
            fof,
            loc,
            hist,
            redeals,
            total,
            colh,
            colm,
            colsum,
            pile_h,
            hcard,
            linked,
            pclass,
            ph,
            psum,
        } = src;
        self.rules.clone_from(rules);
        self.res.clone_from(res);
        self.more_res.clone_from(more_res);
        self.cols.clone_from(cols);
        self.down.clone_from(down);
        self.stock.clone_from(stock);
        self.waste.clone_from(waste);
        self.fsuit.clone_from(fsuit);
        self.fcount.clone_from(fcount);
        self.fp.clone_from(fp);
        self.layout = *layout;
        self.takers = *takers;
        self.set_open = *set_open;
        self.start = *start;
        self.base_open = *base_open;
        self.recycles = *recycles;
        self.fnext.clone_from(fnext);
        self.wants = *wants;
        self.one_deck = *one_deck;
        self.fof = *fof;
        self.loc = *loc;
        self.hist.clone_from(hist);
        self.redeals = *redeals;
        self.total = *total;
        self.colh.clone_from(colh);
        self.colm.clone_from(colm);
        self.colsum = *colsum;
        self.pile_h = *pile_h;
        self.hcard = *hcard;
        self.linked = *linked;
        self.pclass.clone_from(pclass);
        self.ph.clone_from(ph);
        self.psum = *psum;
    }

    /// How many cards are on the foundations.
    pub fn cards_up(&self) -> usize {
        if self.layout {
            return self.fp.iter().map(Vec::len).sum();
        }
        self.fcount.iter().map(|&n| usize::from(n)).sum()
    }
}
