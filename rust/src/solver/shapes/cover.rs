//! The tests' check of the relaxed game's argument, move by move (`shapes_cover`).

use super::{Shapes, State};
use crate::engine::Engine;
use crate::moves::{Move, STOCK, WASTE};

/// Whether every legal move of `e` maps to a move of the relaxed game: the image of each child
/// position is one of the relaxed children of `e`'s image, a stock turn's by way of the runs of
/// turns folded into the waste card's moves: the image of each position the turns lead to is the
/// relaxed game's turned position, and the image of each move of the waste's card from there a
/// relaxed child (None where the relaxed game does not apply). The tests' check of the argument,
/// move by move.
pub fn shapes_cover(e: &mut Engine) -> Option<bool> {
    let shapes = Shapes::new(e, false)?;
    let mut kids = Vec::new();
    shapes.children(&shapes.root, &mut kids);
    let keys: Vec<u128> = kids.iter().map(|t| shapes.key(t)).collect();
    let covered = |e: &mut Engine, m: Move| {
        e.make(m);
        let child = shapes.image(e).map(|t| shapes.key(&t));
        e.unmake();
        child.is_some_and(|k| keys.contains(&k))
    };
    let mut moves = Vec::new();
    e.moves(&mut moves);
    let turn = moves.iter().copied().find(|m| m.src() == STOCK);
    if !moves
        .iter()
        .filter(|m| m.src() != STOCK)
        .all(|&m| covered(e, m))
    {
        return Some(false);
    }
    // The runs of turns: each position as the relaxed game turns it, each waste move from there
    // a relaxed child; past where the relaxed turns stop, for a pass more, each position the
    // stock turns to is one they turned, with fewer passes used.
    let turned: Vec<State> = shapes.turned(&shapes.root).collect();
    let mut made = 0;
    let mut ok = true;
    if turn.is_some() {
        for step in 0..turned.len() + shapes.row.len() + 2 {
            let Some(m) = moves.iter().copied().find(|m| m.src() == STOCK) else {
                ok = step >= turned.len(); // the relaxed turns go no further than the rules'
                break;
            };
            e.make(m);
            made += 1;
            let Some(image) = shapes.image(e) else {
                ok = false;
                break;
            };
            if let Some(t) = turned.get(step) {
                e.moves(&mut moves);
                ok = image == *t
                    && (moves.iter())
                        .filter(|m| m.src() == WASTE)
                        .all(|&m| covered(e, m));
            } else {
                ok = turned.iter().any(|t| {
                    let mut earlier = image;
                    earlier.recycles = t.recycles;
                    t.recycles < image.recycles && earlier == *t
                });
                e.moves(&mut moves);
            }
            if !ok {
                break;
            }
        }
    }
    for _ in 0..made {
        e.unmake();
    }
    Some(ok)
}
