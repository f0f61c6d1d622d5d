//! The move layout: every well-formed move int decodes and encodes back to itself, and the
//! layout's constants fit together (the Python side's copy is checked against them in
//! `tests/test_native.py`).

use canfield_native::moves::{
    is_column, Move, Record, COL, COUNT_BITS, COUNT_SHIFT, DST_SHIFT, FOUNDATION, LAYOUT,
    MAX_CARDS, MAX_COLUMNS, MAX_COUNT, MAX_DECKS, MAX_FOUNDATIONS, MAX_RESERVES, MOVE_BITS,
    PLACE_BITS, REC_FILL, REC_FOUNDATION_BITS, REC_FOUNDATION_SHIFT, REC_MOVE, REC_TURNED_BITS,
    REC_TURNED_SHIFT, RESERVE, RESERVES, WASTE,
};
use canfield_native::rules::{Rules, MAX_DRAW, MAX_PASS_LIMIT};

#[test]
fn every_well_formed_move_int_round_trips() {
    let mut well_formed = 0;
    for m in 0..1u32 << (MOVE_BITS + 1) {
        let mv = Move::from_int(m);
        if !mv.is_well_formed(9) {
            continue;
        }
        well_formed += 1;
        assert_eq!(mv.int(), m);
        if m == 0 {
            assert!(mv.is_stock());
            continue;
        }
        let again = Move::new(mv.src(), mv.dst(), mv.count() as u32);
        assert_eq!(again, mv, "{m}");
        let rec = Record::of(mv)
            .with_fill(MAX_RESERVES as usize - 1)
            .with_foundation(4 * MAX_DECKS as usize - 1);
        assert_eq!(rec.made(), mv);
        assert_eq!(rec.foundation(), 4 * MAX_DECKS as usize - 1);
        assert!(rec.filled());
        assert_eq!(rec.fill_pile(), MAX_RESERVES as usize - 1);
        assert!(!rec.waste_filled());
        assert!(Record::of(mv).with_waste_fill().waste_filled());
        assert!(m < 1 << MOVE_BITS);
        // Fewer columns refuse the moves that name a column past them.
        let highest = [mv.src(), mv.dst()]
            .into_iter()
            .filter(|&p| is_column(p))
            .max()
            .unwrap_or(0);
        assert_eq!(mv.is_well_formed(1), highest < COL + 1, "{m}");
    }
    // The stock move; waste, reserve and 9 columns to the foundations; waste, reserve and four
    // foundation suits to 9 columns; column to column runs of 1..=MAX_COUNT cards; each reserve
    // pile past the first to the foundations and to 9 columns. A layout's numbered piles: each
    // one's card up, to each other pile and to 9 columns; each pile named as the target of the
    // waste, every reserve pile and 9 columns; a set of four from 9 columns up and to each pile.
    let f = MAX_FOUNDATIONS;
    let layout = f * (f + 9) + f * (1 + MAX_RESERVES + 9) + 9 * (1 + f);
    assert_eq!(
        well_formed,
        1 + 11 + 6 * 9 + 9 * 8 * MAX_COUNT + (MAX_RESERVES - 1) * 10 + layout
    );
    // The longest run of the most decks is one move.
    let all = Move::new(COL, COL + MAX_COLUMNS - 1, MAX_CARDS);
    assert!(all.is_well_formed(MAX_COLUMNS as usize));
    assert_eq!(all.count(), MAX_CARDS as usize);
}

#[test]
fn the_layout_fits_together() {
    assert_eq!(DST_SHIFT, PLACE_BITS);
    assert_eq!(COUNT_SHIFT, 2 * PLACE_BITS);
    assert_eq!(MOVE_BITS, COUNT_SHIFT + COUNT_BITS);
    assert_eq!(REC_MOVE, (1 << MOVE_BITS) - 1);
    assert_eq!(REC_TURNED_SHIFT, MOVE_BITS);
    assert_eq!(REC_FILL, 1 << (REC_TURNED_SHIFT + REC_TURNED_BITS));
    assert_eq!(REC_FOUNDATION_SHIFT, REC_TURNED_SHIFT + REC_TURNED_BITS + 1);
    // Each field has room for the largest value the rules allow (the crate also checks these
    // when it compiles): a run of every card, every place, every foundation.
    assert_eq!(MAX_COUNT, MAX_CARDS);
    assert_eq!(MAX_CARDS >> COUNT_BITS, 0);
    assert_eq!((COL + MAX_COLUMNS - 1) >> PLACE_BITS, 0);
    assert_eq!((4 * MAX_DECKS - 1) >> REC_FOUNDATION_BITS, 0);
    assert_eq!(MAX_PASS_LIMIT, 1001);
    // The largest draw count is what a stock turn's record can hold.
    assert_eq!(
        Record::turn(usize::from(MAX_DRAW)).turned(),
        usize::from(MAX_DRAW)
    );
    assert!(Record::turn(usize::from(MAX_DRAW)).made().is_stock());
    // Every exported name once.
    let mut names: Vec<&str> = LAYOUT.iter().map(|&(n, _)| n).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), LAYOUT.len());
    assert_eq!(Move::up(WASTE).to_string(), "wf");
    assert_eq!(Move::new(COL, COL + 3, 4).to_string(), "14:4");
    assert_eq!(Move::new(COL + 8, FOUNDATION, 1).to_string(), "9f");
    assert_eq!(Move::new(5, COL + 1, 1).to_string(), "H2");
    assert_eq!(Move::STOCK.to_string(), "s");
    assert_eq!(Move::new(RESERVE, COL + 1, 1).to_string(), "r2");
    assert_eq!(Move::up(RESERVES).to_string(), "r2f");
    assert_eq!(Move::new(RESERVES + 2, COL + 2, 1).to_string(), "r43");
    // Columns 10-12 are named T, J, Q, one character each as columns 1-9 are.
    assert_eq!(Move::new(COL + 9, COL + 11, 1).to_string(), "TQ");
    assert_eq!(Move::new(WASTE, COL + 10, 1).to_string(), "wJ");
    assert_eq!(Move::new(COL + 11, COL, 3).to_string(), "Q1:3");
    assert_eq!(Move::up(COL + 10).to_string(), "Jf");
    assert_eq!(Move::new(RESERVES, COL, 1).from_reserve(), Some(1));
    assert!(!Move::new(RESERVES, COL, 1).from_column());
}

#[test]
fn the_steady_pass_is_where_the_draws_stop_changing() {
    let rules = |draws: Vec<u8>| {
        Rules::new(
            4,
            1,
            &[false; 2704],
            &[true; 52],
            true,
            0,
            false,
            draws,
            None,
            true,
        )
        .unwrap()
    };
    for (draws, steady, draw) in [
        (vec![3], 0, 3),
        (vec![3, 2, 1], 2, 1),
        (vec![3, 3, 1], 2, 1),
        (vec![1, 3, 3], 1, 3),
        (vec![2, 2, 2], 0, 2),
    ] {
        let r = rules(draws.clone());
        assert_eq!(r.steady, steady, "{draws:?}");
        assert_eq!(r.steady_draw(), draw, "{draws:?}");
        for recycles in 0..6 {
            let want = draws.get(recycles).copied().unwrap_or(draw as u8);
            assert_eq!(r.draw(recycles as u32), usize::from(want), "{draws:?}");
        }
    }
}
