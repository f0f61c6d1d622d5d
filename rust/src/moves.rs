//! The move encoding, defined once for both languages: a move is one `u32`,
//! `src | dst << 6 | count << 12`, and an undo record is a `u64`, a move int with what its undo
//! needs in the bits above it. `canfield._native` exports these constants; `canfield.moves` and
//! `canfield.engine` take theirs from it, so the two engines cannot disagree on the layout.
//!
//! Places (6 bits each, room for 64): `STOCK` (0, the source of the stock move, int 0, only);
//! `WASTE` and `RESERVE`, their top card; `FOUNDATION`, as a target only, the foundation the card
//! fits; `FSUIT + s` (4..7), as a source only, the top card of a foundation of suit `s` (a
//! take-back); `COL + i` (8..16), column `i`; `RESERVES + k - 1` (48..54), reserve pile `k + 1`
//! where the rules have several (pile 1 is `RESERVE`, so one-pile move ints never change);
//! `FPILE + f` (32..47), foundation pile `f` of a rule set's own foundation layout (see
//! `crate::rules::PileRule`), as a source (its top card) and as a target where more than one pile
//! would take the card (`FOUNDATION` stays the target when only one would). The usual layout never
//! uses them, so its move ints never change.
//!
//! Every field has room for the largest value the rules allow: the count holds a run of every
//! card of `MAX_DECKS` decks, a stock turn's record the largest draw count (`MAX_DRAW`), and a
//! record's foundation index the `4 * MAX_DECKS` foundations. The layout's own tests check this.

pub const STOCK: u32 = 0;
pub const WASTE: u32 = 1;
pub const RESERVE: u32 = 2;
pub const FOUNDATION: u32 = 3;
pub const FSUIT: u32 = 4;
pub const COL: u32 = 8;
/// The most columns a rule set may have (the notation names them `COLUMN_NAMES`).
pub const MAX_COLUMNS: u32 = 12;
/// The one-character name of each column in the move notation: `1`-`9`, then `T`, `J`, `Q` for
/// columns 10-12 (as a rank is written; no other place of the notation uses these letters).
pub const COLUMN_NAMES: &[u8; MAX_COLUMNS as usize] = b"123456789TJQ";
/// The place of reserve pile 2 (index 1): pile `k` (from 0) other than the first is at
/// `RESERVES + k - 1` (see `reserve`).
pub const RESERVES: u32 = 48;
/// The most reserve piles a rule set may have.
pub const MAX_RESERVES: u32 = 8;
/// The place of foundation pile 0 of a rule set's own layout: pile `f` is at `FPILE + f`.
pub const FPILE: u32 = 32;
/// The most piles a foundation layout may have.
pub const MAX_FOUNDATIONS: u32 = 16;
/// The cards a set foundation takes at once (four of a kind).
pub const SET_CARDS: u32 = 4;
/// The most decks a rule set may have.
pub const MAX_DECKS: u32 = 4;
/// The most cards in play: every card of `MAX_DECKS` decks.
pub const MAX_CARDS: u32 = 52 * MAX_DECKS;

/// Bits of a place (a source or a target).
pub const PLACE_BITS: u32 = 6;
pub const PLACE_MASK: u32 = (1 << PLACE_BITS) - 1;
/// Where the target starts (the source is in the lowest bits).
pub const DST_SHIFT: u32 = PLACE_BITS;
/// Where the number of cards moved starts.
pub const COUNT_SHIFT: u32 = 2 * PLACE_BITS;
/// Bits of the number of cards moved, and the most cards one move may carry: a run of every card
/// in play (a column may hold them all).
pub const COUNT_BITS: u32 = 8;
pub const MAX_COUNT: u32 = MAX_CARDS;
/// Bits of a move int: every move int is below `1 << MOVE_BITS`.
pub const MOVE_BITS: u32 = COUNT_SHIFT + COUNT_BITS;

