//! The Peasants' Revolt: White K+8P against Black K+4N+P (book), orthodox rules.

use super::super::{Entry, OptionDef, Opts, chess};
use crate::variant::Variant;

/// The book's array: four black knights.
pub const START_BOOK: &str = "1nn1knn1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";
/// `arrangement=knights3` (Fairy-Stockfish `peasant`): no knight on f8.
pub const START_KNIGHTS3: &str = "1nn1k1n1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "peasants",
    name: "The Peasants' Revolt",
    options: &[OptionDef {
        key: "arrangement",
        values: &["book", "knights3"],
    }],
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let start = if o.is("arrangement", "knights3") {
        START_KNIGHTS3
    } else {
        START_BOOK
    };
    chess::orthodox(ENTRY.id, ENTRY.name, start)
}
