//! Pocket Knight Chess: orthodox chess; each side may once drop its pocket knight on any empty cell.

use super::super::{Entry, Opts, chess};
use crate::variant::{HookFlags, Variant};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "pocketknight",
    name: "Pocket Knight Chess",
    options: &[],
    build,
};

fn build(_o: &Opts) -> Result<Variant, String> {
    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    chess::standard_castling(&mut b);
    // Only knights are ever in hand: captures do not go to the hand, so the pocket empties after
    // one drop. Drops are allowed on every empty cell.
    b.drops(vec![army.knight]);
    b.start(START);
    b.rules(
        Box::new(army.insufficient_material()),
        HookFlags {
            outcome: true,
            ..Default::default()
        },
    );
    b.build()
}