/// An undo record holds the move int in its low `MOVE_BITS` bits.
pub const REC_MOVE: u64 = (1 << MOVE_BITS) - 1;
/// A stock turn's record holds the number of cards turned from here (0 = a recycle).
pub const REC_TURNED_SHIFT: u32 = MOVE_BITS;
/// Bits of the number of cards a stock turn turned: the largest draw count fits.
pub const REC_TURNED_BITS: u32 = 6;
pub const REC_TURNED_MASK: u64 = (1 << REC_TURNED_BITS) - 1;
/// Set when a column move emptied its column and the reserve's top card filled it.
pub const REC_FILL: u64 = 1 << (REC_TURNED_SHIFT + REC_TURNED_BITS);
/// The foundation a card went to, or came back from, from here, in `REC_FOUNDATION_BITS` bits
/// (room for 64 foundations; the bits above them are free).
pub const REC_FOUNDATION_SHIFT: u32 = REC_TURNED_SHIFT + REC_TURNED_BITS + 1;
pub const REC_FOUNDATION_BITS: u32 = 6;
pub const REC_FOUNDATION_MASK: u64 = (1 << REC_FOUNDATION_BITS) - 1;
/// Set when a column move uncovered a face-down card, which turned up as part of the move.
pub const REC_FLIP: u64 = 1 << (REC_FOUNDATION_SHIFT + REC_FOUNDATION_BITS);
/// With `REC_FILL`: the reserve pile that filled the emptied column, from here (3 bits).
pub const REC_FILL_PILE_SHIFT: u32 = REC_FOUNDATION_SHIFT + REC_FOUNDATION_BITS + 1;
pub const REC_FILL_PILE_BITS: u32 = 3;
pub const REC_FILL_PILE_MASK: u64 = (1 << REC_FILL_PILE_BITS) - 1;
/// Set when a column move emptied its column and the waste's top card filled it (every reserve
/// pile being empty).
pub const REC_WASTE_FILL: u64 = 1 << (REC_FILL_PILE_SHIFT + REC_FILL_PILE_BITS);
/// Set when a reserve card went up while the foundations' base was still to be chosen
/// (`Rules::choose_base`) and set it: the move's undo opens the base again.
pub const REC_BASE: u64 = REC_WASTE_FILL << 1;

// Each field holds the largest value the rules allow (checked when the crate compiles).
const _: () = assert!(MAX_COUNT < 1 << COUNT_BITS);
const _: () = assert!(COL + MAX_COLUMNS <= FPILE);
const _: () = assert!(FPILE + MAX_FOUNDATIONS <= RESERVES);
const _: () = assert!(MAX_FOUNDATIONS <= 1 << REC_FOUNDATION_BITS);
const _: () = assert!(RESERVES + MAX_RESERVES - 1 <= 1 << PLACE_BITS);
const _: () = assert!(MAX_RESERVES <= 1 << REC_FILL_PILE_BITS);
const _: () = assert!(4 * MAX_DECKS <= 1 << REC_FOUNDATION_BITS);
const _: () = assert!(REC_FILL_PILE_SHIFT + REC_FILL_PILE_BITS < 64);

