//! The Knighted Queen: orthodox chess whose queens (promoted ones too) also leap as knights.

use super::super::{Entry, Opts, chess};
use crate::variant::{HookFlags, Variant};

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub const ENTRY: Entry = Entry {
    id: "knightedqueen",
    name: "The Knighted Queen",
    options: &[],
    build,
};

fn build(_o: &Opts) -> Result<Variant, String> {
    let (mut b, army) = chess::fide_builder(ENTRY.id, ENTRY.name);
    let q = b.piece_mut(army.queen);
    q.name = "knighted queen".into();
    q.betza = "QN".into();
    q.value = 1200;
    chess::standard_castling(&mut b);
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