/// Every constant of the layout by name, as `canfield._native` exports them.
pub const LAYOUT: [(&str, u64); 35] = [
    ("STOCK", STOCK as u64),
    ("WASTE", WASTE as u64),
    ("RESERVE", RESERVE as u64),
    ("FOUNDATION", FOUNDATION as u64),
    ("FSUIT", FSUIT as u64),
    ("COL", COL as u64),
    ("MAX_COLUMNS", MAX_COLUMNS as u64),
    ("MAX_DECKS", MAX_DECKS as u64),
    ("MAX_CARDS", MAX_CARDS as u64),
    ("PLACE_BITS", PLACE_BITS as u64),
    ("PLACE_MASK", PLACE_MASK as u64),
    ("DST_SHIFT", DST_SHIFT as u64),
    ("COUNT_SHIFT", COUNT_SHIFT as u64),
    ("COUNT_BITS", COUNT_BITS as u64),
    ("MAX_COUNT", MAX_COUNT as u64),
    ("MOVE_BITS", MOVE_BITS as u64),
    ("REC_MOVE", REC_MOVE),
    ("REC_TURNED_SHIFT", REC_TURNED_SHIFT as u64),
    ("REC_TURNED_BITS", REC_TURNED_BITS as u64),
    ("REC_TURNED_MASK", REC_TURNED_MASK),
    ("REC_FILL", REC_FILL),
    ("REC_FOUNDATION_SHIFT", REC_FOUNDATION_SHIFT as u64),
    ("REC_FOUNDATION_BITS", REC_FOUNDATION_BITS as u64),
    ("REC_FOUNDATION_MASK", REC_FOUNDATION_MASK),
    ("REC_FLIP", REC_FLIP),
    ("RESERVES", RESERVES as u64),
    ("MAX_RESERVES", MAX_RESERVES as u64),
    ("REC_FILL_PILE_SHIFT", REC_FILL_PILE_SHIFT as u64),
    ("REC_FILL_PILE_BITS", REC_FILL_PILE_BITS as u64),
    ("REC_FILL_PILE_MASK", REC_FILL_PILE_MASK),
    ("REC_WASTE_FILL", REC_WASTE_FILL),
    ("FPILE", FPILE as u64),
    ("MAX_FOUNDATIONS", MAX_FOUNDATIONS as u64),
    ("SET_CARDS", SET_CARDS as u64),
    ("REC_BASE", REC_BASE),
];

/// The notation's name of column `i` (from 0): `1`-`9`, `T`, `J`, `Q`.
#[inline]
pub fn column_name(i: usize) -> &'static str {
    std::str::from_utf8(&COLUMN_NAMES[i..=i]).expect("ASCII")
}

/// The place of column `i`.
#[inline]
pub const fn col(i: usize) -> u32 {
    COL + i as u32
}

/// The column of place `p`, which must be a column's.
#[inline]
pub const fn col_index(p: u32) -> usize {
    (p - COL) as usize
}

/// The place of reserve pile `k` (from 0): `RESERVE` for the first, `RESERVES + k - 1` after it.
#[inline]
pub const fn reserve(k: usize) -> u32 {
    if k == 0 {
        RESERVE
    } else {
        RESERVES + k as u32 - 1
    }
}

/// The reserve pile (from 0) of place `p`, if it is a reserve pile's.
#[inline]
pub const fn reserve_index(p: u32) -> Option<usize> {
    if p == RESERVE {
        Some(0)
    } else if RESERVES <= p && p < RESERVES + MAX_RESERVES - 1 {
        Some((p - RESERVES + 1) as usize)
    } else {
        None
    }
}

/// The foundation pile (from 0) of place `p`, if it is a pile's of a foundation layout.
#[inline]
pub const fn pile_index(p: u32) -> Option<usize> {
    if FPILE <= p && p < FPILE + MAX_FOUNDATIONS {
        Some((p - FPILE) as usize)
    } else {
        None
    }
}

/// The place of foundation pile `f` of a foundation layout.
#[inline]
pub const fn fpile(f: usize) -> u32 {
    FPILE + f as u32
}

/// Whether place `p` is a column's.
#[inline]
pub const fn is_column(p: u32) -> bool {
    COL <= p && p < COL + MAX_COLUMNS
}

/// A move: where the cards come from, where they go and how many move (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Move(u32);

impl Move {
    /// The stock move: turn the stock onto the waste, or the waste back over as the stock.
    pub const STOCK: Move = Move(0);

    /// `count` cards from `src` to `dst`.
    #[inline]
    pub const fn new(src: u32, dst: u32, count: u32) -> Move {
        Move(src | dst << DST_SHIFT | count << COUNT_SHIFT)
    }

    /// The card of `src` up to its foundation.
    #[inline]
    pub const fn up(src: u32) -> Move {
        Move::new(src, FOUNDATION, 1)
    }

    /// `count` cards from `src` with no target yet: give it one with `onto`.
    #[inline]
    pub const fn from_place(src: u32, count: usize) -> Move {
        Move::new(src, 0, count as u32)
    }

    /// This move (which has no target yet, see `from_place`) onto `dst`.
    #[inline]
    pub const fn onto(self, dst: u32) -> Move {
        Move(self.0 | dst << DST_SHIFT)
    }

    /// This move with its target replaced by `dst`.
    #[inline]
    pub const fn with_dst(self, dst: u32) -> Move {
        Move(self.0 & !(PLACE_MASK << DST_SHIFT) | dst << DST_SHIFT)
    }

    /// The move of move int `m`, unchecked (see `is_well_formed`).
    #[inline]
    pub const fn from_int(m: u32) -> Move {
        Move(m)
    }

    /// The move int.
    #[inline]
    pub const fn int(self) -> u32 {
        self.0
    }

    #[inline]
    pub const fn src(self) -> u32 {
        self.0 & PLACE_MASK
    }

    #[inline]
    pub const fn dst(self) -> u32 {
        self.0 >> DST_SHIFT & PLACE_MASK
    }

    /// How many cards move.
    #[inline]
    pub const fn count(self) -> usize {
        (self.0 >> COUNT_SHIFT) as usize
    }

    #[inline]
    pub const fn is_stock(self) -> bool {
        self.0 == 0
    }

    /// Whether the cards come from a column.
    #[inline]
    pub const fn from_column(self) -> bool {
        is_column(self.src())
    }

    /// The reserve pile (from 0) the card comes from, if it comes from the reserve.
    #[inline]
    pub const fn from_reserve(self) -> Option<usize> {
        reserve_index(self.src())
    }

    /// Whether the cards go to a column.
    #[inline]
    pub const fn to_column(self) -> bool {
        is_column(self.dst())
    }

    /// Whether a card goes up to a foundation (the one that takes it, or a layout's named pile).
    #[inline]
    pub const fn to_foundation(self) -> bool {
        self.dst() == FOUNDATION || pile_index(self.dst()).is_some()
    }

    /// Whether a foundation's top card moves (a take-back; with a foundation layout, to a column
    /// or to another pile).
    #[inline]
    pub const fn from_foundation(self) -> bool {
        (FSUIT <= self.src() && self.src() < COL) || pile_index(self.src()).is_some()
    }

    /// The foundation pile of a layout the card comes from, if it comes from one.
    #[inline]
    pub const fn from_pile(self) -> Option<usize> {
        pile_index(self.src())
    }

    /// The foundation pile of a layout the cards go to, if the move names one.
    #[inline]
    pub const fn to_pile(self) -> Option<usize> {
        pile_index(self.dst())
    }

    /// The suit of the foundation a take-back comes from (see `from_foundation`).
    #[inline]
    pub const fn suit_taken_back(self) -> usize {
        (self.src() - FSUIT) as usize
    }

    /// Whether this names a real move under `columns` columns, as `canfield.moves.is_move_int`
    /// says: a real source and target that differ, only a column moving more than one card, one
    /// card at a time to a foundation or four from a column (a set), and a suit foundation's card
    /// going to a column (a layout's pile's card may go to another pile). Well-formed, not legal.
    pub const fn is_well_formed(self, columns: usize) -> bool {
        if self.0 == 0 {
            return true;
        }
        if self.0 >> MOVE_BITS != 0 {
            return false;
        }
        let (src, dst, n) = (self.src(), self.dst(), self.count() as u32);
        let last = COL + columns as u32 - 1;
        let pile = reserve_index(src).is_some();
        let fpile = pile_index(src).is_some();
        if !(pile || fpile || (WASTE <= src && src <= last && src != FOUNDATION)) {
            return false;
        }
        let up = dst == FOUNDATION || pile_index(dst).is_some();
        if !(up || (COL <= dst && dst <= last)) || src == dst {
            return false;
        }
        let column = COL <= src && src <= last;
        if !(1 <= n && n <= MAX_COUNT) || (n > 1 && (!column || (up && n != SET_CARDS))) {
            return false;
        }
        !(FSUIT <= src && src < COL && up)
    }
}

/// The move's text, as `canfield.notation` writes it: `s`, `wf`, `r2`, `13:4`, `S3`, `r2f`
/// (from reserve pile 2)…
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_stock() {
            return f.write_str("s");
        }
        fn place(f: &mut std::fmt::Formatter<'_>, p: u32) -> std::fmt::Result {
            match p {
                STOCK => f.write_str("s"),
                WASTE => f.write_str("w"),
                RESERVE => f.write_str("r"),
                FOUNDATION => f.write_str("f"),
                p if p >= RESERVES => write!(f, "r{}", p - RESERVES + 2),
                p if p >= FPILE => write!(f, "f{}", p - FPILE + 1),
                p if p < COL => f.write_str(&"SHDC"[(p - FSUIT) as usize..=(p - FSUIT) as usize]),
                p => f.write_str(column_name(col_index(p))),
            }
        }
        place(f, self.src())?;
        place(f, self.dst())?;
        if self.count() > 1 {
            write!(f, ":{}", self.count())?;
        }
        Ok(())
    }
}

/// An undo record: the move made, plus what its undo needs (see the `REC_` constants).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Record(u64);

impl Record {
    /// A recycle: the waste turned back over as the stock.
    pub const RECYCLE: Record = Record(0);

    /// A stock turn that turned `n` cards (1..=`MAX_DRAW`, which its bits hold).
    #[inline]
    pub const fn turn(n: usize) -> Record {
        Record((n as u64) << REC_TURNED_SHIFT)
    }

    /// Move `m`, which is not the stock move, with nothing more yet.
    #[inline]
    pub const fn of(m: Move) -> Record {
        Record(m.0 as u64)
    }

    /// This record, saying the top card of reserve pile `k` filled the column the move emptied.
    #[inline]
    pub const fn with_fill(self, k: usize) -> Record {
        Record(self.0 | REC_FILL | (k as u64) << REC_FILL_PILE_SHIFT)
    }

    /// This record, saying the waste's top card filled the column the move emptied.
    #[inline]
    pub const fn with_waste_fill(self) -> Record {
        Record(self.0 | REC_WASTE_FILL)
    }

    /// This record, saying the card going up chose the foundations' base.
    #[inline]
    pub const fn with_base(self) -> Record {
        Record(self.0 | REC_BASE)
    }

    /// Whether the card going up chose the foundations' base.
    #[inline]
    pub const fn chose_base(self) -> bool {
        self.0 & REC_BASE != 0
    }

    /// Whether the waste's top card filled the column the move emptied.
    #[inline]
    pub const fn waste_filled(self) -> bool {
        self.0 & REC_WASTE_FILL != 0
    }

    /// The reserve pile that filled the emptied column (see `filled`).
    #[inline]
    pub const fn fill_pile(self) -> usize {
        (self.0 >> REC_FILL_PILE_SHIFT & REC_FILL_PILE_MASK) as usize
    }

    /// This record, saying the card went to, or came from, foundation `f`.
    #[inline]
    pub const fn with_foundation(self, f: usize) -> Record {
        Record(self.0 | (f as u64) << REC_FOUNDATION_SHIFT)
    }

    /// This record, saying the move uncovered a face-down card and turned it up.
    #[inline]
    pub const fn with_flip(self) -> Record {
        Record(self.0 | REC_FLIP)
    }

    /// Whether the move uncovered a face-down card and turned it up.
    #[inline]
    pub const fn flipped(self) -> bool {
        self.0 & REC_FLIP != 0
    }

    /// The move made.
    #[inline]
    pub const fn made(self) -> Move {
        Move((self.0 & REC_MOVE) as u32)
    }

    /// How many cards a stock turn turned (0: a recycle).
    #[inline]
    pub const fn turned(self) -> usize {
        (self.0 >> REC_TURNED_SHIFT & REC_TURNED_MASK) as usize
    }

    /// Whether the reserve's top card filled the column the move emptied.
    #[inline]
    pub const fn filled(self) -> bool {
        self.0 & REC_FILL != 0
    }

    /// The foundation the card went to, or came back from.
    #[inline]
    pub const fn foundation(self) -> usize {
        (self.0 >> REC_FOUNDATION_SHIFT & REC_FOUNDATION_MASK) as usize
    }

    /// The record as an int (as `canfield.engine` keeps it).
    #[inline]
    pub const fn int(self) -> u64 {
        self.0
    }
}
